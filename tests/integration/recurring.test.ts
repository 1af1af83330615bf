import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { createSchedule, pauseSchedule, postNextNow, skipOccurrence } from "~/features/recurring/commands.server";
import { scheduleInputSchema } from "~/features/recurring/schemas";
import { deleteTransaction } from "~/features/transactions/commands.server";
import { createDb } from "~/platform/db/client.server";
import worker from "../../workers/app";
import { jobFor } from "../../workers/jobs";
import { registerViaApi } from "./api-client";
import { signedIn } from "./helpers";
import { addDays, isoDay } from "~/calendar/days";

// Schedules on D1 through the Worker's scheduled handler (issue 24): the hourly job posts each
// occurrence exactly once, whoever else posts it and however many runs meet; after an outage it
// posts every missed date at that date's own rate; skipped, deleted and paused stay so; a missing
// rate holds the occurrence. Each test's "now" is its own, far enough apart that one test's job
// run finds nothing of another's due (every run posts for every user, as the cron does).

const db = () => createDb({ DB: env.DB });
const HOURLY = "0 * * * *";

/** The job exactly as the cron runs it: the Worker's default export, waited for. */
async function cronRun(at: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at).getTime(), cron: HOURLY }), env, ctx);
  await waitOnExecutionContext(ctx);
}

// One account per test, registered up front: the first requests warm the Worker (seconds each).
const actors: { userId: string; ip: null }[] = [];
beforeAll(async () => {
  for (let i = 0; i < 4; i++) actors.push({ userId: (await registerViaApi()).user.id, ip: null });
}, 120_000);

async function newActor() {
  return actors.shift()!;
}

const input = (raw: Record<string, unknown>) =>
  scheduleInputSchema.parse({
    type: "EXPENSE",
    description: "Rent",
    categoryId: "default-housing",
    payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }],
    frequency: "monthly",
    ...raw,
  });

async function createdId(actor: { userId: string; ip: null }, raw: Record<string, unknown>, now: string) {
  const outcome = await createSchedule(db(), actor, input(raw), { now: new Date(now) });
  expect(outcome.kind, JSON.stringify(outcome)).toBe("created");
  return (outcome as { schedule: { id: string } }).schedule.id;
}

type Row = { occurrence_date: string; date: string; rate: string; rate_date: string; usd_cents: number };
async function postedRows(userId: string) {
  const { results } = await env.DB.prepare(
    `select t.occurrence_date, t.date, p.rate, p.rate_date, p.usd_cents from transactions t join payments p on p.transaction_id = t.id
     where t.user_id = ? order by t.occurrence_date`,
  )
    .bind(userId)
    .all<Row>();
  return results;
}

test("the hourly cron has the recurring transactions' job", () => {
  expect(jobFor(HOURLY)?.name).toBe("recurring transactions");
});

test("two job runs at once, and a run after a manual post-now, make exactly one transaction per occurrence", async () => {
  const me = await newActor();
  const id = await createdId(me, { frequency: "daily", startDate: "2030-01-01", occurrenceLimit: 10 }, "2029-12-01T12:00:00Z");
  await Promise.all([cronRun("2030-01-04T12:00:00Z"), cronRun("2030-01-04T12:00:00Z")]);
  expect((await postedRows(me.userId)).map((r) => r.occurrence_date)).toEqual(["2030-01-01", "2030-01-02", "2030-01-03", "2030-01-04"]);
  // The 5th posted by hand on the 4th; the job on the 5th (twice, a retried run) adds nothing.
  expect(await postNextNow(db(), me, id, { now: new Date("2030-01-04T13:00:00Z") })).toMatchObject({ kind: "posted", dueDate: "2030-01-05", date: "2030-01-04" });
  await cronRun("2030-01-05T12:00:00Z");
  await cronRun("2030-01-05T12:00:00Z");
  const rows = await postedRows(me.userId);
  expect(rows.map((r) => [r.occurrence_date, r.date])).toEqual([
    ["2030-01-01", "2030-01-01"],
    ["2030-01-02", "2030-01-02"],
    ["2030-01-03", "2030-01-03"],
    ["2030-01-04", "2030-01-04"],
    ["2030-01-05", "2030-01-04"],
  ]);
  // The job's runs are one activity entry each for the user (the door's, from a schedule).
  const { results } = await env.DB.prepare("select action, details from activity_log where user_id = ? and action like 'transaction%' order by created_at").bind(me.userId).all<{ action: string; details: string }>();
  expect(results.map((r) => [r.action, JSON.parse(r.details).source, JSON.parse(r.details).count])).toEqual([
    ["transactions_create", "recurring", 4],
    ["transaction_create", "recurring", undefined],
  ]);
});

