import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { browser, pageText, registerViaForm, signedIn, uniqueEmail, type Browser } from "./helpers";

// Issue 20: a form declared in a charset other than UTF-8 made the runtime's formData() throw,
// so every form action answered 500. The Worker now refuses it with 415 and a translated message
// before any action reads it (decision 013); a form declared UTF-8, in any spelling, goes through.

const REFUSED_CHARSETS = ["iso-8859-1", "utf-16", "UTF-16LE", "windows-1252", "bogus-charset", '"latin1"', ""];

function post(b: Browser, path: string, type: string, body: string, lang?: "es") {
  const headers: Record<string, string> = { "Content-Type": type, "Sec-Fetch-Site": "same-origin" };
  if (lang) headers["Accept-Language"] = lang;
  return b.fetch(path, { method: "POST", headers, body });
}

async function userCount() {
  return (await env.DB.prepare("select count(*) as n from users").first<{ n: number }>())!.n;
}

// The Worker's first answer is slow on a busy machine; pay it under the hook's longer timeout.
beforeAll(async () => {
  await pageText(browser(), "/auth/login");
});

test("guest forms declared in another charset answer 415 with the translated message and register nobody", async () => {
  const guest = browser();
  const before = await userCount();
  const register = new URLSearchParams({
    firstName: "Ann",
    lastName: "Lee",
    email: uniqueEmail(),
    password: "Sup3rSecret",
    confirmPassword: "Sup3rSecret",
    terms: "on",
  }).toString();
  for (const charset of REFUSED_CHARSETS) {
    for (const [path, body] of [
      ["/auth/login", "email=a%40example.com&password=x"],
      ["/auth/register", register],
    ] as const) {
      const res = await post(guest, path, `application/x-www-form-urlencoded; charset=${charset}`, body);
      expect(res.status, `${path} charset=${charset}`).toBe(415);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe("Forms must be sent in UTF-8");
    }
  }
  const es = await post(guest, "/auth/login", "application/x-www-form-urlencoded; charset=iso-8859-1", "email=a&password=b", "es");
  expect(es.status).toBe(415);
  expect(await es.text()).toBe("Los formularios deben enviarse en UTF-8");
  // A multipart form declared in another charset is refused the same way.
  const multipart = await post(guest, "/auth/login", "multipart/form-data; boundary=x; charset=iso-8859-1", "--x--\r\n");
  expect(multipart.status).toBe(415);
  expect(await userCount()).toBe(before);
});

test("signed-in forms declared in another charset answer 415 in the user's language and change nothing", async () => {
  const { b, userId } = await signedIn("es");
  const categories = () => env.DB.prepare("select count(*) as n from categories where user_id = ?").bind(userId).first<{ n: number }>();
  const before = await categories();
  for (const charset of REFUSED_CHARSETS) {
    for (const [path, body] of [
      ["/categories", "intent=create&name=Caf%E9&type=expense&color=%233B82F6&icon=ShoppingCart"],
      ["/tags", "intent=create&name=trip"],
      ["/profile", "intent=update-profile&firstName=Ann&lastName=Lee&email=a%40example.com"],
      ["/resources/language", "lng=en&redirectTo=%2Fdashboard"],
    ] as const) {
      const res = await post(b, path, `application/x-www-form-urlencoded;charset=${charset}`, body);
      expect(res.status, `${path} charset=${charset}`).toBe(415);
      expect(await res.text()).toBe("Los formularios deben enviarse en UTF-8");
    }
  }
  expect(await categories()).toEqual(before);
});

test("a form declared UTF-8, in any spelling, is read as before", async () => {
  const { b, userId } = await signedIn();
  const spellings = ["utf-8", "UTF-8", '"utf-8"', "Utf-8 "];
  for (const [i, charset] of spellings.entries()) {
    const name = `Café ${i}`;
    const res = await post(
      b,
      "/categories",
      `application/x-www-form-urlencoded; charset=${charset}`,
      new URLSearchParams({ intent: "create", name, type: "expense", color: "#3B82F6", icon: "ShoppingCart" }).toString(),
    );
    expect(res.status, charset).toBeLessThan(400);
    const row = await env.DB.prepare("select name from categories where user_id = ? and name = ?").bind(userId, name).first<{ name: string }>();
    expect(row?.name, charset).toBe(name);
  }
  const guest = browser();
  const { email } = await registerViaForm(browser());
  const login = await post(
    guest,
    "/auth/login",
    "application/x-www-form-urlencoded; charset=UTF-8",
    new URLSearchParams({ email, password: "Sup3rSecret" }).toString(),
  );
  expect(login.status).toBe(302);
  expect(login.headers.get("Location")).toBe("/dashboard");
});
