import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file. The files share one workerd and so one D1 (isolate: false in
// vitest.workers.config.ts, which spares each file a new workerd and a fresh load of the whole
// Worker), so each file first drops every table and migrates from scratch: it starts from the
// same empty, migrated database a workerd of its own gave it.
const { results } = await env.DB.prepare(
  "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\'",
).all<{ name: string }>();
// A table goes only once no remaining table refers to it: dropping a table whose parent is gone
// fails in SQLite ("no such table"), and a rebuilt table (migration 0005) sits after its children.
const parents = new Map<string, Set<string>>();
for (const { name } of results) {
  const keys = await env.DB.prepare(`PRAGMA foreign_key_list("${name}")`).all<{ table: string }>();
  parents.set(name, new Set(keys.results.map((key) => key.table).filter((parent) => parent !== name)));
}
const order: string[] = [];
while (parents.size) {
  const referred = new Set([...parents.values()].flatMap((set) => [...set]));
  const free = [...parents.keys()].filter((name) => !referred.has(name));
  // A cycle of foreign keys (none today) is dropped as it stands; deferred checks cover it.
  for (const name of free.length ? free : [...parents.keys()]) {
    order.push(name);
    parents.delete(name);
  }
}
if (order.length) {
  // Foreign keys are checked when the batch commits, by which time every table is gone.
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...order.map((name) => env.DB.prepare(`DROP TABLE "${name}"`))]);
}
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
