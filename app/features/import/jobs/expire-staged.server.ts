import { parseEnv } from "~/env.server";
import { createDb } from "~/platform/db/client.server";
import { expireStagedImports } from "~/features/import/commands.server";

// The hourly job (wrangler.jsonc "30 * * * *", beside the undo purge in workers/jobs.ts): staged
// imports live 24 hours after their upload (decision 039); past that, their rows and file go.

/** The job as the Worker's scheduled handler runs it: straight from the bindings. */
export async function runExpireStagedImports(env: Env, options: { now?: Date } = {}): Promise<{ expiredImports: number }> {
  return { expiredImports: await expireStagedImports(createDb(parseEnv(env)), options.now ?? new Date()) };
}
