import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../app/platform/db/client.server";
import * as schema from "../../app/platform/db/schema";
import { addTransactions } from "./rows";

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
 * A payment (and its transaction) written straight into the tables (tests/setup/rows.ts), so a
 * test starts a user near a limit that no quick sequence of app writes reaches; the triggers
 * still count it in the running totals. Returns the transaction's id.
 */
export async function storedPayment(db: Db, userId: string, currencyCode: string, amountMinor: number, usdCents: number): Promise<string> {
  const [id] = await addTransactions(db, [
    { userId, description: "Seeded", date: "2026-11-01", payments: [{ currencyCode, amountMinor, usdCents, rate: "1", rateSource: "manual" }] },
  ]);
  return id!;
}
