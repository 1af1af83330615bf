import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { addDays, dayToDate, isoDay } from "~/calendar/days";
import { monthEndOf, monthStartOf } from "~/calendar/months";
import { acceptedDays } from "~/calendar/range";
import { formatMonthYear } from "~/calendar/format";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { pageText, signedIn } from "./helpers";
import { insertTransaction } from "./seed-rows";

// Issue 20, dates: one range of dates everywhere a date comes in (decision 022), from 1900-01-01
// to ten years after today, through the Worker on D1. Before it, Date.UTC read the years 0–99
// as 1900–1999: a report from 0001-01-01 passed the five-year limit (/api/reports/trends
// answered 695,786 daily entries) and a budget for 0050-01 counted 1950's spending.

const today = isoDay();
const { latest } = acceptedDays(today);
const tooLate = addDays(latest, 1);
const dateMessage = `Enter a date between 1900-01-01 and ${latest}`;
const dateMessageEs = `Escribe una fecha entre 1900-01-01 y ${latest}`;
const monthMessage = `Choose a month between 1900-01 and ${latest.slice(0, 7)}`;

let alice: ApiAccount;

beforeAll(async () => {
  alice = await registerViaApi();
});

const get = (path: string, headers?: Record<string, string>) => api(path, { token: alice.accessToken, headers });

async function countRows(table: string, userId: string) {
  return (await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`).bind(userId).first<{ n: number }>())!.n;
}

test("a daily trend from 0001-01-01 is refused on the date's field, in English and Spanish; one from 1900-01-01 is answered", async () => {
  for (const query of ["startDate=0001-01-01&endDate=0001-12-31", "startDate=0001-01-01&endDate=0005-12-31"]) {
    const res = await get(`/api/reports/trends?period=daily&${query}`);
    expect(res.status, query).toBe(400);
    expect(res.body.errors?.startDate, query).toEqual([dateMessage]);
    expect(res.body.message).toBe(dateMessage);
  }
  const both = await get("/api/reports/trends?period=daily&startDate=1899-12-31&endDate=" + tooLate);
  expect(both.status).toBe(400);
  expect(both.body.errors).toEqual({ startDate: [dateMessage], endDate: [dateMessage] });
  const es = await get("/api/reports/trends?period=daily&startDate=0001-01-01&endDate=0001-12-31", { "Accept-Language": "es" });
  expect(es.status).toBe(400);
  expect(es.body.errors?.startDate).toEqual([dateMessageEs]);
  for (const path of ["/api/reports/summary", "/api/reports/categories", "/api/reports/export"]) {
    const refused = await get(`${path}?startDate=0050-01-01&endDate=0050-01-31`);
    expect(refused.status, path).toBe(400);
    expect(refused.body.errors?.startDate, path).toEqual([dateMessage]);
  }

  const january1900 = await get("/api/reports/trends?period=daily&startDate=1900-01-01&endDate=1900-01-31");
  expect(january1900.status).toBe(200);
  expect(january1900.body.data.trends).toHaveLength(31);
  expect(january1900.body.data.trends[0].date).toBe("1900-01-01");
  expect(january1900.body.data.trends[30].date).toBe("1900-01-31");
});

test("a budget for 0050-01 is refused by the API and the page, and stores nothing; 1900-01 counts only its own month", async () => {
  // A 1950 expense: the month Date.UTC took 0050-01 for.
  await insertTransaction({ userId: alice.user.id, categoryId: "default-food", date: "1950-01-15", usdCents: 4200 });
  const created = await api("/api/budgets", { token: alice.accessToken, json: { categoryId: "default-food", amount: "100", month: "0050-01-01" } });
  expect(created.status).toBe(400);
  expect(created.body.errors?.month).toEqual([monthMessage]);
  for (const path of ["/api/budgets?month=0050-01", "/api/budgets/progress?month=0050-01-01", `/api/budgets?month=${tooLate.slice(0, 4)}-12`]) {
    const listed = await get(path);
    expect(listed.status, path).toBe(400);
    expect(listed.body.errors?.month, path).toEqual([monthMessage]);
  }
  expect(await countRows("budgets", alice.user.id)).toBe(0);

  const first = await api("/api/budgets", { token: alice.accessToken, json: { categoryId: "default-food", amount: "100", month: "1900-01-01" } });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body.data.budget.spentCents).toBe(0);

  const { b, userId } = await signedIn();
  const res = await b.fetch("/budgets?month=0050-01&newBudget", {
    form: { intent: "budget-create", month: "0050-01", categoryId: "default-food", amount: "100", alertThreshold: "80" },
  });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain(monthMessage);
  expect(await countRows("budgets", userId)).toBe(0);
  // The page asked for 0050-01 shows this month, as it does for a month that is none (2026-13).
  const thisMonth = `Budgets for ${formatMonthYear(dayToDate(monthStartOf(today)), "en")}`;
  expect(await pageText(b, "/budgets?month=0050-01")).toContain(thisMonth);
  expect(await pageText(b, "/budgets?month=2026-13")).toContain(thisMonth);
  expect(await pageText(b, "/budgets?month=1950-01")).toContain("Budgets for January 1950");
});

test("the month arrows of /budgets and /reports stop at the accepted months instead of leading to a month that shows this one", async () => {
  const { b } = await signedIn();
  const lastMonth = latest.slice(0, 7);
  const pastLast = addDays(monthEndOf(monthStartOf(latest)), 1).slice(0, 7);
  for (const [path, edge, beyond, reason] of [
    ["/budgets?month=1900-01", "/budgets?month=1900-02", "/budgets?month=1899-12", "Previous month (dates start in January 1900)"],
    [`/budgets?month=${lastMonth}`, `/budgets?month=${addDays(monthStartOf(latest), -1).slice(0, 7)}`, `/budgets?month=${pastLast}`, "Next month (dates end ten years from now)"],
    ["/reports?month=1900-01", "/reports?month=1900-02", "/reports?month=1899-12", "Previous month (dates start in January 1900)"],
  ] as const) {
    const html = await (await b.fetch(path)).text();
    expect(html, path).toContain(`href="${edge}`);
    expect(html, path).not.toContain(`href="${beyond}`);
    expect(html, path).toContain(reason);
  }
});

