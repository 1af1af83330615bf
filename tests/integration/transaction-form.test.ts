import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, type Browser, signedIn, withTableAway } from "./helpers";
import { allowConsoleError } from "../setup/console-errors";
import { exchangeRates, tags } from "~/platform/db/schema";
import { testDb } from "./seed-rows";
import { addRows, tagRow } from "../setup/rows";

// The transaction form through the Worker, posted as a browser without JavaScript posts it:
// every validation message, the intents that show the form again without writing, saving
// in one and in several currencies (exact minor units and USD cents, the rate's source),
// editing, deleting after a confirmation, and another user's transaction answering 404.

type Entries = [string, string][];

function post(b: Browser, path: string, entries: Entries) {
  return b.fetch(path, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
  });
}

type Row = { currencyCode: string; amount: string; method?: string; rate?: string; rateFor?: string };

function fields(
  form: { type?: string; description?: string; date?: string; categoryId?: string; tagIds?: string[]; multi?: boolean; intent?: string },
  payments: Row[],
): Entries {
  const entries: Entries = [
    ["type", form.type ?? "EXPENSE"],
    ["description", form.description ?? "Groceries"],
    ["date", form.date ?? "2026-11-20"],
    ["categoryId", form.categoryId ?? "default-food"],
  ];
  for (const tagId of form.tagIds ?? []) entries.push(["tagIds", tagId]);
  if (form.multi) entries.push(["multi", "on"]);
  payments.forEach((p, i) => {
    entries.push([`payments[${i}].currencyCode`, p.currencyCode], [`payments[${i}].amount`, p.amount], [`payments[${i}].method`, p.method ?? "cash"]);
    if (p.rate !== undefined) entries.push([`payments[${i}].rate`, p.rate]);
    if (p.rateFor !== undefined) entries.push([`payments[${i}].rateFor`, p.rateFor]);
  });
  entries.push(["intent", form.intent ?? "save"]);
  return entries;
}

type StoredPayment = {
  position: number;
  currency_code: string;
  amount_minor: number;
  method: string;
  rate: string;
  rate_date: string;
  rate_source: string;
  usd_cents: number;
};

async function transactionsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "select id, type, description, date, category_id, usd_cents from transactions where user_id = ? order by created_at",
  )
    .bind(userId)
    .all<{ id: string; type: string; description: string; date: string; category_id: string; usd_cents: number }>();
  return results;
}

async function paymentsOf(transactionId: string) {
  const { results } = await env.DB.prepare(
    "select position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents from payments where transaction_id = ? order by position",
  )
    .bind(transactionId)
    .all<StoredPayment>();
  return results;
}

async function tagLinksOf(transactionId: string) {
  const { results } = await env.DB.prepare("select tag_id from transaction_tags where transaction_id = ? order by tag_id")
    .bind(transactionId)
    .all<{ tag_id: string }>();
  return results.map((r) => r.tag_id);
}

async function activityOf(userId: string, action: string) {
  const { results } = await env.DB.prepare("select description from activity_log where user_id = ? and action = ?")
    .bind(userId, action)
    .all<{ description: string }>();
  return results.map((r) => r.description);
}

async function addTag(userId: string, name: string) {
  const row = tagRow(userId, name, { color: "#14B8A6" });
  await addRows(testDb(), tags, [row]);
  return row.id!;
}

/** Creates through the form and returns the new transaction's id. */
async function createViaForm(b: Browser, userId: string, form: Parameters<typeof fields>[0], payments: Row[]) {
  const before = new Set((await transactionsOf(userId)).map((t) => t.id));
  const res = await post(b, "/expenses/new", fields(form, payments));
  expect(res.status, await res.clone().text()).toBe(302);
  const created = (await transactionsOf(userId)).filter((t) => !before.has(t.id));
  expect(created).toHaveLength(1);
  return created[0]!.id;
}

const selected = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? null;
};
const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"`).exec(html)?.[1] ??
  null;

test("a guest is sent to sign in; the rate lookup answers a guest 401", async () => {
  const res = await browser().fetch("/expenses/new");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fexpenses%2Fnew");
  expect((await browser().fetch("/expenses/rate?currency=EUR&date=2026-11-20")).status).toBe(401);
});

test("the new form starts as a USD cash expense dated today (UTC) with the first expense category", async () => {
  const { b, userId } = await signedIn();
  await addTag(userId, "Trip");
  const res = await b.fetch("/expenses/new");
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>New Transaction</title>");
  expect(inputValue(html, "type")).toBe("EXPENSE");
  expect(html).toMatch(/aria-pressed="true"[^>]*>Expense</);
  expect(html).toContain('role="switch" aria-checked="false"');
  expect(inputValue(html, "date")).toBe(new Date().toISOString().slice(0, 10));
  // Defaults first, by name: Education is the first expense category; no income category is offered.
  expect(selected(html, "categoryId")).toBe("default-education");
  expect(html).not.toContain('value="default-salary"');
  expect(selected(html, "payments[0].currencyCode")).toBe("USD");
  expect(selected(html, "payments[0].method")).toBe("cash");
  for (const method of ["Cash", "Credit Card", "Debit Card", "Bank Transfer", "Digital Wallet", "Check", "Other"]) {
    expect(html).toContain(`>${method}</option>`);
  }
  expect(html).not.toContain('name="payments[0].rate"');
  expect(html).toContain('name="tagIds"');
  expect(html).toContain(">Trip</label>");
  expect(html).toContain('href="/expenses"');
  expect(html).toContain('value="recalculate"');
});

