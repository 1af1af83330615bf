import { errorMessage, expect, expectNoAxeViolations, expectNoSidewaysScroll, jsEnabled, login, register, screenshotBothThemes, test, uniqueEmail } from "./support";

test("register → dashboard → profile edit → password change → sign out → sign in", async ({ page }, testInfo) => {
  const { email, password } = await register(page, testInfo, "Pat");
  await expect(page.getByRole("heading", { name: "Welcome, Pat!" })).toBeVisible();

  await page.getByLabel("User menu").click();
  await page.getByRole("link", { name: "Profile Settings" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The menu does not stay open over the new page.
  await expect(page.getByTestId("user-menu")).not.toHaveAttribute("open");
  const info = page.getByRole("region", { name: "Personal Information" });
  const activity = page.getByRole("region", { name: "Recent Activity" });
  await expect(info.getByText("Pat Tester")).toBeVisible();
  await expect(activity.getByText("Account created")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "profile");
  await expectNoAxeViolations(page, testInfo);

  // Cancel throws away what was typed.
  await info.getByRole("link", { name: "Edit personal information" }).click();
  await page.getByLabel("First Name").fill("Zed");
  await info.getByRole("link", { name: "Cancel" }).click();
  await expect(info.getByText("Pat Tester")).toBeVisible();

  // An email the browser lets through (no JavaScript) but the rules refuse: the spec's message, nothing changed.
  await info.getByRole("link", { name: "Edit personal information" }).click();
  await expect(page.getByLabel("First Name")).toHaveValue("Pat");
  await page.getByLabel("Email Address").fill("pat@localhost");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(errorMessage(page, "Email is invalid")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "profile-edit-error");
  await expectNoAxeViolations(page, testInfo);

  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("First Name").fill("Patricia");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();
  await expect(info.getByText("Patricia Tester")).toBeVisible();
  await expect(activity.getByText("Profile updated")).toBeVisible();

  // Password: a wrong current password first, then the real change.
  const security = page.getByRole("region", { name: "Security" });
  await security.getByRole("link", { name: "Change Password" }).click();
  await page.getByLabel("Current Password").fill("WrongPass9");
  await page.getByLabel("New Password", { exact: true }).fill("Fresh12345");
  await page.getByLabel("Confirm New Password").fill("Fresh12345");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(errorMessage(page, "Current password is incorrect")).toBeVisible();
  await screenshotBothThemes(page, testInfo, "profile-password-error");

  await page.getByLabel("Current Password").fill(password);
  await page.getByLabel("New Password", { exact: true }).fill("Fresh12345");
  await page.getByLabel("Confirm New Password").fill("Fresh12345");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password changed successfully!")).toBeVisible();
  await expect(activity.getByText("Password changed")).toBeVisible();

  await page.getByRole("region", { name: "Account Actions" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/\?signedOut=1$/);
  await expect(page.getByText("You have been signed out")).toBeVisible();

  await login(page, email, password);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await login(page, email, "Fresh12345");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Patricia!" })).toBeVisible();
});

test.describe("on a 390 px phone in Caracas", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: "America/Caracas" });

  test("registration records the browser's time zone with JavaScript and UTC without; the profile shows it and its select changes it", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo);
    // Its own visitor address, as register() in support.ts does, so the per-address sign-up limit does not stop the suite.
    const visitor = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    await page.route("**/auth/register*", (route) => route.continue({ headers: { ...route.request().headers(), "cf-connecting-ip": visitor } }));
    await page.goto("/auth/register");
    // The page's script fills the hidden field once it runs; without JavaScript it stays empty.
    await expect(page.locator('input[name="timeZone"]')).toHaveValue(js ? "America/Caracas" : "");
    await page.getByLabel("First name").fill("Zoe");
    await page.getByLabel("Last name").fill("Tester");
    await page.getByLabel("Email").fill(uniqueEmail(testInfo));
    await page.getByLabel("Password", { exact: true }).fill("Journey123");
    await page.getByLabel("Confirm password").fill("Journey123");
    await page.getByLabel("I accept the terms and conditions").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/profile");
    const info = page.getByRole("region", { name: "Personal Information" });
    const stored = js ? "America/Caracas" : "UTC";
    await expect(info.getByText(stored, { exact: true })).toBeVisible();

    await info.getByRole("link", { name: "Edit personal information" }).click();
    const select = page.getByLabel("Time zone");
    await expect(select).toHaveValue(stored);
    await select.selectOption("Europe/Madrid");
    await expectNoSidewaysScroll(page);
    await screenshotBothThemes(page, testInfo, "profile-time-zone");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Profile updated successfully!")).toBeVisible();
    await expect(info.getByText("Europe/Madrid", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent Activity" }).getByText("Time zone changed")).toBeVisible();
  });
});
