import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { dayToDate, isoDay } from "~/calendar/days";
import { formatDate } from "~/calendar/format";
import { browser, registerViaForm, type Browser } from "./helpers";
import { setChannel } from "./rate-provider-client";

// /admin/settings through the Worker, as a browser without JavaScript uses it: POST forms
// with an intent, redirects with a flash parameter. "Refresh now" reaches the fake provider
// through the Worker's own RATES_PROVIDER_URL binding, the fake's "worker" channel, which
// only this file switches.

const today = isoDay(new Date());

async function signedInAdmin() {
  const b = browser();
  const { email } = await registerViaForm(b, { firstName: "Root", lastName: "Admin" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(email).run();
  return b;
}

function manualRows(code: string) {
  return env.DB.prepare("select date, rate from exchange_rates where currency_code = ? and source = 'manual' order by date")
    .bind(code)
    .all<{ date: string; rate: string }>()
    .then((r) => r.results);
}

/** The page after following the action's redirect. */
async function follow(b: Browser, res: Response) {
  expect(res.status, await res.clone().text()).toBe(302);
  const location = res.headers.get("Location")!;
  return { location, html: await (await b.fetch(location)).text() };
}

/** The latest-rates table only. */
function ratesTable(html: string) {
  const start = html.indexOf('aria-labelledby="latest-rates"');
  return html.slice(start, html.indexOf("</table>", start));
}

test("guests are sent to sign in and plain users to the dashboard, for the page and its actions", async () => {
  const guest = await browser().fetch("/admin/settings");
  expect(guest.status).toBe(302);
  expect(guest.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fsettings");

  const b = browser();
  await registerViaForm(b);
  const page = await b.fetch("/admin/settings");
  expect(page.status).toBe(302);
  expect(page.headers.get("Location")).toBe("/dashboard");
  const post = await b.fetch("/admin/settings", { form: { intent: "manual-rate", currencyCode: "EUR", date: today, rate: "0.5" } });
  expect(post.status).toBe(302);
  expect(post.headers.get("Location")).toBe("/dashboard");
  expect(await manualRows("EUR")).toEqual([]);
});

test("the admin dashboard links to the settings page", async () => {
  const b = await signedInAdmin();
  const html = await (await b.fetch("/admin")).text();
  expect(html).toContain('href="/admin/settings"');
  expect(html).toContain("Exchange rates, their scheduled refresh, and currencies.");
});

test("the page shows the refresh state, the latest rates, the manual-rate form and the currencies", async () => {
  const b = await signedInAdmin();
  const res = await b.fetch("/admin/settings");
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain("<title>System Settings</title>");
  for (const heading of ["Rate refresh", "Latest rates", "Enter a rate by hand", "Currencies"]) expect(html).toContain(heading);
  // The configured provider's host only, and no run yet.
  expect(html).toContain("127.0.0.1:");
  expect(html).not.toContain("/worker/v6/latest/USD");
  expect(html).toMatch(/data-testid="last-success">Never</);
  expect(html).toMatch(/data-testid="last-failure">Never</);
  // The offline snapshot, shown in the user's language.
  const table = ratesTable(html);
  expect(table).toContain("3,871.25");
  expect(table).toContain("0.8612");
  expect(table).toContain("Built-in snapshot");
  expect(table).toContain(formatDate(dayToDate("2026-11-01"), "en"));
  expect(table).toContain(">USD<");
  expect(table).toContain("Fixed");
  // The form: a POST with an intent, active currencies other than USD, today's date by default.
  expect(html).toMatch(/<form[^>]*method="post"/);
  expect(html).toMatch(/<button type="submit" value="manual-rate"[^>]*name="intent"/);
  expect(html).toContain('<option value="EUR">EUR · Euro</option>');
  expect(html).not.toContain('<option value="USD">');
  expect(html).toMatch(new RegExp(`name="date"[^>]*value="${today}"|value="${today}"[^>]*name="date"`));
  expect(html).toMatch(/<button type="submit" value="refresh"[^>]*name="intent"/);
  expect(html).toContain("Japanese Yen");
  expect(html).toContain(">Active<");
});

test("a manual rate is stored with source manual and shown in the table", async () => {
  const b = await signedInAdmin();
  const res = await b.fetch("/admin/settings", { form: { intent: "manual-rate", currencyCode: "eur", date: today, rate: " 0.8523 " } });
  const { location, html } = await follow(b, res);
  expect(location).toBe("/admin/settings?saved=EUR");
  expect(await manualRows("EUR")).toEqual([{ date: today, rate: "0.8523" }]);
  expect(html).toContain("Manual rate for EUR saved.");
  const table = ratesTable(html);
  expect(table).toContain("0.8523");
  expect(table).toContain("Entered by hand");

  // The same day again replaces it.
  await follow(b, await b.fetch("/admin/settings", { form: { intent: "manual-rate", currencyCode: "EUR", date: today, rate: "0.86" } }));
  expect(await manualRows("EUR")).toEqual([{ date: today, rate: "0.86" }]);

  // Both are in the superadmin's activity log, which the profile shows.
  const logged = await env.DB.prepare("select description from activity_log where action = 'exchange_rate_manual' and description like 'EUR %' order by created_at")
    .all<{ description: string }>();
  expect(logged.results.map((r) => r.description)).toEqual([`EUR 0.8523 (${today})`, `EUR 0.86 (${today})`]);
  const profile = await (await b.fetch("/profile")).text();
  expect(profile).toContain("Exchange rate entered");
  expect(profile).toContain(`EUR 0.86 (${today})`);
});

test("bad input is refused with its message, keeps what was typed, and stores nothing", async () => {
  const b = await signedInAdmin();
  const valid = { intent: "manual-rate", currencyCode: "GBP", date: "2026-11-20", rate: "0.75" };
  const cases: [Record<string, string>, string][] = [
    [{ rate: "0" }, "Conversion rate must be a positive number"],
    [{ rate: "-1" }, "Conversion rate must be a positive number"],
    [{ rate: "1e3" }, "Conversion rate must be a positive number"],
    [{ rate: "abc" }, "Conversion rate must be a positive number"],
    [{ rate: "0.1234567890123" }, "A rate has at most 12 decimal places"],
    [{ rate: "" }, "Rate is required"],
    [{ date: "2026-02-30" }, "Enter a real date as yyyy-MM-dd"],
    [{ date: "2999-01-01" }, "The date cannot be after today"],
    [{ currencyCode: "" }, "Currency is required"],
    [{ currencyCode: "USD" }, "USD is always 1; choose another currency"],
    [{ currencyCode: "XYZ" }, "Choose one of the active currencies"],
  ];
  for (const [change, message] of cases) {
    const res = await b.fetch("/admin/settings", { form: { ...valid, ...change } });
    expect(res.status, JSON.stringify(change)).toBe(400);
    const html = await res.text();
    expect(html, JSON.stringify(change)).toContain(message);
    expect(html).toContain('aria-invalid="true"');
  }
  expect(await manualRows("GBP")).toEqual([]);
  // What was typed stays in the form.
  const kept = await (await b.fetch("/admin/settings", { form: { ...valid, rate: "abc" } })).text();
  expect(kept).toMatch(/name="rate"[^>]*value="abc"|value="abc"[^>]*name="rate"/);

  const es = await b.fetch("/admin/settings", { form: { ...valid, rate: "0" }, headers: { "Accept-Language": "es" } });
  expect(await es.text()).toContain("La tasa de conversión debe ser un número positivo");
});

test("a refused field names its error line once for screen readers, the currency list and the date alike", async () => {
  const b = await signedInAdmin();
  const res = await b.fetch("/admin/settings", { form: { intent: "manual-rate", currencyCode: "", date: "2026-02-30", rate: "0.75" } });
  const html = await res.text();
  for (const name of ["currencyCode", "date"]) {
    const tag = new RegExp(`<(?:select|input)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    const described = /aria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [];
    expect(described, name).toContain(`${/ id="([^"]*)"/.exec(tag)?.[1]}-error`);
    expect(described, name).toEqual([...new Set(described)]);
  }
});

test("an unknown intent is a 400", async () => {
  const b = await signedInAdmin();
  const res = await b.fetch("/admin/settings", { form: { intent: "delete-everything" } });
  expect(res.status).toBe(400);
});

test("Refresh now runs the job against the provider and shows the outcome, good or bad", async () => {
  const b = await signedInAdmin();
  const dayText = formatDate(dayToDate(today), "en");

  await setChannel("worker", "good");
  const good = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(good.location).toBe("/admin/settings?refreshed=ok");
  expect(good.html).toContain(`Rates refreshed: 9 rates filed under ${dayText}.`);
  expect(good.html).toContain(`9 rates filed under ${dayText}`);
  const table = ratesTable(good.html);
  expect(table).toContain("154.2");
  expect(table).toContain("Rate provider");
  const count = await env.DB.prepare("select count(*) as n from exchange_rates where date = ? and source = 'provider'").bind(today).first<{ n: number }>();
  expect(count?.n).toBe(9);

  await setChannel("worker", "down");
  const down = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(down.location).toBe("/admin/settings?refreshed=failed");
  expect(down.html).toContain("The refresh failed: The provider could not be reached (HTTP 503). The previous rates are kept.");
  // The last success is still there beside the failure.
  expect(down.html).toMatch(/data-testid="last-success"><time/);
  expect(down.html).toMatch(/data-testid="last-failure"><time/);
  expect(ratesTable(down.html)).toContain("154.2");

  // The binding's timeout is 1 s; the slow provider answers after 5.
  await setChannel("worker", "slow");
  const slow = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(slow.html).toContain("The provider did not answer in time");

  await setChannel("worker", "missing");
  const missing = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(missing.html).toContain("The provider gave no rate for some currencies (JPY)");
  const es = await (await b.fetch("/admin/settings?refreshed=failed", { headers: { "Accept-Language": "es" } })).text();
  expect(es).toContain("Configuración del sistema");
  expect(es).toContain("La actualización falló: El proveedor no dio tasa para algunas monedas (JPY).");

  // An answer of another shape: the reason is said in the reader's language, and what no language
  // translates (the JSON path the check tripped on) is only secondary, technical text (issue 23).
  await setChannel("worker", "error");
  const shape = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(shape.html).toContain("The refresh failed: The provider&#x27;s answer was not in the expected form. The previous rates are kept.");
  const esShape = await (await b.fetch("/admin/settings?refreshed=failed", { headers: { "Accept-Language": "es" } })).text();
  expect(esShape).toContain("La actualización falló: La respuesta del proveedor no tenía la forma esperada. Se conservan las tasas anteriores.");
  expect(esShape).toMatch(/Detalle técnico:(<!-- -->)? <code lang="en" class="break-all">[^<]+<\/code>/);

  await setChannel("worker", "good");
  const recovered = await follow(b, await b.fetch("/admin/settings", { form: { intent: "refresh" } }));
  expect(recovered.html).toContain("Rates refreshed");
});

test("a superadmin turns a currency off and on: new transactions stop being offered it, recorded ones keep it, and both changes are logged", async () => {
  const b = await signedInAdmin();
  const post = (form: Record<string, string>) =>
    b.fetch("/expenses/new", {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    });
  const gbp = { type: "EXPENSE", description: "London taxi", date: "2026-11-20", categoryId: "default-transport", "payments[0].currencyCode": "GBP", "payments[0].amount": "12.00", "payments[0].method": "cash", intent: "save" };
  expect((await post(gbp)).status).toBe(302);
  const recorded = await env.DB.prepare("select id from transactions where description = 'London taxi'").first<{ id: string }>();
  try {
    const off = await follow(b, await b.fetch("/admin/settings", { form: { intent: "currency-status", currencyCode: "GBP", active: "0" } }));
    expect(off.location).toBe("/admin/settings?currency=GBP#currencies");
    expect(off.html).toContain("GBP is inactive: it is no longer offered for new transactions.");
    expect(off.html).toContain('aria-label="Activate GBP"');
    expect(await env.DB.prepare("select is_active from currencies where code = 'GBP'").first("is_active")).toBe(0);

    // Not offered for a new transaction, and refused if posted anyway; an edit of the recorded one keeps it.
    expect(await (await b.fetch("/expenses/new")).text()).not.toContain('<option value="GBP"');
    const refused = await post({ ...gbp, description: "Another taxi" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose one of the active currencies");
    const edit = await b.fetch(`/expenses/edit/${recorded!.id}`, {
      method: "POST",
      body: new URLSearchParams({ ...gbp, description: "London taxi, tip included", "payments[0].amount": "14.00" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    });
    expect(edit.status, await edit.clone().text()).toBe(302);

    const on = await follow(b, await b.fetch("/admin/settings", { form: { intent: "currency-status", currencyCode: "gbp", active: "1" } }));
    expect(on.html).toContain("GBP is active: it is offered for new transactions and refreshed from the provider.");
    expect(on.html).toContain('aria-label="Deactivate GBP"');
  } finally {
    await env.DB.exec("UPDATE currencies SET is_active = 1 WHERE code = 'GBP';");
  }
  const logged = await env.DB.prepare(
    "select action, description from activity_log where action like 'currency_%' and user_id = (select user_id from transactions where id = ?) order by created_at",
  )
    .bind(recorded!.id)
    .all<{ action: string; description: string }>();
  expect(logged.results).toEqual([
    { action: "currency_deactivate", description: "GBP" },
    { action: "currency_activate", description: "GBP" },
  ]);
});

test("USD, the base, cannot be turned off, and an unknown code changes nothing", async () => {
  const b = await signedInAdmin();
  const html = await (await b.fetch("/admin/settings")).text();
  expect(html).toContain("Base currency");
  expect(html).not.toContain('aria-label="Deactivate USD"');
  for (const currencyCode of ["USD", "XXX", "not-a-code"]) {
    const res = await b.fetch("/admin/settings", { form: { intent: "currency-status", currencyCode, active: "0" } });
    expect(res.status, currencyCode).toBe(400);
  }
  expect(await env.DB.prepare("select count(*) as n from currencies where is_active = 0").first("n")).toBe(0);
});

test("a refused currency change names the currency in the admin's language: English, then Spanish", async () => {
  const b = await signedInAdmin();
  const refuse = () => b.fetch("/admin/settings.data", { form: { intent: "currency-status", currencyCode: "USD", active: "0" } });
  const english = await refuse();
  expect(english.status).toBe(400);
  expect(await english.text()).toContain("Currency USD cannot be changed");
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/admin/settings" } });
  const spanish = await refuse();
  expect(spanish.status).toBe(400);
  expect(await spanish.text()).toContain("La moneda USD no se puede cambiar");
  expect(await env.DB.prepare("select is_active from currencies where code = 'USD'").first("is_active")).toBe(1);
});

test("in Spanish the currency buttons and the confirmation are translated", async () => {
  const b = await signedInAdmin();
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/admin/settings" } });
  const page = await (await b.fetch("/admin/settings")).text();
  expect(page).toContain('aria-label="Desactivar CAD"');
  expect(page).toContain("Moneda base");
  try {
    const off = await follow(b, await b.fetch("/admin/settings", { form: { intent: "currency-status", currencyCode: "CAD", active: "0" } }));
    expect(off.html).toContain("CAD está inactiva: ya no se ofrece en las transacciones nuevas.");
    expect(off.html).toContain('aria-label="Activar CAD"');
  } finally {
    await env.DB.exec("UPDATE currencies SET is_active = 1 WHERE code = 'CAD';");
  }
});
