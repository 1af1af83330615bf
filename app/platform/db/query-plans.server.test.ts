import type { Client, InStatement } from "@libsql/client";
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { monthRange } from "~/features/dashboard/model";
import type { Db } from "./client.server";
import { dashboardMoney } from "~/features/dashboard/queries.server";
import { D1_MAX_BOUND_PARAMETERS } from "./bound-lists.server";
import { payments, tags, transactions, transactionTags, users } from "./schema";
import { categoryHasTransactions, entryMemory, getTransaction, listTransactions, loadAndResolveTransaction, loadBatchFacts, paymentExportChunk, transactionSummary } from "~/features/transactions/queries.server";
import { reportData } from "~/features/reports/queries/report.server";
import { deleteImportedQueries, detachFromScheduleQuery, insertTransaction, replaceTransaction } from "~/features/transactions/commands.server";
import { deleteUnusedCategoriesQuery } from "~/features/categories/commands.server";
import { deleteUnusedTagsQuery } from "~/features/tags/commands.server";
import { categoryHasBudgets, listBudgetMonth } from "~/features/budgets/queries.server";
import { hasVisitedBefore } from "~/features/accounts/queries.server";

// The plans SQLite picks for the busiest read paths, on a database without ANALYZE statistics
// (D1 keeps none). With no statistics the plan depends only on the schema and the query, so a
// handful of rows shows what 50,000 would get. Each of these once read every row or payment the
// user had (the bench measured 147 ms for the dashboard over 50,000 transactions; now ~17 ms).

let db: Db;
let client: Client;
const user = "user-plans";

/** The SQL each call sends, with its arguments, captured from the libSQL client. */
async function statementsOf(call: () => Promise<unknown>): Promise<Array<{ sql: string; args: unknown[] }>> {
  const seen: Array<{ sql: string; args: unknown[] }> = [];
  const record = (s: InStatement) => seen.push(typeof s === "string" ? { sql: s, args: [] } : { sql: s.sql, args: (s.args ?? []) as unknown[] });
  const { batch, execute } = client;
  client.batch = ((stmts: InStatement[], mode?: never) => (stmts.forEach(record), batch.call(client, stmts, mode))) as Client["batch"];
  client.execute = ((s: InStatement) => (record(s), execute.call(client, s as never))) as Client["execute"];
  try {
    await call();
  } finally {
    client.batch = batch;
    client.execute = execute;
  }
  return seen;
}

async function plansOf(call: () => Promise<unknown>): Promise<string[]> {
  const plans: string[] = [];
  for (const s of await statementsOf(call)) {
    const rows = await client.execute({ sql: `explain query plan ${s.sql}`, args: s.args as never });
    plans.push(rows.rows.map((r) => String(r.detail)).join(" | "));
  }
  return plans;
}

/**
 * The plans of the same statements on the SQLite that Node ships (3.53), an empty database with the
 * same migrations: libSQL's 3.45 and newer SQLite pick differently, and D1 (workerd's SQLite) picked
 * as 3.53 does where they differed (the date-sorted page below).
 */
let newer: DatabaseSync;
async function newerPlansOf(call: () => Promise<unknown>): Promise<string[]> {
  return (await statementsOf(call)).map((s) =>
    newer
      .prepare(`explain query plan ${s.sql}`)
      .all(...(s.args as SQLInputValue[]))
      .map((r) => String(r.detail))
      .join(" | "),
  );
}

/** A step that walks every payment (or every row) the user has, whatever the query needed. */
const readsAllOfTheUser = /payments USING INDEX payments_user_currency_idx \(user_id=\?\)|SCAN (payments|transactions)\b/;

