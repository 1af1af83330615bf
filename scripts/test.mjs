// npm test: everything ARCHITECTURE.md section 8 lists, in order, on a fresh machine:
// typecheck and lint, unit and integration tests (Vitest: Node and workerd), the production build
// and its `wrangler deploy --dry-run` (refused over Cloudflare's size limit, decision 028), then the
// browser journeys in Debian's chromium with JavaScript on and off, on that same build. Ends with
// one "N passed, N failed" line counting every test that ran.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, ensureDevVars, run } from "./lib.mjs";

const reports = mkdtempSync(join(tmpdir(), "test-reports-"));
const started = Date.now();
const step = (name) => console.log(`\n▶ ${name}`);

step("typecheck");
run("npm", ["run", "--silent", "typecheck"]);
step("lint");
run("npm", ["run", "--silent", "lint"]);

const counts = { passed: 0, failed: 0, skipped: 0 };
let failure = null;

// Two runs, not one with every project: each workerd project's React Router plugin starts its own
// route-types generator, which empties and rewrites .react-router/types as it starts; two at once
// raced on that folder (ENOTEMPTY, ENOENT) and failed the run before any test. The libSQL run
// (decision 027) comes second, alone.
const vitestRuns = [
  { name: "unit and integration tests (Vitest: Node, and workerd on D1)", projects: ["node", "workers"] },
  { name: "integration tests again with the Worker on libSQL over HTTP (Vitest: workerd)", projects: ["workers-libsql"] },
];
for (const [index, { name, projects }] of vitestRuns.entries()) {
  if (failure && !process.env.TEST_KEEP_GOING) break;
  step(name);
  const vitestReport = join(reports, `vitest-${index}.json`);
  try {
    run(bin("vitest"), ["run", ...projects.flatMap((project) => ["--project", project]), "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
  } catch (error) {
    failure ??= error;
  }
  try {
    const r = JSON.parse(readFileSync(vitestReport, "utf8"));
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
