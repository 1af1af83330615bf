import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import { createTransaction } from "~/features/transactions/commands.server";
import type { Db } from "~/platform/db/client.server";
import { activityLog, categories, imports, payments, tags, transactions, users } from "~/platform/db/schema";
import { commitImport, stageImport, undoImport } from "./commands.server";
import { findImport, listImportRows } from "./queries.server";
import type { ImportMapping } from "./model/mapping";
import { IMPORT_UNDO_WINDOW_MS } from "./model/staged";

// Issue 26, step 5 on real libSQL: the commit writes exactly the staged rows through the
// transactions door, all or nothing, once; the undo takes back exactly the import's transactions
// and what it created (decision 039, "The commit and its undo"). The same through the Worker on
// D1: tests/integration/import-commit.test.ts.

let db: Db;
let counter = 0;

beforeAll(async () => {
  db = await createLibsqlTestDb();
});

async function newUser() {
  const id = `import-commit-${++counter}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  return { userId: id, ip: "198.51.100.7" };
}

// Date, Description, Amount, Currency, Category, Tags, Rate (units per USD)
const BANK = [
  "Date,Description,Amount,Currency,Category,Tags,Rate",
  "2026-03-01,Coffee,-4.50,USD,Coffee shops,morning;work,",
  "2026-03-01,Coffee,-4.50,USD,Coffee shops,morning,",
  "2026-03-02,Croissant,-3.20,EUR,Coffee shops,morning,0.92",
  "2026-03-03,Salary,2500.00,USD,Salary,,",
  "2026-03-04,Taxi,-18.00,EUR,Transport,work,0.9",
].join("\n");

const mapping: ImportMapping = {
  date: { column: 0, format: "yyyy-MM-dd" },
  description: 1,
  amount: { kind: "signed", column: 2, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "column", column: 3 },
  category: 4,
  tags: 5,
  rate: 6,
};

async function stage(actor: { userId: string; ip: string }, text = BANK, fileName = "bank.csv") {
  const outcome = await stageImport(db, actor, { fileName, bytes: new TextEncoder().encode(text), mapping, today: "2026-11-27", history: null });
  if (outcome.kind !== "staged") throw new Error(JSON.stringify(outcome));
  return outcome.id;
}

async function state(userId: string) {
  const [row] = await db.all<{ transactions: number; imported: number; payments: number; categories: number; tags: number; usd: string | null; sum: string | null }>(sql`select
    (select count(*) from transactions where user_id = ${userId}) as transactions,
    (select count(*) from transactions where user_id = ${userId} and import_id is not null) as imported,
    (select count(*) from payments where user_id = ${userId}) as payments,
    (select count(*) from categories where user_id = ${userId}) as categories,
    (select count(*) from tags where user_id = ${userId}) as tags,
    (select cast(usd_cents as text) from payment_totals where user_id = ${userId}) as usd,
    (select cast(coalesce(sum(usd_cents), 0) as text) from payments where user_id = ${userId}) as sum`);
  return row!;
}

const entries = (userId: string) => db.select({ action: activityLog.action, description: activityLog.description, details: activityLog.details }).from(activityLog).where(eq(activityLog.userId, userId));

test("the commit writes exactly the included staged rows with the rates, dates, sources and USD cents the preview showed, creates the missing categories and tags once, and logs one entry", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  const preview = (await listImportRows(db, actor.userId, id, { page: 1, limit: 50 }))!;
  expect(preview.rows.map((r) => r.status)).toEqual(["new", "new", "new", "new", "new"]);

  const outcome = await commitImport(db, actor, { id });
  expect(outcome).toEqual({ kind: "committed", result: { imported: 5, duplicates: 0, refused: 0 } });

  const written = await db
    .select({ description: transactions.description, date: transactions.date, usdCents: transactions.usdCents, importId: transactions.importId, categoryId: transactions.categoryId })
    .from(transactions)
    .where(eq(transactions.userId, actor.userId))
    .orderBy(transactions.date, transactions.usdCents);
  expect(written.every((t) => t.importId === id)).toBe(true);
  const stored = await db
    .select({ currency: payments.currencyCode, amount: payments.amountMinor, rate: payments.rate, rateDate: payments.rateDate, rateSource: payments.rateSource, usd: payments.usdCents, method: payments.method })
    .from(payments)
    .innerJoin(transactions, eq(transactions.id, payments.transactionId))
    .where(eq(payments.userId, actor.userId))
    .orderBy(transactions.date, payments.usdCents);
  const staged = preview.rows
    .flatMap((r) => r.payments!.map((p) => ({ currency: p.currency, amount: p.amountMinor, rate: p.stored!.rate, rateDate: p.stored!.date, rateSource: p.stored!.source, usd: p.usdCents, method: "cash" })))
    .sort((a, b) => 0 || a.usd! - b.usd!);
  expect([...stored].sort((a, b) => a.usd - b.usd)).toEqual(staged);
  // The file's rate for EUR is the user's (manual), on the row's day; never 1.
  expect(stored.find((p) => p.currency === "EUR" && p.amount === 320)).toMatchObject({ rate: "0.92", rateDate: "2026-03-02", rateSource: "manual", usd: 348 });

  // "Coffee shops" and "Transport" did not exist: created once each; "Salary" is the default; tags morning and work created once.
  const mine = await db.select({ name: categories.name, type: categories.type }).from(categories).where(eq(categories.userId, actor.userId)).orderBy(categories.name);
  expect(mine).toEqual([
    { name: "Coffee shops", type: "expense" },
    { name: "Transport", type: "expense" },
  ]);
  expect((await db.select({ name: tags.name }).from(tags).where(eq(tags.userId, actor.userId)).orderBy(tags.name)).map((t) => t.name)).toEqual(["morning", "work"]);
  expect(written.find((t) => t.description === "Salary")?.categoryId).toBe("default-salary");

  expect(await entries(actor.userId)).toEqual([{ action: "import_commit", description: "Imported 5 transactions from bank.csv", details: { count: 5, file: "bank.csv" } }]);
  const summary = await findImport(db, actor.userId, id);
  expect(summary).toMatchObject({ status: "committed", result: { imported: 5, duplicates: 0, refused: 0 } });
  const totals = await state(actor.userId);
  expect(totals.usd).toBe(totals.sum);
});

test("a category or tag made since the preview is matched by name, not created again", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  await db.insert(categories).values({ id: `made-since-${actor.userId}`, userId: actor.userId, name: "COFFEE SHOPS", nameKey: "coffee shops", type: "expense" });
  await db.insert(tags).values({ id: `tag-since-${actor.userId}`, userId: actor.userId, name: "Work", nameKey: "work" });
  expect((await commitImport(db, actor, { id })).kind).toBe("committed");
  expect(await db.select({ id: categories.id }).from(categories).where(and(eq(categories.userId, actor.userId), eq(categories.nameKey, "coffee shops")))).toEqual([{ id: `made-since-${actor.userId}` }]);
  expect(await db.select({ id: tags.id }).from(tags).where(and(eq(tags.userId, actor.userId), eq(tags.nameKey, "work")))).toEqual([{ id: `tag-since-${actor.userId}` }]);
});

test("excluded rows and duplicates that are not included are counted, not written: imported, skipped as duplicates, refused", async () => {
  const actor = await newUser();
  const first = await stage(actor);
  expect((await commitImport(db, actor, { id: first })).kind).toBe("committed");
  // The same file again plus one new row and one broken one: five duplicates, one new, one error.
  const second = await stage(actor, `${BANK}\n2026-03-05,Lunch,-12.00,USD,,,\n2026-13-40,Broken,-1.00,USD,,,`);
  const rows = (await listImportRows(db, actor.userId, second, { page: 1, limit: 50 }))!.rows;
  expect(rows.map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "new", "error"]);
  const outcome = await commitImport(db, actor, { id: second });
  expect(outcome).toEqual({ kind: "committed", result: { imported: 1, duplicates: 5, refused: 1 } });
  expect((await state(actor.userId)).transactions).toBe(6);
});

test("committed twice (a double click, two tabs) writes once: the second answers notStaged", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  expect((await commitImport(db, actor, { id })).kind).toBe("committed");
  expect(await commitImport(db, actor, { id })).toEqual({ kind: "notStaged" });
  expect((await state(actor.userId)).imported).toBe(5);
  expect(await entries(actor.userId)).toHaveLength(1);
});

const NOTHING_TO_CREATE = ["Date,Description,Amount,Currency,Category,Tags,Rate", "2026-03-03,Salary,2500.00,USD,Salary,,", "2026-03-04,Lunch,-10.00,USD,,,"].join("\n");

test.each([
  ["creates nothing but transactions (its guard stops the later batch)", NOTHING_TO_CREATE, { imported: 2, categories: 0, tags: 0 }],
  ["creates categories and tags (their names, taken by the first, stop it first)", BANK, { imported: 5, categories: 2, tags: 2 }],
])("two commits racing past the staged check write once, when the import %s: the later answers notStaged", async (_, text, expected) => {
  const actor = await newUser();
  const id = await stage(actor, text);
  let raced: unknown;
  // The other commit runs whole just before this one's write batch (the one that inserts the transactions).
  const racing = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return async (queries: Parameters<Db["batch"]>[0]) => {
        if (queries.length > 3 && raced === undefined) raced = await commitImport(db, actor, { id });
        return target.batch(queries);
      };
    },
  });
  expect(await commitImport(racing, actor, { id })).toEqual({ kind: "notStaged" });
  expect(raced).toMatchObject({ kind: "committed" });
  const after = await state(actor.userId);
  expect(after).toMatchObject(expected);
  expect(after.usd).toBe(after.sum);
  expect((await entries(actor.userId)).map((e) => e.action)).toEqual(["import_commit"]);
});

test("a failure in the middle of the commit's batch leaves no imported row, no category, no tag and no entry, and the import still staged", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  // A statement the database refuses, put among the commit's own (after the transaction rows, before their payments).
  const failing = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return async (queries: Parameters<Db["batch"]>[0]) => {
        if (queries.length <= 5) return target.batch(queries);
        const broken = target.insert(tags).values({ userId: actor.userId, name: null as unknown as string, nameKey: "broken" });
        const middle = Math.floor(queries.length / 2);
        return target.batch([...queries.slice(0, middle), broken, ...queries.slice(middle)] as unknown as Parameters<Db["batch"]>[0]);
      };
    },
  });
  await expect(commitImport(failing, actor, { id })).rejects.toThrow();
  expect(await state(actor.userId)).toMatchObject({ transactions: 0, payments: 0, categories: 0, tags: 0 });
  expect(await entries(actor.userId)).toEqual([]);
  expect((await findImport(db, actor.userId, id))?.status).toBe("staged");
  // And it can still be committed.
  expect((await commitImport(db, actor, { id })).kind).toBe("committed");
});

test("a row the door refuses since the preview (its category deleted) writes nothing: the answer names its line and the row becomes an error with the reason", async () => {
  const actor = await newUser();
  await db.insert(categories).values({ id: `coffee-${actor.userId}`, userId: actor.userId, name: "Coffee shops", nameKey: "coffee shops", type: "expense" });
  const id = await stage(actor);
  await db.delete(categories).where(eq(categories.id, `coffee-${actor.userId}`));
  const outcome = await commitImport(db, actor, { id });
  expect(outcome).toEqual({ kind: "changed", lines: [2, 3, 4] });
  expect(await state(actor.userId)).toMatchObject({ transactions: 0, categories: 0, tags: 0 });
  expect((await findImport(db, actor.userId, id))?.status).toBe("staged");
  const rows = (await listImportRows(db, actor.userId, id, { page: 1, limit: 50 }))!.rows;
  expect(rows.map((r) => [r.line, r.status, r.included])).toEqual([
    [2, "error", false],
    [3, "error", false],
    [4, "error", false],
    [5, "new", true],
    [6, "new", true],
  ]);
  expect(rows[0]!.reason).toEqual({ key: "validation.categoryInvalid" });
  // What is left commits.
  expect(await commitImport(db, actor, { id })).toEqual({ kind: "committed", result: { imported: 2, duplicates: 0, refused: 3 } });
});

test("undo removes exactly the import's transactions, keeps one entered by hand the same day, the categories and tags still in use, and the running totals equal the remaining payments", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  expect((await commitImport(db, actor, { id })).kind).toBe("committed");
  const [transport] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.userId, actor.userId), eq(categories.name, "Transport")));
  const byHand = await createTransaction(db, actor, {
    input: { type: "EXPENSE", description: "Coffee", date: "2026-03-01", categoryId: transport!.id, tagIds: [], multi: false, payments: [{ currencyCode: "USD", amount: "4.50", method: "cash" }] },
  });
  expect(byHand.kind).toBe("created");

  const outcome = await undoImport(db, actor, { id });
  expect(outcome).toEqual({ kind: "undone", removed: 5 });
  const left = await db.select({ id: transactions.id, importId: transactions.importId }).from(transactions).where(eq(transactions.userId, actor.userId));
  expect(left).toEqual([{ id: (byHand as { id: string }).id, importId: null }]);
  const after = await state(actor.userId);
  expect(after).toMatchObject({ payments: 1, sum: "450", usd: "450" });
  // "Coffee shops" and both tags were the import's and are unused now; "Transport" holds the hand-entered one.
  expect((await db.select({ name: categories.name }).from(categories).where(eq(categories.userId, actor.userId))).map((c) => c.name)).toEqual(["Transport"]);
  expect(after.tags).toBe(0);
  expect((await findImport(db, actor.userId, id))?.status).toBe("undone");
  expect((await entries(actor.userId)).filter((e) => e.action === "import_undo")).toEqual([
    { action: "import_undo", description: "Import undone: bank.csv", details: { count: 5, file: "bank.csv" } },
  ]);
  // Once only.
  expect(await undoImport(db, actor, { id })).toEqual({ kind: "notCommitted" });
});

test("undo is refused after 7 days (tooLate) and for a staged import (notCommitted), changing nothing", async () => {
  const actor = await newUser();
  const id = await stage(actor);
  expect(await undoImport(db, actor, { id })).toEqual({ kind: "notCommitted" });
  const committedAt = new Date("2026-11-01T10:00:00Z");
  expect((await commitImport(db, actor, { id, now: committedAt })).kind).toBe("committed");
  expect(await undoImport(db, actor, { id, now: new Date(committedAt.getTime() + IMPORT_UNDO_WINDOW_MS + 1) })).toEqual({ kind: "tooLate" });
  expect((await state(actor.userId)).imported).toBe(5);
  expect(await undoImport(db, actor, { id, now: new Date(committedAt.getTime() + IMPORT_UNDO_WINDOW_MS) })).toEqual({ kind: "undone", removed: 5 });
});

test("another user's import: commit and undo answer notFound and change nothing", async () => {
  const owner = await newUser();
  const stranger = await newUser();
  const id = await stage(owner);
  expect(await commitImport(db, stranger, { id })).toEqual({ kind: "notFound" });
  expect((await findImport(db, owner.userId, id))?.status).toBe("staged");
  expect((await commitImport(db, owner, { id })).kind).toBe("committed");
  expect(await undoImport(db, stranger, { id })).toEqual({ kind: "notFound" });
  expect((await state(owner.userId)).imported).toBe(5);
  expect(await state(stranger.userId)).toMatchObject({ transactions: 0, categories: 0, tags: 0 });
  expect(await db.select().from(imports).where(eq(imports.userId, stranger.userId))).toEqual([]);
  expect(await commitImport(db, owner, { id: "" })).toEqual({ kind: "notFound" });
});
