import { createClient } from "@libsql/client/web";
import { drizzle as drizzleD1, type DrizzleD1Database } from "drizzle-orm/d1";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { AppEnv } from "~/env.server";
import * as schema from "./schema";

/**
 * The query builder every module receives. D1 and libSQL share the same
 * sqlite-core API (select/insert/update/delete/batch), so one type serves both;
 * code must not read driver-specific `run()` results.
 */
export type Db = DrizzleD1Database<typeof schema>;

export function createDb(env: Pick<AppEnv, "DB" | "TURSO_DATABASE_URL" | "TURSO_AUTH_TOKEN">): Db {
  if (env.TURSO_DATABASE_URL) {
    const client = createClient({ url: env.TURSO_DATABASE_URL, authToken: env.TURSO_AUTH_TOKEN });
    return drizzleLibsql(client, { schema }) as unknown as Db;
  }
  return drizzleD1(env.DB, { schema });
}
