import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { type Browser, signedIn, browser } from "./helpers";
import { insertTransaction } from "./seed-rows";
import { addDays, isoDay } from "~/calendar/days";

// /recurring through the Worker (issue 24): a user's schedules only, created and changed through
// the page's forms with and without JavaScript (plain POSTs here), each refusal translated and
// changing nothing, and another user's schedule or transaction answering 404.

type ScheduleRow = { id: string; description: string; next_date: string | null; paused_at: number | null; end_date: string | null; occurrence_limit: number | null };

function schedulesOf(userId: string) {
  return env.DB.prepare("select id, description, next_date, paused_at, end_date, occurrence_limit from recurring_transactions where user_id = ? order by created_at")
    .bind(userId)
    .all<ScheduleRow>()
    .then((r) => r.results);
}

function occurrencesOf(recurringId: string) {
  return env.DB.prepare("select due_date, status from recurring_occurrences where recurring_id = ? order by due_date")
    .bind(recurringId)
    .all<{ due_date: string; status: string }>()
    .then((r) => r.results);
}

function postedCount(userId: string) {
  return env.DB.prepare("select count(*) as n from transactions where user_id = ? and recurring_id is not null")
    .bind(userId)
    .first<{ n: number }>()
    .then((r) => r!.n);
}

/** A monthly rent far in the future (nothing due now), on the 31st. */
const RENT = {
  intent: "create",
  type: "EXPENSE",
  description: "Rent",
  categoryId: "default-housing",
  "payments[0].currencyCode": "USD",
  "payments[0].amount": "1200.00",
  "payments[0].method": "bank_transfer",
  frequency: "monthly",
  interval: "1",
  startDate: "2030-01-31",
  ends: "never",
  postPast: "on",
};

async function createRent(b: Browser, userId: string, fields: Record<string, string> = {}) {
  const res = await b.fetch("/recurring?new", { form: { ...RENT, ...fields } });
  expect(res.status, await res.clone().text()).toBe(302);
  return { res, schedule: (await schedulesOf(userId)).at(-1)! };
}

test("a guest asking for /recurring is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/recurring");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Frecurring");
});

test("the header links to Recurring / Recurrentes, and with no schedules the page shows its empty state and a call to action", async () => {
  const { b } = await signedIn();
  const html = await (await b.fetch("/recurring")).text();
  expect(html).toContain("<title>Recurring</title>");
  expect(html).toMatch(/href="\/recurring"[^>]*>Recurring</);
  expect(html).toContain("No recurring transactions yet");
  expect(html).toContain('href="/recurring?new"');
  expect(html).not.toContain('name="frequency"');
  const es = await signedIn("es");
  expect(await (await es.b.fetch("/dashboard")).text()).toMatch(/href="\/recurring"[^>]*>Recurrentes</);
  expect(await (await es.b.fetch("/recurring")).text()).toContain("Aún no hay transacciones recurrentes");
});

test("creating a monthly rent on the 31st lands on it and lists it with its rule in words and its next five dates", async () => {
  const { b, userId } = await signedIn();
  const form = await (await b.fetch("/recurring?new")).text();
  expect(form).toContain('name="frequency"');
  // The start date defaults to the user's today.
  expect(form).toContain(`value="${isoDay(new Date())}"`);
  const { res, schedule } = await createRent(b, userId);
  expect(schedule).toMatchObject({ description: "Rent", next_date: "2030-01-31", end_date: null, occurrence_limit: null });
  expect(res.headers.get("Location")).toBe(`/recurring?saved=created&item=${schedule.id}#recurring-${schedule.id}`);
  const html = await (await b.fetch(res.headers.get("Location")!)).text();
  expect(html).toContain("Recurring transaction created");
  expect(html).toContain("Every month on the 31st");
  for (const day of ["Jan 31, 2030", "Feb 28, 2030", "Mar 31, 2030", "Apr 30, 2030", "May 31, 2030"]) expect(html).toContain(day);
  expect(html).not.toContain("Jun 30, 2030");
  expect(html).toMatch(/\$[\s\u00a0]?1,200\.00/);
  // Spanish words for another rule.
  const es = await signedIn("es");
  await createRent(es.b, es.userId, { frequency: "weekly", interval: "2", startDate: "2030-01-07" });
  expect(await (await es.b.fetch("/recurring")).text()).toContain("Cada 2 semanas, el lunes");
});

test("an end choice sends only its own field: a count, or a date", async () => {
  const { b, userId } = await signedIn();
  await createRent(b, userId, { ends: "after", occurrenceLimit: "3", endDate: "2030-02-01" });
  await createRent(b, userId, { ends: "on", endDate: "2030-03-31", occurrenceLimit: "9" });
  expect(await schedulesOf(userId)).toMatchObject([
    { occurrence_limit: 3, end_date: null },
    { occurrence_limit: null, end_date: "2030-03-31" },
  ]);
});