test("each validation message of spec section 5 comes back from the server, with the input kept and nothing stored", async () => {
  const { b, userId } = await signedIn();
  const cases: [Entries, string][] = [
    [fields({ description: "   " }, [{ currencyCode: "USD", amount: "5" }]), "Description is required"],
    [fields({ date: "" }, [{ currencyCode: "USD", amount: "5" }]), "Date is required"],
    [fields({ date: "2026-02-30" }, [{ currencyCode: "USD", amount: "5" }]), "Enter a real date as yyyy-MM-dd"],
    [fields({ categoryId: "" }, [{ currencyCode: "USD", amount: "5" }]), "Category is required"],
    [fields({}, [{ currencyCode: "USD", amount: "0" }]), "Amount must be a positive number"],
    [fields({}, [{ currencyCode: "USD", amount: "-3" }]), "Amount must be a positive number"],
    [fields({}, [{ currencyCode: "USD", amount: "" }]), "Amount must be a positive number"],
    [fields({ multi: true }, [{ currencyCode: "USD", amount: "5" }, { currencyCode: "USD", amount: "0" }]), "Payment amount must be positive"],
    [fields({}, [{ currencyCode: "EUR", amount: "5", rate: "-1", rateFor: "EUR" }]), "Conversion rate must be a positive number"],
    [fields({}, [{ currencyCode: "EUR", amount: "5", rate: "1e3", rateFor: "EUR" }]), "Conversion rate must be a positive number"],
    [fields({}, [{ currencyCode: "EUR", amount: "5", rate: "", rateFor: "EUR" }]), "Conversion rate must be a positive number"],
    [fields({}, [{ currencyCode: "EUR", amount: "5", rate: "0.00009", rateFor: "EUR" }]), "Conversion rate must be at least 0.0001"],
    [fields({}, [{ currencyCode: "EUR", amount: "999999999999", rate: "0.5", rateFor: "EUR" }]), "In USD this is more than 999,999,999,999.99; check the amount and the rate"],
    [fields({}, [{ currencyCode: "USD", amount: "1,000" }]), "“1,000” could be 1000 or 1.000: type the one you mean"],
    [fields({}, []), "At least one payment is required"],
    [fields({}, [{ currencyCode: "", amount: "5" }]), "Currency is required"],
    [fields({}, [{ currencyCode: "USD", amount: "5", method: "" }]), "Payment method is required"],
    [fields({}, [{ currencyCode: "USD", amount: "5", method: "barter" }]), "Choose one of the payment methods"],
    [fields({}, [{ currencyCode: "XYZ", amount: "5" }]), "Choose one of the active currencies"],
    [fields({}, [{ currencyCode: "JPY", amount: "100.5", rate: "152.84", rateFor: "JPY" }]), "This currency has fewer decimal places"],
    [fields({}, [{ currencyCode: "USD", amount: "1234567890123" }]), "Amounts are limited to 12 digits before the decimal point"],
    [fields({ categoryId: "default-salary" }, [{ currencyCode: "USD", amount: "5" }]), "This category is not of the transaction&#x27;s type"],
    [fields({ categoryId: "nope" }, [{ currencyCode: "USD", amount: "5" }]), "Choose one of your categories"],
    [fields({ tagIds: ["someone-elses"] }, [{ currencyCode: "USD", amount: "5" }]), "Choose among your own tags"],
    // Before the snapshot of 2026-11-01 no EUR rate is on file: the form asks for one, never uses 1.
    [fields({ date: "2026-10-15" }, [{ currencyCode: "EUR", amount: "5" }]), "No exchange rate is known for this currency yet; enter one"],
    [fields({ date: "2026-10-15" }, [{ currencyCode: "EUR", amount: "5", rate: "", rateFor: "EUR" }]), "No exchange rate is known for this currency yet; enter one"],
  ];
  for (const [entries, message] of cases) {
    const res = await post(b, "/expenses/new", entries);
    const html = await res.text();
    expect(res.status, message).toBe(400);
    expect(html, message).toContain(message);
    expect(html, message).toContain('aria-invalid="true"');
    // The error summary and the field both show the message, never its untranslated key.
    expect(withoutScripts(html), message).not.toMatch(/validation\.\w+/);
  }
  // The typed input comes back.
  const kept = await (await post(b, "/expenses/new", fields({ description: "Taxi ride" }, [{ currencyCode: "USD", amount: "0" }]))).text();
  expect(inputValue(kept, "description")).toBe("Taxi ride");
  expect(inputValue(kept, "payments[0].amount")).toBe("0");
  expect(await transactionsOf(userId)).toEqual([]);
});

