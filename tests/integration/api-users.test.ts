import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { api, loginViaApi, registerViaApi, type ApiAccount } from "./api-client";
import { browser, registerViaForm, uniqueEmail } from "./helpers";

async function setRole(email: string, role: string) {
  await env.DB.prepare("update users set role = ? where email = ?").bind(role, email).run();
}

async function superadmin(): Promise<ApiAccount> {
  const account = await registerViaApi({ firstName: "Root" });
  await env.DB.prepare("update users set role='superadmin' where email=?").bind(account.email).run();
  return account;
}

test("PUT /api/users/profile updates the user and answers with it; a new email waits for its mailed link (issue 25)", async () => {
  const account = await registerViaApi();
  const email = uniqueEmail("renamed");
  const { status, body } = await api("/api/users/profile", {
    method: "PUT",
    token: account.accessToken,
    json: { firstName: " Grace ", lastName: "Hopper", email: email.toUpperCase() },
  });
  expect(status).toBe(200);
  expect(body.data.user).toMatchObject({ id: account.user.id, firstName: "Grace", lastName: "Hopper", email: account.email, name: "Grace Hopper" });
  expect(body.data.pendingEmail).toBe(email);
  const again = await api("/api/users/profile", { token: account.accessToken });
  expect(again.body.data.user).toMatchObject({ firstName: "Grace", email: account.email });
});

test("profile validation answers 400 with errors; a taken email answers 409", async () => {
  const account = await registerViaApi();
  const other = await registerViaApi();
  const empty = await api("/api/users/profile", {
    method: "PUT",
    token: account.accessToken,
    json: { firstName: "A", lastName: "", email: account.email },
  });
  expect(empty.status).toBe(400);
  expect(empty.body).toEqual({ status: "error", message: "Last name is required", errors: { lastName: ["Last name is required"] } });

  const taken = await api("/api/users/profile", {
    method: "PUT",
    token: account.accessToken,
    json: { firstName: "A", lastName: "B", email: other.email },
  });
  expect(taken.status).toBe(409);
  expect(taken.body.message).toBe("Email already exists");
});

test("a web session cookie alone does not authorise an /api write", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const res = await api("/api/users/profile", {
    method: "PUT",
    headers: { Cookie: b.cookieHeader(), "Sec-Fetch-Site": "same-origin" },
    json: { firstName: "Cookie", lastName: "Monster", email },
  });
  expect(res.status).toBe(401);
  expect(res.res.headers.get("WWW-Authenticate")).toBe("Bearer");
  const row = await env.DB.prepare("select first_name from users where email = ?").bind(email).first<{ first_name: string }>();
  expect(row!.first_name).toBe("Test");
});

test("a wrong current password answers 400 with errors.currentPassword", async () => {
  const account = await registerViaApi();
  const { status, body } = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: "Wrong1234", newPassword: "N3wPassword" },
  });
  expect(status).toBe(400);
  expect(body).toEqual({
    status: "error",
    message: "Current password is incorrect",
    errors: { currentPassword: ["Current password is incorrect"] },
  });
  const weak = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: account.password, newPassword: "short" },
  });
  expect(weak.status).toBe(400);
  expect(weak.body.errors).toEqual({ newPassword: ["New password must be at least 8 characters"] });
});

test("changing the password keeps this login and ends every other login and web session", async () => {
  const account = await registerViaApi();
  const other = await loginViaApi(account.email);
  const web = browser();
  const webLogin = await web.fetch("/auth/login", { form: { email: account.email, password: account.password } });
  expect(webLogin.status).toBe(302);

  const { status, body } = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: account.password, newPassword: "N3wPassword" },
  });
  expect(status).toBe(200);
  expect(body).toEqual({ status: "success", data: { message: "Password changed successfully!" } });

  expect((await api("/api/users/profile", { token: account.accessToken })).status).toBe(200);
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: account.refreshToken } })).status).toBe(200);
  expect((await api("/api/users/profile", { token: other.accessToken })).status).toBe(401);
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: other.refreshToken } })).status).toBe(401);
  expect((await web.fetch("/dashboard")).status).toBe(302);

  expect((await api("/api/auth/login", { json: { email: account.email, password: account.password } })).status).toBe(401);
  await loginViaApi(account.email, "N3wPassword");
});

test("password changes are throttled per account", async () => {
  const account = await registerViaApi();
  for (let i = 0; i < 5; i++) {
    const res = await api("/api/users/password", {
      method: "PUT",
      token: account.accessToken,
      json: { currentPassword: `Wrong123${i}`, newPassword: "N3wPassword" },
    });
    expect(res.status).toBe(400);
  }
  const sixth = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: account.password, newPassword: "N3wPassword" },
  });
  expect(sixth.status).toBe(429);
  expect(sixth.res.headers.get("Retry-After")).toMatch(/^\d+$/);
});

