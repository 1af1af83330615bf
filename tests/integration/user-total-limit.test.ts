import { env, SELF } from "cloudflare:test";
import { expect, test } from "vitest";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { api, loginViaApi, registerViaApi, type ApiAccount } from "./api-client";
import { browser, ORIGIN, registerViaForm, type Browser } from "./helpers";
import { insertTransaction } from "./seed-rows";

// Decision 011 through the Worker on D1: a user's payments add up to at most 10^15 USD cents, and
// per currency to at most 10^15 minor units. The write that would pass a limit is refused with a
// translated message on the web form and in the API, and changes nothing; at the limit every page
// and API total answers 200, exact to the cent. (Before the limit, totals past 2^53 cents made
// /expenses and /dashboard answer 500 and the API's decimal totals lose a cent.)

const today = new Date().toISOString().slice(0, 10);
const MAX_AMOUNT = "999999999999.99";

async function webAndApiUser(): Promise<{ b: Browser; account: ApiAccount }> {
  const b = browser();
  const { email } = await registerViaForm(b);
  const tokens = await loginViaApi(email);
  return { b, account: { email, password: "", ...tokens } };
}

function post(account: ApiAccount, json: Record<string, unknown>, headers?: Record<string, string>) {
  return api("/api/transactions", { method: "POST", token: account.accessToken, json, headers });
}

