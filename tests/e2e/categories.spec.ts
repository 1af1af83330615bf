import { errorMessage, expect, expectNoAxeViolations, jsEnabled, register, screenshotBothThemes, test , expectNoSidewaysScroll } from "./support";

test("categories: add, edit inline, delete after confirmation; defaults stay read-only; Spanish", async ({ page }, testInfo) => {
  // The banner's 5 s run on a clock the journey moves on, rather than being waited out.
  await page.clock.install();
  await register(page, testInfo);
  await page.goto("/categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const form = page.getByRole("region", { name: "Add New Category" });
  const yours = page.getByRole("region", { name: "Your Categories" });
  const defaults = page.getByRole("region", { name: "Default Categories" });
  await expect(defaults.getByText("Default categories cannot be edited or deleted.")).toBeVisible();
  await expect(defaults.getByText("Food & Dining")).toBeVisible();
  await expect(defaults.getByRole("link")).toHaveCount(0);
  await expect(yours.getByText("You have not created any categories yet.")).toBeVisible();

  const add = form.getByRole("button", { name: "Add Category" });
  if (jsEnabled(testInfo)) {
    // Save waits for a name.
    await expect(add).toBeDisabled();
  } else {
    // Without JavaScript the server answers with the spec's message.
    await add.click();
    await expect(errorMessage(form, "Category name is required")).toBeVisible();
  }
  await form.getByLabel("Category name").fill("Groceries");
  await form.getByTitle("Emerald").click();
  await form.getByTitle("Utensils").click();
  await expect(add).toBeEnabled();
  await add.click();
  const created = page.getByText("Category created successfully!");
  await expect(created).toBeVisible();
  await expect(yours.getByText("Groceries")).toBeVisible();
  await expect(yours.getByText("Expense")).toBeVisible();
  // The form is empty again for the next one.
  await expect(form.getByLabel("Category name")).toHaveValue("");
  await screenshotBothThemes(page, testInfo, "categories");
  await expectNoAxeViolations(page, testInfo);
  if (jsEnabled(testInfo)) {
    // Spec: banners clear after 5 s.
    await page.clock.fastForward(5000);
    await expect(created).toBeHidden();
  }

  await yours.getByRole("link", { name: "Edit Groceries" }).click();
  const name = yours.getByLabel("Category name");
  await expect(name).toHaveValue("Groceries");
  await expect(name).toBeFocused();
  await name.fill("Side income");
  await yours.getByTitle("Income").click();
  await screenshotBothThemes(page, testInfo, "categories-edit");
  await yours.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Category updated successfully!")).toBeVisible();
  await expect(yours.getByText("Side income", { exact: true })).toBeVisible();
  await expect(yours.getByText("Income", { exact: true })).toBeVisible();

  await yours.getByRole("link", { name: "Delete Side income" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete the category “Side income”?");
  await screenshotBothThemes(page, testInfo, "categories-delete-confirm");
  await expectNoAxeViolations(page, testInfo);
  // Cancel keeps it; confirming removes it.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(yours.getByText("Side income", { exact: true })).toBeVisible();
  await yours.getByRole("link", { name: "Delete Side income" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Category deleted successfully!")).toBeVisible();
  await expect(yours.getByText("You have not created any categories yet.")).toBeVisible();

  // On a phone nothing overflows sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "categories-phone");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "es", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Categorías", level: 1 })).toBeVisible();
  await expect(page.getByText("Comida y restaurantes")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "categories-es");
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("button", { name: "en", exact: true }).click();
  // The switch back finishes before the page closes (an unfinished load is a page error).
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
});

test("a category in use: the delete says what uses it and moves them to another category first (issue 23)", async ({ page }, testInfo) => {
  await register(page, testInfo);
  await page.goto("/categories");
  const form = page.getByRole("region", { name: "Add New Category" });
  await form.getByLabel("Category name").fill("Coffee");
  await form.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByText("Category created successfully!")).toBeVisible();

  // The transaction form's select: the defaults apart from the user's own.
  await page.goto("/expenses/new");
  await page.waitForLoadState("networkidle");
  const category = page.getByLabel("Category");
  await expect(category.locator('optgroup[label="Your categories"] option')).toHaveText(["Coffee"]);
  await expect(category.locator('optgroup[label="Default categories"] option').first()).toHaveText("Education");
  await page.getByLabel("Description").fill("Flat white");
  await category.selectOption({ label: "Coffee" });
  await page.getByLabel("Amount").fill("4.50");
  await page.getByRole("button", { name: "Create Transaction" }).click();
  await expect(page).toHaveURL(/\/expenses(\?|$)/);

  await page.goto("/categories");
  const yours = page.getByRole("region", { name: "Your Categories" });
  await yours.getByRole("link", { name: "Delete Coffee" }).click();
  const panel = page.getByRole("alertdialog", { name: "“Coffee” is in use" });
  await expect(panel).toContainText("Deleting it would leave 1 transaction without a category.");
  await expect(panel.getByRole("link", { name: "See its transaction" })).toHaveAttribute("href", /\/expenses\?category=/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await screenshotBothThemes(page, testInfo, "categories-in-use-phone");
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolations(page, testInfo);
  await panel.getByLabel("Move them to").selectOption({ label: "Food & Dining" });
  await panel.getByRole("button", { name: "Move and delete" }).click();
  await expect(page.getByText("Category deleted successfully!")).toBeVisible();
  await expect(yours.getByText("You have not created any categories yet.")).toBeVisible();
  // The list, in another tab while the banner stays: the transaction moved.
  const list = await page.context().newPage();
  await list.goto("/expenses");
  await expect(list.getByRole("main")).toContainText("Flat white");
  await expect(list.getByRole("main")).toContainText("Food & Dining");
  await expect(list.getByRole("row").filter({ hasText: "Flat white" })).toContainText("Food & Dining");
  await list.close();

  // Undo (issue 27, decision 035) takes the move back: Coffee and its transaction return.
  const banner = page.getByRole("status").filter({ hasText: "Deleted" }).filter({ has: page.getByRole("button", { name: "Undo" }) });
  await banner.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Category restored.")).toBeVisible();
  await expect(yours.getByText("Coffee")).toBeVisible();
  await page.goto("/expenses");
  const row = page.getByRole("row").filter({ hasText: "Flat white" });
  await expect(row).toContainText("Coffee");
  await expect(row).not.toContainText("Food & Dining");
});
