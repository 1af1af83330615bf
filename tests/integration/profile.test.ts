import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, pageText, registerViaForm, signedIn, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";
import { activityLog } from "~/platform/db/schema";
import { testDb } from "./seed-rows";
import { addRows } from "../setup/rows";

const NEW_PASSWORD = "N3wPassword";

function updateProfile(b: Browser, fields: Record<string, string>) {
  return b.fetch("/profile?edit=profile", { form: { intent: "update-profile", ...fields } });
}

function changePassword(b: Browser, fields: Record<string, string>) {
  return b.fetch("/profile?edit=password", { form: { intent: "change-password", ...fields } });
}

function login(b: Browser, email: string, password: string) {
  return b.fetch("/auth/login", { form: { email, password } });
}

async function storedUser(email: string) {
  return env.DB.prepare("select id, first_name, last_name, email, password_hash from users where email = ?")
    .bind(email)
    .first<{ id: string; first_name: string; last_name: string; email: string; password_hash: string }>();
}

test("a guest asking for /profile is sent to sign in and brought back", async () => {
  const res = await browser().fetch("/profile");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fprofile");
});

test("the profile page shows the personal info, role badge, user id, activity and sign-out", async () => {
  const b = browser();
  const { email } = await registerViaForm(b, { firstName: "Grace", lastName: "Hopper" });
  const user = await storedUser(email);
  const res = await b.fetch("/profile");
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>Profile Settings</title>");
  expect(html).toContain("Grace Hopper");
  expect(html).toContain(email);
  expect(html).toContain(user!.id);
  expect(html).toMatch(/>User</);
  expect(html).toContain('href="/profile?edit=profile"');
  expect(html).toContain('href="/profile?edit=password"');
  expect(html).toContain('action="/auth/logout"');
  // Registration itself is the first activity entry.
  expect(html).toContain("Account created");
  // Without ?edit the forms are closed.
  expect(html).not.toContain('name="firstName"');
  expect(html).not.toContain('name="currentPassword"');
});

test("?edit=profile opens the form with the stored values; ?edit=password opens an empty password form", async () => {
  const b = browser();
  const { email } = await registerViaForm(b, { firstName: "Alan", lastName: "Turing" });
  const edit = await (await b.fetch("/profile?edit=profile")).text();
  expect(edit).toMatch(/name="firstName"[^>]*value="Alan"|value="Alan"[^>]*name="firstName"/);
  expect(edit).toContain(`value="${email}"`);
  expect(edit).toContain("First Name");
  expect(edit).toContain("Last Name");
  expect(edit).toContain("Email Address");
  expect(edit).toContain('value="update-profile"');

  const pw = await (await b.fetch("/profile?edit=password")).text();
  expect(pw).toContain('name="currentPassword"');
  expect(pw).toContain('name="newPassword"');
  expect(pw).toContain('name="confirmPassword"');
  expect(pw).toContain("at least 8 characters");
  expect(pw).toContain("Security tip");
  expect(pw).toContain('value="change-password"');
});

test("updating the profile saves it, redirects with ?saved=profile and shows the banner once", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const newEmail = uniqueEmail("renamed");
  const res = await updateProfile(b, { firstName: " Ada ", lastName: "Lovelace", email: newEmail.toUpperCase() });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/profile?saved=profile");

  // Issue 25: the names save at once; the new address waits for the link mailed to it.
  expect(await storedUser(newEmail)).toBeNull();
  const stored = await storedUser(email);
  expect(stored).toMatchObject({ first_name: "Ada", last_name: "Lovelace", email });

  const page = await (await b.fetch("/profile?saved=profile")).text();
  expect(page).toContain("Profile updated successfully!");
  expect(page).toContain("Ada Lovelace");
  expect(page).toContain(`We sent a link to ${newEmail}; your address stays ${email} until you confirm it.`);
  const plain = await (await b.fetch("/profile")).text();
  expect(plain).not.toContain("Profile updated successfully!");
});

test("profile validation answers 400 with the spec messages and changes nothing", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const cases: Array<[Record<string, string>, string]> = [
    [{ firstName: "  ", lastName: "User", email }, "First name is required"],
    [{ firstName: "Test", lastName: "", email }, "Last name is required"],
    [{ firstName: "Test", lastName: "User", email: "" }, "Email is required"],
    [{ firstName: "Test", lastName: "User", email: "not-an-email" }, "Email is invalid"],
  ];
  for (const [fields, message] of cases) {
    const res = await updateProfile(b, { ...fields });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    // The form stays open with what was typed.
    expect(html).toContain('name="firstName"');
  }
  expect(await storedUser(email)).toMatchObject({ first_name: "Test", last_name: "User" });
});