test("bad input is refused with a translated error on its field (en and es) and nothing is stored", async () => {
  const { b, userId } = await signedIn();
  const blank = await b.fetch("/recurring?new", { form: { ...RENT, description: "  " } });
  expect(blank.status).toBe(400);
  const html = await blank.text();
  expect(html).toContain("Description is required");
  // The form stays open with what was typed.
  expect(html).toMatch(/name="payments\[0\]\.amount"[^>]*value="1200.00"|value="1200.00"[^>]*name="payments\[0\]\.amount"/);
  const interval = await b.fetch("/recurring?new", { form: { ...RENT, interval: "0" } });
  expect(interval.status).toBe(400);
  expect(await interval.text()).toContain("Repeat every 1 to 365 days, weeks, months or years");
  const ended = await b.fetch("/recurring?new", { form: { ...RENT, ends: "on", endDate: "2029-01-01" } });
  expect(ended.status).toBe(400);
  expect(await ended.text()).toContain("The end date cannot be before the start date");
  // A rule of the database (a category of the other type) answers on its field too.
  const income = await b.fetch("/recurring?new", { form: { ...RENT, type: "INCOME" } });
  expect(income.status).toBe(400);
  const es = await signedIn("es");
  const esBlank = await es.b.fetch("/recurring?new", { form: { ...RENT, description: "" } });
  expect(esBlank.status).toBe(400);
  expect(await esBlank.text()).toContain("La descripción es obligatoria");
  expect(await schedulesOf(userId)).toEqual([]);
  expect(await schedulesOf(es.userId)).toEqual([]);
});

test("a start in the past posts the past occurrences when asked (the default), and not when the box is left unchecked", async () => {
  const { b, userId } = await signedIn();
  const today = isoDay(new Date());
  const start = addDays(today, -2);
  const { schedule: posting } = await createRent(b, userId, { frequency: "daily", startDate: start });
  expect((await occurrencesOf(posting.id)).map((o) => o.due_date)).toEqual([start, addDays(start, 1), today]);
  const { postPast: _omitted, ...unchecked } = RENT;
  const res = await b.fetch("/recurring?new", { form: { ...unchecked, frequency: "daily", startDate: start } });
  expect(res.status).toBe(302);
  const skippedPast = (await schedulesOf(userId)).at(-1)!;
  expect(await occurrencesOf(skippedPast.id)).toEqual([]);
  expect(skippedPast.next_date).toBe(today);
});

test("skip, post now, pause, resume, edit and delete each do what they say and land on the schedule", async () => {
  const { b, userId } = await signedIn();
  const { schedule } = await createRent(b, userId);
  const act = (intent: string, fields: Record<string, string> = {}) => b.fetch("/recurring", { form: { intent, id: schedule.id, ...fields } });

  const skip = await act("skip", { date: "2030-01-31" });
  expect(skip.status).toBe(302);
  expect(skip.headers.get("Location")).toBe(`/recurring?saved=skipped&item=${schedule.id}#recurring-${schedule.id}`);
  expect(await occurrencesOf(schedule.id)).toEqual([{ due_date: "2030-01-31", status: "skipped" }]);
  expect((await schedulesOf(userId))[0]!.next_date).toBe("2030-02-28");
  expect(await (await b.fetch(skip.headers.get("Location")!)).text()).toContain("Occurrence skipped");

  const post = await act("post-now");
  expect(post.status).toBe(302);
  expect(await postedCount(userId)).toBe(1);
  expect(await occurrencesOf(schedule.id)).toEqual([
    { due_date: "2030-01-31", status: "skipped" },
    { due_date: "2030-02-28", status: "posted" },
  ]);
  expect((await schedulesOf(userId))[0]!.next_date).toBe("2030-03-31");

  expect((await act("pause")).status).toBe(302);
  expect((await schedulesOf(userId))[0]!.paused_at).not.toBeNull();
  const paused = await (await b.fetch("/recurring")).text();
  expect(paused).toContain("Paused");
  expect(paused).toContain("Also post the paused dates");
  expect((await act("resume")).status).toBe(302);
  expect((await schedulesOf(userId))[0]!.paused_at).toBeNull();

  const edit = await b.fetch(`/recurring?edit=${schedule.id}`, { form: { ...RENT, intent: "update", id: schedule.id, description: "Rent (new flat)", "payments[0].amount": "1350" } });
  expect(edit.status).toBe(302);
  expect(edit.headers.get("Location")).toBe(`/recurring?saved=updated&item=${schedule.id}#recurring-${schedule.id}`);
  expect((await schedulesOf(userId))[0]!.description).toBe("Rent (new flat)");
  // The posted transaction stays as it was.
  const posted = await env.DB.prepare("select description from transactions where user_id = ? and recurring_id is not null").bind(userId).first<{ description: string }>();
  expect(posted!.description).toBe("Rent");

  const confirm = await (await b.fetch(`/recurring?delete=${schedule.id}`)).text();
  expect(confirm).toContain("Posted transactions stay");
  const del = await act("delete");
  expect(del.status).toBe(302);
  expect(del.headers.get("Location")).toBe("/recurring?saved=deleted#recurring-list-heading");
  expect(await schedulesOf(userId)).toEqual([]);
  expect(await env.DB.prepare("select count(*) as n from transactions where user_id = ?").bind(userId).first<{ n: number }>()).toEqual({ n: 1 });
});

