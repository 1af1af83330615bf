import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb, storedPayment as storedPaymentIn } from "../../../tests/setup/libsql-db";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { transactionInputSchema, type TransactionInput } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { activityLog, categories, currencies, exchangeRates, idempotencyKeys, tags, transactions, users } from "~/platform/db/schema";
import { createTransaction, createTransactions } from "./commands.server";
import { getTransaction } from "./queries.server";

// The transactions door in batch form (decision 024) on real libSQL: one outcome per input
// (created, refused with its issues, over a per-user limit of decision 011), the limit held by the
// batch as a whole, one activity entry per call, and the caller's statements committing or
// failing with the transactions.

let db: Db;
let userCounter = 0;

beforeAll(async () => {
  db = await createLibsqlTestDb();
});

async function newUser() {
  const id = `batch-user-${++userCounter}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x" });
  return id;
}

function input(raw: Record<string, unknown> = {}): TransactionInput {
  return transactionInputSchema.parse({
    type: "EXPENSE",
    description: "Groceries",
    date: "2026-11-10",
    categoryId: "default-food",
    payments: [{ currencyCode: "USD", amount: "1.00", method: "cash" }],
    ...raw,
  });
}
const storedPayment = (userId: string, currencyCode: string, amountMinor: number, usdCents: number) => storedPaymentIn(db, userId, currencyCode, amountMinor, usdCents);

const usd = (amount: string, raw: Record<string, unknown> = {}) => input({ payments: [{ currencyCode: "USD", amount, method: "cash" }], ...raw });
const jpy = (amount: string) => input({ payments: [{ currencyCode: "JPY", amount, method: "cash" }] });

async function counts(userId: string) {
  const [row] = await db.all<{ transactions: number; payments: number; links: number; activity: number; usd: string | null }>(sql`select
    (select count(*) from transactions where user_id = ${userId}) as transactions,
    (select count(*) from payments where user_id = ${userId}) as payments,
    (select count(*) from transaction_tags where transaction_id in (select id from transactions where user_id = ${userId})) as links,
    (select count(*) from activity_log where user_id = ${userId}) as activity,
    (select cast(usd_cents as text) from payment_totals where user_id = ${userId}) as usd`);
  return row!;
}

const actorOf = (userId: string) => ({ userId, ip: "203.0.113.9" });

test("each input gets its own outcome: the valid ones are created with their payments and tags, a refused one keeps its issues, and the call writes one activity entry saying how many", async () => {
  const me = await newUser();
  const other = await newUser();
  await db.insert(tags).values([
    { id: "batch-tag-mine", userId: me, name: "Trip", nameKey: "trip" },
    { id: "batch-tag-theirs", userId: other, name: "Theirs", nameKey: "theirs" },
  ]);
  await db.insert(categories).values({ id: "batch-cat-theirs", userId: other, name: "Theirs", nameKey: "theirs", type: "expense", color: "#000000", icon: "x" });
  const outcomes = await createTransactions(
    db,
    actorOf(me),
    [
      usd("12.34", { description: "Market", tagIds: ["batch-tag-mine"] }),
      usd("1.00", { description: "Their category", categoryId: "batch-cat-theirs" }),
      usd("1.00", { description: "Their tag", tagIds: ["batch-tag-theirs"] }),
      input({ description: "Two currencies", multi: true, payments: [{ currencyCode: "EUR", amount: "10.00", method: "credit_card" }, { currencyCode: "JPY", amount: "1500", method: "cash" }] }),
      usd("5.00", { type: "INCOME", description: "Wrong type" }),
    ],
    { source: "import" },
  );
  expect(outcomes.map((o) => o.kind)).toEqual(["created", "invalid", "invalid", "created", "invalid"]);
  expect(outcomes[1]).toEqual({ kind: "invalid", issues: [{ path: ["categoryId"], message: "validation.categoryInvalid" }] });
  expect(outcomes[2]).toEqual({ kind: "invalid", issues: [{ path: ["tagIds"], message: "validation.tagInvalid" }] });
  expect(outcomes[4]).toEqual({ kind: "invalid", issues: [{ path: ["categoryId"], message: "validation.categoryTypeMismatch" }] });

  const market = await getTransaction(db, me, (outcomes[0] as { id: string }).id);
  expect(market).toMatchObject({ description: "Market", usdCents: 1234, tagIds: ["batch-tag-mine"], category: { id: "default-food" } });
  const two = await getTransaction(db, me, (outcomes[3] as { id: string }).id);
  expect(two?.payments.map((p) => [p.currencyCode, p.amountMinor, p.method])).toEqual([["EUR", 1000, "credit_card"], ["JPY", 1500, "cash"]]);
  expect(two?.usdCents).toBe(two!.payments.reduce((sum, p) => sum + p.usdCents, 0));

  expect(await counts(me)).toMatchObject({ transactions: 2, payments: 3, links: 1, activity: 1 });
  const [entry] = await db.select().from(activityLog).where(eq(activityLog.userId, me));
  expect(entry).toMatchObject({ action: "transactions_create", description: "2", details: { count: 2, source: "import" }, ipAddress: "203.0.113.9" });
});

test("one input writes the entry a single create always has: its description", async () => {
  const me = await newUser();
  const [outcome] = await createTransactions(db, actorOf(me), [usd("3.00", { description: "Just one" })], { source: "recurring" });
  expect(outcome?.kind).toBe("created");
  const entries = await db.select().from(activityLog).where(eq(activityLog.userId, me));
  expect(entries.map((e) => [e.action, e.description, e.details])).toEqual([["transaction_create", "Just one", { description: "Just one", source: "recurring" }]]);
});

test("the USD limit holds for the batch with what is stored: the input that would pass it is refused as a single create is, and the ones after it still fit", async () => {
  const me = await newUser();
  await storedPayment(me, "EUR", 1, MAX_USER_TOTAL_MINOR - 300);
  const outcomes = await createTransactions(db, actorOf(me), [usd("2.00"), usd("2.00"), usd("1.00")], { source: "import" });
  expect(outcomes.map((o) => o.kind)).toEqual(["created", "overLimit", "created"]);
  // The same refusal a single create gets for the same input at the same total.
  const single = await createTransaction(db, actorOf(me), { input: usd("0.01") });
  expect(outcomes[1]).toEqual(single);
  expect(single).toEqual({ kind: "overLimit", limit: "usd", issue: { path: ["payments", 0, "amount"], message: "validation.userUsdTotalLimit" } });
  expect(await counts(me)).toMatchObject({ transactions: 3, payments: 3, usd: String(MAX_USER_TOTAL_MINOR) });
});

test("each currency's limit holds for the batch in that currency's own units", async () => {
  const me = await newUser();
  await storedPayment(me, "JPY", MAX_USER_TOTAL_MINOR - 10, 1);
  const outcomes = await createTransactions(db, actorOf(me), [jpy("6"), jpy("5"), jpy("4"), usd("1.00")], { source: "import" });
  expect(outcomes.map((o) => (o.kind === "overLimit" ? o.limit : o.kind))).toEqual(["created", "currency", "created", "created"]);
  expect(outcomes[1]).toMatchObject({ issue: { path: ["payments", 0, "amount"], message: "validation.userCurrencyTotalLimit" } });
  const [jpyTotal] = await db.all<{ amount: string }>(
    sql`select cast(amount_minor as text) as amount from payment_currency_totals where user_id = ${me} and currency_code = 'JPY'`,
  );
  expect(jpyTotal?.amount).toBe(String(MAX_USER_TOTAL_MINOR));
});

test("a write that takes the room between the batch's read and its write: the batch is planned again from the new totals, and the limit is never passed", async () => {
  const me = await newUser();
  await storedPayment(me, "EUR", 1, MAX_USER_TOTAL_MINOR - 300);
  // A database whose second batch (the write) is preceded by another writer's 2.00.
  let batches = 0;
  const racing = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return async (queries: Parameters<Db["batch"]>[0]) => {
        if (++batches === 2) await storedPayment(me, "EUR", 1, 200);
        return target.batch(queries);
      };
    },
  });
  const outcomes = await createTransactions(racing, actorOf(me), [usd("2.00"), usd("1.00")], { source: "import" });
  expect(outcomes.map((o) => o.kind)).toEqual(["overLimit", "created"]);
  expect(await counts(me)).toMatchObject({ transactions: 3, usd: String(MAX_USER_TOTAL_MINOR) });
});

test("the caller's statements commit with the transactions, and one that fails leaves nothing written", async () => {
  const me = await newUser();
  const remember = (key: string) => db.insert(idempotencyKeys).values({ userId: me, key, requestHash: "h", responseStatus: 201, responseBody: "{}" });
  const seen: number[] = [];
  const outcomes = await createTransactions(db, actorOf(me), [usd("1.00"), usd("2.00")], {
    source: "import",
    extraStatements: (planned) => {
      seen.push(...planned.map((p) => p.index));
      return [remember("import-1")];
    },
  });
  expect(outcomes.map((o) => o.kind)).toEqual(["created", "created"]);
  expect(seen).toEqual([0, 1]);
  const before = await counts(me);
  expect(before).toMatchObject({ transactions: 2, payments: 2, activity: 1 });

  // The same key again violates the table's unique key: the whole batch is refused.
  await expect(
    createTransactions(db, actorOf(me), [usd("3.00"), usd("4.00")], { source: "import", extraStatements: () => [remember("import-1")] }),
  ).rejects.toThrow();
  expect(await counts(me)).toEqual(before);
});

test("no input, or none that passes and no statement of the caller's, writes nothing", async () => {
  const me = await newUser();
  expect(await createTransactions(db, actorOf(me), [], { source: "import" })).toEqual([]);
  const [outcome] = await createTransactions(db, actorOf(me), [usd("1.00", { categoryId: "missing" })], { source: "import" });
  expect(outcome?.kind).toBe("invalid");
  expect(await counts(me)).toMatchObject({ transactions: 0, activity: 0 });
});

test("with an Idempotency-Key the single create answers data, not HTTP: the stored answer on a retry, keyReused for another body, and nothing more written", async () => {
  const me = await newUser();
  const idempotency = (hash: string) => ({ key: "retry-1", hash, answer: (record: { id: string }) => JSON.stringify({ id: record.id }) });
  const first = await createTransaction(db, actorOf(me), { input: usd("7.00"), idempotency: idempotency("body-a"), source: "api" });
  expect(first.kind).toBe("created");
  const id = (first as { id: string }).id;
  expect(first).toEqual({ kind: "created", id, answer: JSON.stringify({ id }) });
  expect(await createTransaction(db, actorOf(me), { input: usd("7.00"), idempotency: idempotency("body-a"), source: "api" })).toEqual({
    kind: "replayed",
    status: 201,
    body: JSON.stringify({ id }),
  });
  expect(await createTransaction(db, actorOf(me), { input: usd("8.00"), idempotency: idempotency("body-b"), source: "api" })).toEqual({ kind: "keyReused" });
  expect(await counts(me)).toMatchObject({ transactions: 1, activity: 1 });
});

// --- The options an import needs (issue 26, decision 024): its stored conversions, all or
// nothing, its id on each row, the categories and tags it creates, and its own activity entry. ---

const stored = (currencyCode: string, amountMinor: number, rate: string, rateDate: string, rateSource: string, usdCents: number) => ({
  currencyCode,
  amountMinor,
  rate,
  rateDate,
  rateSource,
  usdCents,
});

test("storedRates: each payment is stored with exactly the rate, rate date, source and USD cents given, not the rate on file for the date", async () => {
  const me = await newUser();
  await db.insert(exchangeRates).values({ currencyCode: "EUR", date: "2026-11-10", rate: "0.5", source: "door-test", fetchedAt: new Date() });
  const eur = input({ multi: true, payments: [{ currencyCode: "EUR", amount: "10.00", method: "cash" }, { currencyCode: "USD", amount: "2.50", method: "cash" }] });
  const given = [stored("EUR", 1000, "0.912345", "2026-11-08", "frankfurter", 1096), stored("USD", 250, "1", "2026-11-10", "fixed", 250)];
  const [outcome] = await createTransactions(db, actorOf(me), [eur], { source: "import", storedRates: [given] });
  expect(outcome?.kind).toBe("created");
  const record = await getTransaction(db, me, (outcome as { id: string }).id);
  expect(record?.payments.map((p) => [p.currencyCode, p.amountMinor, p.rate, p.rateDate, p.rateSource, p.usdCents])).toEqual([
    ["EUR", 1000, "0.912345", "2026-11-08", "frankfurter", 1096],
    ["USD", 250, "1", "2026-11-10", "fixed", 250],
  ]);
  expect(record?.usdCents).toBe(1346);
  // Without them, the same input takes the rate on file for its date.
  const [plain] = await createTransactions(db, actorOf(me), [eur], { source: "import" });
  expect((await getTransaction(db, me, (plain as { id: string }).id))?.payments[0]).toMatchObject({ rate: "0.5", rateDate: "2026-11-10", rateSource: "door-test", usdCents: 2000 });
});

test("storedRates do not keep a retired currency usable, as an edit's recorded payments do: the input is refused", async () => {
  const me = await newUser();
  await db.insert(currencies).values({ code: "XTS", name: "Retired test money", symbol: "X", decimalPlaces: 2, isActive: false }).onConflictDoNothing();
  const retired = input({ payments: [{ currencyCode: "XTS", amount: "1.00", method: "cash" }] });
  const outcomes = await createTransactions(db, actorOf(me), [retired], { source: "import", storedRates: [[stored("XTS", 100, "2", "2026-11-10", "manual", 50)]] });
  expect(outcomes).toEqual([{ kind: "invalid", issues: [{ path: ["payments", 0, "currencyCode"], message: "validation.currencyInvalid" }] }]);
  expect(await counts(me)).toMatchObject({ transactions: 0, activity: 0 });
});

test("allOrNothing: one refused input writes nothing at all, not even the caller's statements; the refused keeps its issues and the others are withheld", async () => {
  const me = await newUser();
  let calls = 0;
  const outcomes = await createTransactions(db, actorOf(me), [usd("1.00"), usd("2.00", { categoryId: "missing" }), usd("3.00")], {
    source: "import",
    allOrNothing: true,
    extraStatements: () => {
      calls++;
      return [db.insert(idempotencyKeys).values({ userId: me, key: "all-or-nothing", requestHash: "h", responseStatus: 201, responseBody: "{}" })];
    },
  });
  expect(outcomes).toEqual([{ kind: "withheld" }, { kind: "invalid", issues: [{ path: ["categoryId"], message: "validation.categoryInvalid" }] }, { kind: "withheld" }]);
  expect(calls).toBe(0);
  expect(await counts(me)).toMatchObject({ transactions: 0, payments: 0, activity: 0 });
  expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, me))).toEqual([]);
  // Over a per-user limit counts as refused too.
  await storedPayment(me, "EUR", 1, MAX_USER_TOTAL_MINOR - 300);
  const limited = await createTransactions(db, actorOf(me), [usd("2.00"), usd("2.00")], { source: "import", allOrNothing: true });
  expect(limited.map((o) => o.kind)).toEqual(["withheld", "overLimit"]);
  expect(await counts(me)).toMatchObject({ transactions: 1 });
});

test("importId is stored on every transaction of the call, and ownActivityEntry leaves the entry to the caller's statements", async () => {
  const me = await newUser();
  const outcomes = await createTransactions(db, actorOf(me), [usd("1.00"), usd("2.00")], {
    source: "import",
    importId: "import-door-1",
    ownActivityEntry: true,
  });
  expect(outcomes.map((o) => o.kind)).toEqual(["created", "created"]);
  const rows = await db.select({ importId: transactions.importId }).from(transactions).where(eq(transactions.userId, me));
  expect(rows).toEqual([{ importId: "import-door-1" }, { importId: "import-door-1" }]);
  expect(await counts(me)).toMatchObject({ activity: 0 });
  // Other callers' transactions carry none.
  await createTransactions(db, actorOf(me), [usd("3.00")], { source: "web" });
  expect((await db.select({ importId: transactions.importId }).from(transactions).where(eq(transactions.userId, me))).filter((r) => r.importId === null)).toHaveLength(1);
});

test("newRecords: the categories and tags the caller creates in the batch count as the user's, are written before the transactions, and a name taken since fails the whole batch", async () => {
  const me = await newUser();
  const category = { id: `new-cat-${me}`, name: "Imported stuff", type: "expense" as const };
  const tag = { id: `new-tag-${me}`, name: "From the bank" };
  const newRecords = () => ({
    categories: [category],
    tagIds: [tag.id],
    statements: [
      db.insert(categories).values({ id: category.id, userId: me, name: category.name, nameKey: "imported stuff", type: "expense" }),
      db.insert(tags).values({ id: tag.id, userId: me, name: tag.name, nameKey: "from the bank" }),
    ],
  });
  // Without newRecords the same inputs are refused: the category and the tag are not the user's yet.
  const refused = await createTransactions(db, actorOf(me), [usd("1.00", { categoryId: category.id, tagIds: [tag.id] })], { source: "import" });
  expect(refused[0]?.kind).toBe("invalid");
  const outcomes = await createTransactions(db, actorOf(me), [usd("1.00", { categoryId: category.id, tagIds: [tag.id] }), usd("2.00", { categoryId: category.id })], {
    source: "import",
    newRecords: newRecords(),
  });
  expect(outcomes.map((o) => o.kind)).toEqual(["created", "created"]);
  const record = await getTransaction(db, me, (outcomes[0] as { id: string }).id);
  expect(record).toMatchObject({ categoryId: category.id, category: { name: "Imported stuff" }, tagIds: [tag.id] });
  // The same records again: the unique name keys refuse them, and nothing of the batch is written.
  const before = await counts(me);
  await expect(
    createTransactions(db, actorOf(me), [usd("3.00", { categoryId: category.id })], {
      source: "import",
      newRecords: { ...newRecords(), categories: [{ ...category, id: `other-${me}` }], statements: [db.insert(categories).values({ id: `other-${me}`, userId: me, name: "IMPORTED STUFF", nameKey: "imported stuff", type: "expense" })] },
    }),
  ).rejects.toThrow();
  expect(await counts(me)).toEqual(before);
});

test("20,000 inputs with two payments and a tag each are written in a handful of statements (rows as JSON pieces), every row and the running totals right", async () => {
  const me = await newUser();
  await db.insert(tags).values({ id: `bulk-tag-${me}`, userId: me, name: "Bulk", nameKey: "bulk" });
  const sizes: number[] = [];
  const counting = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return (queries: Parameters<Db["batch"]>[0]) => {
        sizes.push(queries.length);
        return target.batch(queries);
      };
    },
  });
  const many = Array.from({ length: 20_000 }, (_, i) =>
    input({
      description: `Bulk ${i} “ñ”`,
      date: `2026-11-${String((i % 25) + 1).padStart(2, "0")}`,
      tagIds: [`bulk-tag-${me}`],
      multi: true,
      payments: [
        { currencyCode: "USD", amount: `${(i % 500) + 1}.25`, method: "cash" },
        { currencyCode: "EUR", amount: "1.00", method: "debit_card" },
      ],
    }),
  );
  const started = Date.now();
  const outcomes = await createTransactions(counting, actorOf(me), many, { source: "import" });
  expect(outcomes.every((o) => o.kind === "created")).toBe(true);
  // One batch of reads, one of writes: 20,000 rows, 40,000 payments and 20,000 links in under 40 statements (8,000 or so at 100 parameters each).
  expect(sizes).toHaveLength(2);
  expect(sizes[1]).toBeLessThan(40);
  console.info(`door: 20,000 inputs in ${Date.now() - started} ms, write batch of ${sizes[1]} statements`);
  const after = await counts(me);
  expect(after).toMatchObject({ transactions: 20_000, payments: 40_000, links: 20_000, activity: 1 });
  const [sum] = await db.all<{ s: string }>(sql`select cast(sum(usd_cents) as text) as s from payments where user_id = ${me}`);
  expect(after.usd).toBe(sum!.s);
  const sample = await getTransaction(db, me, (outcomes[12_345] as { id: string }).id);
  expect(sample).toMatchObject({ description: "Bulk 12345 “ñ”", date: "2026-11-21", tagIds: [`bulk-tag-${me}`] });
  expect(sample?.payments.map((p) => [p.currencyCode, p.amountMinor, p.method])).toEqual([["USD", 34625, "cash"], ["EUR", 100, "debit_card"]]);
}, 120_000);