test("the messages are in Spanish for a Spanish visitor", async () => {
  const { b } = await signedIn("es");
  const html = await (await post(b, "/expenses/new", fields({ description: "" }, [{ currencyCode: "USD", amount: "0" }]))).text();
  expect(html).toContain("La descripción es obligatoria");
  expect(html).toContain("El monto debe ser un número positivo");
  expect(html).toContain("Nueva transacción");
});

test("without JavaScript, switching the type clears the category and picks the first of the new type; nothing is written", async () => {
  const { b, userId } = await signedIn();
  const res = await post(b, "/expenses/new", fields({ description: "Salary November", categoryId: "default-food", intent: "type:INCOME" }, [{ currencyCode: "USD", amount: "2500" }]));
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(inputValue(html, "type")).toBe("INCOME");
  expect(selected(html, "categoryId")).toBe("default-freelance");
  expect(html).not.toContain('value="default-food"');
  expect(inputValue(html, "description")).toBe("Salary November");
  expect(inputValue(html, "payments[0].amount")).toBe("2500");
  expect(html).not.toContain("is required");
  // Back to expense picks the first expense category again.
  const back = await (await post(b, "/expenses/new", fields({ type: "INCOME", categoryId: "default-salary", intent: "type:EXPENSE" }, [{ currencyCode: "USD", amount: "1" }]))).text();
  expect(selected(back, "categoryId")).toBe("default-education");
  expect(await transactionsOf(userId)).toEqual([]);
});

test("without JavaScript, the multi-currency switch, adding rows and removing rows re-render the form with the input kept", async () => {
  const { b, userId } = await signedIn();
  const multi = await post(b, "/expenses/new", fields({ description: "Market", intent: "multi:on" }, [{ currencyCode: "USD", amount: "10" }]));
  expect(multi.status).toBe(200);
  const multiHtml = await multi.text();
  expect(multiHtml).toContain('role="switch" aria-checked="true"');
  expect(inputValue(multiHtml, "multi")).toBe("on");
  expect(multiHtml).toContain("Payment 1");
  expect(multiHtml).toContain('value="add-payment"');
  // One row left: no remove button.
  expect(multiHtml).not.toContain('value="remove-payment:0"');

  const added = await (await post(b, "/expenses/new", fields({ description: "Market", multi: true, intent: "add-payment" }, [{ currencyCode: "EUR", amount: "20", rate: "0.9", rateFor: "EUR" }]))).text();
  expect(added).toContain("Payment 2");
  expect(selected(added, "payments[0].currencyCode")).toBe("EUR");
  expect(inputValue(added, "payments[0].rate")).toBe("0.9");
  expect(selected(added, "payments[1].currencyCode")).toBe("USD");
  expect(selected(added, "payments[1].method")).toBe("cash");
  expect(added).toContain('value="remove-payment:1"');

  const rows: Row[] = [
    { currencyCode: "USD", amount: "1.00" },
    { currencyCode: "EUR", amount: "2.00", rate: "0.9", rateFor: "EUR" },
    { currencyCode: "COP", amount: "3000", rate: "4000", rateFor: "COP" },
  ];
  const removed = await (await post(b, "/expenses/new", fields({ multi: true, intent: "remove-payment:1" }, rows))).text();
  expect(removed).not.toContain("Payment 3");
  expect(selected(removed, "payments[0].currencyCode")).toBe("USD");
  expect(selected(removed, "payments[1].currencyCode")).toBe("COP");
  expect(inputValue(removed, "payments[1].amount")).toBe("3000");
  expect(inputValue(removed, "payments[1].rate")).toBe("4000");

  // Removing the last row is refused and the row stays.
  const refused = await post(b, "/expenses/new", fields({ multi: true, intent: "remove-payment:0" }, [{ currencyCode: "USD", amount: "7.50" }]));
  expect(refused.status).toBe(400);
  const refusedHtml = await refused.text();
  expect(refusedHtml).toContain("A transaction needs at least one payment.");
  expect(inputValue(refusedHtml, "payments[0].amount")).toBe("7.50");

  // Back to single mode keeps the first row only.
  const single = await (await post(b, "/expenses/new", fields({ multi: true, intent: "multi:off" }, rows))).text();
  expect(single).toContain('role="switch" aria-checked="false"');
  expect(single).not.toContain('name="payments[1].amount"');
  expect(inputValue(single, "payments[0].amount")).toBe("1.00");
  expect(await transactionsOf(userId)).toEqual([]);
});

