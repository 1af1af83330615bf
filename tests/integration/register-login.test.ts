import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { browser, registerViaForm, STRONG_PASSWORD, uniqueEmail } from "./helpers";

const valid = {
  firstName: "Ana",
  lastName: "Pérez",
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  terms: "on",
};

// Spec section 5: the nine checks in order; each case breaks one check and everything after it,
// so the message shown proves both the rule and its place in the order.
const cases: Array<[string, Record<string, string>, string]> = [
  ["first name", { firstName: "   ", lastName: "", email: "" }, "First name is required"],
  ["last name", { lastName: "", email: "" }, "Last name is required"],
  ["email required", { email: "", password: "" }, "Email is required"],
  ["email shape", { email: "ana@example", password: "" }, "Email is invalid"],
  ["password length", { password: "Ab1", confirmPassword: "" }, "Password must be at least 8 characters"],
  ["uppercase", { password: "abcdefg1", confirmPassword: "" }, "Password must contain at least one uppercase letter"],
  ["digit", { password: "Abcdefgh", confirmPassword: "" }, "Password must contain at least one number"],
  ["confirmation", { confirmPassword: "Different1", terms: "" }, "Passwords do not match"],
  ["terms", { terms: "" }, "You must accept the terms and conditions"],
];

for (const [name, broken, message] of cases) {
  test(`registration shows the first failing check: ${name}`, async () => {
    const b = browser();
    const email = uniqueEmail();
    const form = Object.fromEntries(
      Object.entries({ ...valid, email, ...broken }).filter(([, v]) => v !== ""),
    ) as Record<string, string>;
    const res = await b.fetch("/auth/register", { form });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    const later = cases.slice(cases.findIndex((c) => c[0] === name) + 1).map((c) => c[2]);
    for (const m of later) expect(html).not.toContain(m);
    const row = await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
}

test("a refused registration says why both password fields came back empty, in the visitor's language", async () => {
  // Without JavaScript a missing terms tick is the server's answer: the page comes back without the passwords.
  for (const [language, note] of [
    ["en", "For your safety, the password fields were cleared: type them again."],
    ["es", "Por tu seguridad, se borraron los campos de contraseña: escríbelos de nuevo."],
  ] as const) {
    const res = await browser().fetch("/auth/register", {
      form: { firstName: "Ana", lastName: "Pérez", email: uniqueEmail(), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      headers: { "Accept-Language": language },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain(STRONG_PASSWORD);
    expect(html).toContain(note);
  }
  // The empty form as first shown has no such note.
  expect(await (await browser().fetch("/auth/register")).text()).not.toContain("were cleared");
});

test("a duplicate email in another case answers 'Email already exists' and creates nothing", async () => {
  const email = uniqueEmail("dup");
  await registerViaForm(browser(), { email });
  const res = await registerViaForm(browser(), { email: email.toUpperCase() });
  expect(res.res.status).toBe(400);
  expect(await res.res.text()).toContain("Email already exists");
  const row = await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first<{ n: number }>();
  expect(row?.n).toBe(1);
});

test("registration messages are Spanish for a Spanish browser", async () => {
  const b = browser();
  const res = await b.fetch("/auth/register", {
    form: { ...valid, firstName: "", email: uniqueEmail() },
    headers: { "Accept-Language": "es-VE,es;q=0.9" },
  });
  expect(await res.text()).toContain("El nombre es obligatorio");
});

test("login works with any case of the email and records the activity", async () => {
  const email = uniqueEmail("case");
  await registerViaForm(browser(), { email });
  const b = browser();
  const res = await b.fetch("/auth/login", { form: { email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  const log = await env.DB.prepare(
    "select action from activity_log a join users u on u.id = a.user_id where u.email = ? order by a.created_at",
  )
    .bind(email)
    .all<{ action: string }>();
  expect(log.results.map((r) => r.action)).toEqual(["sign_up", "login"]);
});

test("a wrong password and an unknown email get the same answer", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const wrong = await browser().fetch("/auth/login", { form: { email, password: "Wrong1234" } });
  const unknown = await browser().fetch("/auth/login", { form: { email: uniqueEmail("nobody"), password: "Wrong1234" } });
  for (const res of [wrong, unknown]) {
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Invalid email or password");
  }
});

test("login keeps where the visitor was going", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const b = browser();
  const guarded = await b.fetch("/dashboard?month=2026-11");
  expect(guarded.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fdashboard%3Fmonth%3D2026-11");
  const res = await b.fetch("/auth/login", { form: { email, password: STRONG_PASSWORD, redirectTo: "/dashboard?month=2026-11" } });
  expect(res.headers.get("Location")).toBe("/dashboard?month=2026-11");
});

test("login refuses to redirect off-site", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  const res = await browser().fetch("/auth/login", {
    form: { email, password: STRONG_PASSWORD, redirectTo: "//evil.example/steal" },
  });
  expect(res.headers.get("Location")).toBe("/dashboard");
});

test("a deactivated account cannot sign in", async () => {
  const email = uniqueEmail();
  await registerViaForm(browser(), { email });
  await env.DB.prepare("update users set is_active = 0 where email = ?").bind(email).run();
  const res = await browser().fetch("/auth/login", { form: { email, password: STRONG_PASSWORD } });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("Invalid email or password");
});
