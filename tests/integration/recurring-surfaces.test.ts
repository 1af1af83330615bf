import { env } from "cloudflare:test";
import { afterEach, expect, test, vi } from "vitest";
import { createSchedule, deleteSchedule } from "~/features/recurring/commands.server";
import { scheduleInputSchema } from "~/features/recurring/schemas";
import { createDb } from "~/platform/db/client.server";
import { pageText, signedIn, type Browser } from "./helpers";

// Where schedules show outside /recurring (issue 24), through the Worker on D1: the dashboard's
// "Coming up" (the user's today and the 6 days after, amounts and a USD estimate at today's rate,
// labelled as one), the current month's budgets' planned spending from expense schedules (exact
// cents, each currency's sum converted once, half away from zero), and the "repeats" sign that
// links a posted transaction to its schedule. The clock is the Worker's Date, faked per test
// (the Worker runs in this isolate), each test on its own days in 2031 past every stored rate.

const db = () => createDb({ DB: env.DB });

afterEach(() => {
  vi.useRealTimers();
});

function at(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });
}

/** A rate filed for a day: the latest on or before today is the one an estimate takes. */
async function fileRate(currencyCode: string, date: string, rate: string) {
  await env.DB.prepare("insert into exchange_rates (id, currency_code, date, rate, source, fetched_at) values (?, ?, ?, ?, 'manual', ?)")
    .bind(crypto.randomUUID(), currencyCode, date, rate, Date.now())
    .run();
}

async function schedule(userId: string, raw: Record<string, unknown>, now = new Date()) {
  const input = scheduleInputSchema.parse({
    type: "EXPENSE",
    description: "Rent",
    categoryId: "default-housing",
    payments: [{ currencyCode: "USD", amount: "1200.00", method: "bank_transfer" }],
    frequency: "monthly",
    ...raw,
  });
  const outcome = await createSchedule(db(), { userId, ip: null }, input, { now });
  expect(outcome.kind, JSON.stringify(outcome)).toBe("created");
  return (outcome as { schedule: { id: string } }).schedule.id;
}

async function html(b: Browser, path: string) {
  const res = await b.fetch(path);
  expect(res.status).toBe(200);
  return res.text();
}

/** The "repeats" signs of a page: each one's link, tooltip and text alternative. */
function signs(page: string) {
  return [...page.matchAll(/<a([^>]*data-repeats-sign=""[^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: attributes!.match(/href="([^"]*)"/)?.[1],
    title: attributes!.match(/title="([^"]*)"/)?.[1],
    text: inner!.replace(/<[^>]+>/g, "").trim(),
  }));
}

/** The text of the dashboard's "Coming up" card. */
function comingUpText(page: string) {
  const card = page.match(/<ul[^>]*data-coming-up=""[\s\S]*?<\/ul>/)?.[0] ?? "";
  return card.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();
}

