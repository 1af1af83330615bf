import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { foldForSearch } from "~/text/search-text";
import { type Category, findCategoriesQuery, findCategory } from "~/features/categories/queries.server";
import { currencyFactsQuery, findRatesOnQuery, listCurrencies } from "~/features/rates/queries.server";
import { type MonthsOverview, type MonthTotals, type RecentTransaction, type TransactionType, transactionTypeOf } from "~/features/transactions/model/transaction";
import { type RateOnFile, type RecordedPayment, type RecordedTransaction, type Resolution, type ResolveFacts, resolveTransaction } from "~/features/transactions/model/resolve";
import { inList, jsonList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { categories, paymentCurrencyTotals, payments, paymentTotals, tags, transactions, transactionTags, transactionTotals } from "~/platform/db/schema";
import { sumOfType } from "~/platform/db/sums.server";
import { ownedTagIdsQuery } from "~/features/tags/queries.server";
import { BASE_CURRENCY } from "~/money/currencies";
import type { TransactionInput } from "~/features/transactions/schemas/transaction";

// Reads of transactions with their payments and tags, and their totals. Every query names the
// owner; another user's transaction is "not found", exactly like a missing one. The totals run
// in SQL over the indexed columns; JavaScript only reshapes the rows.

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
  /** The schedule this transaction posts an occurrence of, and that occurrence's due date (issue 24); null for every other transaction. */
  recurringId: string | null;
  occurrenceDate: string | null;
};

export type TransactionFilter = {
  type?: TransactionType;
  startDate?: string;
  endDate?: string;
  categoryId?: string;
  /** Only transactions with no category (a report's "No category" row); ignored when categoryId is given. */
  uncategorised?: boolean;
  currencyCode?: string;
  tagIds?: string[];
  search?: string;
  /** Bounds on the USD total, in cents. */
  minUsdCents?: number;
  maxUsdCents?: number;
};

export type TransactionSort = { by: "date" | "amount"; order: "asc" | "desc" };

