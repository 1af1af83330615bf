import { createDb } from "~/platform/db/client.server";
import { parseEnv } from "~/env.server";
import { postDue, type PostDueOutcome } from "~/features/recurring/commands.server";

// The hourly job (wrangler.jsonc `triggers.crons` "0 * * * *", workers/jobs.ts): posts every
// schedule's occurrences due by each user's local today, within one run's bounds (decision 033);
// what is left waits for the next hour, or for the user's own catch-up when they open a page.

/** The job as the Worker's scheduled handler runs it: straight from the bindings. */
export async function runPostDue(env: Env, options: { now?: Date } = {}): Promise<PostDueOutcome> {
  const outcome = await postDue(createDb(parseEnv(env)), { now: options.now });
  if (outcome.refused > 0 || outcome.conflicts > 0 || outcome.more) console.warn(`recurring transactions: ${JSON.stringify(outcome)}`);
  return outcome;
}
