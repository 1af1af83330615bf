import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { foldForSearch, transactionSearchText } from "~/text/search-text";
import type { TransactionType } from "~/features/transactions/model";
import { recordActivityQuery } from "~/platform/db/activity.server";
import { inList, insertChunks, jsonList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { UserTotalLimitError, userTotalLimitViolated } from "~/platform/db/errors.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { categories, payments, tags, transactions, transactionTags } from "~/platform/db/schema";
import type { ResolvedTransaction } from "./resolve.server";

// Transactions with their payments and tags. Every query names the owner; another user's
// transaction is "not found", exactly like a missing one. Multi-row writes are one batch,
// so a failure midway leaves nothing half-written (ARCHITECTURE.md 2).

export type TransactionPayment = {
  currencyCode: string;
  amountMinor: number;
  method: string;
  rate: string;
  rateDate: string;
  rateSource: string;
  usdCents: number;
};

export type TransactionRecord = {
  id: string;
  type: TransactionType;
  description: string;
  date: string;
  categoryId: string | null;
  category: { id: string; name: string; color: string; icon: string; type: string } | null;
  usdCents: number;
  createdAt: Date;
  updatedAt: Date;
  payments: TransactionPayment[];
  tagIds: string[];
};

export type TransactionFilter = {
  type?: TransactionType;
  startDate?: string;
  endDate?: string;
  categoryId?: string;
  currencyCode?: string;
  tagIds?: string[];
  search?: string;
  /** Bounds on the USD total, in cents. */
  minUsdCents?: number;
  maxUsdCents?: number;
};

export type TransactionSort = { by: "date" | "amount"; order: "asc" | "desc" };

type Activity = { ip: string | null };

/** Runs a write batch, turning the database's refusal to pass a per-user total (decision 011) into UserTotalLimitError. */
async function batchWithinUserLimits<T extends Parameters<Db["batch"]>[0]>(db: Db, queries: T) {
  try {
    return await db.batch(queries);
  } catch (error) {
    const limit = userTotalLimitViolated(error);
    if (limit) throw new UserTotalLimitError(limit, { cause: error });
    throw error;
  }
}

/** The stored fields of a payment, from a resolved payment or a payments row alike. */
function recordedPayment(p: TransactionPayment): TransactionPayment {
  return {
    currencyCode: p.currencyCode,
    amountMinor: p.amountMinor,
    method: p.method,
    rate: p.rate,
    rateDate: p.rateDate,
    rateSource: p.rateSource,
    usdCents: p.usdCents,
  };
}

/** The INSERTs of a transaction's payments and tag links, each within D1's bound-parameter limit. */
function childInserts(db: Db, userId: string, transactionId: string, value: ResolvedTransaction) {
  const paymentRows = value.payments.map((p) => ({ transactionId, userId, position: p.position, ...recordedPayment(p) }));
  const tagLinks = value.tagIds.map((tagId) => ({ transactionId, tagId }));
  return [
    ...insertChunks(payments, paymentRows).map((rows) => db.insert(payments).values(rows)),
    ...insertChunks(transactionTags, tagLinks).map((rows) => db.insert(transactionTags).values(rows)),
  ];
}

/**
 * The record createTransaction is about to write, as getTransaction would read it back:
 * lets a caller build its answer before the write (to store it in the same batch).
 */
export function plannedRecord(
  id: string,
  value: ResolvedTransaction,
  category: TransactionRecord["category"],
  createdAt: Date,
): TransactionRecord {
  return {
    id,
    type: value.type,
    description: value.description,
    date: value.date,
    categoryId: value.categoryId,
    category,
    usdCents: value.usdCents,
    createdAt,
    updatedAt: createdAt,
    payments: value.payments.map(recordedPayment),
    tagIds: value.tagIds,
  };
}

/**
 * Creates the transaction, its payments, its tag links and the activity entry in one batch.
 * Throws UserTotalLimitError, having written nothing, when it would take the user past a limit of decision 011.
 */
export async function createTransaction(
  db: Db,
  userId: string,
  value: ResolvedTransaction,
  activity: Activity,
  options: { id?: string; createdAt?: Date; extra?: Parameters<Db["batch"]>[0][number][] } = {},
): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  const now = options.createdAt ?? new Date();
  await batchWithinUserLimits(db, [
    db.insert(transactions).values({
      id,
      userId,
      type: value.type,
      description: value.description,
      searchText: transactionSearchText(value.description),
      date: value.date,
      categoryId: value.categoryId,
      usdCents: value.usdCents,
      createdAt: now,
      updatedAt: now,
    }),
    ...childInserts(db, userId, id, value),
    recordActivityQuery(db, {
      userId,
      action: "transaction_create",
      description: value.description,
      ipAddress: activity.ip,
    }),
    ...(options.extra ?? []),
  ]);
  return id;
}