test("without JavaScript, refresh fills the rate on file with its explanation, and the USD amounts are computed on the round trip", async () => {
  const { b, userId } = await signedIn();
  const refreshed = await post(b, "/expenses/new", fields({ intent: "refresh-rate:0" }, [{ currencyCode: "EUR", amount: "86.12", rate: "0.9", rateFor: "EUR" }]));
  expect(refreshed.status).toBe(200);
  const html = await refreshed.text();
  expect(inputValue(html, "payments[0].rate")).toBe("0.8612");
  expect(inputValue(html, "payments[0].rateFor")).toBe("EUR");
  expect(html).toContain("1 USD = 0.8612 EUR, rate of Nov 1, 2026 (Built-in snapshot)");
  expect(html).toMatch(/USD equivalent: <\/span><strong[^>]*><span[^>]*>\$ 100\.00</);

  // A typed rate stays, explained as entered by hand for the transaction's date.
  const typed = await (await post(b, "/expenses/new", fields({ intent: "recalculate" }, [{ currencyCode: "EUR", amount: "90", rate: "0.9", rateFor: "EUR" }]))).text();
  expect(inputValue(typed, "payments[0].rate")).toBe("0.9");
  expect(typed).toContain("1 USD = 0.9 EUR, rate of Nov 20, 2026 (Entered by hand)");
  expect(typed).toMatch(/\$ 100\.00</);

  // A currency switched without JavaScript drops the old currency's rate and shows the new one's.
  const switched = await (await post(b, "/expenses/new", fields({ intent: "recalculate" }, [{ currencyCode: "COP", amount: "38712.50", rate: "0.9", rateFor: "EUR" }]))).text();
  expect(inputValue(switched, "payments[0].rate")).toBe("3871.25");
  expect(switched).toMatch(/\$ 10\.00</);

  // Multi mode: each row and the total.
  const total = await (
    await post(b, "/expenses/new", fields({ multi: true, intent: "recalculate" }, [
      { currencyCode: "USD", amount: "10" },
      { currencyCode: "EUR", amount: "8.612", rate: "0.8612", rateFor: "EUR" },
      { currencyCode: "VES", amount: "2310.48" },
    ]))
  ).text();
  expect(inputValue(total, "payments[2].rate")).toBe("231.0475");
  expect(total).toMatch(/data-testid="usd-equivalent-2"[^>]*><span[^>]*>\$ 10\.00</);
  // EUR 8.612 has three decimals: that row is incomplete, so the total waits.
  expect(total).toMatch(/data-testid="usd-total"[^>]*>—</);

  // No rate known for the date: the refresh says so on the rate field.
  const unknown = await post(b, "/expenses/new", fields({ date: "2026-10-15", intent: "refresh-rate:0" }, [{ currencyCode: "EUR", amount: "5", rate: "", rateFor: "EUR" }]));
  expect(unknown.status).toBe(400);
  expect(await unknown.text()).toContain("No exchange rate is known for this currency yet; enter one");

  expect((await post(b, "/expenses/new", fields({ intent: "bogus" }, [{ currencyCode: "USD", amount: "1" }]))).status).toBe(400);
  expect(await transactionsOf(userId)).toEqual([]);
});

test("the rate lookup answers the rate on file for a date, null when none is known, and refuses bad input", async () => {
  const { b } = await signedIn();
  const eur = await b.fetch("/expenses/rate?currency=eur&date=2026-11-20");
  expect(eur.status).toBe(200);
  expect(await eur.json()).toEqual({ rate: { rate: "0.8612", date: "2026-11-01", source: "snapshot" } });
  // None on file (nor from the history provider): the nearest known rate is offered, not applied (decision 037).
  expect(await (await b.fetch("/expenses/rate?currency=EUR&date=2026-10-15")).json()).toEqual({
    rate: null,
    suggestion: { rate: "0.8612", date: "2026-11-01", source: "snapshot" },
  });
  expect(await (await b.fetch("/expenses/rate?currency=USD&date=2026-10-15")).json()).toEqual({
    rate: { rate: "1", date: "2026-10-15", source: "fixed" },
  });
  expect((await b.fetch("/expenses/rate?currency=E1&date=2026-11-20")).status).toBe(400);
  // A currency code is three letters, as everywhere else: a longer one is refused, not looked up.
  const long = await b.fetch("/expenses/rate?currency=EURO&date=2026-11-20");
  expect(long.status).toBe(400);
  expect(await long.json()).toEqual({ error: "validation.currencyRequired" });
  expect((await b.fetch("/expenses/rate?currency=EUR&date=2026-13-01")).status).toBe(400);
});

test("a single USD expense is stored in cents with its tags and recorded in the activity log", async () => {
  const { b, userId } = await signedIn();
  const tagId = await addTag(userId, "Groceries");
  const res = await post(b, "/expenses/new", fields({ description: "  Weekly shop  ", tagIds: [tagId] }, [{ currencyCode: "USD", amount: "12.34", method: "debit_card" }]));
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/expenses?saved=created");
  const [tx] = await transactionsOf(userId);
  expect(tx).toMatchObject({ type: "EXPENSE", description: "Weekly shop", date: "2026-11-20", category_id: "default-food", usd_cents: 1234 });
  expect(await paymentsOf(tx!.id)).toEqual([
    { position: 0, currency_code: "USD", amount_minor: 1234, method: "debit_card", rate: "1", rate_date: "2026-11-20", rate_source: "fixed", usd_cents: 1234 },
  ]);
  expect(await tagLinksOf(tx!.id)).toEqual([tagId]);
  expect(await activityOf(userId, "transaction_create")).toEqual(["Weekly shop"]);
});