/** The stored fields of a payment, from a resolved payment or a payments row alike. */
export function recordedPayment(p: TransactionPayment): TransactionPayment {
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

export const ownedTransaction = (userId: string, id: string) => and(eq(transactions.id, id), eq(transactions.userId, userId));
export const idsOfOwned = (db: Db, userId: string, id: string) =>
  db.select({ id: transactions.id }).from(transactions).where(ownedTransaction(userId, id));

const recordColumns = {
  id: transactions.id,
  type: transactions.type,
  description: transactions.description,
  date: transactions.date,
  categoryId: transactions.categoryId,
  usdCents: transactions.usdCents,
  recurringId: transactions.recurringId,
  occurrenceDate: transactions.occurrenceDate,
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
  recurringId: string | null;
  occurrenceDate: string | null;
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
    recurringId: r.recurringId,
    occurrenceDate: r.occurrenceDate,
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
  else if (filter.uncategorised) conditions.push(isNull(transactions.categoryId));
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

/**
 * Always true (every stored date is a yyyy-MM-dd text), but a range on the date: with only
 * `user_id = ?` SQLite may answer a date-sorted page from the (user, category) index and sort every
 * row the user has to find its ten (D1 and SQLite 3.53 do; libSQL's 3.45 does not): 180 ms at 50,000
 * transactions and growing with them (docs/benchmarks.md). With the range, the (user, date)
 * indexes are the cheapest way in, and they already give the order: a page reads about its rows.
 */
const inDateOrder = gte(transactions.date, "");

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
      // Not with a category chosen: its (user, category) rows are fewer than the walk by date.
      .where(sort.by === "date" && !filter.categoryId && !filter.uncategorised ? and(where, inDateOrder) : where)
      .orderBy(direction(primary), direction(secondary), direction(transactions.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    keptTotalsAnswer(filter) ? keptListTotalsQuery(db, userId, filter.type) : listTotalsQuery(db, where),
  ]);
  const income = Number(aggregate?.income ?? 0);
  const expense = Number(aggregate?.expense ?? 0);
  return {
    transactions: await withChildren(db, userId, rows as RecordRow[]),
    total: Number(aggregate?.total ?? 0),
    totals: { incomeUsdCents: income, expenseUsdCents: expense, netUsdCents: income - expense },
  };
}

/** The count and USD totals of the rows `where` matches, summed over the (user, …) indexes. */
const listTotalsQuery = (db: Db, where: SQL) =>
  db.select({ total: sql<number>`count(*)`, income: incomeCents(), expense: expenseCents() }).from(transactions).where(where);

/**
 * Whether the list's count and totals are the user's kept ones (transaction_totals, migration
 * 0014): no condition but the type. Any other value that narrows the rows (a date, a category, a
 * currency, tags, a search, an amount bound, and any filter added later) sums the rows instead.
 */
function keptTotalsAnswer(filter: TransactionFilter): boolean {
  const { type: _type, ...narrowing } = filter;
  return Object.values(narrowing).every((value) => value === undefined || value === null || value === false || value === "" || (Array.isArray(value) && value.length === 0));
}

/** The same figures as listTotalsQuery for all the user's rows, or one type's, read from the kept totals by key. */
const keptListTotalsQuery = (db: Db, userId: string, type: TransactionType | undefined) =>
  db
    .select({
      // Aliased, as the sums are: D1 hands rows back by column name, and two bare expressions collide.
      total: sql<number>`${type === "INCOME" ? transactionTotals.incomeCount : type === "EXPENSE" ? transactionTotals.expenseCount : sql`${transactionTotals.incomeCount} + ${transactionTotals.expenseCount}`}`.as("total"),
      income: sql<number>`${type === "EXPENSE" ? sql`0` : transactionTotals.incomeUsdCents}`.as("income_usd_cents"),
      expense: sql<number>`${type === "INCOME" ? sql`0` : transactionTotals.expenseUsdCents}`.as("expense_usd_cents"),
    })
    .from(transactionTotals)
    .where(eq(transactionTotals.userId, userId));

export type Period = { startDate?: string; endDate?: string };

const incomeCents = () => sumOfType("INCOME", transactions.usdCents, "income_usd_cents");
const expenseCents = () => sumOfType("EXPENSE", transactions.usdCents, "expense_usd_cents");

export type CurrencyTotals = {
  currencyCode: string;
  incomeMinor: number;
  expenseMinor: number;
  incomeUsdCents: number;
  expenseUsdCents: number;
};

export type Summary = {
  count: number;
  incomeUsdCents: number;
  expenseUsdCents: number;
  byCurrency: CurrencyTotals[];
};

/** Totals in USD and, per payment currency, in that currency and in USD. */
export async function transactionSummary(db: Db, userId: string, filter: Period & { currencyCode?: string }): Promise<Summary> {
  const where = filterConditions(userId, filter);
  const [[totals], perCurrency] = await db.batch([
    listTotalsQuery(db, where),
    db
      .select({
        currencyCode: payments.currencyCode,
        incomeMinor: sumOfType("INCOME", payments.amountMinor, "income_minor"),
        expenseMinor: sumOfType("EXPENSE", payments.amountMinor, "expense_minor"),
        incomeUsdCents: sumOfType("INCOME", payments.usdCents, "income_usd_cents"),
        expenseUsdCents: sumOfType("EXPENSE", payments.usdCents, "expense_usd_cents"),
      })
      .from(payments)
      .innerJoin(transactions, eq(transactions.id, payments.transactionId))
      .where(
        and(
          // With a currency, its payments are found through the (user, currency) index; without
          // one, through their transactions' (user, date) range (owner-check.server.ts).
          filter.currencyCode
            ? and(eq(payments.userId, userId), eq(payments.currencyCode, filter.currencyCode))
            : ownerCheck(payments.userId, userId),
          filterConditions(userId, { ...filter, currencyCode: undefined }),
        ),
      )
      .groupBy(payments.currencyCode)
      .orderBy(asc(payments.currencyCode)),
  ]);
  return {
    count: Number(totals?.total ?? 0),
    incomeUsdCents: Number(totals?.income ?? 0),
    expenseUsdCents: Number(totals?.expense ?? 0),
    byCurrency: perCurrency.map((row) => ({
      currencyCode: row.currencyCode,
      incomeMinor: Number(row.incomeMinor),
      expenseMinor: Number(row.expenseMinor),
      incomeUsdCents: Number(row.incomeUsdCents),
      expenseUsdCents: Number(row.expenseUsdCents),
    })),
  };
}

export type CategoryTotal = {
  categoryId: string | null;
  name: string | null;
  color: string | null;
  icon: string | null;
  type: "INCOME" | "EXPENSE";
  count: number;
  usdCents: number;
};

/** USD totals per category and type, largest first; only one type's when `period.type` is given (a report's expense categories). */
export async function totalsByCategory(db: Db, userId: string, period: Period & { type?: TransactionType }): Promise<CategoryTotal[]> {
  const rows = await db
    .select({
      categoryId: transactions.categoryId,
      name: categories.name,
      color: categories.color,
      icon: categories.icon,
      type: transactions.type,
      count: sql<number>`count(*)`,
      usdCents: sql<number>`sum(${transactions.usdCents})`,
    })
    .from(transactions)
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .where(filterConditions(userId, period))
    .groupBy(transactions.categoryId, transactions.type)
    .orderBy(sql`sum(${transactions.usdCents}) desc`, asc(transactions.categoryId));
  return rows.map((r) => ({ ...r, count: Number(r.count), usdCents: Number(r.usdCents) }));
}

export type DayTotal = { date: string; incomeUsdCents: number; expenseUsdCents: number };

/** USD income and expenses per day that has any, oldest first. */
export async function totalsByDate(db: Db, userId: string, period: Required<Period>): Promise<DayTotal[]> {
  const rows = await db
    .select({ date: transactions.date, income: incomeCents(), expense: expenseCents() })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), gte(transactions.date, period.startDate), lte(transactions.date, period.endDate)))
    .groupBy(transactions.date)
    .orderBy(asc(transactions.date));
  return rows.map((r) => ({ date: r.date, incomeUsdCents: Number(r.income), expenseUsdCents: Number(r.expense) }));
}

