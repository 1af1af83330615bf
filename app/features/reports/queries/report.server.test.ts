import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../../tests/setup/libsql-db";
import { insertTransaction } from "~/features/transactions/commands.server";
import type { ResolvedPayment, ResolvedTransaction } from "~/features/transactions/model/resolve";
import type { Db } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import { monthPeriod, readRange } from "../model/period";
import { reportData } from "./report.server";

// reportData on a small, hand-counted month: the figures a reader checks against the rows.

const alice = "user-report-alice";
const bob = "user-report-bob";
let db: Db;

const usd = (usdCents: number): Omit<ResolvedPayment, "position"> => ({
  currencyCode: "USD", amountMinor: usdCents, method: "cash", rate: "1", rateDate: "2026-11-01", rateSource: "fixed", usdCents,
});
const eur = (amountMinor: number, usdCents: number): Omit<ResolvedPayment, "position"> => ({
  currencyCode: "EUR", amountMinor, method: "credit_card", rate: "0.8612", rateDate: "2026-11-01", rateSource: "snapshot", usdCents,
});
const jpy = (amountMinor: number, usdCents: number): Omit<ResolvedPayment, "position"> => ({
  currencyCode: "JPY", amountMinor, method: "cash", rate: "152.84", rateDate: "2026-11-01", rateSource: "snapshot", usdCents,
});

async function add(userId: string, type: "INCOME" | "EXPENSE", date: string, categoryId: string, payments: Omit<ResolvedPayment, "position">[]) {
  const value: ResolvedTransaction = {
    type,
    description: `${type} ${date}`,
    date,
    categoryId,
    tagIds: [],
    payments: payments.map((p, position) => ({ ...p, position })),
    usdCents: payments.reduce((sum, p) => sum + p.usdCents, 0),
  };
  return insertTransaction(db, userId, value, { ip: null });
}

beforeAll(async () => {
  db = await createLibsqlTestDb();
  for (const id of [alice, bob]) await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  await add(alice, "INCOME", "2026-11-02", "default-salary", [usd(300_000)]);
  // One expense paid in two currencies: both payments count, each in its currency.
  await add(alice, "EXPENSE", "2026-11-02", "default-food", [eur(1_000, 1_161), usd(500)]);
  await add(alice, "EXPENSE", "2026-11-10", "default-food", [jpy(1_529, 1_000)]);
  await add(alice, "EXPENSE", "2026-11-10", "default-housing", [usd(100_000)]);
  await add(alice, "EXPENSE", "2026-11-30", "default-transport", [usd(1)]);
  // Outside the month, and another user's: never counted.
  await add(alice, "EXPENSE", "2026-10-31", "default-food", [usd(99_999)]);
  await add(alice, "INCOME", "2026-12-01", "default-salary", [usd(99_999)]);
  await add(bob, "EXPENSE", "2026-11-10", "default-food", [usd(77_777)]);
});

test("a month's tiles, currencies, expense categories with shares adding up to 100.0 %, and its daily trend", async () => {
  const data = await reportData(db, alice, monthPeriod("2026-11-01"), "daily");
  expect(data.transactionCount).toBe(5);
  expect(data.incomeUsdCents).toBe(300_000);
  expect(data.expenseUsdCents).toBe(1_161 + 500 + 1_000 + 100_000 + 1);
  expect(data.netUsdCents).toBe(300_000 - 102_662);
  expect(data.currencies).toEqual([
    { currencyCode: "EUR", incomeMinor: 0, expenseMinor: 1_000, incomeUsdCents: 0, expenseUsdCents: 1_161 },
    { currencyCode: "JPY", incomeMinor: 0, expenseMinor: 1_529, incomeUsdCents: 0, expenseUsdCents: 1_000 },
    { currencyCode: "USD", incomeMinor: 300_000, expenseMinor: 100_501, incomeUsdCents: 300_000, expenseUsdCents: 100_501 },
  ]);
  expect(data.categories.map((c) => [c.categoryId, c.usdCents, c.shareTenths])).toEqual([
    ["default-housing", 100_000, 974],
    ["default-food", 2_661, 26],
    ["default-transport", 1, 0],
  ]);
  expect(data.categories.reduce((sum, c) => sum + c.shareTenths, 0)).toBe(1000);
  expect(data.categories[0]).toMatchObject({ name: expect.any(String), color: expect.stringMatching(/^#/), icon: expect.any(String) });
  expect(data.trend).toHaveLength(30);
  expect(data.trend[1]).toEqual({ date: "2026-11-02", incomeUsdCents: 300_000, expenseUsdCents: 1_661, balanceUsdCents: 298_339 });
  expect(data.trend[9]).toEqual({ date: "2026-11-10", incomeUsdCents: 0, expenseUsdCents: 101_000, balanceUsdCents: 197_339 });
  expect(data.trend.at(-1)).toEqual({ date: "2026-11-30", incomeUsdCents: 0, expenseUsdCents: 1, balanceUsdCents: data.netUsdCents });
});

test("a range grouped by week, and an empty period with zero figures and no categories", async () => {
  const range = readRange("2026-10-01", "2026-12-31", "2026-11-27");
  if (!range.ok) throw new Error(range.error);
  const data = await reportData(db, alice, range.period, "weekly");
  expect(data.transactionCount).toBe(7);
  expect(data.trend[0]!.date).toBe("2026-09-28");
  expect(data.trend.reduce((sum, p) => sum + p.incomeUsdCents - p.expenseUsdCents, 0)).toBe(data.netUsdCents);
  expect(data.trend.at(-1)!.balanceUsdCents).toBe(data.netUsdCents);

  const empty = await reportData(db, bob, monthPeriod("2026-09-01"), "daily");
  expect(empty).toMatchObject({ incomeUsdCents: 0, expenseUsdCents: 0, netUsdCents: 0, transactionCount: 0, currencies: [], categories: [] });
  expect(empty.trend.every((p) => p.incomeUsdCents === 0 && p.expenseUsdCents === 0 && p.balanceUsdCents === 0)).toBe(true);
});
