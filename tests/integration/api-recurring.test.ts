import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { addDays, isoDay } from "~/calendar/days";
import { api, registerViaApi, type ApiAccount } from "./api-client";

// The schedules' API (issue 24) through the Worker: what a client sees of a schedule (its next
// dates, both namings), the catch-up a GET runs, skip and post-now with their refusals, posted
// transactions that carry their schedule, and another user's ids answering 404.

let me: ApiAccount;
let other: ApiAccount;

beforeAll(async () => {
  [me, other] = await Promise.all([registerViaApi(), registerViaApi()]);
}, 120_000);

const today = () => isoDay();
const nextYear = () => `${Number(today().slice(0, 4)) + 1}`;

async function create(account: ApiAccount, json: Record<string, unknown>) {
  const res = await api("/api/recurring-transactions", {
    token: account.accessToken,
    json: { type: "EXPENSE", description: "Rent", categoryId: "default-housing", payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }], frequency: "monthly", ...json },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { recurring_transaction: Record<string, any>; posted: number; message: string };
}

test("a monthly schedule on the 31st answers its next date and the next five, clamped to shorter months, in both namings", async () => {
  const { recurring_transaction: schedule, message, posted } = await create(me, { startDate: `${nextYear()}-01-31` });
  expect(message).toBe("Recurring transaction created");
  expect(posted).toBe(0);
  expect(schedule).toMatchObject({
    frequency: "monthly",
    interval: 1,
    startDate: `${nextYear()}-01-31`,
    start_date: `${nextYear()}-01-31`,
    nextDate: `${nextYear()}-01-31`,
    next_date: `${nextYear()}-01-31`,
    paused: false,
    needsRate: null,
    payments: [{ position: 0, currencyCode: "USD", amount: 1200, amountText: "1200.00", amountMinor: 120000, method: "bank_transfer" }],
  });
  const leap = Number(nextYear()) % 4 === 0 ? "29" : "28";
  expect(schedule.upcoming).toEqual([`${nextYear()}-01-31`, `${nextYear()}-02-${leap}`, `${nextYear()}-03-31`, `${nextYear()}-04-30`, `${nextYear()}-05-31`]);
  const got = await api(`/api/recurring-transactions/${schedule.id}`, { token: me.accessToken });
  expect(got.body.data.recurring_transaction).toEqual(schedule);
  const foreign = await api(`/api/recurring-transactions/${schedule.id}`, { token: other.accessToken });
  expect(foreign.status).toBe(404);
});

test("listing catches up: an occurrence due today that no job has posted is posted before the answer, once", async () => {
  const yesterday = addDays(today(), -1);
  // postPast false: yesterday's is not posted, today's is due and waits for a job or a catch-up.
  const { recurring_transaction: schedule } = await create(me, { description: "Daily coffee", frequency: "daily", startDate: yesterday, postPast: false, occurrenceLimit: 30 });
  expect(schedule.nextDate).toBe(today());
  for (let i = 0; i < 2; i++) {
    const list = await api("/api/recurring-transactions", { token: me.accessToken });
    expect(list.status).toBe(200);
    const listed = list.body.data.recurring_transactions.find((s: { id: string }) => s.id === schedule.id);
    expect(list.body.data.data.recurring_transactions).toEqual(list.body.data.recurring_transactions);
    expect(listed.nextDate).toBe(addDays(today(), 1));
  }
  const { results } = await env.DB.prepare("select id, date, occurrence_date from transactions where recurring_id = ?").bind(schedule.id).all<{ id: string; date: string; occurrence_date: string }>();
  expect(results.map((r) => [r.date, r.occurrence_date])).toEqual([[today(), today()]]);
  const transaction = await api(`/api/transactions/${results[0]!.id}`, { token: me.accessToken });
  expect(transaction.body.data.transaction).toMatchObject({ recurringId: schedule.id, occurrenceDate: today(), description: "Daily coffee" });
});