test("the dashboard's Coming up lists the user's own occurrences of today through today + 6 with amounts and a USD estimate at today's rate, in en and es", { timeout: 90_000 }, async () => {
  at("2031-01-10T12:00:00Z");
  await fileRate("MXN", "2031-01-09", "20");
  const { b, userId } = await signedIn();
  const es = await signedIn("es");
  // Due on the 12th (MXN 6,400.00 ÷ 20 = $ 320.00), on the 16th (the last day shown, USD) and on the 17th (one day past it).
  await schedule(userId, { description: "Office rent", payments: [{ currencyCode: "MXN", amount: "6400.00", method: "bank_transfer" }], startDate: "2031-01-12" });
  await schedule(userId, { description: "Streaming", payments: [{ currencyCode: "USD", amount: "15.99", method: "credit_card" }], startDate: "2031-01-16" });
  await schedule(userId, { description: "Gym", startDate: "2031-01-17" });
  // Another user's schedule, due tomorrow, is not on this user's dashboard.
  await schedule(es.userId, { description: "Alquiler ajeno", payments: [{ currencyCode: "MXN", amount: "6400.00", method: "bank_transfer" }], startDate: "2031-01-11" });

  const en = comingUpText(await html(b, "/dashboard"));
  expect(en).toContain("Office rent");
  expect(en).toMatch(/Jan 12, 2031.*-MXN 6,400\.00.*≈ \$ 320\.00, estimated at today's rate/);
  expect(en).toMatch(/Streaming.*Jan 16, 2031.*-\$ 15\.99/);
  expect(en).not.toContain("Gym");
  expect(en).not.toContain("Alquiler ajeno");
  // A USD amount is its own figure: no estimate under it.
  expect(en.match(/estimated at today's rate/g)).toHaveLength(1);
  // Each occurrence links to its schedule on /recurring.
  expect(await html(b, "/dashboard")).toMatch(/href="\/recurring#recurring-[^"]+"[^>]*>Office rent/);

  const spanish = comingUpText(await html(es.b, "/dashboard"));
  expect(spanish).toContain("Alquiler ajeno");
  expect(spanish).toMatch(/MXN 6\.400,00.*≈ US\$ 320,00, estimado a la tasa de hoy/);
  expect(spanish).not.toContain("Office rent");
});

test("with nothing due in the next 7 days the dashboard says so and links to /recurring; a currency with no rate today gets no guessed estimate", { timeout: 60_000 }, async () => {
  at("2031-02-10T12:00:00Z");
  const { b, userId } = await signedIn();
  const empty = await pageText(b, "/dashboard");
  expect(empty).toContain("Nothing is due in the next 7 days. Set up a recurring transaction");
  expect(await html(b, "/dashboard")).toMatch(/href="\/recurring"[^>]*>Set up a recurring transaction/);
  // A currency with no rate at all on file: the amount shows, the estimate says why it is missing.
  await env.DB.prepare("insert or ignore into currencies (code, name, symbol, decimal_places, is_active) values ('XTS', 'Test currency', 'XTS', 2, 1)").run();
  await schedule(userId, { description: "Test fee", payments: [{ currencyCode: "XTS", amount: "10.00", method: "cash" }], startDate: "2031-02-11" });
  const text = comingUpText(await html(b, "/dashboard"));
  expect(text).toContain("Test fee");
  expect(text).toContain("No rate on file for XTS today: no USD estimate");
  expect(text).not.toContain("estimated at today's rate");
});

test("this month's budget shows what its expense schedules still post, in exact USD cents rounded once half away from zero; income schedules and other months show none", { timeout: 90_000 }, async () => {
  at("2031-03-10T12:00:00Z");
  await fileRate("MXN", "2031-03-01", "20");
  const { b, userId } = await signedIn();
  const created = await b.fetch("/budgets?newBudget", { form: { intent: "budget-create", month: "2031-03", categoryId: "default-housing", amount: "500", alertThreshold: "80" } });
  expect(created.status).toBe(302);
  // Weekly MXN 10.50 on the 12th, 19th and 26th: 3 × 1,050 = 3,150 MXN cents ÷ 20 = 157.5 → $ 1.58
  // (converted once; each occurrence apart would be 52.5 → 53, three times $ 0.53 = $ 1.59).
  await schedule(userId, { description: "Cleaning", frequency: "weekly", payments: [{ currencyCode: "MXN", amount: "10.50", method: "cash" }], startDate: "2031-03-12" });
  // An income schedule is not planned spending.
  await schedule(userId, { type: "INCOME", description: "Sublet", categoryId: "default-salary", payments: [{ currencyCode: "USD", amount: "300.00", method: "bank_transfer" }], startDate: "2031-03-15" });
  const text = await pageText(b, "/budgets");
  expect(text).toContain("$ 0.00 spent · $ 1.58 planned");
  expect(text).toContain("Planned: recurring expenses still to post this month, estimated at today's rate.");
  // February is not this month: its budgets show no planned figure.
  expect(await pageText(b, "/budgets?month=2031-02")).not.toContain("planned");

  // In Spanish too.
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/budgets" } });
  expect(await pageText(b, "/budgets")).toContain("US$ 0,00 gastado · US$ 1,58 previsto");
});

test("a transaction a schedule posted shows a 'repeats' sign linking to its schedule on the list and the dashboard; once the schedule is deleted, no sign", { timeout: 90_000 }, async () => {
  at("2031-04-06T08:00:00Z");
  const { b, userId } = await signedIn();
  // Made on the 1st, due on the 5th, not posted yet: no job has run since.
  const id = await schedule(userId, { description: "Salary", type: "INCOME", categoryId: "default-salary", startDate: "2031-04-05" }, new Date("2031-04-01T08:00:00Z"));
  // Opening /expenses posts the due occurrence (the catch-up), then lists it with its sign.
  const list = await html(b, "/expenses");
  const expected = [{ href: `/recurring#recurring-${id}`, title: "Recurring", text: "Recurring" }];
  expect(signs(list)).toEqual(expected);
  expect(signs(await html(b, "/dashboard"))).toEqual(expected);
  // In Spanish, "Recurrente".
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/expenses" } });
  expect(signs(await html(b, "/expenses"))).toEqual([{ href: `/recurring#recurring-${id}`, title: "Recurrente", text: "Recurrente" }]);
  const posted = await env.DB.prepare("select count(*) as n from transactions where user_id = ? and recurring_id = ?").bind(userId, id).first<{ n: number }>();
  expect(posted?.n).toBe(1);

  expect(await deleteSchedule(db(), { userId, ip: null }, id)).toEqual({ kind: "deleted", id });
  // The transaction stays, an ordinary one now: no sign, on the list or the dashboard.
  const after = await html(b, "/expenses");
  expect(after).toContain("Salary");
  expect(signs(after)).toEqual([]);
  expect(signs(await html(b, "/dashboard"))).toEqual([]);
});