test("a 90-day outage: the next run posts every missed occurrence, each at its own date's rate", async () => {
  const me = await newActor();
  await env.DB.batch(
    [
      ["2031-01-10", "0.95"],
      ["2031-02-01", "0.9"],
      ["2031-03-15", "0.85"],
    ].map(([date, rate]) =>
      env.DB.prepare("insert into exchange_rates (id, currency_code, date, rate, source, fetched_at) values (?, 'EUR', ?, ?, 'provider', 0)").bind(`eur-${date}`, date, rate),
    ),
  );
  await createdId(me, { description: "Coffee", frequency: "daily", startDate: "2031-01-01", endDate: "2031-03-31", payments: [{ currencyCode: "EUR", amount: "4.50", method: "cash" }] }, "2030-12-20T12:00:00Z");
  // No run from Jan 1 to Mar 31 (90 days); the first one after posts all of them.
  await cronRun("2031-03-31T12:00:00Z");
  const rows = await postedRows(me.userId);
  expect(rows).toHaveLength(90);
  expect(new Set(rows.map((r) => r.occurrence_date)).size).toBe(90);
  expect(rows.every((r) => r.date === r.occurrence_date)).toBe(true);
  const rateOn = (date: string) => rows.find((r) => r.occurrence_date === date)!;
  // The latest rate on or before each date: the snapshot's before Jan 10, then each provider rate from its day.
  expect(rateOn("2031-01-09")).toMatchObject({ rate: "0.8612", rate_date: "2026-11-01", usd_cents: 523 });
  expect(rateOn("2031-01-10")).toMatchObject({ rate: "0.95", rate_date: "2031-01-10", usd_cents: 474 });
  expect(rateOn("2031-02-28")).toMatchObject({ rate: "0.9", rate_date: "2031-02-01", usd_cents: 500 });
  expect(rateOn("2031-03-31")).toMatchObject({ rate: "0.85", rate_date: "2031-03-15", usd_cents: 529 });
  await cronRun("2031-03-31T13:00:00Z");
  expect(await postedRows(me.userId)).toHaveLength(90);
});

test("a skipped occurrence and a deleted posted one never return; a paused schedule posts nothing", async () => {
  const me = await newActor();
  const rent = await createdId(me, { startDate: "2032-01-01" }, "2031-12-01T12:00:00Z");
  const paused = await createdId(me, { description: "Paused", startDate: "2032-01-01" }, "2031-12-01T12:00:00Z");
  await pauseSchedule(db(), me, paused);
  expect((await skipOccurrence(db(), me, rent, "2032-02-01")).kind).toBe("skipped");
  await cronRun("2032-03-02T12:00:00Z");
  let rows = await postedRows(me.userId);
  expect(rows.map((r) => r.occurrence_date)).toEqual(["2032-01-01", "2032-03-01"]);
  const posted = await env.DB.prepare("select id from transactions where user_id = ? and occurrence_date = '2032-01-01'").bind(me.userId).first<{ id: string }>();
  expect((await deleteTransaction(db(), me, { id: posted!.id })).kind).toBe("deleted");
  expect((await skipOccurrence(db(), me, rent, "2032-03-01")).kind).toBe("alreadyPosted");
  await cronRun("2032-03-03T12:00:00Z");
  rows = await postedRows(me.userId);
  expect(rows.map((r) => r.occurrence_date)).toEqual(["2032-03-01"]);
});

test("a missing rate holds the occurrence with its message and posts nothing at 1", async () => {
  const me = await newActor();
  // The day before any MXN rate on file (the migrations' snapshot is of 2026-11-01).
  const id = await createdId(me, { description: "Tuition", startDate: "2026-10-31", occurrenceLimit: 1, payments: [{ currencyCode: "MXN", amount: "100.00", method: "cash" }], postPast: false }, "2026-10-01T12:00:00Z");
  await cronRun("2026-11-02T12:00:00Z");
  expect(await postedRows(me.userId)).toEqual([]);
  expect(await postNextNow(db(), me, id, { now: new Date("2026-11-02T12:00:00Z") })).toEqual({ kind: "needsRate", needsRate: { currency: "MXN", date: "2026-10-31" } });
  const row = await env.DB.prepare("select next_date from recurring_transactions where id = ?").bind(id).first();
  expect(row).toEqual({ next_date: "2026-10-31" });
});

test("opening /dashboard or /expenses posts the user's due occurrences first, once, with no cron", async () => {
  for (const path of ["/dashboard", "/expenses"]) {
    const { b, userId } = await signedIn();
    const today = isoDay();
    // Started yesterday without the past: today's occurrence is due and no job has posted it.
    await createSchedule(db(), { userId, ip: null }, input({ description: `Daily ${path}`, frequency: "daily", startDate: addDays(today, -1), postPast: false, occurrenceLimit: 5 }));
    expect(await postedRows(userId)).toEqual([]);
    const page = await b.fetch(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Daily ${path}`);
    await b.fetch(path);
    expect((await postedRows(userId)).map((r) => [r.occurrence_date, r.date]), path).toEqual([[today, today]]);
  }
});
