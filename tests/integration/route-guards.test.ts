import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { browser, registerViaForm, uniqueEmail, type Browser } from "./helpers";

let user: Browser;
let admin: Browser;

beforeAll(async () => {
  user = browser();
  await registerViaForm(user);
  admin = browser();
  const { email } = await registerViaForm(admin, { email: uniqueEmail("admin") });
  await env.DB.prepare("update users set role = 'SuperAdmin' where email = ?").bind(email).run();
});

const guest = () => browser();

async function outcome(b: Browser, path: string) {
  const res = await b.fetch(path);
  return res.status === 200 ? 200 : `${res.status} ${res.headers.get("Location")}`;
}

// Spec section 2's route table, with the guard each row names.
const table: Array<[string, string | 200, string | 200, string | 200]> = [
  // path, guest, user, superadmin
  ["/", 200, "302 /dashboard", "302 /dashboard"],
  ["/auth/login", 200, "302 /dashboard", "302 /dashboard"],
  ["/auth/register", 200, "302 /dashboard", "302 /dashboard"],
  ["/login", "302 /auth/login", "302 /auth/login", "302 /auth/login"],
  ["/register", "302 /auth/register", "302 /auth/register", "302 /auth/register"],
  ["/dashboard", "302 /auth/login", 200, 200],
  ["/profile", "302 /auth/login?redirectTo=%2Fprofile", 200, 200],
  ["/admin", "302 /auth/login?redirectTo=%2Fadmin", "302 /dashboard", 200],
  ["/admin/users", "302 /auth/login?redirectTo=%2Fadmin%2Fusers", "302 /dashboard", 200],
  ["/admin/settings", "302 /auth/login?redirectTo=%2Fadmin%2Fsettings", "302 /dashboard", 200],
  ["/no/such/page", "302 /", "302 /", "302 /"],
];

for (const [path, forGuest, forUser, forAdmin] of table) {
  test(`${path}: guest → ${forGuest}, user → ${forUser}, superadmin → ${forAdmin}`, async () => {
    expect(await outcome(guest(), path)).toBe(forGuest);
    expect(await outcome(user, path)).toBe(forUser);
    expect(await outcome(admin, path)).toBe(forAdmin);
  });
}

test("an unknown path under /api answers a JSON 404, not a redirect", async () => {
  const res = await SELF.fetch("http://localhost/api/nope");
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ status: "error" });
});

test("the Admin link shows only for superadmins", async () => {
  expect(await (await user.fetch("/dashboard")).text()).not.toContain('href="/admin"');
  expect(await (await admin.fetch("/dashboard")).text()).toContain('href="/admin"');
});

test("the role badge says Administrator for any case of superadmin and User otherwise", async () => {
  expect(await (await admin.fetch("/dashboard")).text()).toContain("Administrator");
  const html = await (await user.fetch("/dashboard")).text();
  expect(html).not.toContain("Administrator");
  expect(html).toContain(">User<");
});
