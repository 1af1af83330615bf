import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectNoAxeViolations, login, register, screenshotBothThemes, signIn, signOut, test } from "./support";

/**
 * At desktop width each column's header stands over that column's values: the header cell's box
 * and the value's box share an x range. (The cells once came in another order than the headers,
 * so "Email" stood over the role badges and "Role" over the addresses.)
 */
async function expectHeadersOverTheirValues(page: Page, row: Locator, values: Record<string, string>) {
  for (const [header, value] of Object.entries(values)) {
    const head = await page.getByRole("columnheader", { name: header, exact: true }).boundingBox();
    const cell = await row.getByText(value, { exact: true }).boundingBox();
    expect(head, `the ${header} header is shown`).not.toBeNull();
    expect(cell, `${value} is shown`).not.toBeNull();
    const overlap = Math.min(head!.x + head!.width, cell!.x + cell!.width) - Math.max(head!.x, cell!.x);
    expect(overlap, `"${value}" stands under the ${header} header`).toBeGreaterThan(0);
  }
}

test("a superadmin finds a user, changes the role and deactivates the account", async ({ page }, testInfo) => {
  const { email, password } = await register(page, testInfo, "Alan");
  await signOut(page);

  // Its own sign-in, not signIn's shared session: this journey signs the admin out at the end.
  await login(page, demo.admin.email, demo.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await screenshotBothThemes(page, testInfo, "admin");
  await expectNoAxeViolations(page, testInfo);

  await page.getByRole("link", { name: /User Management/ }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await screenshotBothThemes(page, testInfo, "admin-users");
  await expectNoAxeViolations(page, testInfo);

  // Search ignores case; the row shows the user as a plain, active user.
  await page.getByLabel("Search by name or email").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row", { name: /Alan Tester/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Active")).toBeVisible();
  await expect(page).toHaveURL(/q=/);
  expect(page.viewportSize()?.width).toBe(1280);
  await expectHeadersOverTheirValues(page, row, { Name: "Alan Tester", Email: email, Role: "User", Status: "Active" });

  // The role filter: a plain user is not among superadmins.
  await page.getByLabel("Role").selectOption("superadmin");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No users found matching your search criteria")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "admin-users-empty");

  await page.getByLabel("Role").selectOption("");
  await page.getByRole("button", { name: "Apply" }).click();
  await row.getByRole("button", { name: "Make superadmin: Alan Tester" }).click();
  await expect(page.getByText("User updated successfully!")).toBeVisible();
  await expect(row.getByText("Administrator")).toBeVisible();
  // The search survives the change.
  await expect(page.getByLabel("Search by name or email")).toHaveValue(email.toUpperCase());

  await page.getByLabel("Role").selectOption("superadmin");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: "Deactivate: Alan Tester" }).click();
  await expect(row.getByText("Inactive")).toBeVisible();

  // A row whose account has gone meanwhile (another admin's change, a stale page): the refusal
  // is announced and takes focus, so the keyboard and a screen reader start at it.
  await row.locator('input[name="userId"]').evaluateAll((inputs) => inputs.forEach((input) => ((input as HTMLInputElement).value = "gone-meanwhile")));
  await row.getByRole("button", { name: "Reactivate: Alan Tester" }).click();
  await expect(page.getByRole("alert")).toHaveText("Not found");
  await expect(page.getByRole("alert")).toBeFocused();

  // Clearing the search brings every user back.
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page.getByLabel("Search by name or email")).toHaveValue("");
  await expect(page.getByRole("row", { name: /Ada Admin/ }).first()).toBeVisible();

  // A deactivated account cannot sign in.
  await signOut(page);
  await login(page, email, password);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("a plain user is sent away from the admin pages", async ({ page }) => {
  await signIn(page, demo.user);
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
});
