import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, registerViaApi } from "./api-client";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail } from "./helpers";

// issue 9: passwords are capped at 256 characters before any hashing, with a message that says so.
const TOO_LONG = `Aa1${"x".repeat(254)}`;
const LONGEST = TOO_LONG.slice(0, 256);
// As long as a form under the 64 KiB body limit can carry (decision 013); a larger body is a 413.
const HUGE = `Aa1${"x".repeat(60_000)}`;
const MESSAGE = "Passwords are limited to 256 characters";

beforeAll(async () => {
  await browser().fetch("/auth/login");
});

async function passwordHashOf(email: string) {
  return env.DB.prepare("select password_hash from users where email = ?").bind(email).first<string>("password_hash");
}

test("registration refuses a 257-character password with the length message and accepts 256", async () => {
  const { res, email } = await registerViaForm(browser(), { password: TOO_LONG, confirmPassword: TOO_LONG });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain(MESSAGE);
  expect(await passwordHashOf(email)).toBeNull();
  const ok = await registerViaForm(browser(), { password: LONGEST, confirmPassword: LONGEST });
  expect(ok.res.status).toBe(302);
  const login = await browser().fetch("/auth/login", { form: { email: ok.email, password: LONGEST } });
  expect(login.status).toBe(302);
});

test("the API's registration refuses it too, in Spanish for a Spanish client", async () => {
  const { status, body } = await api("/api/auth/register", {
    json: { firstName: "Ana", lastName: "Pérez", email: uniqueEmail("api"), password: TOO_LONG },
    headers: { "Accept-Language": "es" },
  });
  expect(status).toBe(400);
  expect(body).toMatchObject({ status: "error", errors: { password: ["Las contraseñas tienen un máximo de 256 caracteres"] } });
});

test("login with a huge password answers the length message at once, on the form and the API", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const web = await browser().fetch("/auth/login", { form: { email, password: HUGE } });
  expect(web.status).toBe(400);
  expect(await web.text()).toContain(MESSAGE);
  const viaApi = await api("/api/auth/login", { json: { email, password: HUGE } });
  expect(viaApi.status).toBe(400);
  expect(viaApi.body.errors).toEqual({ password: [MESSAGE] });
});

test("a password change refuses an over-long current or new password on the form and the API, and changes nothing", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const before = await passwordHashOf(email);
  for (const fields of [
    { currentPassword: HUGE, newPassword: "N3wPassword", confirmPassword: "N3wPassword" },
    { currentPassword: STRONG_PASSWORD, newPassword: TOO_LONG, confirmPassword: TOO_LONG },
  ]) {
    const res = await b.fetch("/profile?edit=password", { form: { intent: "change-password", ...fields } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(MESSAGE);
  }
  expect(await passwordHashOf(email)).toBe(before);

  const account = await registerViaApi();
  const apiBefore = await passwordHashOf(account.email);
  const current = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: HUGE, newPassword: "N3wPassword" },
  });
  expect(current.status).toBe(400);
  expect(current.body.errors).toEqual({ currentPassword: [MESSAGE] });
  const next = await api("/api/users/password", {
    method: "PUT",
    token: account.accessToken,
    json: { currentPassword: account.password, newPassword: TOO_LONG },
  });
  expect(next.status).toBe(400);
  expect(next.body.errors).toEqual({ newPassword: [MESSAGE] });
  expect(await passwordHashOf(account.email)).toBe(apiBefore);
});
