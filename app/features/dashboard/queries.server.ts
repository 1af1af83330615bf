import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DashboardMoney, DateRange, MonthTotals, RecentTransaction } from "~/features/dashboard/model";
import type { TransactionType } from "~/features/transactions/model";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { categories, payments, transactions } from "~/platform/db/schema";
import { sumOfType } from "~/platform/db/sums.server";

// The dashboard's money figures, aggregated by the database over the indexed (user_id, date)
// range, in one round trip. Every selected column has its own name: D1 returns batch rows keyed
// by column name, so two columns both called `usd_cents` or `type` would collapse into one
// (docs/decisions/004).

export const RECENT_LIMIT = 5;

const num = (value: unknown) => Number(value ?? 0);
const totals = (income: unknown, expense: unknown): MonthTotals => ({
  incomeUsdCents: num(income),
  expenseUsdCents: num(expense),
  netUsdCents: num(income) - num(expense),
});

export async function dashboardMoney(
  db: Db,
  userId: string,
  { current, previous }: { current: DateRange; previous: DateRange },
): Promise<DashboardMoney> {
  const inRange = (range: DateRange) => and(gte(transactions.date, range.startDate), lte(transactions.date, range.endDate));
  const monthSum = (range: DateRange, type: TransactionType, alias: string) => sumOfType(type, transactions.usdCents, alias, inRange(range));
  const latestIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.date), desc(transactions.createdAt), desc(transactions.id))
    .limit(RECENT_LIMIT);

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
      };
      recent.push(tx);
    }
    tx.payments.push({ currencyCode: row.currencyCode, amountMinor: num(row.amountMinor), usdCents: num(row.paymentUsdCents) });
  }

  return {
    current: totals(months?.currentIncome, months?.currentExpense),
    previous: totals(months?.previousIncome, months?.previousExpense),
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