beforeAll(async () => {
  newer = new DatabaseSync(":memory:");
  for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) newer.exec(readFileSync(`migrations/${file}`, "utf8").replaceAll("--> statement-breakpoint", ""));
  db = await createLibsqlTestDb();
  client = (db as unknown as { $client: Client }).$client;
  await db.insert(users).values({ id: user, email: "plans@example.com", firstName: "P", lastName: "Lan", passwordHash: "x" });
  const month = monthRange(new Date());
  for (let i = 0; i < 6; i++) {
    const id = `tx-plan-${i}`;
    await db.insert(transactions).values({ id, userId: user, type: i % 3 ? "EXPENSE" : "INCOME", description: `Row ${i}`, date: month.startDate, categoryId: null, usdCents: 1000 });
    await db.insert(payments).values({ id: `${id}-p0`, transactionId: id, userId: user, position: 0, currencyCode: i % 2 ? "EUR" : "USD", amountMinor: 1000, method: "cash", rate: "1", rateDate: month.startDate, rateSource: "fixed", usdCents: 1000 });
  }
  await db.insert(tags).values(["tag-a", "tag-b"].map((id) => ({ id, userId: user, name: id, nameKey: id })));
  await db.insert(transactionTags).values([{ transactionId: "tx-plan-0", tagId: "tag-a" }, { transactionId: "tx-plan-0", tagId: "tag-b" }, { transactionId: "tx-plan-1", tagId: "tag-a" }]);
});

test("the dashboard sums both months from the covering (user, date) index and never walks all the user's payments", async () => {
  const now = new Date();
  const plans = await plansOf(() => dashboardMoney(db, user, { current: monthRange(now), previous: monthRange(now, 1) }));
  expect(plans).toHaveLength(3);
  expect(plans[0]).toContain("COVERING INDEX transactions_user_date_totals_idx (user_id=? AND date>? AND date<?)");
  // The currency card starts from this month's transactions; the recent five from their ids.
  // Both sides from covering indexes (migration 0012): a month's rows are summed without reading
  // a transaction's or a payment's row, which grew faster than the month (docs/benchmarks.md).
  expect(plans[1]).toMatch(/^SEARCH transactions USING COVERING INDEX transactions_user_date_totals_idx \(user_id=\? AND date>\? AND date<\?\) \| SEARCH payments USING COVERING INDEX payments_transaction_idx/);
  expect(plans[2]).toMatch(/^SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
});

test("a list page reads its count and totals from the kept totals by key, or with a filter from a covering index, and fetches only its own rows' payments", async () => {
  const plans = await plansOf(() => listTransactions(db, user, {}, { by: "date", order: "desc" }, { page: 1, limit: 10 }));
  // All the user's rows, or one type's: one keyed row (migration 0014), not a walk of every row.
  for (const type of [undefined, "EXPENSE" as const]) {
    const [, totals] = await plansOf(() => listTransactions(db, user, { type }, { by: "date", order: "desc" }, { page: 1, limit: 10 }));
    expect(totals).toBe("SEARCH transaction_totals USING INDEX sqlite_autoindex_transaction_totals_1 (user_id=?)");
  }
  const [, narrowed] = await plansOf(() => listTransactions(db, user, { startDate: "2026-01-01" }, { by: "date", order: "desc" }, { page: 1, limit: 10 }));
  expect(narrowed).toMatch(/COVERING INDEX transactions_user_(type_)?date_totals_idx \(user_id=\? AND date>\?\)/);
  expect(plans.some((p) => p.startsWith("SEARCH payments USING INDEX payments_transaction_idx (transaction_id=?)"))).toBe(true);
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
});

// Growth bench (docs/benchmarks.md): with only `user_id = ?` D1 took the (user, category)
// index and sorted every row the user has to find the newest ten: 180 ms at 50,000 transactions,
// growing with the user's rows. Walked in date order, a page reads about its own rows. (That index
// is (category, user) since migration 0013; a full sort or scan of the user's rows is what counts.)
const sortsEveryRow = /transactions_category_user_idx|SCAN transactions\b/;

test("a page of the list sorted by date walks the (user, date) index in order instead of sorting all the user's rows", async () => {
  for (const order of ["desc", "asc"] as const) {
    for (const filter of [{}, { type: "EXPENSE" as const }]) {
      const list = () => listTransactions(db, user, filter, { by: "date", order }, { page: 1, limit: 10 });
      for (const [rows] of [await plansOf(list), await newerPlansOf(list)]) {
        expect(rows).toMatch(/^SEARCH transactions USING INDEX transactions_user_(type_)?date_totals_idx \(user_id=\? AND (type=\? AND )?date>\?\)/);
        expect(rows).toMatch(/USE TEMP B-TREE FOR (RIGHT PART|LAST 2 TERMS) OF ORDER BY/);
        expect(rows).not.toMatch(sortsEveryRow);
      }
    }
  }
  const page = await listTransactions(db, user, {}, { by: "date", order: "desc" }, { page: 1, limit: 10 });
  expect(page.transactions.map((t) => t.id)).toHaveLength(6);
});

test("a figure's list (issue 27: one category or none, one type, a period) reads its rows through an index on the user and that filter, never all the user's rows", async () => {
  const month = monthRange(new Date());
  for (const category of [{ uncategorised: true }, { categoryId: "default-food" }]) {
    const filter = { type: "EXPENSE" as const, startDate: month.startDate, endDate: month.endDate, ...category };
    const list = () => listTransactions(db, user, filter, { by: "date", order: "desc" }, { page: 1, limit: 10 });
    for (const plans of [await plansOf(list), await newerPlansOf(list)]) {
      // The page and its totals: the period of that type, from the (user, type, date) index.
      for (const plan of plans.slice(0, 2)) expect(plan).toMatch(/^SEARCH transactions USING (COVERING )?INDEX transactions_user_type_date_totals_idx \(user_id=\? AND type=\? AND date>\? AND date<\?\)/);
      for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
    }
  }
  const none = await listTransactions(db, user, { uncategorised: true }, { by: "date", order: "desc" }, { page: 1, limit: 10 });
  expect(none.total).toBe(6);
});

test("the dashboard's recent transactions are the first of the (user, date) index, not a sort of all the user's rows", async () => {
  const now = new Date();
  const dashboard = () => dashboardMoney(db, user, { current: monthRange(now), previous: monthRange(now, 1) });
  for (const plans of [await plansOf(dashboard), await newerPlansOf(dashboard)]) {
    expect(plans[2]).toContain("transactions_user_date_totals_idx (user_id=? AND date>?)");
    expect(plans[2]).not.toMatch(sortsEveryRow);
  }
});

test("a currency filter finds its rows through that currency's payments", async () => {
  const plans = await plansOf(() =>
    listTransactions(db, user, { type: "EXPENSE", currencyCode: "EUR" }, { by: "amount", order: "asc" }, { page: 2, limit: 10 }),
  );
  // The page's own payments and tags are also found through a list (json_each): only the row queries count here.
  const filtered = plans.filter((p) => p.startsWith("SEARCH transactions") && p.includes("LIST SUBQUERY"));
  expect(filtered).toHaveLength(2);
  for (const plan of filtered) {
    expect(plan).toMatch(/^SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\)/);
    expect(plan).toContain("payments_user_currency_idx (user_id=? AND currency_code=?)");
  }
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
});