test("a non-USD payment keeps the source of the rate on file when it is unchanged, and is manual when typed", async () => {
  const { b, userId } = await signedIn();
  const fetched = await createViaForm(b, userId, { description: "Hotel" }, [{ currencyCode: "EUR", amount: "50.00", rate: "0.8612", rateFor: "EUR" }]);
  // 5000 / 0.8612 = 5805.85… → 5806 cents.
  expect(await paymentsOf(fetched)).toEqual([
    { position: 0, currency_code: "EUR", amount_minor: 5000, method: "cash", rate: "0.8612", rate_date: "2026-11-01", rate_source: "snapshot", usd_cents: 5806 },
  ]);
  const typed = await createViaForm(b, userId, { description: "Dinner" }, [{ currencyCode: "EUR", amount: "50", rate: "0.90", rateFor: "EUR" }]);
  // 5000 / 0.9 = 5555.55… → 5556 cents; the rate is stored normalised, dated with the transaction.
  expect(await paymentsOf(typed)).toEqual([
    { position: 0, currency_code: "EUR", amount_minor: 5000, method: "cash", rate: "0.9", rate_date: "2026-11-20", rate_source: "manual", usd_cents: 5556 },
  ]);
  // A rate shown for another currency (the currency changed without JavaScript) is never stored for this one.
  const switched = await createViaForm(b, userId, { description: "Taxi" }, [{ currencyCode: "COP", amount: "38712.50", rate: "0.9", rateFor: "EUR" }]);
  expect(await paymentsOf(switched)).toMatchObject([{ currency_code: "COP", amount_minor: 3871250, rate: "3871.25", rate_source: "snapshot", usd_cents: 1000 }]);
  // A rate of twelve decimals is accepted although the field steps by 0.0001.
  const precise = await createViaForm(b, userId, { description: "Fine rate" }, [{ currencyCode: "GBP", amount: "1", rate: "0.759812345678", rateFor: "GBP" }]);
  expect(await paymentsOf(precise)).toMatchObject([{ rate: "0.759812345678", rate_source: "manual", usd_cents: 132 }]);
  expect((await transactionsOf(userId)).map((t) => t.usd_cents)).toEqual([5806, 5556, 1000, 132]);
});

test("a multi-currency expense of three payments stores each payment exactly and their exact sum", async () => {
  const { b, userId } = await signedIn();
  const id = await createViaForm(b, userId, { description: "Trip market", multi: true }, [
    { currencyCode: "USD", amount: "10.00", method: "cash" },
    { currencyCode: "EUR", amount: "20.00", method: "credit_card", rate: "0.8612", rateFor: "EUR" },
    { currencyCode: "COP", amount: "50000", method: "digital_wallet", rate: "4000", rateFor: "COP" },
  ]);
  // 1000 + round(2000 / 0.8612 = 2322.34…) + round(5000000 / 4000) = 1000 + 2322 + 1250.
  expect(await paymentsOf(id)).toEqual([
    { position: 0, currency_code: "USD", amount_minor: 1000, method: "cash", rate: "1", rate_date: "2026-11-20", rate_source: "fixed", usd_cents: 1000 },
    { position: 1, currency_code: "EUR", amount_minor: 2000, method: "credit_card", rate: "0.8612", rate_date: "2026-11-01", rate_source: "snapshot", usd_cents: 2322 },
    { position: 2, currency_code: "COP", amount_minor: 5000000, method: "digital_wallet", rate: "4000", rate_date: "2026-11-20", rate_source: "manual", usd_cents: 1250 },
  ]);
  expect((await transactionsOf(userId))[0]!.usd_cents).toBe(4572);
});

