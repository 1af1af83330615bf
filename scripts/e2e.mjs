// npm run test:e2e: build, then drive the build with Debian's chromium, JavaScript on and off.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, ensureDevVars, root, run } from "./lib.mjs";

ensureChromium();
ensureDevVars(); // before the build, which copies it for `wrangler dev` on the build
if (!process.argv.includes("--no-build")) run(bin("react-router"), ["build"], { quiet: true });
const persist = mkdtempSync(join(tmpdir(), "e2e-db-"));
const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
// scripts/e2e-server.mjs points the build's RATES_PROVIDER_URL at the fake provider; `npm start`
// on the same build must find the configured provider again afterwards.
const buildVars = `${root}build/server/.dev.vars`;
const savedVars = existsSync(buildVars) ? readFileSync(buildVars, "utf8") : null;
try {
  run(bin("playwright"), ["test", ...extra], { env: { PERSIST_TO: persist } });
} finally {
  rmSync(persist, { recursive: true, force: true });
  if (savedVars === null) rmSync(buildVars, { force: true });
  else writeFileSync(buildVars, savedVars);
}
