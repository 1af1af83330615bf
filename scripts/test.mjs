// npm test: everything ARCHITECTURE.md section 8 lists, in order, on a fresh machine:
// typecheck and lint, unit and integration tests (Vitest: Node and workerd), the production build
// and its `wrangler deploy --dry-run` (refused over Cloudflare's size limit, decision 028), then the
// browser journeys in Debian's chromium with JavaScript on and off, on that same build. Ends with
// one "N passed, N failed" line counting every test that ran.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, ensureDevVars, root, run } from "./lib.mjs";

const reports = mkdtempSync(join(tmpdir(), "test-reports-"));
const started = Date.now();
const step = (name) => console.log(`\n▶ ${name}`);

step("typecheck");
run("npm", ["run", "--silent", "typecheck"]);
step("lint");
run("npm", ["run", "--silent", "lint"]);

const counts = { passed: 0, failed: 0, skipped: 0 };
let failure = null;

// Two Vitest processes, not one with every project: each workerd project's React Router plugin
// starts its own route-types generator, which empties and rewrites .react-router/types as it
// starts, and two at once raced on that folder (ENOTEMPTY, ENOENT) and failed the run before any
// test. The libSQL run (decision 027) starts once the first has rewritten the types, and then runs
// beside it (2 cores: one after the other took 3 minutes more); its output follows the first's.
step("unit and integration tests (Vitest: Node, workerd on D1, and workerd on libSQL over HTTP)");
const typesFile = join(root, ".react-router/types/+server-build.d.ts");
const modifiedAt = () => {
  try {
    return statSync(typesFile).mtimeMs;
  } catch {
    return 0;
  }
};
// Each process is given only its own configs: with vitest.config.ts and --project, Vitest still
// loads every project's config, and with it every workerd project's route-types generator.
const vitestArgs = (config, report) => ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
const exited = (child) => new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
const reportsOf = [join(reports, "vitest-d1.json"), join(reports, "vitest-libsql.json")];
const typesBefore = modifiedAt();
const first = spawn(bin("vitest"), vitestArgs("vitest.d1.config.ts", reportsOf[0]), { cwd: root, stdio: "inherit" });
const firstExit = exited(first);
let firstDone = false;
void firstExit.then(() => (firstDone = true));
const waitUntil = Date.now() + 120_000;
while (!firstDone && modifiedAt() <= typesBefore && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 250));
// The server build's types are one file of the generator's many, written side by side: let the rest land.
await new Promise((resolve) => setTimeout(resolve, 2_000));
const libsqlLog = join(reports, "vitest-libsql.log");
const second = spawn(bin("vitest"), vitestArgs("vitest.libsql.config.ts", reportsOf[1]), { cwd: root, stdio: ["ignore", openSync(libsqlLog, "w"), openSync(libsqlLog, "a")] });
// Listened to at once: a run that ends before the other would otherwise never be heard of.
const secondExit = exited(second);
const statuses = [await firstExit, await secondExit];
step("the libSQL run's output (it ran beside the one above)");
process.stdout.write(readFileSync(libsqlLog, "utf8"));
for (const [index, status] of statuses.entries()) {
  if (status !== 0) failure ??= new Error(`vitest run (${index === 0 ? "node, workers" : "workers-libsql"}) exited with ${status}`);
  try {
    const r = JSON.parse(readFileSync(reportsOf[index], "utf8"));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
    counts.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    failure ??= new Error("Vitest wrote no report");
  }
}

let built = false;
if (!failure || process.env.TEST_KEEP_GOING) {
  step("build, and wrangler deploy --dry-run on it (Cloudflare's 3 MiB gzip limit)");
  try {
    ensureDevVars(); // before the build, which copies it for `wrangler dev` on the build
    run(bin("react-router"), ["build"], { quiet: true });
    built = true;
    run("node", ["scripts/deploy-check.mjs", "--no-build"]);
  } catch (error) {
    failure ??= error;
  }
}

if (built && (!failure || process.env.TEST_KEEP_GOING)) {
  step("browser journeys (chromium, JavaScript on and off)");
  const e2eReport = join(reports, "playwright.json");
  try {
    run("node", ["scripts/e2e.mjs", "--no-build", "--reporter=list,json"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } });
  } catch (error) {
    failure ??= error;
  }
  try {
    const r = JSON.parse(readFileSync(e2eReport, "utf8"));
    counts.passed += r.stats.expected;
    counts.failed += r.stats.unexpected + r.stats.flaky;
    counts.skipped += r.stats.skipped;
  } catch {
    failure ??= new Error("Playwright wrote no report");
  }
}

console.log(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (failure) {
  console.error(String(failure.message ?? failure));
  process.exit(1);
}
