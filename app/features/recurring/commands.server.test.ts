import type { Client, InStatement } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { activityLog, exchangeRates, users } from "~/platform/db/schema";
import { deleteTransaction } from "~/features/transactions/commands.server";
import { createSchedule, deleteSchedule, pauseSchedule, postDue, postNextNow, resumeSchedule, skipOccurrence, updateSchedule } from "./commands.server";
import { consumedDates, dueScheduleCandidates, findSchedule, listSchedules, plannedSpending, upcomingDates, upcomingOccurrences } from "./queries.server";
import { scheduleInputSchema } from "./schemas";

// Schedules on real libSQL: each occurrence posted exactly once through the transactions door,
// at its own date's rate, whoever posts it; skips, deletes and pauses that hold; a missing rate
// that holds the occurrence instead of guessing.

let db: Db;
let counter = 0;

beforeAll(async () => {
  db = await createLibsqlTestDb();
});

async function newUser(timeZone = "UTC") {
  const id = `recurring-user-${++counter}`;
  await db.insert(users).values({ id, email: `${id}@example.com`, firstName: id, lastName: "Test", passwordHash: "x", timeZone });
  return { userId: id, ip: "203.0.113.7" };
}

const input = (raw: Record<string, unknown> = {}) =>
  scheduleInputSchema.parse({
    type: "EXPENSE",
    description: "Rent",
    categoryId: "default-food",
    payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }],
    frequency: "monthly",
    startDate: "2026-12-01",
    ...raw,
  });

type Posted = { date: string; occurrence_date: string; recurring_id: string | null; usd_cents: number; rate: string; rate_date: string };
async function posted(userId: string): Promise<Posted[]> {
  return db.all<Posted>(sql`select t.date, t.occurrence_date, t.recurring_id, t.usd_cents, p.rate, p.rate_date from transactions t
    join payments p on p.transaction_id = t.id where t.user_id = ${userId} order by t.occurrence_date, t.date`);
}

const at = (iso: string) => new Date(iso);

test("a start in the past posts each past occurrence on its own date at its own date's rate, once", async () => {
  const me = await newUser();
  await db.insert(exchangeRates).values([
    { currencyCode: "EUR", date: "2026-11-10", rate: "0.9", source: "provider", fetchedAt: at("2026-11-10T00:00:00Z") },
    { currencyCode: "EUR", date: "2026-11-17", rate: "0.8", source: "provider", fetchedAt: at("2026-11-17T00:00:00Z") },
  ]);
  const outcome = await createSchedule(
    db,
    me,
    input({ description: "Gym", frequency: "weekly", startDate: "2026-11-03", payments: [{ currencyCode: "EUR", amount: "9.00", method: "cash" }] }),
    { now: at("2026-11-20T12:00:00Z") },
  );
  expect(outcome.kind).toBe("created");
  expect(outcome.kind === "created" && outcome.posted).toBe(3);
  const rows = await posted(me.userId);
  expect(rows.map((r) => [r.date, r.occurrence_date, r.rate, r.rate_date])).toEqual([
    ["2026-11-03", "2026-11-03", "0.8612", "2026-11-01"],
    ["2026-11-10", "2026-11-10", "0.9", "2026-11-10"],
    ["2026-11-17", "2026-11-17", "0.8", "2026-11-17"],
  ]);
  expect(rows.map((r) => r.usd_cents)).toEqual([1045, 1000, 1125]);
  // The job after it finds nothing more to post.
  expect((await postDue(db, { userId: me.userId, now: at("2026-11-20T13:00:00Z") })).posted).toBe(0);
  const schedule = await findSchedule(db, me.userId, (outcome as { schedule: { id: string } }).schedule.id);
  expect(schedule?.nextDate).toBe("2026-11-24");
});

test("without the past, a start before today begins at the first occurrence on or after today", async () => {
  const me = await newUser();
  const outcome = await createSchedule(db, me, input({ startDate: "2026-08-15", postPast: false }), { now: at("2026-11-20T12:00:00Z") });
  expect(outcome.kind === "created" && [outcome.posted, outcome.schedule.nextDate]).toEqual([0, "2026-12-15"]);
  expect(await posted(me.userId)).toEqual([]);
});

