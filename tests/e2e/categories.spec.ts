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