test("activity lists the newest entries first at data.data.activities, 10 by default, ?limit= up to 100", async () => {
  const account = await registerViaApi();
  for (let i = 0; i < 11; i++) {
    await api("/api/users/profile", {
      method: "PUT",
      token: account.accessToken,
      json: { firstName: `N${i}`, lastName: "B", email: account.email },
    });
  }
  const { status, body } = await api("/api/users/activity", { token: account.accessToken });
  expect(status).toBe(200);
  expect(body.data.data.activities).toHaveLength(10);
  expect(body.data.activities).toEqual(body.data.data.activities);
  const [newest] = body.data.data.activities;
  expect(newest).toEqual({
    id: expect.any(String),
    action: "profile_update",
    description: "Profile updated",
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ipAddress: expect.any(String),
  });
  const all = await api("/api/users/activity?limit=100", { token: account.accessToken });
  expect(all.body.data.activities).toHaveLength(12);
  expect(all.body.data.activities.at(-1).action).toBe("sign_up");
  const tooMany = await api("/api/users/activity?limit=101", { token: account.accessToken });
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.errors).toEqual({ limit: ["limit must be a whole number from 1 to 100"] });
});

test("admin endpoints answer 403 to a user and 200 to a superadmin (role compared case-insensitively)", async () => {
  const user = await registerViaApi({ firstName: "Plain" });
  const forbidden = await api("/api/users", { token: user.accessToken });
  expect(forbidden.status).toBe(403);
  expect(forbidden.body).toEqual({ status: "error", message: "You do not have permission to do that" });
  const put = await api(`/api/users/${user.user.id}`, { method: "PUT", token: user.accessToken, json: { role: "superadmin" } });
  expect(put.status).toBe(403);

  const admin = await superadmin();
  const list = await api("/api/users", { token: admin.accessToken });
  expect(list.status).toBe(200);
  const emails = (list.body.data.users as { email: string }[]).map((u) => u.email);
  expect(emails).toEqual(expect.arrayContaining([user.email, admin.email]));
  expect(JSON.stringify(list.body)).not.toMatch(/password/i);

  await setRole(admin.email, "SuperAdmin");
  expect((await api("/api/users", { token: admin.accessToken })).status).toBe(200);
});

test("the admin list filters by search and role", async () => {
  const admin = await superadmin();
  const marker = `zq${crypto.randomUUID().slice(0, 6)}`;
  const user = await registerViaApi({ lastName: `Findme${marker}` });
  const found = await api(`/api/users?search=${marker.toUpperCase()}`, { token: admin.accessToken });
  expect((found.body.data.users as { id: string }[]).map((u) => u.id)).toEqual([user.user.id]);

  const admins = await api("/api/users?role=SUPERADMIN", { token: admin.accessToken });
  const roles = new Set((admins.body.data.users as { role: string }[]).map((u) => u.role.toLowerCase()));
  expect([...roles]).toEqual(["superadmin"]);
  const users = await api("/api/users?role=user", { token: admin.accessToken });
  expect((users.body.data.users as { role: string }[]).every((u) => u.role.toLowerCase() !== "superadmin")).toBe(true);

  const bad = await api("/api/users?role=owner", { token: admin.accessToken });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({ role: ["Role must be superadmin or user"] });
});

test("PUT /api/users/{id} changes names, role and status; a status change ends the user's logins at once", async () => {
  const admin = await superadmin();
  const user = await registerViaApi();
  const renamed = await api(`/api/users/${user.user.id}`, {
    method: "PUT",
    token: admin.accessToken,
    json: { firstName: "Renamed", lastName: "Person", role: "SuperAdmin" },
  });
  expect(renamed.status).toBe(200);
  expect(renamed.body.data.user).toMatchObject({ id: user.user.id, firstName: "Renamed", name: "Renamed Person", role: "superadmin" });

  const fresh = await loginViaApi(user.email);
  const deactivated = await api(`/api/users/${user.user.id}`, {
    method: "PUT",
    token: admin.accessToken,
    json: { isActive: false },
  });
  expect(deactivated.status).toBe(200);
  expect(deactivated.body.data.user.isActive).toBe(false);
  expect((await api("/api/users/profile", { token: fresh.accessToken })).status).toBe(401);
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: fresh.refreshToken } })).status).toBe(401);
  expect((await api("/api/auth/login", { json: { email: user.email, password: user.password } })).status).toBe(401);

  const invalid = await api(`/api/users/${user.user.id}`, { method: "PUT", token: admin.accessToken, json: { isActive: "no", firstName: "" } });
  expect(invalid.status).toBe(400);
  expect(invalid.body.errors).toEqual({ firstName: ["First name is required"], isActive: ["Invalid value"] });
});

test("PUT /api/users/{id}: unknown id answers 404; a superadmin cannot demote themselves (409)", async () => {
  const admin = await superadmin();
  const missing = await api(`/api/users/${crypto.randomUUID()}`, { method: "PUT", token: admin.accessToken, json: { firstName: "X" } });
  expect(missing.status).toBe(404);
  expect(missing.body).toEqual({ status: "error", message: "Not found" });

  const self = await api(`/api/users/${admin.user.id}`, { method: "PUT", token: admin.accessToken, json: { role: "user" } });
  expect(self.status).toBe(409);
  expect(self.body.status).toBe("error");
  expect((await api("/api/users", { token: admin.accessToken })).status).toBe(200);
});
