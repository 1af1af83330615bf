import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { updateUser } from "~/features/accounts/commands.server";
import { createDb } from "~/platform/db/client.server";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";

async function makeSuperadmin(email: string) {
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(email).run();
}

async function userRow(email: string) {
  return env.DB.prepare("select id, role, is_active from users where email = ?")
    .bind(email)
    .first<{ id: string; role: string; is_active: number }>();
}

async function signedInAdmin() {
  const b = browser();
  const { email } = await registerViaForm(b, { firstName: "Root", lastName: "Admin" });
  await makeSuperadmin(email);
  return { b, email };
}

function adminAction(b: Browser, intent: string, userId: string, search = "") {
  return b.fetch(`/admin/users${search}`, { form: { intent, userId } });
}

/** The users table only: the header's user menu also shows the signed-in admin's email. */
async function tableOf(res: Response) {
  const html = await res.text();
  const start = html.indexOf("<table");
  return start < 0 ? "" : html.slice(start, html.indexOf("</table>", start));
}

function login(b: Browser, email: string, password = STRONG_PASSWORD) {
  return b.fetch("/auth/login", { form: { email, password } });
}

test("guests are sent to sign in and regular users to the dashboard", async () => {
  const guest = await browser().fetch("/admin/users");
  expect(guest.status).toBe(302);
  expect(guest.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fadmin%2Fusers");

  const b = browser();
  await registerViaForm(b);
  for (const path of ["/admin", "/admin/users"]) {
    const res = await b.fetch(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  }
});

test("the admin dashboard links to user management and system settings", async () => {
  const { b } = await signedInAdmin();
  const res = await b.fetch("/admin");
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>Admin Dashboard</title>");
  expect(html).toContain("User Management");
  expect(html).toContain('href="/admin/users"');
  expect(html).toContain("System Settings");
  expect(html).toContain('href="/admin/settings"');
  expect(html).toContain("Admin functionality is limited");
  expect((await b.fetch("/admin/settings")).status).toBe(200);
});

test("the user list shows every user with role, status, joined date and row actions", async () => {
  const { b, email: adminEmail } = await signedInAdmin();
  const other = browser();
  const { email } = await registerViaForm(other, { firstName: "Listed", lastName: "Person" });
  const target = await userRow(email);
  const res = await b.fetch("/admin/users");
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>User Management</title>");
  for (const heading of ["Name", "Email", "Role", "Status", "Joined", "Actions"]) expect(html).toContain(`>${heading}</th>`);
  expect(html).toContain(adminEmail);
  expect(html).toContain("Listed Person");
  expect(html).toContain(email);
  expect(html).toContain(">Active<");
  expect(html).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(html).toContain(`name="userId" value="${target!.id}"`);
  expect(html).toContain('value="make-superadmin"');
  expect(html).toContain('value="deactivate"');
  // Filters are a GET form that works without JavaScript.
  expect(html).toMatch(/<form[^>]*method="get"/);
  expect(html).toContain("All Roles");
});

test("search matches name or email case-insensitively and can be cleared", async () => {
  const { b } = await signedInAdmin();
  const token = crypto.randomUUID().slice(0, 8);
  const { email } = await registerViaForm(browser(), {
    firstName: `Quorra${token}`,
    lastName: "Flynn",
    email: uniqueEmail(`findme${token}`),
  });
  const { email: bystander } = await registerViaForm(browser());

  for (const q of [`QUORRA${token}`, `quorra${token} flynn`, `FINDME${token.toUpperCase()}`, email.toUpperCase()]) {
    const res = await b.fetch(`/admin/users?q=${encodeURIComponent(q)}`);
    const html = await res.clone().text();
    const table = await tableOf(res);
    expect(table, q).toContain(email);
    expect(table, q).not.toContain(bystander);
    expect(html, q).toContain("Clear search");
  }

  const none = await (await b.fetch(`/admin/users?q=${encodeURIComponent(`nobody-${token}%_`)}`)).text();
  expect(none).toContain("No users found matching your search criteria");
  expect(none).not.toContain(email);
});

test("without JavaScript the filter form's empty search is dropped from the address", async () => {
  const { b } = await signedInAdmin();
  const res = await b.fetch("/admin/users?q=&role=user");
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/admin/users?role=user");
  expect((await b.fetch("/admin/users?q=+&role=")).headers.get("Location")).toBe("/admin/users");
});

test("the role filter narrows the list to superadmins or users", async () => {
  const { b, email: adminEmail } = await signedInAdmin();
  const { email } = await registerViaForm(browser());

  const admins = await tableOf(await b.fetch("/admin/users?role=superadmin"));
  expect(admins).toContain(adminEmail);
  expect(admins).not.toContain(email);

  const users = await tableOf(await b.fetch("/admin/users?role=user"));
  expect(users).toContain(email);
  expect(users).not.toContain(adminEmail);

  const all = await tableOf(await b.fetch("/admin/users?role=bogus"));
  expect(all).toContain(email);
  expect(all).toContain(adminEmail);
});

test("an admin can promote and demote another user", async () => {
  const { b } = await signedInAdmin();
  const { email } = await registerViaForm(browser());
  const { id } = (await userRow(email))!;

  const promote = await adminAction(b, "make-superadmin", id, "?q=example&role=user");
  expect(promote.status).toBe(302);
  expect(promote.headers.get("Location")).toBe("/admin/users?q=example&role=user&updated=1");
  expect((await userRow(email))!.role).toBe("superadmin");
  expect(await (await b.fetch("/admin/users?updated=1")).text()).toContain("User updated successfully!");

  const demote = await adminAction(b, "make-user", id);
  expect(demote.status).toBe(302);
  expect((await userRow(email))!.role).toBe("user");
});

test("deactivating a user ends their session at once and blocks sign-in; reactivating restores it", async () => {
  const { b } = await signedInAdmin();
  const target = browser();
  const { email } = await registerViaForm(target);
  expect((await target.fetch("/dashboard")).status).toBe(200);
  const { id } = (await userRow(email))!;

  expect((await adminAction(b, "deactivate", id)).status).toBe(302);
  expect((await userRow(email))!.is_active).toBe(0);
  const kicked = await target.fetch("/dashboard");
  expect(kicked.status).toBe(302);
  expect(kicked.headers.get("Location")).toBe("/auth/login");
  expect(await (await b.fetch("/admin/users")).text()).toContain(">Inactive<");

  const refused = await login(browser(), email);
  expect(refused.status).toBe(400);

  expect((await adminAction(b, "reactivate", id)).status).toBe(302);
  expect((await userRow(email))!.is_active).toBe(1);
  const back = browser();
  expect((await login(back, email)).headers.get("Location")).toBe("/dashboard");

  // The user sees what happened in their own activity, in their language.
  const activity = await (await back.fetch("/profile")).text();
  expect(activity).toContain("Account deactivated by an administrator");
  expect(activity).toContain("Account reactivated by an administrator");
  expect(activity).toContain("Sign-in attempt on a deactivated account");
  const es = await (await back.fetch("/profile", { headers: { "Accept-Language": "es" } })).text();
  expect(es).toContain("Cuenta desactivada por un administrador");
});

test("an admin cannot demote or deactivate themselves", async () => {
  const { b, email } = await signedInAdmin();
  const { id } = (await userRow(email))!;
  for (const intent of ["make-user", "deactivate"]) {
    const res = await adminAction(b, intent, id);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("You cannot change your own role or status here");
  }
  expect(await userRow(email)).toMatchObject({ role: "superadmin", is_active: 1 });
});

test("the last active superadmin cannot be demoted or deactivated", async () => {
  const { b, email } = await signedInAdmin();
  const { id } = (await userRow(email))!;
  // Leave exactly one active superadmin in this file's database.
  await env.DB.prepare("update users set role = 'user' where email <> ?").bind(email).run();

  // Through the page, the only superadmin trying to step down is refused.
  expect((await adminAction(b, "make-user", id)).status).toBe(400);

  // The rule itself, asked by anyone else: refused with its own message, nothing written.
  const { email: otherEmail } = await registerViaForm(browser());
  const other = (await userRow(otherEmail))!;
  const db = createDb({ DB: env.DB });
  expect(await updateUser(db, { userId: other.id, ip: null }, { id, role: "user" })).toEqual({ ok: false, error: "lastSuperadmin" });
  expect(await updateUser(db, { userId: other.id, ip: null }, { id, isActive: false })).toEqual({ ok: false, error: "lastSuperadmin" });
  expect(await userRow(email)).toMatchObject({ role: "superadmin", is_active: 1 });
  expect((await b.fetch("/admin/users")).status).toBe(200);
});

test("a regular user posting the admin action is redirected to /dashboard and nothing changes", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const { id } = (await userRow(email))!;
  const victim = browser();
  const { email: victimEmail } = await registerViaForm(victim);
  const victimRow = (await userRow(victimEmail))!;

  const promote = await adminAction(b, "make-superadmin", id);
  expect(promote.status).toBe(302);
  expect(promote.headers.get("Location")).toBe("/dashboard");
  const deactivate = await adminAction(b, "deactivate", victimRow.id);
  expect(deactivate.headers.get("Location")).toBe("/dashboard");

  expect(await userRow(email)).toMatchObject({ role: "user", is_active: 1 });
  expect(await userRow(victimEmail)).toMatchObject({ role: "user", is_active: 1 });
  expect((await victim.fetch("/dashboard")).status).toBe(200);
});

test("an unknown intent or user is refused", async () => {
  const { b } = await signedInAdmin();
  const { email } = await registerViaForm(browser());
  const { id } = (await userRow(email))!;
  expect((await adminAction(b, "delete", id)).status).toBe(400);
  const missing = await adminAction(b, "deactivate", crypto.randomUUID());
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("Not found");
});
