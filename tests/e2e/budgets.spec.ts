import type { Locator, Page, TestInfo } from "@playwright/test";
import { errorMessage, expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, register, screenshotBothThemes, test } from "./support";

// Issue 12 at phone width, with JavaScript on and off: a budget that fills up until it warns
// and then is over (spent comes from real transactions, sent through the API for speed: the
// transaction form has its own journeys), last month's budgets copied, and a savings goal
// filled, drawn on and refused below zero.

test.use({ viewport: { width: 390, height: 844 } });

const today = () => new Date().toISOString().slice(0, 10);

/** An API token for the account, to record expenses without walking the transaction form. */
async function apiToken(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post("/api/auth/login", { data: account });
  expect(res.status()).toBe(200);
  return (await res.json()).data.accessToken as string;
}

async function expense(page: Page, token: string, amount: string) {
  const res = await page.request.post("/api/transactions", {
    headers: { Authorization: `Bearer ${token}` },
    data: { description: "Groceries", date: today(), categoryId: "default-food", amount },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The room in pixels between a status badge's warning sign and its words, as drawn. */
function signToWords(badge: Locator) {
  return badge.evaluate((el) => {
    const sign = el.firstElementChild!.getBoundingClientRect();
    const words = document.createRange();
    words.selectNodeContents(el.lastChild!);
    return words.getBoundingClientRect().left - sign.right;
  });
}

/** With JavaScript, the page must have hydrated before typing into its fields. */
async function settled(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await page.waitForLoadState("networkidle");
}

test("a budget warns as it fills up and says when it is over, in English and Spanish", async ({ page }, testInfo) => {
  const account = await register(page, testInfo, "Bea");
  const token = await apiToken(page, account);
  await page.goto("/budgets");
  await expect(page.getByText(/^No budgets for /)).toBeVisible();
  await page.getByRole("link", { name: "New Budget" }).click();
  await settled(page, testInfo);
  await page.getByLabel("Category").selectOption("default-food");
  await page.getByLabel("Amount (USD)").fill("100");
  await page.getByRole("button", { name: "Create Budget" }).click();
  await expect(page.getByText("Budget created successfully!")).toBeInViewport();

  const card = page.getByRole("listitem").filter({ hasText: "Food & Dining" });
  const bar = card.getByRole("progressbar", { name: "Food & Dining: share of the budget spent" });
  await expect(card.getByText("Within budget")).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");

  await expense(page, token, "85");
  await page.reload();
  await expect(card.getByText("Approaching budget limit")).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "85");
  await expect(card.getByText("85% spent")).toBeVisible();
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, "budgets-near-en");

  // One cent past the budget.
  await expense(page, token, "15.01");
  await page.reload();
  await expect(card.getByText("Over budget!")).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: "$ 0.01" })).toBeVisible();
  await expect(page.getByText("1 budget is over its limit")).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, "budgets-over-en");
  await expectNoAxeViolations(page, testInfo);

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const tarjeta = page.getByRole("listitem").filter({ hasText: "Comida y restaurantes" });
  await expect(tarjeta.getByText("¡Presupuesto excedido!")).toBeVisible();
  // The warning sign stands apart from the words (it used to touch them: "⚠¡Presupuesto excedido!"),
  // measured once the stylesheet has loaded (without JavaScript the new document may not have it yet).
  await page.waitForLoadState("load");
  expect(await signToWords(tarjeta.getByText("¡Presupuesto excedido!"))).toBeGreaterThanOrEqual(3);
  await expect(tarjeta.getByRole("definition").filter({ hasText: "US$ 100,01" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, "budgets-over-es");

  // The dashboard names it.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Alertas de presupuesto" }).getByText("¡Presupuesto excedido!")).toBeVisible();
});

test("last month's budgets are copied, and a savings goal is filled, drawn on and never below zero", async ({ page }, testInfo) => {
  await register(page, testInfo, "Gus");
  await page.goto("/budgets");
  await page.getByRole("link", { name: /^Previous month/ }).click();
  await expect(page).toHaveURL(/\?month=\d{4}-\d{2}$/);
  const previousMonth = new URL(page.url()).searchParams.get("month");
  await page.getByRole("link", { name: "New Budget" }).click();
  await expect(page).toHaveURL(/newBudget/);
  await settled(page, testInfo);
  await page.getByLabel("Category").selectOption("default-transport");
  await page.getByLabel("Amount (USD)").fill("50");
  await page.getByLabel("Alert threshold (%)").fill("90");
  await page.getByRole("button", { name: "Create Budget" }).click();
  await expect(page.getByText("Budget created successfully!")).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`month=${previousMonth}&saved=budget-created`));
  await page.getByRole("link", { name: /^Next month/ }).click();
  await expect(page).toHaveURL(/\/budgets$/);
  await expect(page.getByText(/^No budgets for /)).toBeVisible();
  await page.getByRole("button", { name: /^Copy .*'s budgets$/ }).click();
  await expect(page.getByText(/^Copied 1 budget from /)).toBeVisible();
  const copied = page.getByRole("listitem").filter({ hasText: "Transportation" });
  await expect(copied.getByText("alert at 90%")).toBeVisible();

  // A goal with a date 100 days away: four 30-day months.
  const due = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole("link", { name: "New Goal" }).click();
  await settled(page, testInfo);
  await page.getByLabel("Name").fill("Laptop");
  await page.getByLabel("Target amount").fill("1500");
  await page.getByLabel("Target date (optional)").fill(due);
  await page.getByRole("button", { name: "Create Goal" }).click();
  await expect(page.getByText("Savings goal created successfully!")).toBeVisible();

  const goal = page.getByRole("listitem").filter({ hasText: "Laptop" });
  const record = async (amount: string, button: "Add" | "Withdraw") => {
    // With JavaScript the form stays open after a save (the page is not reloaded); without, it opens each time.
    const form = goal.locator("details", { has: page.locator("summary", { hasText: "Record progress on Laptop" }) });
    if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
    await settled(page, testInfo);
    await goal.getByLabel("Amount (USD)").fill(amount);
    await goal.getByRole("button", { name: button, exact: true }).click();
  };
  await record("200", "Add");
  await expect(page.getByText("Progress recorded")).toBeVisible();
  await record("100", "Add");
  await expect(goal.getByText("History (2 entries)")).toBeVisible();
  await record("50", "Withdraw");
  await expect(goal.getByText("History (3 entries)")).toBeVisible();
  await expect(goal.getByRole("definition").filter({ hasText: "$ 250.00" })).toBeVisible();
  await expect(goal.getByText("16%")).toBeVisible(); // 16.67 %, rounded down
  await expect(goal.getByText("4 months remaining")).toBeVisible();
  // 1,250.00 left over four months.
  await expect(goal.getByText("$ 312.50")).toBeVisible();

  // More than is saved: refused, said beside the field and in the summary, which takes focus.
  await record("250.01", "Withdraw");
  await expect(errorMessage(goal, "You cannot withdraw more than is saved")).toBeVisible();
  await expect(goal.getByRole("alert")).toBeFocused();
  await expect(goal.getByRole("definition").filter({ hasText: "$ 250.00" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  if (jsEnabled(testInfo)) await screenshotBothThemes(page, testInfo, "budgets-goal-en");
});
