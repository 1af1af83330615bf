import { runRatesRefresh } from "~/features/rates/jobs/refresh.server";
import { runPostDue } from "~/features/recurring/jobs/post-due.server";
import { runPurgeDeletedRecords } from "~/platform/db/jobs/purge-deleted.server";
import { runExpireStagedImports } from "~/features/import/jobs/expire-staged.server";

// The Worker's scheduled work, one entry per cron expression of wrangler.jsonc's
// `triggers.crons` (workers/jobs.test.ts keeps the two in agreement). A job lives in its
// feature's jobs/ folder with the rates refresh's shape: a pure `(db, options)` function the
// tests drive on a real database, and this adapter from the bindings and the cron's time.

export type Job = {
  /** The cron expression, exactly as wrangler.jsonc spells it. */
  cron: string;
  name: string;
  run: (env: Env, options: { now: Date }) => Promise<unknown>;
};

export const jobs: readonly Job[] = [
  // Every six hours at a quarter past, UTC (ARCHITECTURE.md 4).
  { cron: "15 */6 * * *", name: "exchange-rate refresh", run: runRatesRefresh },
  // Every hour on the hour: schedules' occurrences due by each user's local today (decision 033).
  { cron: "0 * * * *", name: "recurring transactions", run: runPostDue },
  // Every hour at half past: the snapshots of deletes past their undo window (decision 035).
  // The same hour's tidy-up also deletes the staged imports past their 24 hours (decision 039).
  {
    cron: "30 * * * *",
    name: "undo purge",
    run: async (env, options) => ({ ...(await runPurgeDeletedRecords(env, options)), ...(await runExpireStagedImports(env, options)) }),
  },
];

export function jobFor(cron: string): Job | undefined {
  return jobs.find((job) => job.cron === cron);
}