test("skipping a date already posted is refused with a translated 409 on the page, and changes nothing", async () => {
  const { b, userId } = await signedIn();
  const { schedule } = await createRent(b, userId);
  await b.fetch("/recurring", { form: { intent: "post-now", id: schedule.id } });
  const res = await b.fetch("/recurring", { form: { intent: "skip", id: schedule.id, date: "2030-01-31" } });
  expect(res.status).toBe(409);
  expect(await res.text()).toContain("That occurrence is already posted");
  expect(await occurrencesOf(schedule.id)).toEqual([{ due_date: "2030-01-31", status: "posted" }]);
});

test("another user's schedule id answers 404 to every intent and nothing changes", async () => {
  const owner = await signedIn();
  const { schedule } = await createRent(owner.b, owner.userId);
  const before = await schedulesOf(owner.userId);
  const { b } = await signedIn();
  for (const [intent, fields] of [
    ["skip", { date: "2030-01-31" }],
    ["post-now", {}],
    ["pause", {}],
    ["resume", {}],
    ["delete", {}],
  ] as const) {
    const res = await b.fetch("/recurring", { form: { intent, id: schedule.id, ...fields } });
    expect(res.status, intent).toBe(404);
  }
  const update = await b.fetch(`/recurring?edit=${schedule.id}`, { form: { ...RENT, intent: "update", id: schedule.id, description: "Mine now" } });
  expect(update.status).toBe(404);
  expect(await schedulesOf(owner.userId)).toEqual(before);
  expect(await occurrencesOf(schedule.id)).toEqual([]);
  expect(await postedCount(owner.userId)).toBe(0);
  // Their page does not list it, nor open it for editing.
  const html = await (await b.fetch(`/recurring?edit=${schedule.id}`)).text();
  expect(html).not.toMatch(/1,200\.00/);
  expect(html).toContain("No recurring transactions yet");
});

test("Repeat… on a transaction's edit page opens the form prefilled from it, monthly from its day; another user's transaction is 404", async () => {
  const { b, userId } = await signedIn();
  const id = await insertTransaction({ userId, categoryId: "default-housing", description: "Flat rent", date: "2026-03-05", payments: [{ currencyCode: "EUR", amountMinor: 95000, usdCents: 100000, rate: "0.95", method: "bank_transfer" }] });
  const edit = await (await b.fetch(`/expenses/edit/${id}`)).text();
  expect(edit).toContain(`href="/recurring?new&amp;from=${id}"`);
  expect(edit).toContain("Repeat…");
  const html = await (await b.fetch(`/recurring?new&from=${id}`)).text();
  expect(html).toMatch(/value="Flat rent"/);
  expect(html).toMatch(/value="950.00"/);
  expect(html).toMatch(/<option value="EUR" selected/);
  expect(html).toMatch(/<option value="default-housing" selected/);
  expect(html).toMatch(/<option value="monthly" selected/);
  // The start: the next 5th after today.
  const today = isoDay(new Date());
  const fifth = `${today.slice(0, 8)}05`;
  const next = fifth > today ? fifth : isoDay(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 5)));
  expect(html).toContain(`value="${next}"`);
  const other = await signedIn();
  expect((await other.b.fetch(`/recurring?new&from=${id}`)).status).toBe(404);
});