test("one transaction, and a dated summary, read only what they show", async () => {
  const plans = [
    ...(await plansOf(() => getTransaction(db, user, "tx-plan-1"))),
    ...(await plansOf(() => transactionSummary(db, user, { startDate: "2026-01-01", endDate: "2026-12-31" }))),
  ];
  expect(plans.length).toBeGreaterThanOrEqual(4);
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
});

// D1 refuses statements with more than 100 bound parameters (libSQL takes thousands): lists of
// ids go in as one JSON array read by json_each (bound-lists.server.ts). These check that the
// plans still look each id up in its index, and that no statement grows with a list.

test("a page's payments and tags are looked up by the page's ids, one JSON parameter, through their indexes", async () => {
  const plans = await plansOf(() => listTransactions(db, user, {}, { by: "date", order: "desc" }, { page: 1, limit: 10 }));
  expect(plans).toContain("SEARCH payments USING INDEX payments_transaction_idx (transaction_id=?) | LIST SUBQUERY 1 | SCAN json_each VIRTUAL TABLE INDEX 1:");
  // From the page's links to their tags by id, not through every tag the user has (as before json_each).
  const tagPlan = plans.find((p) => p.includes("transaction_tags"));
  expect(tagPlan).toMatch(/^SEARCH transaction_tags USING COVERING INDEX sqlite_autoindex_transaction_tags_1 \(transaction_id=\?\) \| LIST SUBQUERY 1 \| SCAN json_each .* SEARCH tags USING INDEX sqlite_autoindex_tags_1 \(id=\?\)/);
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
});

