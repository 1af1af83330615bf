import { expect, test } from "vitest";
import { browser, registerViaForm, STRONG_PASSWORD } from "./helpers";

test("registering signs the visitor in and lands on the dashboard", async () => {
  const b = browser();
  const { res } = await registerViaForm(b);
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  const dash = await b.fetch("/dashboard");
  expect(dash.status).toBe(200);
  expect(await dash.text()).toContain("Welcome back, Test!");
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