test("skip answers the schedule past the skipped date; a posted date is a 409; post-now posts the next one today, once", async () => {
  const start = `${nextYear()}-03-10`;
  const { recurring_transaction: schedule } = await create(me, { description: "Gym", startDate: start });
  const skipped = await api(`/api/recurring-transactions/${schedule.id}/skip`, { token: me.accessToken, json: { date: start } });
  expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
  expect(skipped.body.data.recurring_transaction.nextDate).toBe(`${nextYear()}-04-10`);
  const posted = await api(`/api/recurring-transactions/${schedule.id}/post-now`, { token: me.accessToken, json: {}, headers: { "Accept-Language": "es" } });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  expect(posted.body.data).toMatchObject({ occurrenceDate: `${nextYear()}-04-10`, date: today(), message: "Repetición registrada" });
  expect(posted.body.data.recurring_transaction.nextDate).toBe(`${nextYear()}-05-10`);
  const again = await api(`/api/recurring-transactions/${schedule.id}/skip`, { token: me.accessToken, json: { date: `${nextYear()}-04-10` } });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe("That occurrence is already posted");
  const { results } = await env.DB.prepare("select occurrence_date from transactions where recurring_id = ?").bind(schedule.id).all();
  expect(results).toEqual([{ occurrence_date: `${nextYear()}-04-10` }]);
  // Another user's post-now, pause and delete: 404, nothing changes.
  for (const [method, path, json] of [
    ["POST", "post-now", {}],
    ["POST", "pause", undefined],
    ["DELETE", "", undefined],
  ] as const) {
    const res = await api(`/api/recurring-transactions/${schedule.id}${path ? `/${path}` : ""}`, { method, token: other.accessToken, ...(json ? { json } : {}) });
    expect(res.status, `${method} ${path}`).toBe(404);
  }
  const still = await api(`/api/recurring-transactions/${schedule.id}`, { token: me.accessToken });
  expect(still.body.data.recurring_transaction).toMatchObject({ paused: false, nextDate: `${nextYear()}-05-10` });
});

test("a held occurrence says which rate it needs, in the reader's language, and post-now with a typed rate posts it", async () => {
  // The migrations' MXN snapshot is of 2026-11-01: the day before has no rate on file.
  const { recurring_transaction: schedule } = await create(me, {
    description: "Tuition",
    startDate: "2026-10-31",
    occurrenceLimit: 1,
    postPast: false,
    payments: [{ currencyCode: "MXN", amount: "500.00", method: "cash" }],
  });
  // postPast false on a past start: the only occurrence lies before today, so nothing is left.
  expect(schedule.nextDate).toBeNull();
  const { recurring_transaction: held } = await create(me, {
    description: "Tuition",
    startDate: "2026-10-31",
    occurrenceLimit: 1,
    payments: [{ currencyCode: "MXN", amount: "500.00", method: "cash" }],
  });
  expect(held.needsRate).toEqual({ currency: "MXN", date: "2026-10-31", message: "Needs a rate for MXN on 2026-10-31" });
  const es = await api(`/api/recurring-transactions/${held.id}`, { token: me.accessToken, headers: { "Accept-Language": "es" } });
  expect(es.body.data.recurring_transaction.needsRate.message).toBe("Falta una tasa de MXN para el 2026-10-31");
  const refused = await api(`/api/recurring-transactions/${held.id}/post-now`, { token: me.accessToken, json: {} });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe("Needs a rate for MXN on 2026-10-31");
  const typed = await api(`/api/recurring-transactions/${held.id}/post-now`, { token: me.accessToken, json: { rates: { MXN: "20" } } });
  expect(typed.status, JSON.stringify(typed.body)).toBe(200);
  expect(typed.body.data).toMatchObject({ occurrenceDate: "2026-10-31", date: "2026-10-31" });
  expect(typed.body.data.recurring_transaction).toMatchObject({ nextDate: null, needsRate: null });
  const transaction = await api(`/api/transactions/${typed.body.data.transactionId}`, { token: me.accessToken });
  expect(transaction.body.data.transaction).toMatchObject({ usdCents: 2500, payments: [{ exchangeRateExact: "20", rateSource: "manual" }] });
});

test("a category a schedule uses cannot be deleted, and says why", async () => {
  const category = await api("/api/categories", { token: me.accessToken, json: { name: "Streaming", type: "expense", color: "#3B82F6" } });
  expect(category.status).toBe(201);
  const id = category.body.data.category.id as string;
  const { recurring_transaction: schedule } = await create(me, { description: "Films", categoryId: id, startDate: `${nextYear()}-02-01` });
  const refused = await api(`/api/categories/${id}`, { method: "DELETE", token: me.accessToken });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe("Cannot delete category that is used by recurring transactions");
  expect(refused.body.details).toEqual({ transactions: 0, budgets: 0, schedules: 1 });
  expect((await api(`/api/recurring-transactions/${schedule.id}`, { method: "DELETE", token: me.accessToken })).status).toBe(200);
  expect((await api(`/api/categories/${id}`, { method: "DELETE", token: me.accessToken })).status).toBe(200);
});