test("a tag filter finds its rows through the tags' links, with one parameter for any number of tags", async () => {
  const list = (tagIds: string[]) => listTransactions(db, user, { tagIds }, { by: "date", order: "desc" }, { page: 1, limit: 10 });
  const two = await statementsOf(() => list(["tag-a", "tag-b"]));
  const twenty = await statementsOf(() => list(Array.from({ length: 20 }, (_, i) => `tag-${i}`)));
  expect(twenty.map((s) => s.args.length)).toEqual(two.slice(0, 2).map((s) => s.args.length));
  // Through transaction_tags_tag_idx to the ids, then each transaction by its key: not a probe
  // of every row the user has, which the former one-EXISTS-per-tag form made.
  const plans = await plansOf(() => list(["tag-a", "tag-b"]));
  for (const plan of plans.slice(0, 2)) {
    expect(plan).toMatch(/^SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 \(id=\?\) \| LIST SUBQUERY \d+ \| SEARCH transaction_tags USING INDEX transaction_tags_tag_idx \(tag_id=\?\) \| LIST SUBQUERY \d+ \| SCAN json_each/);
  }
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
  expect((await list(["tag-a", "tag-b"])).transactions.map((t) => t.id)).toEqual(["tx-plan-0"]);
  expect((await list(["tag-a", "tag-a"])).transactions.map((t) => t.id).sort()).toEqual(["tx-plan-0", "tx-plan-1"]);
  // Another user's rows linked to the same tag id stay out: the owner check filters every row.
  expect((await listTransactions(db, "someone-else", { tagIds: ["tag-a"] }, { by: "date", order: "desc" }, { page: 1, limit: 10 })).total).toBe(0);
});

test("a transaction's tags are checked by id, not through every tag the user has", async () => {
  const input = { type: "EXPENSE", description: "x", date: "2026-10-01", categoryId: "default-food", tagIds: ["tag-a", "tag-b"], payments: [{ currencyCode: "USD", amount: "1", method: "cash", rate: undefined }], multi: false } as const;
  const plans = await plansOf(() => loadAndResolveTransaction(db, user, { ...input, tagIds: [...input.tagIds], payments: [...input.payments] }));
  expect(plans).toContain("SEARCH tags USING INDEX sqlite_autoindex_tags_1 (id=?) | LIST SUBQUERY 1 | SCAN json_each VIRTUAL TABLE INDEX 1:");
});

test("no statement of a 100-row page, or of a write with the most payments and tags, binds more than D1 allows", async () => {
  const bulk = "user-bulk";
  await db.insert(users).values({ id: bulk, email: "bulk@example.com", firstName: "B", lastName: "Ulk", passwordHash: "x" });
  const tagIds = Array.from({ length: 20 }, (_, i) => `bulk-tag-${i}`);
  await db.insert(tags).values(tagIds.map((id) => ({ id, userId: bulk, name: id, nameKey: id })));
  const value = {
    type: "EXPENSE" as const,
    description: "Bulk",
    date: "2026-10-01",
    categoryId: "default-food",
    tagIds,
    payments: Array.from({ length: 20 }, (_, position) => ({ position, currencyCode: "USD", amountMinor: 100, method: "cash" as const, rate: "1", rateDate: "2026-10-01", rateSource: "fixed", usdCents: 100 })),
    usdCents: 2000,
  };
  const writes = await statementsOf(async () => {
    for (let i = 0; i < 100; i++) await insertTransaction(db, bulk, value, { ip: null });
    await replaceTransaction(db, bulk, (await listTransactions(db, bulk, {}, { by: "date", order: "desc" }, { page: 1, limit: 1 })).transactions[0]!.id, value, { ip: null });
  });
  const reads = await statementsOf(() => listTransactions(db, bulk, { tagIds }, { by: "date", order: "desc" }, { page: 1, limit: 100 }));
  const page = await listTransactions(db, bulk, { tagIds }, { by: "date", order: "desc" }, { page: 1, limit: 100 });
  expect(page.transactions).toHaveLength(100);
  expect(page.transactions.every((t) => t.payments.length === 20 && t.tagIds.length === 20)).toBe(true);
  const widest = Math.max(...[...writes, ...reads].map((s) => s.args.length));
  expect(widest).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
});