const ownedTransaction = (userId: string, id: string) => and(eq(transactions.id, id), eq(transactions.userId, userId));
const idsOfOwned = (db: Db, userId: string, id: string) =>
  db.select({ id: transactions.id }).from(transactions).where(ownedTransaction(userId, id));

/**
 * Replaces the transaction's fields, payments and tags in one batch; false when it is not the user's.
 * Throws UserTotalLimitError, having written nothing, when it would take the user past a limit of decision 011.
 */
export async function updateTransaction(
  db: Db,
  userId: string,
  id: string,
  value: ResolvedTransaction,
  activity: Activity,
): Promise<boolean> {
  const [existing] = await idsOfOwned(db, userId, id).limit(1);
  if (!existing) return false;
  // The old payments are deleted before the new ones are inserted, so the running totals only
  // meet the limit with the transaction's new amounts, never with old and new together.
  const [updated] = await batchWithinUserLimits(db, [
    db
      .update(transactions)
      .set({
        type: value.type,
        description: value.description,
        searchText: transactionSearchText(value.description),
        date: value.date,
        categoryId: value.categoryId,
        usdCents: value.usdCents,
        updatedAt: new Date(),
      })
      .where(ownedTransaction(userId, id))
      .returning({ id: transactions.id }),
    db.delete(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))),
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, idsOfOwned(db, userId, id))),
    ...childInserts(db, userId, id, value),
    recordActivityQuery(db, { userId, action: "transaction_update", description: value.description, ipAddress: activity.ip }),
  ]);
  return updated.length > 0;
}

/** Deletes the transaction with its payments and tag links; false when it is not the user's. */
export async function deleteTransaction(db: Db, userId: string, id: string, activity: Activity): Promise<boolean> {
  const [existing] = await db
    .select({ description: transactions.description })
    .from(transactions)
    .where(ownedTransaction(userId, id))
    .limit(1);
  if (!existing) return false;
  // Children first and explicitly: libSQL does not enforce ON DELETE CASCADE unless asked to.
  const [, , deleted] = await db.batch([
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, idsOfOwned(db, userId, id))),
    db.delete(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))),
    db.delete(transactions).where(ownedTransaction(userId, id)).returning({ id: transactions.id }),
    recordActivityQuery(db, { userId, action: "transaction_delete", description: existing.description, ipAddress: activity.ip }),
  ]);
  return deleted.length > 0;
}

const recordColumns = {
  id: transactions.id,
  type: transactions.type,
  description: transactions.description,
  date: transactions.date,
  categoryId: transactions.categoryId,
  usdCents: transactions.usdCents,
  createdAt: transactions.createdAt,
  updatedAt: transactions.updatedAt,
  categoryName: categories.name,
  categoryColor: categories.color,
  categoryIcon: categories.icon,
  // Aliased: D1 returns batch rows keyed by column name, and both tables have a `type`.
  categoryType: sql<string | null>`${categories.type}`.as("category_type"),
};

type RecordRow = {
  id: string;
  type: TransactionType;
  description: string;
  date: string;
  categoryId: string | null;
  usdCents: number;
  createdAt: Date;
  updatedAt: Date;
  categoryName: string | null;
  categoryColor: string | null;
  categoryIcon: string | null;
  categoryType: string | null;
};

/** Payments and tag ids for a page of transactions: two indexed queries, not one per row, each binding the page's ids as one JSON list. */
async function withChildren(db: Db, userId: string, rows: RecordRow[]): Promise<TransactionRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [paymentRowsFound, tagRows] = await db.batch([
    db
      .select()
      .from(payments)
      .where(and(ownerCheck(payments.userId, userId), inList(payments.transactionId, ids)))
      .orderBy(asc(payments.transactionId), asc(payments.position)),
    db
      .select({ transactionId: transactionTags.transactionId, tagId: transactionTags.tagId })
      .from(transactionTags)
      .innerJoin(tags, eq(tags.id, transactionTags.tagId))
      // From the page's links to their tags, not from every tag the user has (owner-check.server.ts).
      .where(and(inList(transactionTags.transactionId, ids), ownerCheck(tags.userId, userId)))
      // Tags in name order, so "the first two" a list shows are stable.
      .orderBy(asc(transactionTags.transactionId), asc(tags.nameKey)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    description: r.description,
    date: r.date,
    categoryId: r.categoryId,
    category:
      r.categoryId && r.categoryName
        ? { id: r.categoryId, name: r.categoryName, color: r.categoryColor!, icon: r.categoryIcon!, type: r.categoryType! }
        : null,
    usdCents: r.usdCents,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    payments: paymentRowsFound
      .filter((p) => p.transactionId === r.id)
      .map(recordedPayment),
    tagIds: tagRows.filter((t) => t.transactionId === r.id).map((t) => t.tagId),
  }));
}