test("edit prefills from the stored transaction (multi mode for several payments) and saving updates it", async () => {
  const { b, userId } = await signedIn();
  const tagId = await addTag(userId, "Travel");
  const id = await createViaForm(b, userId, { description: "Trip market", multi: true, tagIds: [tagId], date: "2026-11-21" }, [
    { currencyCode: "USD", amount: "10.00" },
    { currencyCode: "EUR", amount: "20.00", rate: "0.8612", rateFor: "EUR" },
    { currencyCode: "JPY", amount: "1500", rate: "150", rateFor: "JPY" },
  ]);
  const page = await b.fetch(`/expenses/edit/${id}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("<title>Edit Transaction</title>");
  expect(inputValue(html, "type")).toBe("EXPENSE");
  expect(inputValue(html, "multi")).toBe("on");
  expect(inputValue(html, "description")).toBe("Trip market");
  expect(inputValue(html, "date")).toBe("2026-11-21");
  expect(selected(html, "categoryId")).toBe("default-food");
  expect(html).toMatch(new RegExp(`checked=""[^>]*value="${tagId}"|value="${tagId}"[^>]*checked=""`));
  expect(inputValue(html, "payments[0].amount")).toBe("10.00");
  expect(inputValue(html, "payments[1].amount")).toBe("20.00");
  expect(inputValue(html, "payments[1].rate")).toBe("0.8612");
  expect(inputValue(html, "payments[2].amount")).toBe("1500");
  expect(inputValue(html, "payments[2].rate")).toBe("150");
  expect(html).toContain("1 USD = 0.8612 EUR, rate of Nov 1, 2026 (Built-in snapshot)");
  expect(html).toContain("1 USD = 150 JPY, rate of Nov 21, 2026 (Entered by hand)");
  expect(html).toContain("Save Changes");
  expect(html).toContain(`href="/expenses/edit/${id}?delete=1#confirm"`);

  const res = await post(b, `/expenses/edit/${id}`, fields({ description: "Trip market (fixed)", multi: true, date: "2026-11-21" }, [
    { currencyCode: "USD", amount: "10.00" },
    { currencyCode: "EUR", amount: "30.00", rate: "0.8612", rateFor: "EUR" },
    { currencyCode: "JPY", amount: "1500", rate: "150", rateFor: "JPY" },
  ]));
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/expenses?saved=updated");
  // round(3000 / 0.8612 = 3483.51…) = 3484; JPY: 1500 × 100 / 150 = 1000.
  expect(await paymentsOf(id)).toMatchObject([
    { currency_code: "USD", amount_minor: 1000, usd_cents: 1000 },
    { currency_code: "EUR", amount_minor: 3000, rate_source: "snapshot", usd_cents: 3484 },
    { currency_code: "JPY", amount_minor: 1500, rate: "150", rate_source: "manual", usd_cents: 1000 },
  ]);
  const [tx] = await transactionsOf(userId);
  expect(tx).toMatchObject({ description: "Trip market (fixed)", usd_cents: 5484 });
  // Tags not sent are removed.
  expect(await tagLinksOf(id)).toEqual([]);
  expect(await activityOf(userId, "transaction_update")).toEqual(["Trip market (fixed)"]);

  // An income opens as an income, with its category.
  const income = await createViaForm(b, userId, { type: "INCOME", description: "Salary", categoryId: "default-salary" }, [{ currencyCode: "USD", amount: "2000" }]);
  const incomeHtml = await (await b.fetch(`/expenses/edit/${income}`)).text();
  expect(inputValue(incomeHtml, "type")).toBe("INCOME");
  expect(incomeHtml).toMatch(/aria-pressed="true"[^>]*>Income</);
  expect(selected(incomeHtml, "categoryId")).toBe("default-salary");

  // A single payment opens in single mode.
  const single = await createViaForm(b, userId, { description: "Coffee" }, [{ currencyCode: "USD", amount: "3.50" }]);
  const singleHtml = await (await b.fetch(`/expenses/edit/${single}`)).text();
  expect(singleHtml).toContain('role="switch" aria-checked="false"');
  expect(singleHtml).not.toContain('name="multi"');
  expect(inputValue(singleHtml, "payments[0].amount")).toBe("3.50");
});

test("an edit that leaves a recorded rate untouched keeps its source, even after a newer rate for the date arrives", async () => {
  const { b, userId } = await signedIn();
  const id = await createViaForm(b, userId, { description: "Pub", date: "2027-03-10" }, [{ currencyCode: "GBP", amount: "7.60", rate: "0.7598", rateFor: "GBP" }]);
  expect(await paymentsOf(id)).toMatchObject([{ rate: "0.7598", rate_date: "2026-11-01", rate_source: "snapshot", usd_cents: 1000 }]);
  await addRows(testDb(), exchangeRates, [{ currencyCode: "GBP", date: "2027-03-01", rate: "0.8", source: "provider", fetchedAt: new Date() }]);
  const res = await post(b, `/expenses/edit/${id}`, fields({ description: "Pub quiz", date: "2027-03-10" }, [{ currencyCode: "GBP", amount: "7.60", rate: "0.7598", rateFor: "GBP" }]));
  expect(res.status).toBe(302);
  expect(await paymentsOf(id)).toMatchObject([{ rate: "0.7598", rate_date: "2026-11-01", rate_source: "snapshot", usd_cents: 1000 }]);
  // Refreshing takes the newer rate, stored with its own source and date.
  const refreshed = await (await post(b, `/expenses/edit/${id}`, fields({ description: "Pub quiz", date: "2027-03-10", intent: "refresh-rate:0" }, [{ currencyCode: "GBP", amount: "7.60", rate: "0.7598", rateFor: "GBP" }]))).text();
  expect(inputValue(refreshed, "payments[0].rate")).toBe("0.8");
  expect(refreshed).toContain("1 USD = 0.8 GBP, rate of Mar 1, 2027 (Rate provider)");
  await post(b, `/expenses/edit/${id}`, fields({ description: "Pub quiz", date: "2027-03-10" }, [{ currencyCode: "GBP", amount: "7.60", rate: "0.8", rateFor: "GBP" }]));
  expect(await paymentsOf(id)).toMatchObject([{ rate: "0.8", rate_date: "2027-03-01", rate_source: "provider", usd_cents: 950 }]);
});

test("without JavaScript, an edit explains each rate as saving would store it: a recorded hand-typed rate stays the user's though a provider filed the same rate since", async () => {
  const { b, userId } = await signedIn();
  const id = await createViaForm(b, userId, { description: "Tea", date: "2027-04-10" }, [{ currencyCode: "GBP", amount: "7.50", rate: "0.75", rateFor: "GBP" }]);
  expect(await paymentsOf(id)).toMatchObject([{ rate: "0.75", rate_date: "2027-04-10", rate_source: "manual", usd_cents: 1000 }]);
  await addRows(testDb(), exchangeRates, [{ currencyCode: "GBP", date: "2027-04-01", rate: "0.75", source: "provider", fetchedAt: new Date() }]);
  const shown = await (await post(b, `/expenses/edit/${id}`, fields({ description: "Tea", date: "2027-04-10", intent: "recalculate" }, [{ currencyCode: "GBP", amount: "7.50", rate: "0.75", rateFor: "GBP" }]))).text();
  expect(shown).toContain("1 USD = 0.75 GBP, rate of Apr 10, 2027 (Entered by hand)");
  await post(b, `/expenses/edit/${id}`, fields({ description: "Tea time", date: "2027-04-10" }, [{ currencyCode: "GBP", amount: "7.50", rate: "0.75", rateFor: "GBP" }]));
  expect(await paymentsOf(id)).toMatchObject([{ rate: "0.75", rate_date: "2027-04-10", rate_source: "manual", usd_cents: 1000 }]);
});

test("delete asks for confirmation on the page, then removes the transaction with its payments and tags", async () => {
  const { b, userId } = await signedIn();
  const tagId = await addTag(userId, "Gift");
  const id = await createViaForm(b, userId, { description: "Birthday present", tagIds: [tagId] }, [{ currencyCode: "USD", amount: "40" }]);
  const confirm = await (await b.fetch(`/expenses/edit/${id}?delete=1`)).text();
  expect(confirm).toContain('role="alertdialog"');
  expect(confirm).toContain("Are you sure you want to delete this transaction?");
  expect(confirm).toContain("“Birthday present” and its payments will be removed.");
  expect(confirm).toMatch(/name="intent" value="delete"/);
  // Without ?delete the question is not on the page.
  expect(await (await b.fetch(`/expenses/edit/${id}`)).text()).not.toContain("Are you sure you want to delete this transaction?");

  const res = await post(b, `/expenses/edit/${id}?delete=1`, [["intent", "delete"], ["id", id]]);
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/expenses?saved=deleted");
  expect(await transactionsOf(userId)).toEqual([]);
  expect(await paymentsOf(id)).toEqual([]);
  expect(await tagLinksOf(id)).toEqual([]);
  expect(await activityOf(userId, "transaction_delete")).toEqual(["Birthday present"]);
  expect((await b.fetch(`/expenses/edit/${id}`)).status).toBe(404);
  // Delete is not an intent of the new form.
  expect((await post(b, "/expenses/new", [["intent", "delete"]])).status).toBe(400);
});

test("another user's transaction answers 404 to reading, saving, any intent and deleting, and stays unchanged", async () => {
  const owner = await signedIn();
  const id = await createViaForm(owner.b, owner.userId, { description: "Private" }, [{ currencyCode: "USD", amount: "99.99" }]);
  const before = { tx: await transactionsOf(owner.userId), payments: await paymentsOf(id) };
  const other = await signedIn();
  const page = await other.b.fetch(`/expenses/edit/${id}`);
  expect(page.status).toBe(404);
  const html = await page.text();
  expect(html).toContain("Transaction not found");
  expect(html).not.toContain("Private");
  // The page keeps the signed-in layout and a way back.
  expect(html).toContain('href="/expenses"');
  expect((await other.b.fetch(`/expenses/edit/${id}?delete=1`)).status).toBe(404);
  const save = await post(other.b, `/expenses/edit/${id}`, fields({ description: "Hijacked" }, [{ currencyCode: "USD", amount: "1" }]));
  expect(save.status).toBe(404);
  expect((await post(other.b, `/expenses/edit/${id}`, fields({ intent: "type:INCOME" }, [{ currencyCode: "USD", amount: "1" }]))).status).toBe(404);
  expect((await post(other.b, `/expenses/edit/${id}?delete=1`, [["intent", "delete"]])).status).toBe(404);
  expect(await transactionsOf(owner.userId)).toEqual(before.tx);
  expect(await paymentsOf(id)).toEqual(before.payments);
  expect(await transactionsOf(other.userId)).toEqual([]);
  expect((await other.b.fetch("/expenses/edit/does-not-exist")).status).toBe(404);
});

test("a database failure while saving shows 'Failed to create transaction' or 'Failed to update transaction', keeps the input and writes nothing", async () => {
  allowConsoleError(/^transaction (create|update) failed .*forced failure/);
  const { b, userId } = await signedIn();
  // A real failure inside the write batch: the database refuses this one payment row.
  await env.DB.exec(
    "CREATE TRIGGER IF NOT EXISTS refuse_form_payment BEFORE INSERT ON payments WHEN NEW.amount_minor = 4242424 BEGIN SELECT RAISE(ABORT, 'forced failure'); END;",
  );
  try {
    const res = await post(b, "/expenses/new", fields({ description: "Doomed", multi: true }, [
      { currencyCode: "USD", amount: "1.00" },
      { currencyCode: "USD", amount: "42424.24" },
    ]));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Failed to create transaction");
    expect(inputValue(html, "description")).toBe("Doomed");
    expect(inputValue(html, "payments[1].amount")).toBe("42424.24");
    expect(await transactionsOf(userId)).toEqual([]);
    expect(await activityOf(userId, "transaction_create")).toEqual([]);

    const id = await createViaForm(b, userId, { description: "Kept" }, [{ currencyCode: "USD", amount: "5.00" }]);
    const edit = await post(b, `/expenses/edit/${id}`, fields({ description: "Changed" }, [{ currencyCode: "USD", amount: "42424.24" }]));
    expect(edit.status).toBe(500);
    expect(await edit.text()).toContain("Failed to update transaction");
    expect((await transactionsOf(userId)).map((t) => [t.description, t.usd_cents])).toEqual([["Kept", 500]]);
    expect((await paymentsOf(id)).map((p) => p.amount_minor)).toEqual([500]);
  } finally {
    await env.DB.exec("DROP TRIGGER IF EXISTS refuse_form_payment;");
  }
});

test("when the checks before the write cannot read the database, the form says 'Failed to save transaction' in the user's language", async () => {
  allowConsoleError(/^transaction save failed before writing /);
  const { b, userId } = await signedIn("es");
  // The rates table is gone for a moment: checking the EUR payment's rate fails before anything is written.
  const res = await withTableAway("exchange_rates", () =>
    post(b, "/expenses/new", fields({ description: "Sin tasa" }, [{ currencyCode: "EUR", amount: "10.00", rate: "0.8612" }])),
  );
  const html = await res.text();
  expect(res.status).toBe(500);
  expect(html).toContain("No se pudo guardar la transacción");
  expect(inputValue(html, "description")).toBe("Sin tasa");
  expect(await transactionsOf(userId)).toEqual([]);
});

test("in Spanish the form reads 1.234,50 as 1234.50 and shows amounts and rates with a decimal comma; 1.234 alone is refused with both readings", async () => {
  const { b, userId } = await signedIn("es");
  const id = await createViaForm(b, userId, { description: "Hotel" }, [{ currencyCode: "EUR", amount: "1.234,50", rate: "0,8612", rateFor: "EUR" }]);
  // 123450 / 0.8612 = 143346.49… → 143346 cents.
  expect(await paymentsOf(id)).toMatchObject([{ amount_minor: 123450, rate: "0.8612", rate_source: "snapshot", usd_cents: 143346 }]);
  const edit = await (await b.fetch(`/expenses/edit/${id}`)).text();
  expect(inputValue(edit, "payments[0].amount")).toBe("1234,50");
  expect(inputValue(edit, "payments[0].rate")).toBe("0,8612");
  // Currency names in Spanish, by code.
  for (const name of ["COP · Peso colombiano", "MXN · Peso mexicano", "VES · Bolívar venezolano", "USD · Dólar estadounidense"]) expect(edit).toContain(name);
  const ambiguous = await post(b, "/expenses/new", fields({ description: "Ambiguo" }, [{ currencyCode: "USD", amount: "1.234" }]));
  expect(ambiguous.status).toBe(400);
  const html = await ambiguous.text();
  expect(html).toContain("«1.234» puede leerse como 1234 o como 1,234: escribe el que quieres decir");
  expect(withoutScripts(html)).not.toMatch(/validation\.\w+/);
  expect(inputValue(html, "payments[0].amount")).toBe("1.234");
  expect((await transactionsOf(userId)).map((t) => t.description)).toEqual(["Hotel"]);
});

test("in Spanish the rate line writes the rate with a decimal comma, like every other number on the page", async () => {
  const { b } = await signedIn("es");
  const html = await (await post(b, "/expenses/new", fields({ date: "2026-11-20", intent: "refresh-rate:0" }, [{ currencyCode: "EUR", amount: "10" }]))).text();
  expect(html).toContain("1 USD = 0,8612 EUR, tasa del 1 nov 2026");
  expect(inputValue(html, "payments[0].rate")).toBe("0,8612");
});

/** The page as a reader sees it: the data the scripts carry (error keys among them) left out. */
function withoutScripts(html: string) {
  return html.replace(/<script[\s\S]*?<\/script>/g, "");
}