test("a month's budgets read their spending from the (user, type, date) index, only that month's expenses", async () => {
  const plans = await plansOf(() => listBudgetMonth(db, user, "2026-11-01"));
  expect(plans).toHaveLength(1);
  expect(plans[0]).toContain("COVERING INDEX transactions_user_type_date_totals_idx (user_id=? AND type=? AND date>? AND date<?)");
  expect(plans[0]).toContain("SEARCH budgets USING INDEX budgets_user_category_month_unique (user_id=?)");
  expect(plans[0]).not.toMatch(readsAllOfTheUser);
});

test("a report reads its categories and days from the (user, date) indexes, and each export chunk starts at its cursor with a few parameters", async () => {
  const start = monthRange(new Date()).startDate;
  const period = { startDate: start, endDate: monthRange(new Date()).endDate, month: null };
  const plans = await plansOf(() => reportData(db, user, period, "daily"));
  expect(plans).toHaveLength(4);
  for (const plan of plans) expect(plan).not.toMatch(readsAllOfTheUser);
  expect(plans.filter((p) => /transactions_user_(type_)?date_totals_idx \(user_id=\? AND (type=\? AND )?date>\? AND date<\?\)/.test(p))).toHaveLength(4);
  // The categories, the days and the currency breakdown read no table rows (migration 0012).
  for (const plan of plans) expect(plan).not.toMatch(/SEARCH (transactions|payments|t|p) USING INDEX/);

  const cursor = { date: start, id: "tx-plan-2" };
  const chunk = await statementsOf(() => paymentExportChunk(db, user, period, cursor, 500));
  expect(chunk).toHaveLength(1);
  expect(chunk[0]!.args.length).toBeLessThanOrEqual(10);
  const [plan] = await plansOf(() => paymentExportChunk(db, user, period, cursor, 500));
  expect(plan).not.toMatch(readsAllOfTheUser);
  expect(plan).not.toMatch(/OFFSET/i);
  expect(plan).toMatch(/transactions_user_date_totals_idx \(user_id=\? AND date>\? AND date<\?\)/);
  expect(plan).toContain("SEARCH payments USING INDEX payments_transaction_idx (transaction_id=?)");
  expect(plan).toMatch(/SEARCH transaction_tags USING (COVERING )?INDEX sqlite_autoindex_transaction_tags_1 \(transaction_id=\?\)/);
});