export type Decimals = ReadonlyMap<string, number>;

/** The decimals of every currency (active or not: old transactions may use a retired one). */
export async function currencyDecimals(db: Db): Promise<Decimals> {
  return new Map((await listCurrencies(db, { activeOnly: false })).map((c) => [c.code, c.decimalPlaces]));
}

/** The type a transaction sent without one takes from its category (spec section 5); EXPENSE when the category is not the user's. */
export async function impliedType(db: Db, userId: string, categoryId: string | undefined): Promise<TransactionType> {
  const category = categoryId ? await findCategory(db, userId, categoryId) : undefined;
  return transactionTypeOf(category?.type);
}

/**
 * The USD cents spent per category in a period, as a subquery a caller joins (budgets): the sum
 * of the stored USD cents of the user's expenses, which is the sum of their payments' USD cents
 * (never recomputed from rates), with the transaction list's own filter conditions, so a
 * budget's "spent" is the list's expense total for the same category and dates.
 */
export function expenseCentsByCategory(db: Db, userId: string, period: Required<Period>) {
  return db
    .select({ categoryId: sql<string>`${transactions.categoryId}`.as("spent_category_id"), spentCents: sql<number>`sum(${transactions.usdCents})`.as("spent_cents") })
    .from(transactions)
    .where(filterConditions(userId, { type: "EXPENSE", startDate: period.startDate, endDate: period.endDate }))
    .groupBy(transactions.categoryId)
    .as("spent");
}

/** Where a walk through a period's transactions stopped: the last (date, id) read. */
export type DateIdCursor = { date: string; id: string };

