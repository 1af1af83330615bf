import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, test } from "vitest";
import { createSchedule, updateSchedule } from "~/features/recurring/commands.server";
import { scheduleInputSchema } from "~/features/recurring/schemas";
import { createDb } from "~/platform/db/client.server";
import worker from "../../workers/app";
import { api, loginViaApi } from "./api-client";
import { signedIn } from "./helpers";

// An occurrence the transactions door refuses for a reason other than a missing rate (here: its
// category is no longer of the transaction's type) is held (issue 24, decision 033): the job stops
// retrying it, the schedule says what is wrong in the user's language, and an edit of the
// schedule or a skip of that date releases it. Through the Worker's scheduled handler on D1.

const db = () => createDb({ DB: env.DB });
const HOURLY = "0 * * * *";
const ES_MISMATCH = "Esta categoría no es del tipo de la transacción";

async function cronRun(at: string) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at).getTime(), cron: HOURLY }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const input = (raw: Record<string, unknown>) =>
  scheduleInputSchema.parse({
    type: "EXPENSE",
    description: "Gym",
    payments: [{ currencyCode: "USD", amount: "30.00", method: "debit_card" }],
    frequency: "monthly",
    ...raw,
  });

async function ownCategory(userId: string, name: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into categories (id, user_id, name, name_key, type, color, icon, is_default) values (?, ?, ?, ?, 'expense', '#3B82F6', 'Wallet', 0)")
    .bind(id, userId, name, name.toLowerCase())
    .run();
  return id;
}
const setCategoryType = (id: string, type: "income" | "expense") => env.DB.prepare("update categories set type = ? where id = ?").bind(type, id).run();

const postedDates = (userId: string) =>
  env.DB.prepare("select occurrence_date from transactions where user_id = ? and recurring_id is not null order by occurrence_date")
    .bind(userId)
    .all<{ occurrence_date: string }>()
    .then((r) => r.results.map((row) => row.occurrence_date));
const keys = (recurringId: string) =>
  env.DB.prepare("select due_date, status from recurring_occurrences where recurring_id = ? order by due_date")
    .bind(recurringId)
    .all<{ due_date: string; status: string }>()
    .then((r) => r.results);
const holdEntries = (userId: string) =>
  env.DB.prepare("select count(*) as n from activity_log where user_id = ? and action = 'recurring_hold'")
    .bind(userId)
    .first<{ n: number }>()
    .then((r) => r!.n);

test("a refused occurrence is held with its reason (en and es), not retried, and released by an edit of the schedule", async () => {
  const { b, userId } = await signedIn();
  const me = { userId, ip: null };
  const category = await ownCategory(userId, "Sport");
  const created = await createSchedule(db(), me, input({ categoryId: category, startDate: "2036-01-05" }), { now: new Date("2035-12-01T12:00:00Z") });
  expect(created.kind).toBe("created");
  const id = (created as { schedule: { id: string } }).schedule.id;

  await setCategoryType(category, "income");
  await cronRun("2036-02-06T12:00:00Z");
  expect(await postedDates(userId)).toEqual([]);
  expect(await keys(id)).toEqual([{ due_date: "2036-01-05", status: "held" }]);
  expect(await holdEntries(userId)).toBe(1);

  // Held: put right behind its back, the job still leaves it alone (and records no second hold).
  await setCategoryType(category, "expense");
  await cronRun("2036-02-06T13:00:00Z");
  expect(await postedDates(userId)).toEqual([]);
  expect(await holdEntries(userId)).toBe(1);

  const page = await (await b.fetch("/recurring")).text();
  expect(page).toContain("Not posted on");
  expect(page).toContain("This category is not of the transaction&#x27;s type");
  expect(page).toContain("Edit the schedule to fix it, or skip this date.");
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/recurring" } });
  const es = await (await b.fetch("/recurring")).text();
  expect(es).toContain("No se registró el");
  expect(es).toContain("u omite esta fecha");
  // The API says so too, in the request's language.
  const { email } = (await env.DB.prepare("select email from users where id = ?").bind(userId).first<{ email: string }>())!;
  const { accessToken } = await loginViaApi(email);
  const viaApi = await api(`/api/recurring-transactions/${id}`, { token: accessToken, headers: { "Accept-Language": "es" } });
  expect(viaApi.body.data.recurring_transaction.held).toEqual({ date: "2036-01-05", message: ES_MISMATCH });

  // The user edits the schedule: it is tried again, and the held dates post, each on its own date.
  expect((await updateSchedule(db(), me, id, input({ categoryId: category, startDate: "2036-01-05", description: "Gym (new)" }))).kind).toBe("updated");
  expect(await keys(id)).toEqual([]);
  expect((await api(`/api/recurring-transactions/${id}`, { token: accessToken })).body.data.recurring_transaction.held).toBeNull();
  await cronRun("2036-02-06T14:00:00Z");
  expect(await postedDates(userId)).toEqual(["2036-01-05", "2036-02-05"]);
  expect(await (await b.fetch("/recurring")).text()).not.toContain("No se registró el");
});

test("a held date can be skipped on the page: it is never posted and the next one is", async () => {
  const { b, userId } = await signedIn();
  const me = { userId, ip: null };
  const category = await ownCategory(userId, "Club");
  const created = await createSchedule(db(), me, input({ description: "Club", categoryId: category, startDate: "2036-06-10" }), { now: new Date("2036-06-01T12:00:00Z") });
  const id = (created as { schedule: { id: string } }).schedule.id;
  await setCategoryType(category, "income");
  await cronRun("2036-06-11T12:00:00Z");
  expect(await keys(id)).toEqual([{ due_date: "2036-06-10", status: "held" }]);
  await setCategoryType(category, "expense");

  const skip = await b.fetch("/recurring", { form: { intent: "skip", id, date: "2036-06-10" } });
  expect(skip.status).toBe(302);
  expect(await keys(id)).toEqual([{ due_date: "2036-06-10", status: "skipped" }]);
  await cronRun("2036-07-11T12:00:00Z");
  expect(await postedDates(userId)).toEqual(["2036-07-10"]);
});