export async function getTransaction(db: Db, userId: string, id: string): Promise<TransactionRecord | undefined> {
  const rows = await db
    .select(recordColumns)
    .from(transactions)
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .where(ownedTransaction(userId, id))
    .limit(1);
  const [record] = await withChildren(db, userId, rows);
  return record;
}

/**
 * The description contains the text, ignoring case and accents: instr over the stored folded
 * copy. Not LIKE: D1 refuses LIKE patterns over 50 bytes, and LIKE folds ASCII letters only.
 */
function containsText(text: string) {
  return sql`instr(${transactions.searchText}, ${foldForSearch(text)}) > 0`;
}

export function filterConditions(userId: string, filter: TransactionFilter): SQL {
  const tagIds = [...new Set(filter.tagIds ?? [])];
  // With a currency or tags chosen, the rows are found through that currency's payments or those
  // tags' links (the IN lists below) and the user check must not tempt SQLite into scanning all
  // the user's rows instead (owner-check.server.ts): 72 ms → 16 ms for EUR expenses among 50,000
  // transactions. The owner check is what keeps another user's rows out of the IN lists.
  const conditions: (SQL | undefined)[] = [
    filter.currencyCode || tagIds.length ? ownerCheck(transactions.userId, userId) : eq(transactions.userId, userId),
  ];
  if (filter.type) conditions.push(eq(transactions.type, filter.type));
  if (filter.startDate) conditions.push(gte(transactions.date, filter.startDate));
  if (filter.endDate) conditions.push(lte(transactions.date, filter.endDate));
  if (filter.categoryId) conditions.push(eq(transactions.categoryId, filter.categoryId));
  if (filter.minUsdCents !== undefined) conditions.push(gte(transactions.usdCents, filter.minUsdCents));
  if (filter.maxUsdCents !== undefined) conditions.push(lte(transactions.usdCents, filter.maxUsdCents));
  if (filter.search) conditions.push(containsText(filter.search));
  if (filter.currencyCode) {
    // IN over the (user, currency) index, not a correlated EXISTS: SQLite answers the EXISTS
    // through the same index once per transaction, which took minutes over 50,000 rows (bench).
    // The subquery keeps its indexed user equality: it is what scopes the ids to the user.
    conditions.push(
      sql`${transactions.id} in (select ${payments.transactionId} from ${payments} where ${payments.userId} = ${userId} and ${payments.currencyCode} = ${filter.currencyCode})`,
    );
  }
  // Every chosen tag is on the transaction: the ids linked to all of them, found through the
  // tag index. The chosen ids are one JSON parameter (D1 allows 100 per statement). Not one
  // correlated EXISTS per tag, which probed every row the user has: 168 → 7 ms counting one
  // tag's rows among 50,000 transactions, 72 → 12 ms for its first page (bench data, libSQL).
  if (tagIds.length) {
    const chosen = jsonList(tagIds);
    conditions.push(
      sql`${transactions.id} in (select ${transactionTags.transactionId} from ${transactionTags} where ${transactionTags.tagId} in (select value from json_each(${chosen})) group by ${transactionTags.transactionId} having count(*) = json_array_length(${chosen}))`,
    );
  }
  return and(...conditions)!;
}

export type TransactionPage = {
  transactions: TransactionRecord[];
  total: number;
  totals: { incomeUsdCents: number; expenseUsdCents: number; netUsdCents: number };
};

/**
 * One page of the user's transactions, filtered and sorted in SQL, with the count and the
 * USD totals of every matching row (all pages), computed by the database.
 */
export async function listTransactions(
  db: Db,
  userId: string,
  filter: TransactionFilter,
  sort: TransactionSort,
  page: { page: number; limit: number },
): Promise<TransactionPage> {
  const where = filterConditions(userId, filter);
  const direction = sort.order === "asc" ? asc : desc;
  const primary = sort.by === "amount" ? transactions.usdCents : transactions.date;
  const secondary = sort.by === "amount" ? transactions.date : transactions.createdAt;
  const [rows, [aggregate]] = await db.batch([
    db
      .select(recordColumns)
      .from(transactions)
      .leftJoin(categories, eq(categories.id, transactions.categoryId))
      .where(where)
      .orderBy(direction(primary), direction(secondary), direction(transactions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({
        total: sql<number>`count(*)`,
        income: sql<number>`coalesce(sum(case when ${transactions.type} = 'INCOME' then ${transactions.usdCents} else 0 end), 0)`,
        expense: sql<number>`coalesce(sum(case when ${transactions.type} = 'EXPENSE' then ${transactions.usdCents} else 0 end), 0)`,
      })
      .from(transactions)
      .where(where),
  ]);
  const income = Number(aggregate?.income ?? 0);
  const expense = Number(aggregate?.expense ?? 0);
  return {
    transactions: await withChildren(db, userId, rows as RecordRow[]),
    total: Number(aggregate?.total ?? 0),
    totals: { incomeUsdCents: income, expenseUsdCents: expense, netUsdCents: income - expense },
  };
}
