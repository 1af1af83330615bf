import type { Page } from "@playwright/test";
import { expect, jsEnabled, register, screenshotBothThemes, test } from "./support";

// Issue 27, "Undo": on a phone (390 × 844), with JavaScript and without, in English and Spanish,
// a transaction with payments in two currencies and two tags is deleted after the confirmation,
// "Deleted — Undo" brings it back, and everything is as it was to the cent: its row in the list,
// its edit form, and the API's record (payments' stored rates and USD cents included).

test.use({ viewport: { width: 390, height: 844 } });

const words = {
  en: { delete: "Delete", deleted: "Deleted", undo: "Undo", restored: "Transaction restored." },
  es: { delete: "Eliminar", deleted: "Eliminado", undo: "Deshacer", restored: "Transacción restaurada." },
} as const;

async function seed(page: Page, account: { email: string; password: string }) {
  const signIn = await page.request.post("/api/auth/login", { data: account });
  const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const tagIds: string[] = [];
  for (const name of ["Trip", "Work"]) {
    const res = await page.request.post("/api/tags", { headers, data: { name } });
    expect(res.status()).toBe(201);
    tagIds.push(((await res.json()) as { data: { tag: { id: string } } }).data.tag.id);
  }
  const res = await page.request.post("/api/transactions", {
    headers,
    data: {
      type: "EXPENSE",
      description: "Market run",
      date: "2026-11-10",
      categoryId: "default-food",
      tags: tagIds,
      payments: [
        { currencyCode: "EUR", amount: "12.34", paymentMethod: "Cash", exchangeRate: "0.9" },
        { currencyCode: "COP", amount: "38712.50", paymentMethod: "Credit Card", exchangeRate: "3871.25" },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const id = ((await res.json()) as { data: { transaction: { id: string } } }).data.transaction.id;
  const record = async () => (await (await page.request.get(`/api/transactions/${id}`, { headers })).json()) as unknown;
  return { id, record };
}

/** What the user sees of the transaction: its row in the list and every field of its edit form. */
async function seen(page: Page, id: string) {
  await page.goto("/expenses");
  const row = (await page.getByRole("row").filter({ hasText: "Market run" }).first().innerText()).replace(/\s+/g, " ");
  await page.goto(`/expenses/edit/${id}`);
  const fields = await page.locator("main form input:not([type=hidden]), main form select").evaluateAll((elements) =>
    elements.map((e) => `${(e as HTMLInputElement).name}=${(e as HTMLInputElement).type === "checkbox" ? String((e as HTMLInputElement).checked) : (e as HTMLInputElement).value}`),
  );
  return { row, fields };
}

for (const language of ["en", "es"] as const) {
  test(`a deleted transaction with two currencies and tags comes back with Undo, to the cent (${language})`, async ({ page }, testInfo) => {
    const w = words[language];
    const account = await register(page, testInfo);
    const { id, record } = await seed(page, account);
    if (language === "es") {
      await page.goto("/expenses");
      await page.getByRole("button", { name: "es", exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    const before = { seen: await seen(page, id), record: await record() };
    expect(before.seen.row).toContain("Market run");
    // The form shows both payments' amounts (the comparison below is not of empty lists).
    expect(before.seen.fields.join(" ")).toMatch(/12[.,]34/);
    expect(before.seen.fields.join(" ")).toMatch(/38[.,]?712[.,]50/);

    await page.goto("/expenses");
    await page.getByRole("link", { name: `${w.delete} Market run` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: w.delete }).click();
    await expect(page).toHaveURL(/saved=deleted&undo=transaction/);
    const banner = page.getByRole("status").filter({ hasText: w.deleted }).filter({ has: page.getByRole("button", { name: w.undo }) });
    await expect(banner).toBeInViewport();
    await expect(page.getByRole("row").filter({ hasText: "Market run" })).toHaveCount(0);
    await screenshotBothThemes(page, testInfo, `undo-banner-${language}`);
    if (jsEnabled(testInfo)) {
      // It stays at least 10 seconds with JavaScript.
      await page.waitForTimeout(10_000);
      await expect(banner).toBeVisible();
    }

    await banner.getByRole("button", { name: w.undo }).click();
    await expect(page.getByText(w.restored)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Market run" })).toHaveCount(1);
    expect(await record()).toEqual(before.record);
    expect(await seen(page, id)).toEqual(before.seen);
  });
}
