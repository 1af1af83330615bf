import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, register, screenshotBothThemes, test } from "./support";

// Issue 26: import a bank's CSV at 390 px, with JavaScript on and off, in English and in Spanish.
// A new user already has the statement's first row (a coffee of 2 November); the file's dates
// read both ways (11/02/2026), so the mapping step asks for their format. The preview shows that
// row as a duplicate, left out; the confirmation imports the other two; Undo takes them back.

test.use({ viewport: { width: 390, height: 844 } });

const FILE = "tests/fixtures/import/journey-bank.csv";

const words = {
  en: {
    importLink: "Import transactions from a file",
    file: "CSV file",
    upload: "Upload and preview",
    dateFormat: "How the dates are written",
    saveAs: "Save this mapping as",
    preview: "Preview the rows",
    counts: ["2 new", "1 duplicate", "0 with errors"],
    duplicate: "Duplicate",
    include: "Import line 2",
    commit: "Import 2 transactions",
    commitWithDuplicate: "Import 3 transactions",
    imported: "2 transactions imported",
    skipped: "1 skipped as a duplicate",
    undo: "Undo this import",
    undone: "Import undone: 2 transactions removed.",
    undoneStatus: "Undone",
  },
  es: {
    importLink: "Importar transacciones desde un archivo",
    file: "Archivo CSV",
    upload: "Subir y previsualizar",
    dateFormat: "Cómo están escritas las fechas",
    saveAs: "Guardar esta asignación como",
    preview: "Previsualizar las filas",
    counts: ["2 nuevas", "1 duplicada", "0 con errores"],
    duplicate: "Duplicada",
    include: "Importar la línea 2",
    commit: "Importar 2 transacciones",
    commitWithDuplicate: "Importar 3 transacciones",
    imported: "2 transacciones importadas",
    skipped: "1 omitida por duplicada",
    undo: "Deshacer esta importación",
    undone: "Importación deshecha: se eliminaron 2 transacciones.",
    undoneStatus: "Deshecho",
  },
} as const;

/** The transaction the statement's first row repeats, created through the API as the new user. */
async function recordCoffee(page: Page, account: { email: string; password: string }) {
  const login = await page.request.post("/api/auth/login", { data: account });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const created = await page.request.post("/api/transactions", {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: "EXPENSE", description: "Coffee Shop", date: "2026-11-02", categoryId: "default-food", currencyCode: "USD", amount: "3.50" },
  });
  expect(created.status(), await created.text()).toBe(201);
}

for (const language of ["en", "es"] as const) {
  test(`a bank statement is uploaded, mapped, previewed with its duplicate, imported and undone (${language})`, async ({ page }, testInfo) => {
    const text = words[language];
    const account = await register(page, testInfo);
    await recordCoffee(page, account);
    if (language === "es") {
      await page.getByRole("button", { name: "es", exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }

    // Step 1: from the transaction list to the upload.
    await page.goto("/expenses");
    await page.getByRole("link", { name: text.importLink, exact: true }).click();
    await expect(page).toHaveURL(/\/import$/);
    await page.getByLabel(text.file, { exact: true }).setInputFiles(FILE);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await page.getByRole("button", { name: text.upload }).click();

    // Step 3: the columns are guessed from the header; the dates read both ways, so no format is chosen.
    await expect(page).toHaveURL(/\/import\/[^/?]+$/);
    const dateFormat = page.getByLabel(text.dateFormat);
    await expect(dateFormat).toHaveValue("");
    await dateFormat.selectOption("MM/dd/yyyy");
    await page.getByLabel(text.saveAs).fill(language === "es" ? "Mi banco" : "My bank");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await screenshotBothThemes(page, testInfo, `import-mapping-${language}`);
    await page.getByRole("button", { name: text.preview }).click();

    // Step 4: the coffee already recorded is a duplicate, left out unless ticked.
    const counts = page.locator("[data-import-counts]");
    for (const count of text.counts) await expect(counts).toContainText(count);
    const duplicate = page.locator('[data-import-line="2"]');
    await expect(duplicate).toHaveAttribute("data-import-status", "duplicate");
    await expect(duplicate).toContainText(text.duplicate);
    await expect(duplicate.getByRole("checkbox", { name: text.include })).not.toBeChecked();
    await expect(page.locator('[data-import-line="3"]')).toHaveAttribute("data-import-status", "new");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await screenshotBothThemes(page, testInfo, `import-preview-${language}`);
    if (jsEnabled(testInfo)) {
      // With JavaScript a tick is saved at once: the duplicate in, then out again.
      const include = duplicate.getByRole("checkbox", { name: text.include });
      await include.check();
      await expect(page.getByRole("button", { name: text.commitWithDuplicate })).toBeVisible();
      await include.uncheck();
      await expect(page.getByRole("button", { name: text.commit })).toBeVisible();
    }

    // Step 5: confirm, then undo.
    await page.getByRole("button", { name: text.commit }).click();
    const result = page.locator("[data-import-result]");
    await expect(result).toContainText(text.imported);
    await expect(result).toContainText(text.skipped);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await page.getByRole("button", { name: text.undo }).click();
    await expect(page.getByRole("status").filter({ hasText: text.undone })).toBeVisible();
    await expect(page.getByRole("button", { name: text.undo })).toHaveCount(0);

    // "Your imports" lists it as undone.
    await page.goto("/import");
    await expect(page.locator("[data-import]").first()).toContainText(text.undoneStatus);
    await expectNoSidewaysScroll(page);
    await screenshotBothThemes(page, testInfo, `import-list-${language}`);

    // The list holds the coffee only, as before the import.
    await page.goto("/expenses");
    await expect(page.getByText("Coffee Shop")).toHaveCount(1);
    await expect(page.getByText("Grocery Store")).toHaveCount(0);
  });
}
