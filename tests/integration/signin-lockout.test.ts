import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";

// Five wrong passwords from anywhere used to lock the owner out too (429 for the right password),
// with no reset. The per-account limit stays for strangers; a browser that signed in to the
// account before carries a device cookie and is throttled on that cookie instead (OWASP device
// cookies), and a superadmin can unlock an account on /admin/users.

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
