import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { openApiDocument } from "./operations";

// The document /api/openapi.json serves (the route answers openApiDocument() as JSON) is
// committed as tests/golden/openapi.json, so every change to the API's contract is a diff a
// reviewer reads, not a sentence in a commit message. After an intended change, rewrite it with
//   UPDATE_GOLDEN=1 npx vitest run --config vitest.node.config.ts app/routes/api/openapi.test.ts
// and commit the file with the change.

const golden = fileURLToPath(new URL("../../../tests/golden/openapi.json", import.meta.url));
const update = "UPDATE_GOLDEN=1 npx vitest run --config vitest.node.config.ts app/routes/api/openapi.test.ts";

test("/api/openapi.json is exactly the reviewed document in tests/golden/openapi.json", () => {
  const actual = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(dirname(golden), { recursive: true });
    writeFileSync(golden, actual);
    return;
  }
  expect(existsSync(golden), `tests/golden/openapi.json is missing; create it with ${update}`).toBe(true);
  const expected = readFileSync(golden, "utf8");
  if (actual === expected) return;
  const actualLines = actual.split("\n");
  const expectedLines = expected.split("\n");
  const line = actualLines.findIndex((text, i) => text !== expectedLines[i]);
  const at = line === -1 ? expectedLines.length : line;
  expect.fail(
    `The OpenAPI document differs from tests/golden/openapi.json from line ${at + 1}:\n` +
      `  golden:    ${expectedLines[at] ?? "(end of file)"}\n` +
      `  generated: ${actualLines[at] ?? "(end of file)"}\n` +
      `If the change is intended, rewrite the golden file with\n  ${update}\nand commit it with the change (git diff shows the whole difference).`,
  );
});
