import { parseEnv } from "~/env.server";
import { createDb } from "~/platform/db/client.server";
import { purgeDeletedRecords } from "~/platform/db/deleted-records.server";

// The hourly job (wrangler.jsonc `triggers.crons` "30 * * * *", workers/jobs.ts): deletes the
// snapshots of deletes more than 25 hours old (the 24-hour undo window and an hour's margin),
// in bounded chunks (decision 035); what is left waits for the next hour.

/** The job as the Worker's scheduled handler runs it: straight from the bindings. */
export async function runPurgeDeletedRecords(env: Env, options: { now?: Date } = {}): Promise<{ purged: number }> {
  return { purged: await purgeDeletedRecords(createDb(parseEnv(env)), { now: options.now }) };
}
