import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
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

/**
 * A payment (and its transaction) written by SQL, so a test starts a user near a limit that no
 * quick sequence of app writes reaches; the triggers still count it in the running totals.
 * Returns the transaction's id.
 */
export async function storedPayment(db: Db, userId: string, currencyCode: string, amountMinor: number, usdCents: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.batch([
    db.run(sql`insert into transactions (id, user_id, type, description, date, usd_cents) values (${id}, ${userId}, 'EXPENSE', 'Seeded', '2026-11-01', ${usdCents})`),
    db.run(sql`insert into payments (id, transaction_id, user_id, position, currency_code, amount_minor, rate, rate_date, rate_source, usd_cents)
      values (${crypto.randomUUID()}, ${id}, ${userId}, 0, ${currencyCode}, ${amountMinor}, '1', '2026-11-01', 'manual', ${usdCents})`),
  ]);
  return id;
}