test("two runs at once, and a run after a manual post-now, make exactly one transaction per occurrence", async () => {
  const me = await newUser();
  const created = await createSchedule(db, me, input({ frequency: "daily", startDate: "2026-12-01" }), { now: at("2026-11-20T12:00:00Z") });
  const id = (created as { schedule: { id: string } }).schedule.id;
  const now = at("2026-12-05T12:00:00Z");
  const runs = await Promise.all([postDue(db, { userId: me.userId, now }), postDue(db, { userId: me.userId, now })]);
  expect(runs.map((r) => r.posted).sort()).toEqual([0, 5]);
  // Post the next one (Dec 6) by hand today, then run the job on Dec 6: still one each.
  const manual = await postNextNow(db, me, id, { now });
  expect(manual).toMatchObject({ kind: "posted", dueDate: "2026-12-06", date: "2026-12-05" });
  expect((await postDue(db, { userId: me.userId, now: at("2026-12-06T12:00:00Z") })).posted).toBe(0);
  const rows = await posted(me.userId);
  expect(rows.map((r) => r.occurrence_date)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]);
  expect(rows.at(-1)?.date).toBe("2026-12-05");
});

test("a skipped occurrence and a deleted posted one never come back", async () => {
  const me = await newUser();
  const created = await createSchedule(db, me, input({ startDate: "2026-12-01" }), { now: at("2026-11-20T12:00:00Z") });
  const id = (created as { schedule: { id: string } }).schedule.id;
  expect((await skipOccurrence(db, me, id, "2027-01-01")).kind).toBe("skipped");
  expect((await skipOccurrence(db, me, id, "2027-01-02")).kind).toBe("notAnOccurrence");
  expect((await postDue(db, { userId: me.userId, now: at("2027-02-02T12:00:00Z") })).posted).toBe(2);
  expect((await posted(me.userId)).map((r) => r.occurrence_date)).toEqual(["2026-12-01", "2027-02-01"]);
  // Skipping a posted date is refused; deleting its transaction does not bring it back.
  expect((await skipOccurrence(db, me, id, "2026-12-01")).kind).toBe("alreadyPosted");
  const [first] = await db.all<{ id: string }>(sql`select id from transactions where user_id = ${me.userId} and occurrence_date = '2026-12-01'`);
  expect((await deleteTransaction(db, me, { id: first!.id })).kind).toBe("deleted");
  expect((await postDue(db, { userId: me.userId, now: at("2027-02-03T12:00:00Z") })).posted).toBe(0);
  expect((await posted(me.userId)).map((r) => r.occurrence_date)).toEqual(["2027-02-01"]);
  const schedule = await findSchedule(db, me.userId, id);
  expect(upcomingDates(schedule!, (await consumedDates(db, me.userId, [id])).get(id)!)).toEqual(["2027-03-01", "2027-04-01", "2027-05-01", "2027-06-01", "2027-07-01"]);
});

test("a paused schedule posts nothing; resuming without back-fill starts at today, with it posts the paused dates", async () => {
  const me = await newUser();
  const a = (await createSchedule(db, me, input({ description: "A", frequency: "weekly", startDate: "2026-12-01" }), { now: at("2026-11-20T12:00:00Z") })) as { schedule: { id: string } };
  const b = (await createSchedule(db, me, input({ description: "B", frequency: "weekly", startDate: "2026-12-01" }), { now: at("2026-11-20T12:00:00Z") })) as { schedule: { id: string } };
  await pauseSchedule(db, me, a.schedule.id);
  await pauseSchedule(db, me, b.schedule.id);
  expect((await postDue(db, { userId: me.userId, now: at("2026-12-20T12:00:00Z") })).posted).toBe(0);
  const resumed = await resumeSchedule(db, me, a.schedule.id, { now: at("2026-12-20T12:00:00Z") });
  expect(resumed.kind === "ok" && resumed.schedule.nextDate).toBe("2026-12-22");
  await resumeSchedule(db, me, b.schedule.id, { backfill: true, now: at("2026-12-20T12:00:00Z") });
  const rows = await db.all<{ description: string; date: string }>(sql`select description, date from transactions where user_id = ${me.userId} order by description, date`);
  expect(rows).toEqual([
    { description: "B", date: "2026-12-01" },
    { description: "B", date: "2026-12-08" },
    { description: "B", date: "2026-12-15" },
  ]);
});

test("a missing rate holds the occurrence, posts nothing at 1, and a typed rate posts it on its own date", async () => {
  const me = await newUser();
  const created = await createSchedule(
    db,
    me,
    input({ description: "Tuition", startDate: "2026-09-01", payments: [{ currencyCode: "MXN", amount: "5000.00", method: "bank_transfer" }] }),
    { now: at("2026-11-20T12:00:00Z") },
  );
  expect(created.kind).toBe("created");
  const id = (created as { schedule: { id: string } }).schedule.id;
  // September and October have no MXN rate on file (the snapshot is of 2026-11-01): nothing posted.
  expect(created.kind === "created" && created.posted).toBe(0);
  expect(await posted(me.userId)).toEqual([]);
  const [held] = await listSchedules(db, me.userId);
  expect([held?.nextDate, held?.heldCurrency]).toEqual(["2026-09-01", "MXN"]);
  expect(await postNextNow(db, me, id, { now: at("2026-11-20T12:00:00Z") })).toEqual({ kind: "needsRate", needsRate: { currency: "MXN", date: "2026-09-01" } });
  const typed = await postNextNow(db, me, id, { now: at("2026-11-20T12:00:00Z"), rates: { MXN: "20" } });
  expect(typed).toMatchObject({ kind: "posted", dueDate: "2026-09-01", date: "2026-09-01" });
  const rows = await posted(me.userId);
  expect(rows.map((r) => [r.occurrence_date, r.rate, r.usd_cents])).toEqual([["2026-09-01", "20", 25000]]);
  // October is still held; November has the snapshot's rate and waits behind it, in order.
  expect((await postDue(db, { userId: me.userId, now: at("2026-11-20T12:00:00Z") })).posted).toBe(0);
  expect((await findSchedule(db, me.userId, id))?.heldCurrency).toBe("MXN");
});

