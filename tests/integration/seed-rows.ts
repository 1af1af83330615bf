import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import { addRows, addTransactions, type TransactionSeed } from "../setup/rows";

// The row writer (tests/setup/rows.ts) on the Worker's D1: rows the API under test does not
// create (transactions in bulk, budgets on another user's behalf) written straight into it.

/** Drizzle over the test Worker's D1 binding, for the row writer. */
export function testDb(): Db {
  return drizzle(env.DB, { schema });
}

/** A transaction with its payments (default one USD payment) and transaction_tags links; returns its id. */
export async function insertTransaction(seed: TransactionSeed): Promise<string> {
  const [id] = await addTransactions(testDb(), [seed]);
  return id!;
}

export async function insertBudget(userId: string, categoryId: string, month = "2026-11-01"): Promise<string> {
  const id = crypto.randomUUID();
  await addRows(testDb(), schema.budgets, [{ id, userId, categoryId, amountUsdCents: 50000, month }]);
  return id;
}
