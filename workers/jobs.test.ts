import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { jobFor, jobs } from "./jobs";

// wrangler.jsonc schedules the crons; workers/jobs.ts says what each one runs. A cron
// configured without a job would fire and do nothing (only a warning in the logs); a job whose
// cron is not configured would never run. Either is a mistake this test catches.

/** wrangler.jsonc as JSON: comments outside strings and trailing commas removed. */
function readWranglerConfig(): { triggers?: { crons?: string[] } } {
  const text = readFileSync(new URL("../wrangler.jsonc", import.meta.url), "utf8");
  const json = text
    .replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_match, string?: string) => string ?? "")
    .replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(json);
}

const configured = readWranglerConfig().triggers?.crons ?? [];

test("every cron configured in wrangler.jsonc has a job", () => {
  expect(configured.length).toBeGreaterThan(0);
  for (const cron of configured) expect(jobFor(cron), `no job in workers/jobs.ts for the cron "${cron}"`).toBeDefined();
});

test("every job's cron is configured in wrangler.jsonc, and no two jobs share one", () => {
  for (const job of jobs) expect(configured, `the ${job.name}'s cron "${job.cron}" is not in wrangler.jsonc's triggers.crons`).toContain(job.cron);
  expect(new Set(jobs.map((job) => job.cron)).size).toBe(jobs.length);
});

test("the exchange-rate refresh is the first job and an unknown cron has none", () => {
  expect(jobs[0]?.name).toBe("exchange-rate refresh");
  expect(jobFor("0 0 * * *")).toBeUndefined();
});

test("the recurring transactions' job runs every hour on the hour", () => {
  expect(jobFor("0 * * * *")?.name).toBe("recurring transactions");
});

test("the purge of deletes too old to undo runs every hour at half past", () => {
  expect(jobFor("30 * * * *")?.name).toBe("undo purge");
});