test("the batch door reads the facts of 100 inputs in one round trip, each from an index, none growing with the list", async () => {
  const inputs = Array.from({ length: 100 }, (_, i) => ({
    type: "EXPENSE" as const,
    description: `Import ${i}`,
    date: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
    categoryId: i % 2 ? "default-food" : `category-${i}`,
    tagIds: [`tag-${i}-a`, `tag-${i}-b`, "tag-a"],
    payments: [
      { currencyCode: "USD", amount: "1.00", method: "cash" as const, rate: undefined },
      { currencyCode: "EUR", amount: "2.00", method: "cash" as const, rate: undefined },
      { currencyCode: i % 2 ? "JPY" : "GBP", amount: "300", method: "cash" as const, rate: undefined },
    ],
    multi: true,
  }));
  const statements = await statementsOf(() => loadBatchFacts(db, user, inputs));
  const dates = new Set(inputs.map((i) => i.date)).size;
  // Categories, tags, currencies, the two running totals, and one rate lookup per date.
  expect(statements).toHaveLength(5 + dates);
  expect(Math.max(...statements.map((s) => s.args.length))).toBeLessThanOrEqual(D1_MAX_BOUND_PARAMETERS);
  const plans = await plansOf(() => loadBatchFacts(db, user, inputs));
  expect(plans[0]).toMatch(/^SEARCH categories USING INDEX sqlite_autoindex_categories_1 \(id=\?\) \| LIST SUBQUERY \d+ \| SCAN json_each/);
  expect(plans[1]).toMatch(/^SEARCH tags USING INDEX sqlite_autoindex_tags_1 \(id=\?\) \| LIST SUBQUERY \d+ \| SCAN json_each/);
  expect(plans[3]).toMatch(/^SEARCH payment_totals USING INDEX sqlite_autoindex_payment_totals_1 \(user_id=\?\)/);
  expect(plans[4]).toMatch(/^SEARCH payment_currency_totals USING INDEX sqlite_autoindex_payment_currency_totals_1 \(user_id=\?\)/);
  for (const plan of plans.slice(5)) expect(plan).toMatch(/SEARCH exchange_rates USING (COVERING )?INDEX \w+ \(currency_code=\? AND date<\?\)/);
  // The only table read whole is the short list of currencies every input is checked against.
  for (const plan of plans) expect(plan.replace(/SCAN currencies\b/, "")).not.toMatch(/SCAN (?!json_each|ranked)\w+/);
});

