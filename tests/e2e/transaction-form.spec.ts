import type { Locator, Page, TestInfo } from "@playwright/test";
import { errorMessage, expect, expectNoAxeViolations, jsEnabled, register, screenshotBothThemes, test , expectNoSidewaysScroll } from "./support";

// The transaction form, with JavaScript and without: a single-currency expense, a
// multi-currency expense of three payments, editing it and deleting it. Without JavaScript
// every change of type, mode, rows and rates is a round trip that shows the form again;
// with it the same buttons work in place. What was stored is read back through the JSON API.

type ApiPayment = { currencyCode: string; amountMinor: number; paymentMethod: string; exchangeRateExact: string; rateSource: string; usdCents: number };
type ApiTransaction = { id: string; description: string; type: string; categoryId: string; usdCents: number; payments: ApiPayment[] };

async function storedTransactions(page: Page, account: { email: string; password: string }): Promise<ApiTransaction[]> {
  const login = await page.request.post("/api/auth/login", { data: account });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get("/api/transactions?limit=100", { headers });
  expect(list.status()).toBe(200);
  // Each one read on its own: GET /api/transactions/{id} is the single-record read the edit page also uses.
  const ids = ((await list.json()) as { data: { transactions: { id: string }[] } }).data.transactions.map((t) => t.id);
  const found: ApiTransaction[] = [];
  for (const id of ids) {
    const one = await page.request.get(`/api/transactions/${id}`, { headers });
    expect(one.status()).toBe(200);
    found.push(((await one.json()) as { data: { transaction: ApiTransaction } }).data.transaction);
  }
  return found;
}

/**
 * After a save or delete the app returns to the list with its banner; a delete's address also
 * names what Undo restores (decision 035), and with JavaScript the banner's own parameter may
 * already be gone from it.
 */
async function expectSaved(page: Page) {
  await expect(page).toHaveURL(/\/expenses\?(saved=(created|updated)|(saved=deleted&)?undo=transaction%3A[0-9a-f-]+)$/);
}

/** Without JavaScript the USD amounts and the new currency's rate come with a round trip. */
async function updateAmounts(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Update USD amounts" }).click();
}

async function expectNoSidewaysScrollOnPhone(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 720 });
}

const row = (page: Page, number: number): Locator => page.getByRole("group", { name: `Payment ${number}`, exact: true });

