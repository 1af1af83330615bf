import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, loginViaApi } from "./api-client";
import { browser, ORIGIN, registerViaForm, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";
import { lastVerifyToken } from "./mail-api-client";

/** Issue 25: a new address becomes the account's when the link mailed to it is used. */
async function confirmNewAddress(b: Browser, address: string) {
  const token = await lastVerifyToken(address, 1, "Confirm your new email address for Tallyworth");
  expect((await b.fetch("/auth/verify-email", { form: { token } })).status).toBe(302);
}

// Five wrong passwords from anywhere used to lock the owner out too (429 for the right password),
// with no reset. The per-account limit stays for strangers; a browser that signed in to the
// account before carries a device cookie and is throttled on that cookie instead (OWASP device
// cookies), and a superadmin can unlock an account on /admin/users.

// The first request loads the whole app into workerd (near 30 s on a busy machine): its own hook, its own timeout.
beforeAll(async () => {
  await SELF.fetch(`${ORIGIN}/`);
});

const login = (b: Browser, email: string, password: string) => b.fetch("/auth/login", { form: { email, password } });

async function lockOut(email: string) {
  for (let i = 0; i < 5; i++) await login(browser(), email, `Guess${i}abcd`);
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(429);
}

async function signedOut(b: Browser) {
  expect((await b.fetch("/auth/logout", { form: {} })).status).toBe(302);
  expect(b.cookies.has("session")).toBe(false);
}

test("the owner's browser signs in while strangers' guesses hold the account at 429", async () => {
  const email = uniqueEmail("owner");
  const owner = browser();
  await registerViaForm(owner, { email });
  expect(owner.cookies.get("device")).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  await signedOut(owner);

  await lockOut(email);
  const back = await login(owner, email, STRONG_PASSWORD);
  expect(back.status).toBe(302);
  expect(owner.cookies.has("session")).toBe(true);
  // A new sign-in renews the device entry: a copied old cookie stops counting.
  expect(owner.cookies.get("device")).toMatch(/^[A-Za-z0-9_-]{22}\./);
});

test("a device cookie is only good for its own account and cannot be forged", async () => {
  const victim = uniqueEmail("victim");
  await registerViaForm(browser(), { email: victim });
  const other = browser();
  await registerViaForm(other, { email: uniqueEmail("other") });
  await signedOut(other);
  await lockOut(victim);

  // Signed in to another account from this browser: no help with the victim's.
  expect((await login(other, victim, STRONG_PASSWORD)).status).toBe(429);
  // A made-up entry of the right shape.
  const forged = browser();
  forged.cookies.set("device", `${"A".repeat(22)}.${"B".repeat(43)}`);
  expect((await login(forged, victim, STRONG_PASSWORD)).status).toBe(429);
});

test("a trusted browser's own failures are throttled on its cookie, not on the account", async () => {
  const email = uniqueEmail("clumsy");
  const owner = browser();
  await registerViaForm(owner, { email });
  await signedOut(owner);
  for (let i = 0; i < 5; i++) expect((await login(owner, email, `Typo${i}abcd`)).status).toBe(400);
  expect((await login(owner, email, STRONG_PASSWORD)).status).toBe(429);
  // The account itself is not locked for the owner's other devices.
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(302);
});

test("a superadmin sees the lock on /admin/users and unlocks it; the owner's activity says so", async () => {
  const email = uniqueEmail("locked");
  await registerViaForm(browser(), { email });
  await lockOut(email);

  const admin = browser();
  const { email: adminEmail } = await registerViaForm(admin, { firstName: "Root" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(adminEmail).run();
  const user = (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!;

  const page = await (await admin.fetch(`/admin/users?q=${encodeURIComponent(email)}`)).text();
  expect(page).toContain("Sign-in locked");
  expect(page).toContain("Unlock sign-in");
  const unlock = await admin.fetch(`/admin/users?q=${encodeURIComponent(email)}`, { form: { intent: "unlock", userId: user.id } });
  expect(unlock.status).toBe(302);
  expect(await (await admin.fetch(unlock.headers.get("Location")!)).text()).not.toContain("Sign-in locked");

  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(302);
  const logged = await env.DB.prepare("select description from activity_log where user_id = ? and action = 'signin_unlocked'")
    .bind(user.id)
    .all<{ description: string }>();
  expect(logged.results).toEqual([{ description: "Sign-in unlocked by an administrator" }]);
});

test("a plain user cannot unlock anyone", async () => {
  const email = uniqueEmail("target");
  await registerViaForm(browser(), { email });
  await lockOut(email);
  const plain = browser();
  await registerViaForm(plain);
  const user = (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!;
  const res = await plain.fetch("/admin/users", { form: { intent: "unlock", userId: user.id } });
  // Plain users are sent to their dashboard, as on every admin page (route-guards.test.ts).
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(429);
});

// Issue 20: a device entry vouches only while it is the latest one issued to its browser for the
// account, for 90 days, until the password, the email or the account's status changes; and all of
// an account's entries together get one cap, shown on /admin/users like a lock.

const NEW_PASSWORD = "N3wPassword9";

/** Another browser holding a copy of `from`'s device cookie as it is now. */
function copyOf(from: Browser): Browser {
  const copy = browser();
  copy.cookies.set("device", from.cookies.get("device")!);
  return copy;
}

async function userId(email: string) {
  return (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;
}

async function signedInAdmin() {
  const admin = browser();
  const { email } = await registerViaForm(admin, { firstName: "Root" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(email).run();
  return admin;
}

async function adminRow(admin: Browser, email: string) {
  const html = await (await admin.fetch(`/admin/users?q=${encodeURIComponent(email)}`)).text();
  return html.slice(html.indexOf("<table"), html.indexOf("</table>"));
}

test("an entry replaced by a later sign-in from its browser is not trusted: its copy falls back to the account bucket", async () => {
  const email = uniqueEmail("replaced");
  const owner = browser();
  await registerViaForm(owner, { email });
  const stale = copyOf(owner);
  await signedOut(owner);
  expect((await login(owner, email, STRONG_PASSWORD)).status).toBe(302);
  expect(owner.cookies.get("device")).not.toBe(stale.cookies.get("device"));
  await signedOut(owner);

  await lockOut(email);
  expect((await login(stale, email, STRONG_PASSWORD)).status).toBe(429);
  expect((await login(owner, email, STRONG_PASSWORD)).status).toBe(302);
});

test("entries issued before a password change are not trusted", async () => {
  const email = uniqueEmail("pwchange");
  const owner = browser();
  await registerViaForm(owner, { email });
  const laptop = copyOf(owner);
  const changed = await owner.fetch("/profile?edit=password", {
    form: { intent: "change-password", currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(changed.status).toBe(302);
  // The browser that changed it proved the current password: it holds a new entry.
  expect(owner.cookies.get("device")).not.toBe(laptop.cookies.get("device"));
  await signedOut(owner);

  await lockOut(email);
  expect((await login(laptop, email, NEW_PASSWORD)).status).toBe(429);
  expect((await login(owner, email, NEW_PASSWORD)).status).toBe(302);
});

test("a password change through the API leaves no browser trusted", async () => {
  const email = uniqueEmail("apichange");
  const owner = browser();
  await registerViaForm(owner, { email });
  await signedOut(owner);
  const { accessToken } = await loginViaApi(email);
  const changed = await api("/api/users/password", { method: "PUT", token: accessToken, json: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD } });
  expect(changed.status).toBe(200);

  await lockOut(email);
  expect((await login(owner, email, NEW_PASSWORD)).status).toBe(429);
});

test("entries issued before an email change are not trusted when the address comes back", async () => {
  const email = uniqueEmail("moved");
  const owner = browser();
  await registerViaForm(owner, { email, firstName: "Ann", lastName: "Lee" });
  const phone = copyOf(owner);
  const profile = (address: string) => owner.fetch("/profile?edit=profile", { form: { intent: "update-profile", firstName: "Ann", lastName: "Lee", email: address } });
  const elsewhere = uniqueEmail("elsewhere");
  expect((await profile(elsewhere)).status).toBe(302);
  await confirmNewAddress(owner, elsewhere);
  expect((await profile(email)).status).toBe(302);
  await confirmNewAddress(owner, email);

  await lockOut(email);
  expect((await login(phone, email, STRONG_PASSWORD)).status).toBe(429);
});

test("whoever held an address before its owner registered it gets no device allowance on the owner's account", async () => {
  const email = uniqueEmail("squatted");
  const squatter = browser();
  await registerViaForm(squatter, { email, firstName: "Sam", lastName: "Squat" });
  const squatterAddress = uniqueEmail("squatter");
  const moved = await squatter.fetch("/profile?edit=profile", { form: { intent: "update-profile", firstName: "Sam", lastName: "Squat", email: squatterAddress } });
  expect(moved.status).toBe(302);
  await confirmNewAddress(squatter, squatterAddress);
  await signedOut(squatter);
  await registerViaForm(browser(), { email });

  // The squatter's guesses on the owner's account count against the account, as a stranger's do.
  for (let i = 0; i < 5; i++) expect((await login(squatter, email, `Guess${i}abcd`)).status).toBe(400);
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(429);
});

test("entries issued before a deactivation are not trusted after the account is reactivated", async () => {
  const email = uniqueEmail("paused");
  const owner = browser();
  await registerViaForm(owner, { email });
  await signedOut(owner);
  const admin = await signedInAdmin();
  const id = await userId(email);
  expect((await admin.fetch("/admin/users", { form: { intent: "deactivate", userId: id } })).status).toBe(302);
  expect((await admin.fetch("/admin/users", { form: { intent: "reactivate", userId: id } })).status).toBe(302);

  await lockOut(email);
  expect((await login(owner, email, STRONG_PASSWORD)).status).toBe(429);
});

test("a device entry lives 90 days: the cookie says so, and an older entry is not trusted", async () => {
  const email = uniqueEmail("old");
  const owner = browser();
  const { res } = await registerViaForm(owner, { email });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("device="))!;
  expect(cookie).toContain(`Max-Age=${90 * 24 * 60 * 60}`);
  await signedOut(owner);
  const day = 24 * 60 * 60 * 1000;
  await env.DB.prepare("update device_entries set created_at = ?, expires_at = ? where user_id = ?")
    .bind(Date.now() - 91 * day, Date.now() - day, await userId(email))
    .run();

  await lockOut(email);
  expect((await login(owner, email, STRONG_PASSWORD)).status).toBe(429);
});

/** The owner signed in from three browsers, each holding its own entry. */
async function ownerOnThreeBrowsers(email: string) {
  const browsers = [browser(), browser(), browser()];
  await registerViaForm(browsers[0]!, { email });
  for (const b of browsers.slice(1)) expect((await login(b, email, STRONG_PASSWORD)).status).toBe(302);
  for (const b of browsers) await signedOut(b);
  return browsers;
}

test("all of an account's trusted browsers together get ten attempts, not five each", async () => {
  const email = uniqueEmail("many");
  const [a, b, c] = await ownerOnThreeBrowsers(email);
  for (const device of [a!, b!]) for (let i = 0; i < 4; i++) expect((await login(device, email, `Typo${i}abcd`)).status).toBe(400);
  for (let i = 0; i < 2; i++) expect((await login(c!, email, `Typo${i}abcd`)).status).toBe(400);
  // Ten tries spent between them: the third browser's own bucket has three left, the cap none.
  const held = await login(c!, email, STRONG_PASSWORD);
  expect(held.status).toBe(429);
  expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(0);
  // Strangers' bucket is another: the owner still signs in from a new browser.
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(302);
});

test("trusted browsers that used up their cap show the account locked on /admin/users, and unlocking clears both buckets", async () => {
  const email = uniqueEmail("capped");
  const [a, b, c] = await ownerOnThreeBrowsers(email);
  for (const device of [a!, b!]) for (let i = 0; i < 5; i++) await login(device, email, `Typo${i}abcd`);
  const admin = await signedInAdmin();
  const row = await adminRow(admin, email);
  expect(row).toContain("Sign-in locked");
  expect(row).toContain("Unlock sign-in");

  await lockOut(email);
  const unlock = await admin.fetch("/admin/users", { form: { intent: "unlock", userId: await userId(email) } });
  expect(unlock.status).toBe(302);
  expect(await adminRow(admin, email)).not.toContain("Sign-in locked");
  // The cap, each browser's own bucket and the strangers' bucket are all full again.
  expect((await login(a!, email, STRONG_PASSWORD)).status).toBe(302);
  expect((await login(c!, email, STRONG_PASSWORD)).status).toBe(302);
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(302);
});