/** The value of the form's input (or the selected option of its select) named `name`; undefined when there is none. */
function fieldValue(html: string, name: string): string | undefined {
  const escaped = name.replace(/[[\].]/g, "\\$&");
  const input = new RegExp(`<input[^>]*name="${escaped}"[^>]*>`).exec(html)?.[0];
  if (input) return /value="([^"]*)"/.exec(input)?.[1] ?? "";
  const select = new RegExp(`<select[^>]*name="${escaped}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  return select === undefined ? undefined : (/<option[^>]*selected=""[^>]*value="([^"]*)"|<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.slice(1).find(Boolean) ?? "");
}

test("the form creates and edits a schedule of several payments: Add payment and Remove round-trip without JavaScript, every row is saved", async () => {
  const { b, userId } = await signedIn();
  const fresh = await (await b.fetch("/recurring?new")).text();
  expect(fresh).toContain('value="add-payment"');
  expect(fresh).not.toContain('value="remove-payment:0"');

  // Add payment: the form comes back as typed with a second row, nothing saved.
  const added = await b.fetch("/recurring?new", { form: { ...RENT, form: "create", intent: "add-payment", "payments[0].amount": "600.00" } });
  expect(added.status).toBe(200);
  const two = await added.text();
  expect(fieldValue(two, "payments[0].amount")).toBe("600.00");
  expect(fieldValue(two, "payments[1].amount")).toBe("");
  expect(two).toContain('value="remove-payment:1"');
  expect(await schedulesOf(userId)).toEqual([]);

  const shared = { ...RENT, description: "Shared rent", multi: "on", "payments[0].amount": "600.00", "payments[1].currencyCode": "EUR", "payments[1].amount": "500.00", "payments[1].method": "cash" };
  const created = await b.fetch("/recurring?new", { form: shared });
  expect(created.status, await created.clone().text()).toBe(302);
  const id = (await schedulesOf(userId))[0]!.id;
  const rows = () => env.DB.prepare("select currency_code, amount_minor, method from recurring_payments where recurring_id = ? order by position").bind(id).all().then((r) => r.results);
  expect(await rows()).toEqual([
    { currency_code: "USD", amount_minor: 60000, method: "bank_transfer" },
    { currency_code: "EUR", amount_minor: 50000, method: "cash" },
  ]);

  // The edit form shows every payment as fields of its own, and saves each.
  const form = await (await b.fetch(`/recurring?edit=${id}`)).text();
  expect(fieldValue(form, "payments[1].amount")).toBe("500.00");
  expect(fieldValue(form, "payments[1].currencyCode")).toBe("EUR");
  const edit = { ...shared, intent: "update", id, "payments[0].amount": "650.00", "payments[1].amount": "525.00" };
  expect((await b.fetch(`/recurring?edit=${id}`, { form: edit })).status).toBe(302);
  expect(await rows()).toEqual([
    { currency_code: "USD", amount_minor: 65000, method: "bank_transfer" },
    { currency_code: "EUR", amount_minor: 52500, method: "cash" },
  ]);

  // Remove the first: the EUR row moves up; saved, the schedule holds it alone.
  const removed = await b.fetch(`/recurring?edit=${id}`, { form: { ...edit, form: "update", intent: "remove-payment:0" } });
  expect(removed.status).toBe(200);
  const one = await removed.text();
  expect(fieldValue(one, "payments[0].amount")).toBe("525.00");
  expect(fieldValue(one, "payments[1].amount")).toBeUndefined();
  expect(one).not.toContain('value="remove-payment:0"');
  const single = { ...RENT, intent: "update", id, description: "Shared rent", "payments[0].currencyCode": "EUR", "payments[0].amount": "525.00", "payments[0].method": "cash" };
  expect((await b.fetch(`/recurring?edit=${id}`, { form: single })).status).toBe(302);
  expect(await rows()).toEqual([{ currency_code: "EUR", amount_minor: 52500, method: "cash" }]);
});

test("an occurrence with no rate on file is held with its message and posted with a typed rate", async () => {
  const { b, userId } = await signedIn();
  // Yearly from 1990 in MXN: no rate is on file that early, so the first occurrence waits.
  const { schedule } = await createRent(b, userId, { frequency: "yearly", startDate: "1990-01-01", "payments[0].currencyCode": "MXN", "payments[0].amount": "20000.00" });
  expect(await postedCount(userId)).toBe(0);
  const html = await (await b.fetch("/recurring")).text();
  expect(html).toContain("Needs a rate for MXN on 1990-01-01");
  expect(html).toContain('name="rates.MXN"');
  const res = await b.fetch("/recurring", { form: { intent: "post-now", id: schedule.id, "rates.MXN": "20" } });
  expect(res.status, await res.clone().text()).toBe(302);
  const posted = await env.DB.prepare(
    "select t.date, t.occurrence_date, p.rate, p.usd_cents from transactions t join payments p on p.transaction_id = t.id where t.user_id = ?",
  )
    .bind(userId)
    .all();
  expect(posted.results).toEqual([{ date: "1990-01-01", occurrence_date: "1990-01-01", rate: "20", usd_cents: 100000 }]);
  // Without a rate, "post now" is refused with the message and nothing is posted.
  const refused = await b.fetch("/recurring", { form: { intent: "post-now", id: schedule.id } });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Needs a rate for MXN on 1991-01-01");
  expect(await postedCount(userId)).toBe(1);
});
