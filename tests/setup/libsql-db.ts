import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../app/platform/db/client.server";
import * as schema from "../../app/platform/db/schema";

/** A fresh, migrated libSQL database in a temporary file: the production driver family, in Node. */
export async function createLibsqlTestDb(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), "libsql-test-"));
  const client = createClient({ url: `file:${join(dir, "test.db")}` });
  const files = readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort();
  for (const file of files) {
    const statements = readFileSync(join("migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const statement of statements) await client.execute(statement);
  }
  return drizzle(client, { schema }) as unknown as Db;
}