/** A payment as stored (its amount and conversion) with what the export says of its transaction. */
export type PaymentExportRow = RecordedPayment & {
  transactionId: string;
  date: string;
  type: TransactionType;
  description: string;
  /** The category's id, by which a default category's name is translated (the spreadsheet export). */
  categoryId: string | null;
  categoryName: string | null;
  /** The transaction's tag names, in name order. */
  tagNames: string[];
  position: number;
};

/**
 * One chunk of a period's payments, a row each, for the CSV export: the next `limit`
 * transactions after `after` in (date, id) order, each with all its payments (in position
 * order), its category's name and its tag names. Keyset, never OFFSET: each chunk starts from
 * the (user, date) index at the cursor, so the 100th chunk costs what the first does. The
 * transactions are found through the date range, so the payments and tags are checked for
 * their owner with ownerCheck rather than found by it (owner-check.server.ts). Eight bound
 * parameters whatever the chunk (D1 allows 100, decision 010): the tags are folded per
 * transaction in SQL, never bound as a list.
 */
export async function paymentExportChunk(
  db: Db,
  userId: string,
  period: Required<Period>,
  after: DateIdCursor | null,
  limit: number,
): Promise<PaymentExportRow[]> {
  const from = after && after.date > period.startDate ? after.date : period.startDate;
  const page = db
    .select({
      id: sql<string>`${transactions.id}`.as("page_id"),
      date: sql<string>`${transactions.date}`.as("page_date"),
      type: sql<TransactionType>`${transactions.type}`.as("page_type"),
      description: sql<string>`${transactions.description}`.as("page_description"),
      categoryId: sql<string | null>`${transactions.categoryId}`.as("page_category_id"),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        gte(transactions.date, from),
        lte(transactions.date, period.endDate),
        after && after.date >= period.startDate ? sql`(${transactions.date} > ${after.date} or ${transactions.id} > ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.id))
    .limit(limit)
    .as("page");
  const rows = await db
    .select({
      transactionId: page.id,
      date: page.date,
      type: page.type,
      description: page.description,
      categoryId: page.categoryId,
      categoryName: sql<string | null>`${categories.name}`.as("category_name"),
      // A JSON array, so a tag name holding any separator survives; ordered by the inner select.
      tagNames: sql<string>`(select json_group_array(tag_name) from (select ${tags.name} as tag_name from ${transactionTags} inner join ${tags} on ${tags.id} = ${transactionTags.tagId} where ${transactionTags.transactionId} = ${page.id} and +${tags.userId} = ${userId} order by ${tags.nameKey}))`.as("tag_names"),
      position: payments.position,
      currencyCode: payments.currencyCode,
      amountMinor: payments.amountMinor,
      rate: payments.rate,
      rateDate: payments.rateDate,
      rateSource: payments.rateSource,
      usdCents: sql<number>`${payments.usdCents}`.as("payment_usd_cents"),
    })
    .from(page)
    .innerJoin(payments, and(eq(payments.transactionId, page.id), ownerCheck(payments.userId, userId)))
    .leftJoin(categories, eq(categories.id, page.categoryId))
    .orderBy(asc(page.date), asc(page.id), asc(payments.position));
  return rows.map((r) => ({
    ...r,
    tagNames: JSON.parse(r.tagNames) as string[],
    position: Number(r.position),
    amountMinor: Number(r.amountMinor),
    usdCents: Number(r.usdCents),
  }));
}

/**
 * Whether any of the user's transactions is in the category, as a condition for a caller's own
 * statement (the categories feature repeats it inside its DELETE, so a transaction saved between
 * its check and its delete still blocks it). With the owner named it uses the (user, category) index.
 */
export const transactionsUseCategory = (userId: string, categoryId: string | SQL): SQL =>
  sql`exists (select 1 from ${transactions} where ${transactions.userId} = ${userId} and ${transactions.categoryId} = ${categoryId})`;

/** How many of the user's transactions are in the category (what deleting it would leave without one, issue 23). */
export async function countTransactionsInCategory(db: Db, userId: string, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, categoryId)));
  return Number(row?.n ?? 0);
}

/** Whether any of the user's transactions is in the category. */
export async function categoryHasTransactions(db: Db, userId: string, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, categoryId)))
    .limit(1);
  return Boolean(row);
}

// The dashboard's money figures, aggregated by the database over the indexed (user_id, date)
// range, in one round trip. Every selected column has its own name: D1 returns batch rows keyed
// by column name, so two columns both called `usd_cents` or `type` would collapse into one
// (docs/decisions/004).

const num = (value: unknown) => Number(value ?? 0);
const monthTotals = (income: unknown, expense: unknown): MonthTotals => ({
  incomeUsdCents: num(income),
  expenseUsdCents: num(expense),
  netUsdCents: num(income) - num(expense),
});

export async function monthsOverview(
  db: Db,
  userId: string,
  { current, previous, recentLimit }: { current: Required<Period>; previous: Required<Period>; recentLimit: number },
): Promise<MonthsOverview> {
  const inRange = (range: Required<Period>) => and(gte(transactions.date, range.startDate), lte(transactions.date, range.endDate));
  const monthSum = (range: Required<Period>, type: TransactionType, alias: string) => sumOfType(type, transactions.usdCents, alias, inRange(range));
  const latestIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inDateOrder))
    .orderBy(desc(transactions.date), desc(transactions.createdAt), desc(transactions.id))
    .limit(recentLimit);

  const [[months], currencyRows, recentRows] = await db.batch([
    // Both months in one pass over the index range from last month's first day to this month's last.
    db
      .select({
        currentIncome: monthSum(current, "INCOME", "current_income"),
        currentExpense: monthSum(current, "EXPENSE", "current_expense"),
        previousIncome: monthSum(previous, "INCOME", "previous_income"),
        previousExpense: monthSum(previous, "EXPENSE", "previous_expense"),
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          gte(transactions.date, previous.startDate < current.startDate ? previous.startDate : current.startDate),
          lte(transactions.date, previous.endDate > current.endDate ? previous.endDate : current.endDate),
        ),
      ),
    db
      .select({
        currencyCode: payments.currencyCode,
        count: sql<number>`count(distinct ${transactions.id})`.as("transaction_count"),
        incomeMinor: sumOfType("INCOME", payments.amountMinor, "income_minor"),
        expenseMinor: sumOfType("EXPENSE", payments.amountMinor, "expense_minor"),
        incomeUsdCents: sumOfType("INCOME", payments.usdCents, "income_usd_cents"),
        expenseUsdCents: sumOfType("EXPENSE", payments.usdCents, "expense_usd_cents"),
      })
      .from(transactions)
      .innerJoin(payments, and(eq(payments.transactionId, transactions.id), ownerCheck(payments.userId, userId)))
      .where(and(eq(transactions.userId, userId), inRange(current)))
      .groupBy(payments.currencyCode)
      .orderBy(asc(payments.currencyCode)),
    // The latest transactions with their payments, one row per payment.
    db
      .select({
        id: sql<string>`${transactions.id}`.as("tx_id"),
        type: sql<TransactionType>`${transactions.type}`.as("tx_type"),
        description: transactions.description,
        date: transactions.date,
        createdAt: sql<number>`${transactions.createdAt}`.as("tx_created_at"),
        usdCents: sql<number>`${transactions.usdCents}`.as("tx_usd_cents"),
        recurringId: transactions.recurringId,
        categoryId: sql<string | null>`${categories.id}`.as("category_id_joined"),
        categoryName: sql<string | null>`${categories.name}`.as("category_name"),
        categoryColor: sql<string | null>`${categories.color}`.as("category_color"),
        categoryIcon: sql<string | null>`${categories.icon}`.as("category_icon"),
        currencyCode: payments.currencyCode,
        amountMinor: payments.amountMinor,
        paymentUsdCents: sql<number>`${payments.usdCents}`.as("payment_usd_cents"),
        position: payments.position,
      })
      .from(transactions)
      .innerJoin(payments, and(eq(payments.transactionId, transactions.id), ownerCheck(payments.userId, userId)))
      .leftJoin(categories, eq(categories.id, transactions.categoryId))
      .where(and(ownerCheck(transactions.userId, userId), inArray(transactions.id, latestIds)))
      .orderBy(desc(transactions.date), desc(transactions.createdAt), desc(transactions.id), asc(payments.position)),
  ]);

  const recent: RecentTransaction[] = [];
  for (const row of recentRows) {
    let tx = recent.at(-1);
    if (tx?.id !== row.id) {
      tx = {
        id: row.id,
        type: row.type,
        description: row.description,
        date: row.date,
        usdCents: num(row.usdCents),
        category:
          row.categoryId && row.categoryName
            ? { id: row.categoryId, name: row.categoryName, color: row.categoryColor ?? "", icon: row.categoryIcon ?? "" }
            : null,
        payments: [],
        recurringId: row.recurringId,
      };
      recent.push(tx);
    }
    tx.payments.push({ currencyCode: row.currencyCode, amountMinor: num(row.amountMinor), usdCents: num(row.paymentUsdCents) });
  }

  return {
    current: monthTotals(months?.currentIncome, months?.currentExpense),
    previous: monthTotals(months?.previousIncome, months?.previousExpense),
    byCurrency: currencyRows.map((row) => ({
      currencyCode: row.currencyCode,
      count: num(row.count),
      incomeMinor: num(row.incomeMinor),
      expenseMinor: num(row.expenseMinor),
      incomeUsdCents: num(row.incomeUsdCents),
      expenseUsdCents: num(row.expenseUsdCents),
    })),
    recent,
  };
}

// The database side of resolving transactions (model/resolve.ts): what their rules need, read in one
// batch (one round trip on D1) before they run, once however many inputs a write carries. The
// categories, tags, currencies and rates come through their owners' queries.server.ts.

/** What a user has recorded so far, as the running totals of decision 011 hold it. */
export type UserTotals = { usdCents: bigint; byCurrency: Map<string, bigint> };

/** The facts of a batch of inputs, each input's own picked out by factsFor. */
export type BatchFacts = {
  factsFor: (input: TransactionInput, recorded?: RecordedTransaction) => ResolveFacts & { category: Category | undefined };
  totals: UserTotals;
  /** Every currency, active or not. */
  currencies: readonly { code: string; decimalPlaces: number; isActive: boolean }[];
};

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The user's running totals (decision 011) as two keyed reads, for a caller's batch. */
export function userTotalsQueries(db: Db, userId: string) {
  return [
    db.select({ usdCents: paymentTotals.usdCents }).from(paymentTotals).where(eq(paymentTotals.userId, userId)),
    db
      .select({ currencyCode: paymentCurrencyTotals.currencyCode, amountMinor: paymentCurrencyTotals.amountMinor })
      .from(paymentCurrencyTotals)
      .where(eq(paymentCurrencyTotals.userId, userId)),
  ] as const;
}

export function toUserTotals(usd: { usdCents: number }[], byCurrency: { currencyCode: string; amountMinor: number }[]): UserTotals {
  return {
    usdCents: BigInt(usd[0]?.usdCents ?? 0),
    byCurrency: new Map(byCurrency.map((r) => [r.currencyCode, BigInt(r.amountMinor)])),
  };
}

/**
 * Every input's categories, which of their tags are the user's, every currency, the rates on
 * file for each (currency, date) pair of `rateInputs` (all the inputs unless told: a caller that
 * brings its own conversions needs none looked up), and the user's running totals: one batch for all.
 */
export async function loadBatchFacts(db: Db, userId: string, inputs: readonly TransactionInput[], rateInputs: readonly TransactionInput[] = inputs): Promise<BatchFacts> {
  const categoryIds = [...new Set(inputs.map((i) => i.categoryId))];
  const tagIds = [...new Set(inputs.flatMap((i) => i.tagIds))];
  // USD's rate is the rule's own (1, fixed), never looked up. One lookup per date, for that date's currencies.
  const codesByDate = new Map<string, Set<string>>();
  for (const input of rateInputs) {
    for (const p of input.payments) {
      if (p.currencyCode === BASE_CURRENCY) continue;
      const codes = codesByDate.get(input.date) ?? new Set<string>();
      codes.add(p.currencyCode);
      codesByDate.set(input.date, codes);
    }
  }
  const dates = [...codesByDate.keys()];
  const [totalsUsd, totalsByCurrency] = userTotalsQueries(db, userId);
  const queries: [BatchItem, ...BatchItem[]] = [
    findCategoriesQuery(db, userId, categoryIds),
    ownedTagIdsQuery(db, userId, tagIds),
    currencyFactsQuery(db),
    totalsUsd,
    totalsByCurrency,
    ...dates.map((date) => findRatesOnQuery(db, [...codesByDate.get(date)!], date)),
  ];
  const [categoryRows, ownedTags, currencyRows, usdRows, currencyTotalRows, ...rateRows] = (await db.batch(queries)) as unknown as [
    Category[],
    { id: string }[],
    { code: string; decimalPlaces: number; isActive: boolean }[],
    { usdCents: number }[],
    { currencyCode: string; amountMinor: number }[],
    ...{ currencyCode: string; rate: string; date: string; source: string }[][],
  ];
  const categories = new Map(categoryRows.map((c) => [c.id, c]));
  const owned = new Set(ownedTags.map((t) => t.id));
  const ratesByDate = new Map<string, Map<string, RateOnFile>>(
    dates.map((date, i) => [date, new Map(rateRows[i]!.map((r) => [r.currencyCode, { rate: r.rate, date: r.date, source: r.source }]))]),
  );
  const noRates = new Map<string, RateOnFile>();
  return {
    factsFor: (input, recorded) => ({
      category: categories.get(input.categoryId),
      ownedTagIds: owned,
      currencies: currencyRows,
      ratesOnDate: ratesByDate.get(input.date) ?? noRates,
      recorded,
    }),
    totals: toUserTotals(usdRows, currencyTotalRows),
    currencies: currencyRows,
  };
}

/**
 * The input's category (the whole row, which a caller may also show), which of its tags are
 * the user's, every currency, and the rates on the input's date.
 */
export async function loadResolveFacts(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded?: RecordedTransaction,
): Promise<ResolveFacts & { category: Category | undefined }> {
  return (await loadBatchFacts(db, userId, [input])).factsFor(input, recorded);
}

/** Reads the facts, then resolves the input against them. */
export async function loadAndResolveTransaction(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded?: RecordedTransaction,
): Promise<Resolution> {
  return resolveTransaction(input, await loadResolveFacts(db, userId, input, recorded));
}

/** How many of the user's latest transactions the form's memory looks through (issue 27). */
export const ENTRY_MEMORY_WINDOW = 500;
/** At most this many descriptions are suggested: enough for a month of habits, small in the page. */
export const DESCRIPTION_SUGGESTIONS_MAX = 100;

/** An earlier description and what its latest transaction held (its first payment), to fill the form with. */
export type DescriptionSuggestion = {
  description: string;
  type: TransactionType;
  categoryId: string | null;
  currencyCode: string;
  amountMinor: number;
  method: string;
};

/**
 * What the new-transaction form remembers (issue 27): the user's earlier descriptions, latest
 * first, each with its latest transaction's type, category and first payment; and the expense
 * category used last (the latest expense's). One read of the latest ENTRY_MEMORY_WINDOW
 * transactions by the (user, date) index, each joined to its first payment.
 */
export async function entryMemory(db: Db, userId: string): Promise<{ suggestions: DescriptionSuggestion[]; recentExpenseCategoryId: string | null }> {
  const latest = db
    .select({ id: transactions.id, description: transactions.description, type: transactions.type, categoryId: transactions.categoryId, date: transactions.date, createdAt: transactions.createdAt })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.date), desc(transactions.createdAt))
    .limit(ENTRY_MEMORY_WINDOW)
    .as("latest");
  const rows = await db
    .select({
      description: latest.description,
      type: latest.type,
      categoryId: latest.categoryId,
      currencyCode: payments.currencyCode,
      amountMinor: payments.amountMinor,
      method: payments.method,
    })
    .from(latest)
    .innerJoin(payments, and(eq(payments.transactionId, latest.id), eq(payments.position, 0)))
    .orderBy(desc(latest.date), desc(latest.createdAt));
  const suggestions = new Map<string, DescriptionSuggestion>();
  for (const row of rows) {
    if (suggestions.size >= DESCRIPTION_SUGGESTIONS_MAX) break;
    if (!suggestions.has(row.description)) suggestions.set(row.description, row);
  }
  const recentExpense = rows.find((row) => row.type === "EXPENSE" && row.categoryId !== null);
  return { suggestions: [...suggestions.values()], recentExpenseCategoryId: recentExpense?.categoryId ?? null };
}

/** The currencies the user has ever paid in, by code (their per-currency totals' keys; issue 27's checklist). */
export async function currenciesUsed(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ code: paymentCurrencyTotals.currencyCode })
    .from(paymentCurrencyTotals)
    .where(eq(paymentCurrencyTotals.userId, userId))
    .orderBy(asc(paymentCurrencyTotals.currencyCode));
  return rows.map((row) => row.code);
}

// --- What an import compares its rows with (issue 26, decision 039) ---

/** A stored single-payment transaction as the import's duplicate key reads it. */
export type DuplicateKeyRow = { date: string; type: TransactionType; description: string; currencyCode: string; amountMinor: number };

/**
 * The user's single-payment transactions dated from `from` to `to`, one row each, with what the
 * import's duplicate key is made of (date, currency, amount, type, description): a foreign
 * file's row is a duplicate of one of these (decision 036: occurrences are counted, so every
 * transaction is one row). Read by the (user, date) index.
 */
export async function storedDuplicateKeyRows(db: Db, userId: string, range: { from: string; to: string }): Promise<DuplicateKeyRow[]> {
  return db
    .select({
      date: transactions.date,
      type: transactions.type,
      description: transactions.description,
      currencyCode: sql<string>`min(${payments.currencyCode})`.as("currency_code"),
      amountMinor: sql<number>`min(${payments.amountMinor})`.as("amount_minor"),
    })
    .from(transactions)
    .innerJoin(payments, eq(payments.transactionId, transactions.id))
    .where(and(eq(transactions.userId, userId), gte(transactions.date, range.from), lte(transactions.date, range.to)))
    .groupBy(transactions.id)
    .having(sql`count(*) = 1`);
}

/** Ids per statement when asking which ids exist: each list is one JSON parameter (D1's 100 parameters), kept well under D1's value sizes. */
const IDS_PER_LOOKUP = 2_000;

/** Which of these ids are the user's transactions (our own export's transaction_id: a duplicate when it is). One batch however many. */
export async function existingTransactionIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const queries: BatchItem[] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_LOOKUP) {
    queries.push(
      db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(inList(transactions.id, unique.slice(i, i + IDS_PER_LOOKUP)), ownerCheck(transactions.userId, userId))),
    );
  }
  const [first, ...rest] = queries;
  const results = (rest.length === 0 ? [await first!] : await db.batch([first!, ...rest])) as unknown as { id: string }[][];
  return new Set(results.flat().map((row) => row.id));
}

/** How many of the user's transactions an import created (issue 26): what its undo would remove. */
export async function countImported(db: Db, userId: string, importId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)));
  return Number(row?.n ?? 0);
}