test("an edit applies to occurrences not yet posted; a delete keeps the posted transactions as ordinary ones", async () => {
  const me = await newUser();
  const created = (await createSchedule(db, me, input({ startDate: "2026-11-01" }), { now: at("2026-11-20T12:00:00Z") })) as { schedule: { id: string } };
  const id = created.schedule.id;
  const edited = await updateSchedule(db, me, id, input({ description: "Rent (new)", startDate: "2026-11-15", payments: [{ currencyCode: "USD", amount: "1300.00", method: "bank_transfer" }] }));
  expect(edited.kind === "updated" && edited.schedule.nextDate).toBe("2026-12-15");
  await postDue(db, { userId: me.userId, now: at("2026-12-16T12:00:00Z") });
  expect((await posted(me.userId)).map((r) => [r.occurrence_date, r.usd_cents])).toEqual([
    ["2026-11-01", 120000],
    ["2026-12-15", 130000],
  ]);
  expect((await deleteSchedule(db, me, id)).kind).toBe("deleted");
  const rows = await posted(me.userId);
  expect(rows.map((r) => r.recurring_id)).toEqual([null, null]);
  expect(await findSchedule(db, me.userId, id)).toBeUndefined();
  const actions = await db.select({ action: activityLog.action }).from(activityLog).where(eq(activityLog.userId, me.userId));
  expect(actions.map((a) => a.action)).toEqual(["recurring_create", "transaction_create", "recurring_update", "transaction_create", "recurring_delete"]);
});

test("another user's schedule is not found and nothing of it changes", async () => {
  const me = await newUser();
  const other = await newUser();
  const created = (await createSchedule(db, me, input(), { now: at("2026-11-20T12:00:00Z") })) as { schedule: { id: string } };
  const id = created.schedule.id;
  expect((await skipOccurrence(db, other, id, "2026-12-01")).kind).toBe("notFound");
  expect((await postNextNow(db, other, id)).kind).toBe("notFound");
  expect((await pauseSchedule(db, other, id)).kind).toBe("notFound");
  expect((await updateSchedule(db, other, id, input({ description: "Mine now" }))).kind).toBe("notFound");
  expect((await deleteSchedule(db, other, id)).kind).toBe("notFound");
  const schedule = await findSchedule(db, me.userId, id);
  expect([schedule?.description, schedule?.pausedAt, schedule?.nextDate]).toEqual(["Rent", null, "2026-12-01"]);
  const [count] = await db.all<{ n: number }>(sql`select count(*) as n from recurring_occurrences where recurring_id = ${id}`);
  expect(count?.n).toBe(0);
});

test("the user's day decides: at 00:30 UTC on the 1st a user in Caracas is still on the 31st and gets no rent yet", async () => {
  const caracas = await newUser("America/Caracas");
  const utc = await newUser("UTC");
  for (const who of [caracas, utc]) await createSchedule(db, who, input({ startDate: "2027-01-01" }), { now: at("2026-11-20T12:00:00Z") });
  await postDue(db, { now: at("2027-01-01T00:30:00Z") });
  expect(await posted(caracas.userId)).toEqual([]);
  expect((await posted(utc.userId)).map((r) => r.date)).toEqual(["2027-01-01"]);
  await postDue(db, { now: at("2027-01-01T04:30:00Z") });
  expect((await posted(caracas.userId)).map((r) => r.date)).toEqual(["2027-01-01"]);
});

test("one run posts at most its limit and the next run the rest, each occurrence once", async () => {
  const me = await newUser();
  await createSchedule(db, me, input({ frequency: "daily", startDate: "2027-03-01" }), { now: at("2026-11-20T12:00:00Z") });
  const now = at("2027-03-30T12:00:00Z");
  const first = await postDue(db, { userId: me.userId, now, limits: { occurrencesPerRun: 20, occurrencesPerBatch: 8 } });
  expect(first).toMatchObject({ posted: 20, more: true });
  const second = await postDue(db, { userId: me.userId, now, limits: { occurrencesPerRun: 20, occurrencesPerBatch: 8 } });
  expect(second.posted).toBe(10);
  const [row] = await db.all<{ n: number; distinct_dates: number }>(
    sql`select count(*) as n, count(distinct occurrence_date) as distinct_dates from transactions where user_id = ${me.userId}`,
  );
  expect(row).toEqual({ n: 30, distinct_dates: 30 });
});