test("a duplicate email is refused with 'Email already exists'", async () => {
  const first = browser();
  const { email: taken } = await registerViaForm(first);
  const b = browser();
  const { email } = await registerViaForm(b);
  const res = await updateProfile(b, { firstName: "Other", lastName: "Person", email: taken.toUpperCase() });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("Email already exists");
  expect(await storedUser(email)).toMatchObject({ first_name: "Test", email });
});

test("an unknown intent answers 400", async () => {
  const b = browser();
  await registerViaForm(b);
  const res = await b.fetch("/profile", { form: { intent: "delete-everything" } });
  expect(res.status).toBe(400);
  const none = await b.fetch("/profile", { form: { firstName: "x" } });
  expect(none.status).toBe(400);
});

test("password change validation shows the spec messages", async () => {
  const b = browser();
  await registerViaForm(b);
  const cases: Array<[Record<string, string>, string]> = [
    [{ currentPassword: "", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, "Current password is required"],
    [{ currentPassword: STRONG_PASSWORD, newPassword: "", confirmPassword: "" }, "New password is required"],
    [{ currentPassword: STRONG_PASSWORD, newPassword: "Sh0rt", confirmPassword: "Sh0rt" }, "New password must be at least 8 characters"],
    [{ currentPassword: STRONG_PASSWORD, newPassword: "nouppercase1", confirmPassword: "nouppercase1" }, "uppercase letter"],
    [{ currentPassword: STRONG_PASSWORD, newPassword: "NoNumberHere", confirmPassword: "NoNumberHere" }, "one number"],
    [{ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: "Different1" }, "Passwords do not match"],
  ];
  for (const [fields, message] of cases) {
    const res = await changePassword(b, fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    // New passwords are never echoed back; the current one only when it was not the field refused.
    if (fields.newPassword) expect(html).not.toContain(`value="${fields.newPassword}"`);
    if (fields.confirmPassword) expect(html).not.toContain(`value="${fields.confirmPassword}"`);
  }
});

test("a wrong current password is refused on that field and nothing changes", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const before = await storedUser(email);
  const res = await changePassword(b, { currentPassword: "Wr0ngPassword", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).toContain("Current password is incorrect");
  expect(html).toMatch(/id="[^"]*currentPassword[^"]*-error"[^>]*>\s*<p>Current password is incorrect/);
  expect((await storedUser(email))!.password_hash).toBe(before!.password_hash);
  // The session is untouched and the old password still works.
  expect((await b.fetch("/profile")).status).toBe(200);
  expect((await login(browser(), email, STRONG_PASSWORD)).headers.get("Location")).toBe("/dashboard");
});

test("changing the password keeps this session, ends the other ones and swaps which password works", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const other = browser();
  expect((await login(other, email, STRONG_PASSWORD)).status).toBe(302);
  expect((await other.fetch("/dashboard")).status).toBe(200);

  const res = await changePassword(b, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/profile?saved=password");

  const page = await b.fetch("/profile?saved=password");
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Password changed successfully!");
  // The form is closed again.
  expect(html).not.toContain('name="currentPassword"');

  const kicked = await other.fetch("/dashboard");
  expect(kicked.status).toBe(302);
  expect(kicked.headers.get("Location")).toBe("/auth/login");

  const oldLogin = await login(browser(), email, STRONG_PASSWORD);
  expect(oldLogin.status).toBe(400);
  expect(await oldLogin.text()).toContain("Invalid email or password");
  const newLogin = await login(browser(), email, NEW_PASSWORD);
  expect(newLogin.status).toBe(302);
  expect(newLogin.headers.get("Location")).toBe("/dashboard");
});

test("password changes are throttled per account with 429 and Retry-After", async () => {
  const b = browser();
  await registerViaForm(b);
  const wrong = { currentPassword: "Wr0ngPassword", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
  for (let i = 0; i < 5; i++) expect((await changePassword(b, wrong)).status).toBe(400);
  const res = await changePassword(b, { ...wrong, currentPassword: STRONG_PASSWORD });
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await res.text()).toContain("Too many attempts");
});

test("recent activity lists sign-in, profile update and password change with date and IP", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  expect((await login(b, email, STRONG_PASSWORD)).status).toBe(302);
  expect((await updateProfile(b, { firstName: "Katherine", lastName: "Johnson", email })).status).toBe(302);
  expect(
    (await changePassword(b, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
  ).toBe(302);
  const html = await (await b.fetch("/profile")).text();
  for (const label of ["Account created", "Signed in", "Profile updated", "Password changed"]) expect(html).toContain(label);
  // The address in words (issue 23), not "IP: …".
  expect(html).toContain(`from ${b.ip}`);
  expect(html).not.toContain("IP: ");
  // One date style (issue 23): the day unpadded, e.g. "Jan 5, 2026, 14:05".
  expect(html).toMatch(/[A-Z][a-z]{2} [1-9]\d?, \d{4},? \d{2}:\d{2}/);
  expect(html).not.toContain("No recent activity");

  const es = await (await b.fetch("/profile", { headers: { "Accept-Language": "es-ES" } })).text();
  expect(es).toContain("Contraseña cambiada");
  expect(es).toContain("Configuración del perfil");
});

test("the activity list shows at most 10 entries", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  for (let i = 0; i < 11; i++) {
    expect((await updateProfile(b, { firstName: `Name${i}`, lastName: "User", email })).status).toBe(302);
  }
  const html = await (await b.fetch("/profile")).text();
  const entries = html.match(/<time dateTime=/g) ?? [];
  expect(entries).toHaveLength(10);
  // The oldest entry (sign up) has dropped off.
  expect(html).not.toContain("Account created");
});

// Decision 025: an entry keeps its values, and the page words them in the reader's language,
// whatever the language of the session that wrote it.
async function budgetAndCopy(b: Browser) {
  const created = await b.fetch("/budgets?month=2026-09&newBudget", {
    form: { intent: "budget-create", month: "2026-09", categoryId: "default-food", amount: "100", alertThreshold: "80" },
  });
  expect(created.status).toBe(302);
  expect((await b.fetch("/budgets?month=2026-10", { form: { intent: "budget-copy", month: "2026-10" } })).status).toBe(302);
}

test("activity written in an English session reads in Spanish to a Spanish reader", async () => {
  const { b } = await signedIn();
  await budgetAndCopy(b);
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/profile" } });
  const text = await pageText(b, "/profile");
  expect(text).toContain("Presupuestos copiados del mes anterior");
  expect(text).toContain("1 presupuesto copiado de septiembre de 2026 a octubre de 2026");
  expect(text).toMatch(/Presupuesto creado\s+\S+.*, septiembre de 2026/);
  // The default category in the reader's language (issue 23).
  expect(text).toContain("Comida y restaurantes, septiembre de 2026");
  expect(text).not.toContain("Food & Dining");
  expect(text).not.toContain("2026-09");
});

test("activity written in a Spanish session reads in English to an English reader", async () => {
  const { b } = await signedIn("es");
  await budgetAndCopy(b);
  await b.fetch("/resources/language", { form: { lng: "en", redirectTo: "/profile" } });
  const text = await pageText(b, "/profile");
  expect(text).toContain("Budgets copied from the previous month");
  expect(text).toContain("1 budget copied from September 2026 to October 2026");
  expect(text).toMatch(/Budget created\s+\S+.*, September 2026/);
  expect(text).not.toContain("2026-09");
});

test("an entry of several transactions added at once reads with its count in English and Spanish", async () => {
  const { b, userId } = await signedIn();
  await addRows(testDb(), activityLog, [{ userId, action: "transactions_create", description: "3", details: { count: 3 }, createdAt: new Date(Date.now() + 1000) }]);
  expect(await pageText(b, "/profile")).toContain("3 transactions added");
  await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/profile" } });
  expect(await pageText(b, "/profile")).toContain("3 transacciones agregadas");
});

test("an old entry whose description could not be read back into values is shown as stored", async () => {
  const { b, userId } = await signedIn("es");
  await addRows(testDb(), activityLog, [{ userId, action: "budget_copy", description: "something else", createdAt: new Date(Date.now() + 1000) }]);
  expect(await pageText(b, "/profile")).toContain("something else");
});