test("a single-currency expense: errors first, the type toggle, then saved in USD cents", async ({ page }, testInfo) => {
  const account = await register(page, testInfo);
  await page.goto("/expenses/new");
  await expect(page.getByRole("heading", { name: "New Transaction", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(new Date().toISOString().slice(0, 10));
  await expect(page.getByLabel("Currency")).toHaveValue("USD");
  await expect(page.getByLabel("Payment method")).toHaveValue("cash");
  await expect(page.getByLabel("Category")).toHaveValue("default-education");
  await expect(page.getByRole("switch", { name: "Multi-currency payments" })).toHaveAttribute("aria-checked", "false");
  await screenshotBothThemes(page, testInfo, "transaction-new");
  await expectNoAxeViolations(page, testInfo);

  // Saving an empty form shows the spec's messages beside their fields.
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expect(errorMessage(page, "Description is required")).toBeVisible();
  await expect(errorMessage(page, "Amount must be a positive number")).toBeVisible();
  await expect(page.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
  await screenshotBothThemes(page, testInfo, "transaction-errors");
  await expectNoAxeViolations(page, testInfo);

  await page.getByLabel("Description").fill("Weekly groceries");
  // Switching the type clears the category and picks the first of the new type; the description stays.
  await page.getByRole("button", { name: "Income", exact: true }).click();
  await expect(page.getByRole("button", { name: "Income", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Category")).toHaveValue("default-freelance");
  await expect(page.getByLabel("Description")).toHaveValue("Weekly groceries");
  await page.getByRole("button", { name: "Expense", exact: true }).click();
  await expect(page.getByLabel("Category")).toHaveValue("default-education");
  await page.getByLabel("Category").selectOption({ label: "Food & Dining" });
  await page.getByLabel("Payment method").selectOption({ label: "Debit Card" });
  await page.getByLabel("Amount").fill("42.50");
  // Enter in a field saves (the form's default button), rather than pressing the type toggle.
  await page.getByLabel("Amount").press("Enter");
  await expectSaved(page);

  const [stored] = await storedTransactions(page, account);
  expect(stored).toMatchObject({
    description: "Weekly groceries",
    type: "EXPENSE",
    categoryId: "default-food",
    usdCents: 4250,
    payments: [{ currencyCode: "USD", amountMinor: 4250, paymentMethod: "debit_card", exchangeRateExact: "1", rateSource: "fixed", usdCents: 4250 }],
  });
});

test("a multi-currency expense of three payments (USD, EUR, COP), edited, then deleted after confirmation", async ({ page }, testInfo) => {
  const account = await register(page, testInfo);
  await page.goto("/expenses/new");
  // A date after the snapshot of 2026-11-01 and before any rate a refresh files under today
  // (the admin journey fetches one), so the rate on file is the snapshot's whatever ran first.
  // Typed once the page is hydrated: before that, React would put its own value back.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Date", { exact: true }).fill("2026-11-10");
  await page.getByLabel("Description").fill("Market day");
  await page.getByRole("switch", { name: "Multi-currency payments" }).click();
  await expect(page.getByRole("switch", { name: "Multi-currency payments" })).toHaveAttribute("aria-checked", "true");
  await expect(row(page, 1)).toBeVisible();
  // One row: it cannot be removed.
  await expect(page.getByRole("button", { name: /^Remove payment/ })).toHaveCount(0);
  await row(page, 1).getByLabel("Amount").fill("10.00");

  await page.getByRole("button", { name: "Add payment" }).click();
  await row(page, 2).getByLabel("Currency").selectOption("EUR");
  await row(page, 2).getByLabel("Amount").fill("20.00");
  await page.getByRole("button", { name: "Add payment" }).click();
  // The EUR rate on file for the date is filled in (fetched with JavaScript, on the round trip without).
  await expect(row(page, 2).getByLabel("Exchange rate")).toHaveValue("0.8612");
  await expect(row(page, 2)).toContainText("1 USD = 0.8612 EUR, rate of Nov 1, 2026 (Built-in snapshot)");
  await expect(row(page, 1).getByLabel("Amount")).toHaveValue("10.00");

  await row(page, 3).getByLabel("Currency").selectOption("COP");
  await row(page, 3).getByLabel("Payment method").selectOption({ label: "Digital Wallet" });
  await updateAmounts(page, testInfo);
  await expect(row(page, 3).getByLabel("Exchange rate")).toHaveValue("3871.25");
  await row(page, 3).getByLabel("Exchange rate").fill("4000");
  await row(page, 3).getByLabel("Amount").fill("50000");

  // A fourth row left empty is refused on save; removing it clears the error.
  await page.getByRole("button", { name: "Add payment" }).click();
  await expect(row(page, 4)).toBeVisible();
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expect(row(page, 4).getByText("Payment amount must be positive")).toBeVisible();
  await expect(row(page, 4).getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Remove payment 4" }).click();
  await expect(row(page, 4)).toHaveCount(0);
  // With JavaScript focus moves to the previous row's first control, not to the page's start.
  if (jsEnabled(testInfo)) await expect(row(page, 3).getByLabel("Currency")).toBeFocused();
  await expect(page.getByText("Payment amount must be positive")).toHaveCount(0);
  await expect(row(page, 3).getByLabel("Exchange rate")).toHaveValue("4000");

  await updateAmounts(page, testInfo);
  await expect(row(page, 1).getByTestId("usd-equivalent-0")).toHaveText("$ 10.00");
  await expect(row(page, 2).getByTestId("usd-equivalent-1")).toHaveText("$ 23.22");
  await expect(row(page, 3).getByTestId("usd-equivalent-2")).toHaveText("$ 12.50");
  await expect(row(page, 3)).toContainText("(Entered by hand)");
  await expect(page.getByTestId("usd-total")).toHaveText("$ 45.72");
  await screenshotBothThemes(page, testInfo, "transaction-multi");
  await expectNoAxeViolations(page, testInfo);
  await expectNoSidewaysScrollOnPhone(page, testInfo, "transaction-multi-phone");

  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expectSaved(page);
  const [created] = await storedTransactions(page, account);
  // 1000 + round(2000 / 0.8612) + round(5000000 / 4000) = 1000 + 2322 + 1250.
  expect(created).toMatchObject({
    description: "Market day",
    usdCents: 4572,
    payments: [
      { currencyCode: "USD", amountMinor: 1000, rateSource: "fixed", usdCents: 1000 },
      { currencyCode: "EUR", amountMinor: 2000, exchangeRateExact: "0.8612", rateSource: "snapshot", usdCents: 2322 },
      { currencyCode: "COP", amountMinor: 5000000, paymentMethod: "digital_wallet", exchangeRateExact: "4000", rateSource: "manual", usdCents: 1250 },
    ],
  });

  // Edit: opens in multi mode with the stored amounts and rates; change the EUR amount.
  await page.goto(`/expenses/edit/${created!.id}`);
  await expect(page.getByRole("heading", { name: "Edit Transaction", level: 1 })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Multi-currency payments" })).toHaveAttribute("aria-checked", "true");
  await expect(row(page, 2).getByLabel("Amount")).toHaveValue("20.00");
  await expect(row(page, 3).getByLabel("Exchange rate")).toHaveValue("4000");
  await expect(page.getByTestId("usd-total")).toHaveText("$ 45.72");
  // axe checked this multi-currency form above; the edit page is checked with its delete confirmation below.
  await screenshotBothThemes(page, testInfo, "transaction-edit");
  await row(page, 2).getByLabel("Amount").fill("30.00");
  await updateAmounts(page, testInfo);
  await expect(row(page, 2).getByTestId("usd-equivalent-1")).toHaveText("$ 34.84");
  await expect(page.getByTestId("usd-total")).toHaveText("$ 57.34");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectSaved(page);
  const [edited] = await storedTransactions(page, account);
  expect(edited).toMatchObject({
    id: created!.id,
    usdCents: 5734,
    payments: [{ usdCents: 1000 }, { amountMinor: 3000, rateSource: "snapshot", usdCents: 3484 }, { rateSource: "manual", usdCents: 1250 }],
  });

  // The form in Spanish.
  await page.goto(`/expenses/edit/${created!.id}`);
  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Editar transacción", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Pago 2", exact: true })).toContainText("1 USD = 0,8612 EUR, tasa del 1 nov 2026");
  // The Spanish multi-currency form is checked with axe in transaction-form-spanish.spec.ts.
  await screenshotBothThemes(page, testInfo, "transaction-edit-es");
  await page.getByRole("button", { name: "en", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Edit Transaction", level: 1 })).toBeVisible();

  // Delete asks first, on the page itself.
  await page.getByRole("link", { name: "Delete this transaction" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this transaction?");
  await screenshotBothThemes(page, testInfo, "transaction-delete-confirm");
  await expectNoAxeViolations(page, testInfo);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Delete this transaction" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectSaved(page);
  expect(await storedTransactions(page, account)).toEqual([]);
  await page.goto(`/expenses/edit/${created!.id}`);
  await expect(page.getByRole("heading", { name: "Transaction not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to transactions" }).last()).toBeVisible();
});

test("a single non-USD expense shows its rate, the USD equivalent and the explanation; a typed rate is stored as manual", async ({ page }, testInfo) => {
  const account = await register(page, testInfo);
  await page.goto("/expenses/new");
  // A date after the snapshot of 2026-11-01 and before any rate a refresh files under today
  // (the admin journey fetches one), so the rate on file is the snapshot's whatever ran first.
  // Typed once the page is hydrated: before that, React would put its own value back.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Date", { exact: true }).fill("2026-11-10");
  await page.getByLabel("Description").fill("Hotel night");
  await page.getByLabel("Currency").selectOption("EUR");
  await updateAmounts(page, testInfo);
  await expect(page.getByLabel("Exchange rate")).toHaveValue("0.8612");
  if (jsEnabled(testInfo)) {
    // A rate that follows the file follows the date: none is known before the snapshot of 2026-11-01.
    const date = page.getByLabel("Date", { exact: true });
    const today = await date.inputValue();
    await date.fill("2026-10-15");
    await expect(page.getByLabel("Exchange rate")).toHaveValue("");
    await expect(page.getByText("No exchange rate is known for this currency yet; enter one")).toBeVisible();
    // No source has it (the history provider neither): the nearest known rate is offered with its
    // day and distance, and goes into the field only when asked (decision 037).
    const suggestion = page.getByTestId("rate-suggestion-0");
    await expect(suggestion).toContainText("Rate of Nov 1, 2026, 17 days later — edit if needed");
    await expect(page.getByLabel("Exchange rate")).toHaveValue("");
    await suggestion.getByRole("button", { name: "Use this rate" }).click();
    await expect(page.getByLabel("Exchange rate")).toHaveValue("0.8612");
    await expect(suggestion.getByRole("button", { name: "Use this rate" })).toHaveCount(0);
    // Used, it is the user's rate; emptied again, the field follows the rates on file as before.
    await page.getByLabel("Exchange rate").fill("");
    // A date outside the accepted ones (decision 022) is not looked up: the form says what is wrong
    // with the date, never that a rate failed to load.
    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/expenses/rate")) lookups.push(request.url());
    });
    await date.fill("1899-12-31");
    await page.getByRole("button", { name: "Create Transaction" }).click();
    await expect(errorMessage(page, "Enter a date between 1900-01-01 and")).toBeVisible();
    expect(lookups).toEqual([]);
    await expect(page.getByText("Failed to refresh exchange rate")).toHaveCount(0);
    await date.fill(today);
    await expect(page.getByLabel("Exchange rate")).toHaveValue("0.8612");
  }
  await page.getByLabel("Amount").fill("86.12");
  await updateAmounts(page, testInfo);
  await expect(page.getByTestId("usd-equivalent-0")).toHaveText("$ 100.00");
  await expect(page.getByText("1 USD = 0.8612 EUR, rate of Nov 1, 2026 (Built-in snapshot)")).toBeVisible();
  await page.getByLabel("Exchange rate").fill("0.9");
  await updateAmounts(page, testInfo);
  await expect(page.getByTestId("usd-equivalent-0")).toHaveText("$ 95.69");
  await expect(page.getByText(/1 USD = 0\.9 EUR, rate of .* \(Entered by hand\)/)).toBeVisible();
  await screenshotBothThemes(page, testInfo, "transaction-single-eur");
  await expectNoAxeViolations(page, testInfo);
  // Refresh brings the rate on file back.
  await page.getByRole("button", { name: "Refresh the EUR rate for the chosen date" }).click();
  await expect(page.getByLabel("Exchange rate")).toHaveValue("0.8612");
  await page.getByLabel("Exchange rate").fill("0.9");
  await expectNoSidewaysScrollOnPhone(page, testInfo, "transaction-single-eur-phone");
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expectSaved(page);
  const [stored] = await storedTransactions(page, account);
  // 8612 / 0.9 = 9568.88… → 9569 cents.
  expect(stored).toMatchObject({ payments: [{ currencyCode: "EUR", amountMinor: 8612, exchangeRateExact: "0.9", rateSource: "manual", usdCents: 9569 }] });
});
