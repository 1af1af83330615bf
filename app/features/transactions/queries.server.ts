import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { categories, payments, transactions } from "~/platform/db/schema";
import { filterConditions } from "./commands.server";

// Aggregates behind GET /api/transactions/summary, /by-category and /by-date-range.
// All of it runs in SQL over the indexed columns; JavaScript only reshapes the rows.

export type Period = { startDate?: string; endDate?: string };

const incomeCents = sql<number>`coalesce(sum(case when ${transactions.type} = 'INCOME' then ${transactions.usdCents} else 0 end), 0)`;
const expenseCents = sql<number>`coalesce(sum(case when ${transactions.type} = 'EXPENSE' then ${transactions.usdCents} else 0 end), 0)`;

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
  // Each column gets its own alias: D1 returns rows keyed by column name, and four
  // expressions differing only in bound parameters would otherwise share one name.
  const byType = (type: "INCOME" | "EXPENSE", column: typeof payments.amountMinor | typeof payments.usdCents, alias: string) =>
    sql<number>`coalesce(sum(case when ${transactions.type} = ${type} then ${column} else 0 end), 0)`.as(alias);
  const [[totals], perCurrency] = await db.batch([
    db.select({ count: sql<number>`count(*)`, income: incomeCents, expense: expenseCents }).from(transactions).where(where),
    db
      .select({
        currencyCode: payments.currencyCode,
        incomeMinor: byType("INCOME", payments.amountMinor, "income_minor"),
        expenseMinor: byType("EXPENSE", payments.amountMinor, "expense_minor"),
        incomeUsdCents: byType("INCOME", payments.usdCents, "income_usd_cents"),
        expenseUsdCents: byType("EXPENSE", payments.usdCents, "expense_usd_cents"),
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
    count: Number(totals?.count ?? 0),
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

/** USD totals per category and type, largest first. */
export async function totalsByCategory(db: Db, userId: string, period: Period): Promise<CategoryTotal[]> {
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
    .select({ date: transactions.date, income: incomeCents, expense: expenseCents })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), gte(transactions.date, period.startDate), lte(transactions.date, period.endDate)))
    .groupBy(transactions.date)
    .orderBy(asc(transactions.date));
  return rows.map((r) => ({ date: r.date, incomeUsdCents: Number(r.income), expenseUsdCents: Number(r.expense) }));
}
