import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Cookie, type Locator, type Page, type TestInfo } from "@playwright/test";

/**
 * Every journey fails on a script error or console error in the page (hydration
 * mismatches, failed asset loads, React warnings), not only on what it asserts.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // A refused form answers 4xx on purpose (validation, wrong password, throttling); the
      // browser logs that as a failed load. Server errors and everything else still count.
      const expectedRefusal = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
      if (message.type() === "error" && !expectedRefusal) problems.push(`console: ${message.text()}`);
    });
    await use(page);
    expect(problems, "errors in the browser console").toEqual([]);
  },
});
export { expect };

export const demo = {
  user: { email: "demo@example.com", password: "DemoPass123" },
  admin: { email: "admin@example.com", password: "AdminPass123" },
};

let counter = 0;
export function uniqueEmail(testInfo: TestInfo) {
  counter += 1;
  return `e2e-${testInfo.project.name}-${Date.now()}-${counter}@example.com`;
}

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.name === "js";

/**
 * Saves a screenshot of the page in light and dark (system preference, no stored choice), for
 * review. In the JavaScript project only: without JavaScript the same screens look the same, and
 * taking them twice cost the run about 20 s.
 */
export async function screenshotBothThemes(page: Page, testInfo: TestInfo, name: string) {
  if (!jsEnabled(testInfo)) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `tests/e2e/screenshots/${testInfo.project.name}/${name}-${scheme}.png`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * axe needs script injection, so it runs in the JavaScript project, in both themes. Legacy mode
 * runs axe.run in the page itself: the default runs it per frame and then finishes in a new blank
 * page, twice the time, only to reach cross-origin frames, which our pages do not have.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).setLegacyMode().withTags(["wcag2a", "wcag2aa"]).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(summary, `axe violations in ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

export async function register(page: Page, testInfo: TestInfo, firstName = "Erin") {
  const email = uniqueEmail(testInfo);
  // Each journey signs up as its own visitor, from its own address as Cloudflare would report it
  // (wrangler dev keeps a CF-Connecting-IP it is given), so the per-address sign-up limit of 20 an
  // hour (tested through the Worker in tests/integration) does not stop the suite halfway.
  const visitor = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  await page.route("**/auth/register*", (route) =>
    route.continue({ headers: { ...route.request().headers(), "cf-connecting-ip": visitor } }),
  );
  await page.goto("/auth/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Journey123");
  await page.getByLabel("Confirm password").fill("Journey123");
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password: "Journey123" };
}

export async function login(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The demo accounts' session cookies, once signIn has signed each in through the form. */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens `path` as a demo account. The first journey of the run signs in through the form and
 * lands on the dashboard; later ones reuse that session's cookie, since they are not about
 * signing in (auth.spec.ts and profile.spec.ts are) and each sign-in cost a page, a password
 * check and the dashboard. A journey that signs a demo account out uses login() instead.
 */
export async function signIn(page: Page, account: { email: string; password: string }, path = "/dashboard") {
  const cookies = sessions.get(account.email);
  if (cookies) {
    await page.context().addCookies(cookies);
  } else {
    await login(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    sessions.set(account.email, (await page.context().cookies()).filter((cookie) => cookie.name === "session"));
    if (path === "/dashboard") return;
  }
  await page.goto(path);
}

export async function signOut(page: Page) {
  await page.getByLabel("User menu").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/(\?signedOut=1)?$/);
  await expect(page.getByRole("status").filter({ hasText: "You have been signed out." })).toBeVisible();
}

/**
 * The page's cumulative layout shift so far (the Layout Instability API): the sum of every shift
 * not caused by the user's own input, read after the load event and a short settle, so the
 * shifts of hydration and of late styles are counted. 0 means nothing moved under the reader.
 */
export async function cumulativeLayoutShift(page: Page, settleMs = 700): Promise<number> {
  await page.waitForLoadState("load");
  await page.waitForTimeout(settleMs);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        // buffered: the shifts that happened before this observer existed are delivered too.
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(total);
        }, 100);
      }),
  );
}

/**
 * An error message where it is shown beside its field (or as the form's own error): the error
 * summary at the top of the form repeats each field's message as a link, so plain getByText
 * would find it twice. Error lists have ids ending in "-error" (Field, ErrorList, Conform's errorId).
 */
export function errorMessage(scope: Page | Locator, text: string) {
  return scope.locator('[id$="-error"]').getByText(text);
}

/**
 * The page fits its viewport without sideways scrolling; when it does not, the message names the
 * first elements that stick out. Measured once the page's stylesheet has loaded: without
 * JavaScript a form's redirect can be measured as soon as the new document exists, and an
 * unstyled page is wider than any styled one (a no-JS journey once read 432 px that way).
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url()) {
  await page.waitForLoadState("load");
  const { width, scrollWidth, offenders } = await page.evaluate(() => {
    const width = window.innerWidth;
    const offenders = Array.from(document.body.querySelectorAll("*"))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute("class") ?? "").slice(0, 60)}`);
    return { width, scrollWidth: document.documentElement.scrollWidth, offenders };
  });
  expect(scrollWidth, `${where} scrolls sideways at ${width} px: ${offenders.join(" | ")}`).toBeLessThanOrEqual(width);
}