function transactionForm(date: string): Record<string, string> {
  return {
    type: "EXPENSE",
    description: "Old receipt",
    date,
    categoryId: "default-food",
    "payments[0].currencyCode": "USD",
    "payments[0].amount": "12.50",
    "payments[0].method": "cash",
    intent: "save",
  };
}

test("a transaction dated 1899-12-31 or a day past ten years from today is refused by the form and the API; the range's first and last days are accepted", async () => {
  const account = await registerViaApi();
  const body = (date: string) => ({ description: "Old receipt", date, categoryId: "default-food", amount: "12.50" });
  for (const date of ["1899-12-31", tooLate, "0099-06-01", "1899-12-31T23:30:00-05:00"]) {
    const res = await api("/api/transactions", { token: account.accessToken, json: body(date) });
    expect(res.status, date).toBe(400);
    expect(res.body.errors?.date, date).toEqual([dateMessage]);
  }
  expect(await countRows("transactions", account.user.id)).toBe(0);
  for (const date of ["1900-01-01", latest]) {
    const res = await api("/api/transactions", { token: account.accessToken, json: body(date) });
    expect(res.status, date).toBe(201);
    expect(res.body.data.transaction.date).toBe(date);
  }
  const id = (await env.DB.prepare("select id from transactions where user_id = ? and date = '1900-01-01'").bind(account.user.id).first<{ id: string }>())!.id;
  const moved = await api(`/api/transactions/${id}`, { method: "PUT", token: account.accessToken, json: { date: "1899-12-31" } });
  expect(moved.status).toBe(400);
  expect(moved.body.errors?.date).toEqual([dateMessage]);

  const { b, userId } = await signedIn();
  for (const date of ["1899-12-31", tooLate]) {
    const res = await b.fetch("/expenses/new", { form: transactionForm(date) });
    expect(res.status, date).toBe(400);
    const html = await res.text();
    expect(html, date).toContain(dateMessage);
    expect(html, date).toContain(`min="1900-01-01" max="${latest}"`);
  }
  expect(await countRows("transactions", userId)).toBe(0);
  const saved = await b.fetch("/expenses/new", { form: transactionForm("1900-01-01") });
  expect(saved.status).toBe(302);
  expect(await countRows("transactions", userId)).toBe(1);
  // The form's rate lookup refuses the same dates.
  const rate = await b.fetch("/expenses/rate?currency=EUR&date=1899-12-31");
  expect(rate.status).toBe(400);
});

test("the reports page and its CSV export refuse a period from 0001-01-01 and say why; the list filters ignore it", async () => {
  const { b } = await signedIn("es");
  const text = await pageText(b, "/reports?from=0001-01-01&to=0001-12-31");
  expect(text).toContain(dateMessageEs);
  const exported = await b.fetch("/reports/export?from=0001-01-01&to=0001-12-31");
  expect(exported.status).toBe(302);
  expect(exported.headers.get("Location")).toContain("exportFailed=1");
  const list = await b.fetch("/expenses?from=0001-01-01");
  expect(list.status).toBe(200);
  const from = /<input id="filter-from"[^>]*>/.exec(await list.text())?.[0];
  expect(from).toContain('value=""');
  expect(from).toContain('min="1900-01-01"');
  expect(from).toContain(`max="${latest}"`);
});

test("a savings goal's date and a manual rate's date are held to the range", async () => {
  const goal = await api("/api/savings-goals", { token: alice.accessToken, json: { name: "Antique", target_amount: "300", target_date: "0050-01-01" } });
  expect(goal.status).toBe(400);
  expect(goal.body.errors?.target_date).toEqual([dateMessage]);
  const later = await api("/api/savings-goals", { token: alice.accessToken, json: { name: "Antique", target_amount: "300", targetDate: tooLate } });
  expect(later.status).toBe(400);
  expect(later.body.errors?.targetDate).toEqual([dateMessage]);
  expect(await countRows("savings_goals", alice.user.id)).toBe(0);
  const kept = await api("/api/savings-goals", { token: alice.accessToken, json: { name: "Retirement", target_amount: "300", target_date: latest } });
  expect(kept.status, JSON.stringify(kept.body)).toBe(201);

  const { b, userId } = await signedIn();
  await env.DB.prepare("update users set role = 'superadmin' where id = ?").bind(userId).run();
  const rate = await b.fetch("/admin/settings", { form: { intent: "manual-rate", currencyCode: "EUR", date: "1899-12-31", rate: "0.9" } });
  expect(rate.status).toBe(400);
  expect(await rate.text()).toContain(`Enter a date between 1900-01-01 and ${today}`);
  const form = await b.fetch("/budgets?month=2026-10&newGoal", {
    form: { intent: "goal-create", name: "Car", currencyCode: "USD", targetAmount: "5000", savedAmount: "", targetDate: "1899-12-31", description: "" },
  });
  expect(form.status).toBe(400);
  expect(await form.text()).toContain(dateMessage);
  expect(await countRows("savings_goals", userId)).toBe(0);
});
