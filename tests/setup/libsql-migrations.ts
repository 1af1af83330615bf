import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:test";
import { d1OverLibsql } from "./d1-over-libsql";

// The libSQL run's tests/setup/apply-migrations.ts (vitest.libsql.config.ts): before each test
// file, the database behind TURSO_DATABASE_URL (the test server of tests/fakes/hrana-server.ts)
// loses every table and is migrated again through the libSQL client, the client the Worker uses;
// and the tests' `env.DB` reads and writes that same database, with D1's API.
const url = env.TURSO_DATABASE_URL;
if (!url) throw new Error("The libSQL run needs TURSO_DATABASE_URL (vitest.libsql.config.ts)");
const client = createClient({ url });
(env as { DB: D1Database }).DB = d1OverLibsql(client);

const { rows } = await client.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'");
// `migrate` turns foreign keys off around its transaction, so the order of the drops is free.
await client.migrate(rows.map(({ name }) => `DROP TABLE "${String(name)}"`));
for (const migration of env.TEST_MIGRATIONS) await client.migrate(migration.queries);