test("whether a category is in use is looked up through the indexes on user and category of transactions and budgets, not by walking the user's rows", async () => {
  const plans = await plansOf(async () => {
    await categoryHasTransactions(db, user, "default-food");
    await categoryHasBudgets(db, user, "default-food");
  });
  expect(plans).toHaveLength(2);
  expect(plans[0]).toMatch(/transactions USING (COVERING )?INDEX \w+ \(category_id=\? AND user_id=\?\)/);
  expect(plans[1]).toMatch(/budgets USING (COVERING )?INDEX \w+ \(user_id=\? AND category_id=\?/);
  for (const plan of plans) expect(plan).not.toMatch(/SCAN (transactions|budgets)\b/);
});

test("whether the user has visited before reads their activity through the (user, created_at) index in order, with no sort", async () => {
  const plans = await plansOf(() => hasVisitedBefore(db, user));
  expect(plans).toHaveLength(1);
  for (const plan of [plans[0]!, (await newerPlansOf(() => hasVisitedBefore(db, user)))[0]!]) {
    expect(plan).toMatch(/SEARCH activity_log USING INDEX activity_log_user_created_idx \(user_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN activity_log/);
  }
});

test("deleting a schedule finds its posted transactions through their own index, not by walking every transaction", async () => {
  // The detach the delete runs, and the lookup the foreign key's ON DELETE SET NULL makes (SQLite
  // searches the child table by the key alone: without an index, every user's transactions).
  const detach = detachFromScheduleQuery(db, user, "schedule-1").toSQL();
  const plans: string[] = [];
  for (const { sql, args } of [
    { sql: detach.sql, args: detach.params },
    { sql: "select 1 from transactions where recurring_id = ?", args: ["schedule-1"] },
  ]) {
    plans.push((await client.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows.map((r) => String(r.detail)).join(" | "));
  }
  expect(plans).toHaveLength(2);
  for (const plan of plans) {
    expect(plan).toMatch(/transactions USING (COVERING )?INDEX transactions_recurring_idx \(recurring_id=\?\)/);
    expect(plan).not.toMatch(/SCAN transactions\b/);
  }
});

test("the new form's memory reads the user's latest transactions from a (user, date) index and each one's first payment by its key", async () => {
  for (const plan of [...(await plansOf(() => entryMemory(db, user))), ...(await newerPlansOf(() => entryMemory(db, user)))]) {
    expect(plan).toMatch(/SEARCH transactions USING (COVERING )?INDEX transactions_user_(type_)?date_totals_idx \(user_id=\?\)/);
    expect(plan).toMatch(/SEARCH payments USING INDEX payments_transaction_idx \(transaction_id=\? AND position=\?\)/);
    expect(plan).not.toMatch(/SCAN transactions|SCAN payments/);
  }
});

test("an import's undo finds its transactions, their payments and tag links through the import's own index, and the unused categories and tags it created by their keys", async () => {
  const plans: string[] = [];
  const statements = [
    ...deleteImportedQueries(db, user, "import-1").map((q) => q.toSQL()),
    deleteUnusedCategoriesQuery(db, user, ["cat-1", "cat-2"]).toSQL(),
    deleteUnusedTagsQuery(db, user, ["tag-a", "tag-b"]).toSQL(),
  ];
  for (const { sql, params } of statements) {
    plans.push((await client.execute({ sql: `explain query plan ${sql}`, args: params as never })).rows.map((r) => String(r.detail)).join(" | "));
  }
  // A category's delete ends with the foreign keys' look-ups of its children (recurring schedules,
  // transactions, budgets by category alone), as every category delete does: by their own indexes
  // since migration 0013 (the next test).
  const [links, paymentRows, rows, unusedCategories, unusedTags] = plans as [string, string, string, string, string];
  for (const plan of [links, paymentRows, rows]) {
    expect(plan).toMatch(/transactions USING (COVERING )?INDEX transactions_import_idx \(user_id=\? AND import_id=\?\)/);
    expect(plan).not.toMatch(readsAllOfTheUser);
  }
  expect(paymentRows).toMatch(/payments USING (COVERING )?INDEX payments_transaction_idx \(transaction_id=\?\)/);
  expect(unusedCategories).toMatch(/categories USING INDEX sqlite_autoindex_categories_1 \(id=\?\)/);
  expect(unusedCategories).toMatch(/transactions USING (COVERING )?INDEX transactions_category_user_idx \(category_id=\? AND user_id=\?\)/);
  expect(unusedTags).toMatch(/tags USING INDEX sqlite_autoindex_tags_1 \(id=\?\)/);
  expect(unusedTags).toMatch(/transaction_tags USING (COVERING )?INDEX transaction_tags_tag_idx \(tag_id=\?\)/);
  for (const plan of [links, paymentRows, rows, unusedCategories, unusedTags]) expect(plan).not.toMatch(/SCAN (transactions|payments|categories|tags|recurring_transactions|budgets)\b/);
});

// A delete makes SQLite look for the rows that still refer to what it deletes (the foreign keys:
// NO ACTION refuses, CASCADE and SET NULL follow), by the child's column alone. Without an index
// that starts with it, each look-up reads the child table whole: every user's rows, a cost that
// grows with the database, not with the user (a category's delete scanned every transaction of
// every user until migration 0013).
test("deleting any of a user's records, or the account, finds what refers to it through indexes, never by reading every user's rows", async () => {
  const deletes = ["categories", "recurring_transactions", "savings_goals", "transactions", "tags", "imports", "users"];
  for (const table of deletes) {
    const plan = (await client.execute({ sql: `explain query plan delete from ${table} where id = ?`, args: ["x"] })).rows.map((r) => String(r.detail)).join(" | ");
    expect(plan, table).toMatch(new RegExp(`^SEARCH ${table} USING INDEX sqlite_autoindex_${table}_1 \\(id=\\?\\)`));
    expect(plan, table).not.toMatch(/SCAN \w+/);
  }
  // What no delete reaches needs no index: currencies are switched off, never deleted.
  const unindexed: string[] = [];
  for (const { name } of (await client.execute("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_%' escape '\\' and name not like 'd1_%'")).rows as unknown as { name: string }[]) {
    const indexes = (await client.execute(`pragma index_list('${name}')`)).rows.map((i) => String(i.name));
    const firsts = new Set<string>();
    for (const index of indexes) firsts.add(String((await client.execute(`pragma index_info('${index}')`)).rows.find((c) => Number(c.seqno) === 0)?.name));
    for (const fk of (await client.execute(`pragma foreign_key_list('${name}')`)).rows) {
      if (fk.table !== "currencies" && !firsts.has(String(fk.from))) unindexed.push(`${name}.${fk.from}`);
    }
  }
  expect(unindexed).toEqual([]);
});
