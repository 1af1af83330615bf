import { expect, test } from "vitest";
import { browser, registerViaForm, STRONG_PASSWORD } from "./helpers";

test("registering signs the visitor in and lands on the dashboard", async () => {
  const b = browser();
  const { res } = await registerViaForm(b);
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  const dash = await b.fetch("/dashboard");
  expect(dash.status).toBe(200);
  // A first visit is greeted "Welcome", not "Welcome back" (issue 23).
  const html = await dash.text();
  expect(html).toContain("Welcome, Test!");
  expect(html).not.toContain("Welcome back");
});

test("the dashboard greets a returning user 'Welcome back' once they sign in again, and speaks to nobody's gender in Spanish", async () => {
  for (const language of ["en", "es"] as const) {
    const b = browser();
    const { email } = await registerViaForm(b);
    if (language === "es") await b.fetch("/resources/language", { form: { lng: "es", redirectTo: "/dashboard" } });
    const first = await (await b.fetch("/dashboard")).text();
    expect(first).toContain(language === "es" ? "¡Te damos la bienvenida, Test!" : "Welcome, Test!");
    // Signed in again, from another browser: the activity log now holds an earlier visit.
    const again = browser();
    if (language === "es") await again.fetch("/resources/language", { form: { lng: "es", redirectTo: "/auth/login" } });
    expect((await again.fetch("/auth/login", { form: { email, password: STRONG_PASSWORD } })).status).toBe(302);
    const back = await (await again.fetch("/dashboard")).text();
    expect(back).toContain(language === "es" ? "¡Hola de nuevo, Test!" : "Welcome back, Test!");
    expect(back).not.toContain("Bienvenido");
  }
});

test("a wrong password answers 'Invalid email or password'", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const other = browser();
  const res = await other.fetch("/auth/login", { form: { email, password: "Wrong1234" } });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain("Invalid email or password");
  expect(other.cookies.size).toBe(0);
  void STRONG_PASSWORD;
});