async function create(account: ApiAccount, type: "INCOME" | "EXPENSE", amount: string) {
  const categoryId = type === "INCOME" ? "default-salary" : "default-food";
  const res = await post(account, { type, description: `${type} ${amount}`, date: today, categoryId, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.transaction.id as string;
}

function postForm(b: Browser, path: string, form: { type: string; amount: string; currencyCode?: string }) {
  const entries: [string, string][] = [
    ["type", form.type],
    ["description", "One more"],
    ["date", today],
    ["categoryId", form.type === "INCOME" ? "default-salary" : "default-food"],
    ["payments[0].currencyCode", form.currencyCode ?? "USD"],
    ["payments[0].amount", form.amount],
    ["payments[0].method", "cash"],
    ["intent", "save"],
  ];
  return b.fetch(path, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
  });
}

/** Everything a refused write must leave as it was, read straight from D1. */
async function snapshot(userId: string) {
  const rows = await env.DB.batch([
    env.DB.prepare("select id, type, description, date, category_id, usd_cents, updated_at from transactions where user_id = ? order by id").bind(userId),
    env.DB.prepare("select * from payments where user_id = ? order by id").bind(userId),
    env.DB.prepare("select count(*) as n from activity_log where user_id = ?").bind(userId),
    env.DB.prepare("select count(*) as n from idempotency_keys where user_id = ?").bind(userId),
    env.DB.prepare("select cast(usd_cents as text) as usd from payment_totals where user_id = ?").bind(userId),
    env.DB.prepare("select currency_code, cast(amount_minor as text) as amount from payment_currency_totals where user_id = ? order by currency_code").bind(userId),
  ]);
  return rows.map((r) => r.results);
}

/** Exact sums of the stored rows, as BigInt (SQLite sums int64 exactly; cast to text so nothing passes through a double). */
async function storedSums(userId: string) {
  const row = await env.DB.prepare(
    `select cast(coalesce(sum(case when type = 'INCOME' then usd_cents end), 0) as text) as income,
            cast(coalesce(sum(case when type = 'EXPENSE' then usd_cents end), 0) as text) as expense,
            (select cast(sum(usd_cents) as text) from payments where user_id = ?1) as payments
     from transactions where user_id = ?1`,
  )
    .bind(userId)
    .first<{ income: string; expense: string; payments: string }>();
  const income = BigInt(row!.income);
  const expense = BigInt(row!.expense);
  return { income, expense, net: income - expense, payments: BigInt(row!.payments) };
}

/** Cents → "$ 1,234.56" as the English pages show money, from BigInt digits only. */
function shownUsd(cents: bigint) {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}$ ${new Intl.NumberFormat("en-US").format(abs / 100n)}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Cents → the JSON number text of the amount in dollars ("1234.5" for 123450 cents), from BigInt digits only. */
function jsonUsd(cents: bigint) {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  const fraction = String(abs % 100n).padStart(2, "0").replace(/0+$/, "");
  return `${sign}${abs / 100n}${fraction ? `.${fraction}` : ""}`;
}

async function apiText(account: ApiAccount, path: string) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${account.accessToken}` } });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return text;
}

const USD_LIMIT_MESSAGE = "This would take the USD total of all your transactions past 10,000,000,000,000.00, the most one account can record";

test("at the USD limit: the write that would pass it is refused on the web form and in the API, and nothing changes", async () => {
  const { b, account } = await webAndApiUser();
  const userId = account.user.id;
  // Ten transactions of the largest amount, then 10 cents: exactly USD 10,000,000,000,000.00, all accepted.
  for (let i = 0; i < 6; i++) await create(account, "INCOME", MAX_AMOUNT);
  for (let i = 0; i < 4; i++) await create(account, "EXPENSE", MAX_AMOUNT);
  await create(account, "INCOME", "0.03");
  const smallExpense = await create(account, "EXPENSE", "0.07");
  expect((await storedSums(userId)).payments).toBe(BigInt(MAX_USER_TOTAL_MINOR));
  const before = await snapshot(userId);
  expect(before[4]).toEqual([{ usd: String(MAX_USER_TOTAL_MINOR) }]);

  const refusedApi = await post(account, { type: "EXPENSE", description: "One cent", date: today, categoryId: "default-food", amount: "0.01" });
  expect(refusedApi.status).toBe(400);
  expect(refusedApi.body).toEqual({ status: "error", message: USD_LIMIT_MESSAGE, errors: { amount: [USD_LIMIT_MESSAGE] } });

  // With an Idempotency-Key the refusal is the same, and the key is not spent.
  const refusedKeyed = await post(account, { type: "INCOME", description: "Keyed", date: today, categoryId: "default-salary", amount: "5" }, { "Idempotency-Key": "limit-1" });
  expect(refusedKeyed.status).toBe(400);
  expect(refusedKeyed.body.message).toBe(USD_LIMIT_MESSAGE);

  const refusedMulti = await post(account, {
    type: "EXPENSE",
    description: "Split",
    date: today,
    categoryId: "default-food",
    payments: [{ currencyCode: "USD", amount: "0.01" }, { currencyCode: "EUR", amount: "1", exchangeRate: "0.8612" }],
  });
  expect(refusedMulti.status).toBe(400);
  expect(refusedMulti.body.errors).toEqual({ "payments.1.amount": [USD_LIMIT_MESSAGE] });

  const refusedUpdate = await api(`/api/transactions/${smallExpense}`, { method: "PUT", token: account.accessToken, json: { amount: "0.08" } });
  expect(refusedUpdate.status).toBe(400);
  expect(refusedUpdate.body).toEqual({ status: "error", message: USD_LIMIT_MESSAGE, errors: { amount: [USD_LIMIT_MESSAGE] } });

  const refusedForm = await postForm(b, "/expenses/new", { type: "INCOME", amount: "0.01" });
  expect(refusedForm.status).toBe(400);
  const formHtml = await refusedForm.text();
  expect(formHtml).toContain(USD_LIMIT_MESSAGE);
  expect(formHtml).toContain('aria-invalid="true"');

  const refusedEdit = await postForm(b, `/expenses/edit/${smallExpense}`, { type: "EXPENSE", amount: "0.08" });
  expect(refusedEdit.status).toBe(400);
  expect(await refusedEdit.text()).toContain(USD_LIMIT_MESSAGE);

  expect(await snapshot(userId)).toEqual(before);

  // An edit that stays within the limit is saved, as is a new one once there is room again.
  expect((await postForm(b, `/expenses/edit/${smallExpense}`, { type: "EXPENSE", amount: "0.06" })).status).toBe(302);
  const saved = await postForm(b, "/expenses/new", { type: "EXPENSE", amount: "0.01" });
  expect(saved.status).toBe(302);
  expect((await storedSums(userId)).payments).toBe(BigInt(MAX_USER_TOTAL_MINOR));
}, 60_000);

test("at the limit, /expenses, /dashboard and the API's totals answer 200 and are exact to the cent", async () => {
  const { b, account } = await webAndApiUser();
  const userId = account.user.id;
  for (let i = 0; i < 6; i++) await create(account, "INCOME", MAX_AMOUNT);
  for (let i = 0; i < 4; i++) await create(account, "EXPENSE", MAX_AMOUNT);
  await create(account, "INCOME", "0.03");
  await create(account, "EXPENSE", "0.07");
  const sums = await storedSums(userId);
  expect(sums.payments).toBe(BigInt(MAX_USER_TOTAL_MINOR));
  expect(sums.income + sums.expense).toBe(sums.payments);
  // 5,999,999,999,999.97 − 4,000,000,000,000.03 = 1,999,999,999,999.94: odd cents, 16 digits, past 2^53 if summed as dollars in a double.
  expect(shownUsd(sums.income)).toBe("$ 5,999,999,999,999.97");

  const list = await b.fetch("/expenses");
  expect(list.status).toBe(200);
  const listHtml = (await list.text()).replace(/<!-- -->/g, "");
  const escape = (text: string) => text.replace(/[$.]/g, "\\$&");
  expect(listHtml).toMatch(new RegExp(`Income</dt><dd[^>]*><span[^>]*>${escape(shownUsd(sums.income))}<`));
  expect(listHtml).toMatch(new RegExp(`Expenses</dt><dd[^>]*><span[^>]*>${escape(shownUsd(sums.expense))}<`));
  expect(listHtml).toMatch(new RegExp(`Net</dt><dd[^>]*><span[^>]*>${escape(shownUsd(sums.net))}<`));

  const dashboard = await b.fetch("/dashboard");
  expect(dashboard.status).toBe(200);
  const dashboardHtml = (await dashboard.text()).replace(/<!-- -->/g, "");
  expect(dashboardHtml).toMatch(new RegExp(`Income</h3><p[^>]*><span[^>]*>${escape(shownUsd(sums.income))}<`));
  expect(dashboardHtml).toMatch(new RegExp(`Expenses</h3><p[^>]*><span[^>]*>${escape(shownUsd(sums.expense))}<`));
  expect(dashboardHtml).toMatch(new RegExp(`Net balance</h3><p[^>]*><span[^>]*>${escape(shownUsd(sums.net))}<`));

  // The API's decimal numbers are written with every cent (15 significant digits survive a double),
  // and its integer cents are exact.
  const listed = await apiText(account, "/api/transactions?limit=1");
  expect(listed).toContain(`"totals":{"income":${jsonUsd(sums.income)},"expense":${jsonUsd(sums.expense)},"net":${jsonUsd(sums.net)},`);
  expect(listed).toContain(`"incomeUsdCents":${sums.income},"expenseUsdCents":${sums.expense},"netUsdCents":${sums.net}`);

  const summary = await apiText(account, "/api/transactions/summary");
  expect(summary).toContain(`"count":12,"income":${jsonUsd(sums.income)},"expense":${jsonUsd(sums.expense)},"net":${jsonUsd(sums.net)},`);
  expect(summary).toContain(`"usdEquivalent":{"income":${jsonUsd(sums.income)},"expense":${jsonUsd(sums.expense)},"total":${jsonUsd(sums.net)}}`);

  const byCategory = JSON.parse(await apiText(account, "/api/transactions/by-category"));
  expect(byCategory.data.categories.map((c: { id: string; usdCents: number }) => [c.id, BigInt(c.usdCents)])).toEqual([
    ["default-salary", sums.income],
    ["default-food", sums.expense],
  ]);
  const byCategoryText = await apiText(account, "/api/transactions/by-category");
  expect(byCategoryText).toContain(`"totalAmount":${jsonUsd(sums.income)},"usdCents":${sums.income}`);

  const byDate = await apiText(account, `/api/transactions/by-date-range?startDate=${today}&endDate=${today}`);
  expect(byDate).toContain(`{"date":"${today}","income":${jsonUsd(sums.income)},"expenses":${jsonUsd(sums.expense)}}`);
}, 60_000);

test("each currency's total is capped at 10^15 of its minor units, with the message in the request's language", async () => {
  const account = await registerViaApi();
  const userId = account.user.id;
  // Yen have no decimals, so the largest amount is 999,999,999,999 yen: the near-limit row is written by SQL.
  await insertTransaction({ userId, payments: [{ currencyCode: "JPY", amountMinor: MAX_USER_TOTAL_MINOR - 9, usdCents: 1, rate: "152.84" }] });
  const before = await snapshot(userId);
  const yen = (amount: string) => ({ type: "EXPENSE", description: "Yen", date: today, categoryId: "default-food", currencyCode: "JPY", amount, exchangeRate: "152.84" });

  const refused = await post(account, yen("10"), { "Accept-Language": "es" });
  expect(refused.status).toBe(400);
  const message =
    "Con esto el total de todos tus pagos en esta moneda superaría 10.000.000.000.000,00 (1.000.000.000.000.000 en una moneda sin decimales), el máximo que puede registrar una cuenta";
  expect(refused.body).toEqual({ status: "error", message, errors: { amount: [message] } });
  expect(await snapshot(userId)).toEqual(before);

  expect((await post(account, yen("9"))).status).toBe(201);
  expect((await post(account, { ...yen("1"), currencyCode: "USD", exchangeRate: undefined })).status).toBe(201);
}, 30_000);

test("after creates, edits and deletes through the API and the web form, the kept totals equal fresh sums over the payments", async () => {
  const { b, account } = await webAndApiUser();
  const userId = account.user.id;
  const other = await registerViaApi();
  const first = await create(account, "EXPENSE", "12.34");
  const second = await create(account, "INCOME", "1000");
  const third = (
    await post(account, {
      type: "EXPENSE",
      description: "Split",
      date: today,
      categoryId: "default-food",
      payments: [{ currencyCode: "EUR", amount: "8.61", exchangeRate: "0.8612" }, { currencyCode: "JPY", amount: "1500", exchangeRate: "152.84" }, { currencyCode: "USD", amount: "1" }],
    })
  ).body.data.transaction.id as string;
  await create(other, "EXPENSE", "99");
  expect((await api(`/api/transactions/${first}`, { method: "PUT", token: account.accessToken, json: { amount: "15", currencyCode: "EUR", exchangeRate: "0.9" } })).status).toBe(200);
  expect((await api(`/api/transactions/${third}`, { method: "PUT", token: account.accessToken, json: { payments: [{ currencyCode: "GBP", amount: "3", exchangeRate: "0.7598" }] } })).status).toBe(200);
  expect((await postForm(b, `/expenses/edit/${second}`, { type: "INCOME", amount: "2000.50" })).status).toBe(302);
  expect((await postForm(b, "/expenses/new", { type: "EXPENSE", amount: "7.77" })).status).toBe(302);
  expect((await api(`/api/transactions/${second}`, { method: "DELETE", token: account.accessToken })).status).toBe(200);
  // Another user's delete of these ids changes nothing.
  expect((await api(`/api/transactions/${first}`, { method: "DELETE", token: other.accessToken })).status).toBe(404);

  for (const id of [userId, other.user.id]) {
    const [kept, summed, keptByCurrency, summedByCurrency] = (
      await env.DB.batch([
        env.DB.prepare("select cast(usd_cents as text) as usd from payment_totals where user_id = ?").bind(id),
        env.DB.prepare("select cast(sum(usd_cents) as text) as usd from payments where user_id = ?").bind(id),
        env.DB.prepare("select currency_code as code, cast(amount_minor as text) as amount from payment_currency_totals where user_id = ? and amount_minor <> 0 order by code").bind(id),
        env.DB.prepare("select currency_code as code, cast(sum(amount_minor) as text) as amount from payments where user_id = ? group by currency_code order by code").bind(id),
      ])
    ).map((r) => r.results);
    expect(kept).toEqual(summed);
    expect(keptByCurrency).toEqual(summedByCurrency);
  }
  const [byCurrency] = (
    await env.DB.batch([env.DB.prepare("select currency_code as code, amount_minor as amount from payment_currency_totals where user_id = ? and amount_minor <> 0 order by code").bind(userId)])
  ).map((r) => r.results);
  expect(byCurrency).toEqual([
    { code: "EUR", amount: 1500 },
    { code: "GBP", amount: 300 },
    { code: "USD", amount: 777 },
  ]);
}, 60_000);