test("one run makes at most its door calls (D1's calls per invocation), and the next run goes on", async () => {
  const me = await newUser();
  await createSchedule(db, me, input({ frequency: "daily", startDate: "2027-05-01", occurrenceLimit: 5 }), { now: at("2026-11-20T12:00:00Z") });
  const now = at("2027-05-10T12:00:00Z");
  const limits = { occurrencesPerBatch: 1, doorCallsPerRun: 2 };
  expect(await postDue(db, { userId: me.userId, now, limits })).toMatchObject({ posted: 2, more: true });
  expect(await postDue(db, { userId: me.userId, now, limits })).toMatchObject({ posted: 2, more: true });
  expect(await postDue(db, { userId: me.userId, now, limits })).toMatchObject({ posted: 1 });
  const [row] = await db.all<{ n: number; distinct_dates: number }>(sql`select count(*) as n, count(distinct occurrence_date) as distinct_dates from transactions where user_id = ${me.userId}`);
  expect(row).toEqual({ n: 5, distinct_dates: 5 });
});

test("the pages' reads: what is due in the next days, and the month's planned spending per category and currency", async () => {
  const me = await newUser();
  const now = at("2026-11-20T12:00:00Z");
  await createSchedule(db, me, input({ description: "Rent", startDate: "2026-11-25" }), { now });
  await createSchedule(db, me, input({ description: "Bus", categoryId: "default-transport", frequency: "weekly", startDate: "2026-11-22", payments: [{ currencyCode: "EUR", amount: "10.00", method: "cash" }, { currencyCode: "USD", amount: "1.00", method: "cash" }], multi: true }), { now });
  const salary = await createSchedule(db, me, input({ type: "INCOME", description: "Salary", categoryId: "default-salary", startDate: "2026-11-28" }), { now });
  expect(salary.kind).toBe("created");
  const week = await upcomingOccurrences(db, me.userId, "2026-11-20", "2026-11-26");
  expect(week.map((o) => [o.date, o.schedule.description])).toEqual([
    ["2026-11-22", "Bus"],
    ["2026-11-25", "Rent"],
  ]);
  const planned = await plannedSpending(db, me.userId, "2026-11-20", "2026-11-30");
  expect(planned.map((p) => [p.categoryId, p.occurrences, Object.fromEntries(p.byCurrency)]).sort()).toEqual([
    ["default-food", 1, { USD: 120000n }],
    ["default-transport", 2, { EUR: 2000n, USD: 200n }],
  ]);
});

test("the job's and the catch-up's candidates are found through the next-date indexes, and the rate check through the rates' index", async () => {
  const client = (db as unknown as { $client: Client }).$client;
  const plansOf = async (call: () => Promise<unknown>) => {
    const seen: InStatement[] = [];
    const { execute, batch } = client;
    client.execute = ((s: InStatement) => (seen.push(s), execute.call(client, s as never))) as Client["execute"];
    client.batch = ((stmts: InStatement[], mode?: never) => (seen.push(...stmts), batch.call(client, stmts, mode))) as Client["batch"];
    try {
      await call();
    } finally {
      client.execute = execute;
      client.batch = batch;
    }
    const first = seen[0] as { sql: string; args: never };
    return (await client.execute({ sql: `explain query plan ${first.sql}`, args: first.args })).rows.map((r) => String(r.detail)).join(" | ");
  };
  const all = await plansOf(() => dueScheduleCandidates(db, { latestToday: "2026-11-21", limit: 50 }));
  expect(all).toMatch(/SEARCH recurring_transactions USING INDEX recurring_transactions_next_idx \(next_date>\? AND next_date<\?\)/);
  const one = await plansOf(() => dueScheduleCandidates(db, { latestToday: "2026-11-21", limit: 50, userId: "someone" }));
  expect(one).toMatch(/SEARCH recurring_transactions USING INDEX recurring_transactions_user_next_idx \(user_id=\? AND next_date>\? AND next_date<\?\)/);
  for (const plan of [all, one]) {
    expect(plan).toMatch(/SEARCH exchange_rates USING (COVERING )?INDEX exchange_rates_currency_date_source_unique \(currency_code=\? AND date<\?\)/);
    expect(plan).not.toMatch(/SCAN (recurring_transactions|exchange_rates)\b/);
  }
});
