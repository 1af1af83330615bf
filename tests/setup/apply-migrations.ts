import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file. The files share one workerd and so one D1 (isolate: false in
// vitest.workers.config.ts, which spares each file a new workerd and a fresh load of the whole
// Worker), so each file first drops every table and migrates from scratch: it starts from the
// same empty, migrated database a workerd of its own gave it.
const { results } = await env.DB.prepare(
  "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\'",
).all<{ name: string }>();
if (results.length) {
  // Foreign keys are checked when the batch commits, by which time every table is gone.
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`)),
  ]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
