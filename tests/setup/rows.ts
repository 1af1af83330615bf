import type { InferInsertModel } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { insertChunks } from "../../app/platform/db/bound-lists.server";
import type { Db } from "../../app/platform/db/client.server";
import { categories, currencies, payments, tags, transactions, transactionTags } from "../../app/platform/db/schema";
import { nameKey } from "../../app/text/name-key";
import { transactionSearchText } from "../../app/text/search-text";

// The one row writer for tests: rows that the code under test does not create (a user started
// near a limit, another user's records, a rate filed later, a page's worth of transactions) are
// the schema's own insert types, written by Drizzle, so a column added to the schema is a type
// error here rather than a raw INSERT that silently disagrees. The same functions serve libSQL in
// Node (createLibsqlTestDb) and D1 in workerd (testDb in tests/integration/seed-rows.ts).
// The scripts cannot import this (see scripts/sql-rows.mjs).

type Statement = BatchItem<"sqlite">;

export type InsertOptions = {
  /** Keep a row already there with the same key (reference data another test may have added). */
  ignoreExisting?: boolean;
};

/**
 * Inserts of rows into one table: multi-row statements, each within D1's 100 bound parameters
 * (chunked as the app's own writes are, platform/db/bound-lists.server.ts).
 */
export function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: InferInsertModel<T>[], options: InsertOptions = {}): Statement[] {
  return insertChunks(table, rows).map((chunk) => {
    const insert = db.insert(table).values(chunk);
    return (options.ignoreExisting ? insert.onConflictDoNothing() : insert) as Statement;
  });
}

/** Runs the statements in one batch: all of them are written, or none (D1 and libSQL alike). */
export async function writeRows(db: Db, statements: Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** Writes rows into one table (in as many statements as D1's parameter limit needs, one batch). */
export async function addRows<T extends SQLiteTable>(db: Db, table: T, rows: InferInsertModel<T>[], options: InsertOptions = {}): Promise<void> {
  await writeRows(db, insertRows(db, table, rows, options));
}

/** An inactive currency (Swiss francs): a record made while it was active keeps it. */
export const inactiveFranc = { code: "CHF", name: "Swiss Franc", symbol: "CHF", decimalPlaces: 2, isActive: false } satisfies InferInsertModel<typeof currencies>;

/** A user's tag; its name key is the app's own (text/name-key.ts). */
export function tagRow(userId: string, name: string, extra: Partial<InferInsertModel<typeof tags>> = {}): InferInsertModel<typeof tags> {
  return { id: crypto.randomUUID(), userId, name, nameKey: nameKey(name), ...extra };
}

/** A user's category (an expense one unless told); its name key is the app's own. */
export function categoryRow(
  userId: string | null,
  name: string,
  extra: Partial<InferInsertModel<typeof categories>> = {},
): InferInsertModel<typeof categories> {
  return { id: crypto.randomUUID(), userId, name, nameKey: nameKey(name), type: "expense", ...extra };
}

export type PaymentSeed = {
  currencyCode: string;
  amountMinor: number;
  usdCents: number;
  method?: string;
  rate?: string;
  rateSource?: string;
};

export type TransactionSeed = {
  userId: string;
  id?: string;
  categoryId?: string | null;
  tagIds?: string[];
  description?: string;
  /** Default 2026-11-02; also each payment's rate date. */
  date?: string;
  type?: "INCOME" | "EXPENSE";
  /** The one USD payment's cents when no payments are given (default 1250). */
  usdCents?: number;
  /** Payments in any currency (cash, at rate 1 from the snapshot unless told); the transaction's USD total is the sum of theirs. */
  payments?: PaymentSeed[];
  createdAt?: number;
};

/** A transaction's rows: the transaction, its payments and its tag links, consistent with one another. */
export function transactionRows(seed: TransactionSeed) {
  const id = seed.id ?? crypto.randomUUID();
  const date = seed.date ?? "2026-11-02";
  const description = seed.description ?? "Groceries";
  const paid = seed.payments ?? [{ currencyCode: "USD", amountMinor: seed.usdCents ?? 1250, usdCents: seed.usdCents ?? 1250 }];
  const transaction: InferInsertModel<typeof transactions> = {
    id,
    userId: seed.userId,
    type: seed.type ?? "EXPENSE",
    description,
    searchText: transactionSearchText(description),
    date,
    categoryId: seed.categoryId ?? null,
    usdCents: paid.reduce((sum, p) => sum + p.usdCents, 0),
    createdAt: new Date(seed.createdAt ?? Date.now()),
  };
  const paymentRows: InferInsertModel<typeof payments>[] = paid.map((p, position) => ({
    id: crypto.randomUUID(),
    transactionId: id,
    userId: seed.userId,
    position,
    currencyCode: p.currencyCode,
    amountMinor: p.amountMinor,
    method: p.method ?? "cash",
    rate: p.rate ?? "1",
    rateDate: date,
    rateSource: p.rateSource ?? "snapshot",
    usdCents: p.usdCents,
  }));
  const links: InferInsertModel<typeof transactionTags>[] = (seed.tagIds ?? []).map((tagId) => ({ transactionId: id, tagId }));
  return { id, transaction, payments: paymentRows, links };
}

/** The statements that write these transactions with their payments and tag links, within D1's limits. */
export function transactionInserts(db: Db, seeds: TransactionSeed[]): { ids: string[]; statements: Statement[] } {
  const rows = seeds.map(transactionRows);
  return {
    ids: rows.map((row) => row.id),
    statements: [
      ...insertRows(db, transactions, rows.map((row) => row.transaction)),
      ...insertRows(db, payments, rows.flatMap((row) => row.payments)),
      ...insertRows(db, transactionTags, rows.flatMap((row) => row.links)),
    ],
  };
}

/** Writes transactions with their payments and tag links in one batch; returns their ids in order. */
export async function addTransactions(db: Db, seeds: TransactionSeed[]): Promise<string[]> {
  const { ids, statements } = transactionInserts(db, seeds);
  await writeRows(db, statements);
  return ids;
}
