import { env } from "cloudflare:test";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { FakeMail } from "../fakes/mail-api";
import { allowConsoleError } from "../setup/console-errors";
import { api, registerViaApi } from "./api-client";
import { browser, pageText, registerViaForm, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";
import { mailChannelState, setMailChannel } from "./mail-api-client";

// Password reset by mail (issue 25) through the Worker: the Worker's MAIL_API_URL is the fake mail
// API's "worker" channel (vitest.workers.config.ts), whose messages the tests read to follow the
// link, as a user follows it from the inbox. Files run one after another, so this file may switch
// that channel's mode, and sets it back.

const NEW_PASSWORD = "Fresh4Start";
const LINK = /https:\/\/tallyworth\.test\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})/;

beforeAll(() => setMailChannel("worker", "good"));
afterAll(() => setMailChannel("worker", "good"));

/** The messages to `to` but the address verification link every registration mails (email-verification.test.ts reads those). */
async function messagesTo(to: string): Promise<FakeMail[]> {
  const { messages } = await mailChannelState("worker");
  return messages.filter((m) => m.body.to === to && !String(m.body.text).includes("/auth/verify-email?token="));
}

/** Waits until `count` messages to `to` arrived (the mail leaves after the answer). */
async function waitForMail(to: string, count = 1): Promise<FakeMail[]> {
  for (let i = 0; i < 100; i += 1) {
    const found = await messagesTo(to);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} (${count} expected)`);
}

function tokenOf(mail: FakeMail): string {
  const token = LINK.exec(String(mail.body.text))?.[1];
  if (!token) throw new Error(`no reset link in ${String(mail.body.text)}`);
  expect(String(mail.body.html)).toContain(`href="https://tallyworth.test/auth/reset-password?token=${token}"`);
  return token;
}

function forgot(b: Browser, email: string) {
  return b.fetch("/auth/forgot-password", { form: { email } });
}

function reset(b: Browser, token: string, password = NEW_PASSWORD, confirmPassword = password) {
  // Where the page's form posts: the address it was opened at.
  return b.fetch(`/auth/reset-password?token=${encodeURIComponent(token)}`, { form: { token, password, confirmPassword } });
}

function login(b: Browser, email: string, password: string) {
  return b.fetch("/auth/login", { form: { email, password } });
}

async function activityOf(email: string) {
  const { results } = await env.DB.prepare("select a.action, a.details from activity_log a join users u on u.id = a.user_id where u.email = ? order by a.created_at")
    .bind(email)
    .all<{ action: string; details: string | null }>();
  return results;
}

test("the whole journey: ask, follow the mailed link, set a new password, and only the new one signs in", async () => {
  const owner = browser();
  const { email } = await registerViaForm(owner);
  expect((await owner.fetch("/dashboard")).status).toBe(200);

  const b = browser();
  const asked = await forgot(b, email);
  expect(asked.status).toBe(302);
  expect(asked.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
  expect(await pageText(b, "/auth/forgot-password?sent=1")).toContain("If an account exists for that address, we sent a link");

  const [mail] = await waitForMail(email);
  expect(mail!.body).toMatchObject({ from: "Tallyworth <noreply@tallyworth.test>", subject: "Reset your Tallyworth password" });
  expect(String(mail!.body.text)).toContain("valid for 60 minutes");
  const token = tokenOf(mail!);

  // Opening the link (twice: a mail scanner, then the user) shows the form and uses nothing.
  for (let i = 0; i < 2; i += 1) {
    const page = await b.fetch(`/auth/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain('name="confirmPassword"');
    expect(html).toContain('id="password-rules"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('<meta name="referrer" content="same-origin"');
  }

  const done = await reset(b, token);
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe("/auth/login?reset=1");
  expect(await pageText(b, "/auth/login?reset=1")).toContain("Your password was changed and every device was signed out");

  // The browser that was signed in is signed out; the old password no longer signs in.
  expect((await owner.fetch("/dashboard")).status).toBe(302);
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(400);
  const signedIn = await login(browser(), email, NEW_PASSWORD);
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/dashboard");

  const [, notice] = await waitForMail(email, 2);
  expect(notice!.body.subject).toBe("Your Tallyworth password was changed");
  expect(String(notice!.body.text)).toContain("https://tallyworth.test/auth/forgot-password");
  expect(String(notice!.body.text)).not.toMatch(LINK);

  expect((await activityOf(email)).map((e) => e.action)).toEqual(expect.arrayContaining(["password_reset_requested", "password_reset"]));
});

test("a used link is refused, on opening and on sending, with one page that offers a new link and no form", async () => {
  const { email } = await registerViaForm(browser());
  const b = browser();
  await forgot(b, email);
  const token = tokenOf((await waitForMail(email))[0]!);
  expect((await reset(b, token)).status).toBe(302);

  const again = await reset(b, token, "Another9Pass");
  expect(again.status).toBe(400);
  const html = await again.text();
  expect(html).toContain("This link cannot be used");
  expect(html).toContain('href="/auth/forgot-password"');
  expect(html).not.toContain('name="password"');
  const opened = await b.fetch(`/auth/reset-password?token=${token}`);
  expect(opened.status).toBe(400);
  expect(await opened.text()).toContain("This link cannot be used");
  expect((await login(browser(), email, NEW_PASSWORD)).status).toBe(302);
  expect((await login(browser(), email, "Another9Pass")).status).toBe(400);
});

test("an expired link and an older link replaced by a newer one are refused and change nothing", async () => {
  const { email } = await registerViaForm(browser());
  const b = browser();
  await forgot(b, email);
  const first = tokenOf((await waitForMail(email))[0]!);
  await forgot(b, email);
  const second = tokenOf((await waitForMail(email, 2))[1]!);
  expect(second).not.toBe(first);
  expect((await b.fetch(`/auth/reset-password?token=${first}`)).status).toBe(400);
  expect((await reset(b, first)).status).toBe(400);

  // The newer link's hour is up.
  await env.DB.prepare("update account_tokens set expires_at = ? where email = ?").bind(Date.now() - 1, email).run();
  const opened = await b.fetch(`/auth/reset-password?token=${second}`);
  expect(opened.status).toBe(400);
  expect(await opened.text()).toContain("This password reset link has expired, was already used or is not valid");
  expect((await reset(b, second)).status).toBe(400);
  expect((await login(browser(), email, STRONG_PASSWORD)).status).toBe(302);
});

test("an unknown token, and a form without one, show the same refusal", async () => {
  const b = browser();
  for (const path of ["/auth/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/auth/reset-password", "/auth/reset-password?token=%3Cscript%3E"]) {
    const res = await b.fetch(path);
    expect(res.status, path).toBe(400);
    expect(await res.text()).toContain("This link cannot be used");
  }
  const posted = await b.fetch("/auth/reset-password", { form: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
  expect(posted.status).toBe(400);
  expect(await posted.text()).toContain("This link cannot be used");
});

test("a new password that breaks the registration rules is refused on its field and leaves the link usable", async () => {
  const { email } = await registerViaForm(browser());
  const b = browser();
  await forgot(b, email);
  const token = tokenOf((await waitForMail(email))[0]!);
  const weak = await reset(b, token, "short");
  expect(weak.status).toBe(400);
  expect(await weak.text()).toContain("Password must be at least 8 characters");
  const mismatch = await reset(b, token, NEW_PASSWORD, "Different1A");
  expect(mismatch.status).toBe(400);
  expect(await mismatch.text()).toContain("Passwords do not match");
  expect((await reset(b, token)).status).toBe(302);
});

test("an unknown and a deactivated address get the same answer and no mail", async () => {
  const { email: deactivated } = await registerViaForm(browser());
  await env.DB.prepare("update users set is_active = 0 where email = ?").bind(deactivated).run();
  const unknown = uniqueEmail("nobody");
  const { email: known } = await registerViaForm(browser());
  const answers = [];
  for (const email of [unknown, deactivated, known]) {
    const res = await forgot(browser(), email);
    answers.push([res.status, res.headers.get("Location")]);
  }
  expect(answers).toEqual([
    [302, "/auth/forgot-password?sent=1"],
    [302, "/auth/forgot-password?sent=1"],
    [302, "/auth/forgot-password?sent=1"],
  ]);
  // The known address's mail arrives; the two before it sent none.
  await waitForMail(known);
  expect(await messagesTo(unknown)).toEqual([]);
  expect(await messagesTo(deactivated)).toEqual([]);
  const { results } = await env.DB.prepare("select count(*) as n from account_tokens where purpose = 'password_reset' and email in (?, ?)").bind(unknown, deactivated).all<{ n: number }>();
  expect(results[0]!.n).toBe(0);
});

test("a link asked for before the account was deactivated no longer works", async () => {
  const { email } = await registerViaForm(browser());
  const b = browser();
  await forgot(b, email);
  const token = tokenOf((await waitForMail(email))[0]!);
  await env.DB.prepare("update users set is_active = 0 where email = ?").bind(email).run();
  expect((await reset(b, token)).status).toBe(400);
});

test("asking is throttled per address (3 in 15 minutes) and per IP (10), with Retry-After and the form's message", async () => {
  const { email } = await registerViaForm(browser());
  for (let i = 0; i < 3; i += 1) expect((await forgot(browser(), email)).status).toBe(302);
  const fourth = await forgot(browser(), email.toUpperCase());
  expect(fourth.status).toBe(429);
  expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await fourth.text()).toContain("Too many attempts");
  await waitForMail(email, 3);
  expect(await messagesTo(email)).toHaveLength(3);

  const oneIp = browser();
  for (let i = 0; i < 10; i += 1) expect((await forgot(oneIp, uniqueEmail("ip"))).status).toBe(302);
  expect((await forgot(oneIp, uniqueEmail("ip"))).status).toBe(429);
});

test("sending a new password is throttled per IP", async () => {
  const b = browser();
  const token = "B".repeat(43);
  for (let i = 0; i < 10; i += 1) expect((await reset(b, token)).status).toBe(400);
  expect((await reset(b, token)).status).toBe(429);
});

test.each(["down", "error"] as const)("a mail API that is %s still gives the user the same answer", async (mode) => {
  allowConsoleError(/^mail via http to .* failed \(attempt 2\)/);
  await setMailChannel("worker", mode);
  try {
    const { email } = await registerViaForm(browser());
    const res = await forgot(browser(), email);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/forgot-password?sent=1");
    const viaApi = await api("/api/auth/forgot-password", { json: { email: uniqueEmail("other") } });
    expect(viaApi.status).toBe(202);
    // Tried, and once more, after the answer; nothing was accepted. Counted by recipient: the
    // sign-up's own verification mail goes through the same API meanwhile.
    const triesFor = async (to: string) => (await mailChannelState("worker")).triedTo.filter((address) => address === to).length;
    for (let i = 0; i < 100 && (await triesFor(email)) < 2; i += 1) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 100));
    expect(await triesFor(email)).toBe(2);
    expect((await mailChannelState("worker")).messages.filter((m) => m.body.to === email)).toEqual([]);
  } finally {
    await setMailChannel("worker", "good");
  }
});

test("two submits racing with one link: exactly one sets the password", async () => {
  const { email } = await registerViaForm(browser());
  const b = browser();
  await forgot(b, email);
  const token = tokenOf((await waitForMail(email))[0]!);
  const statuses = (await Promise.all([reset(browser(), token, "RaceOne111"), reset(browser(), token, "RaceTwo222")])).map((r) => r.status).sort();
  expect(statuses).toEqual([302, 400]);
  const results = await Promise.all([login(browser(), email, "RaceOne111"), login(browser(), email, "RaceTwo222")]);
  expect(results.map((r) => r.status).sort()).toEqual([302, 400]);
});

test("mail is written in the user's language: Spanish from a Spanish browser's registration, and after a signed-in switch", async () => {
  const switcher = browser();
  const { email: registeredInEnglish } = await registerViaForm(switcher);
  const fromSpanishBrowser = uniqueEmail("es");
  await browser().fetch("/auth/register", {
    headers: { "Accept-Language": "es-ES,es;q=0.9" },
    form: { firstName: "Ana", lastName: "Ruiz", email: fromSpanishBrowser, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, terms: "on" },
  });
  await forgot(browser(), fromSpanishBrowser);
  const [mail] = await waitForMail(fromSpanishBrowser);
  expect(mail!.body.subject).toBe("Restablece tu contraseña de Tallyworth");
  expect(String(mail!.body.text)).toContain("Hola, Ana:");
  expect(String(mail!.body.text)).toContain("válido durante 60 minutos");

  // An English account switches to Spanish while signed in; then back, and the mail follows.
  await forgot(browser(), registeredInEnglish);
  expect((await waitForMail(registeredInEnglish))[0]!.body.subject).toBe("Reset your Tallyworth password");
  await switcher.fetch("/resources/language", { form: { lng: "es", redirectTo: "/dashboard" } });
  await forgot(browser(), registeredInEnglish);
  expect((await waitForMail(registeredInEnglish, 2))[1]!.body.subject).toBe("Restablece tu contraseña de Tallyworth");
  // A guest's switch changes no account.
  await browser().fetch("/resources/language", { form: { lng: "en", redirectTo: "/" } });
  const row = await env.DB.prepare("select language from users where email = ?").bind(registeredInEnglish).first<{ language: string }>();
  expect(row!.language).toBe("es");
});

test("the API: forgot-password answers 202 for any address; reset-password sets the password and ends every login and refresh token", async () => {
  const account = await registerViaApi();
  const other = await api("/api/auth/login", { json: { email: account.email, password: STRONG_PASSWORD } });
  expect(other.status).toBe(200);

  const unknown = await api("/api/auth/forgot-password", { json: { email: uniqueEmail("none") } });
  const known = await api("/api/auth/forgot-password", { json: { email: account.email } });
  expect(unknown.status).toBe(202);
  expect(known.status).toBe(202);
  expect(known.body).toEqual(unknown.body);
  expect(known.body.data.message).toContain("If an account exists for that address");

  const token = tokenOf((await waitForMail(account.email))[0]!);
  const weak = await api("/api/auth/reset-password", { json: { token, password: "nouppercase1" } });
  expect(weak.status).toBe(400);
  expect(weak.body.errors).toEqual({ password: ["Password must contain at least one uppercase letter"] });

  const done = await api("/api/auth/reset-password", { json: { token, password: NEW_PASSWORD } });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.data.message).toContain("Your password was changed");

  // Every access token and refresh token issued before is dead at once.
  expect((await api("/api/users/profile", { token: account.accessToken })).status).toBe(401);
  expect((await api("/api/users/profile", { token: other.body.data.accessToken })).status).toBe(401);
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: account.refreshToken } })).status).toBe(401);
  expect((await api("/api/auth/refresh-token", { json: { refreshToken: other.body.data.refreshToken } })).status).toBe(401);
  expect((await api("/api/auth/login", { json: { email: account.email, password: NEW_PASSWORD } })).status).toBe(200);

  const reused = await api("/api/auth/reset-password", { json: { token, password: "Another9Pass" } });
  expect(reused.status).toBe(400);
  expect(reused.body.errors).toEqual({ token: ["This password reset link has expired, was already used or is not valid. Ask for a new one."] });
  const spanish = await api("/api/auth/reset-password", { json: { token, password: "Another9Pass" }, headers: { "Accept-Language": "es" } });
  expect(spanish.body.errors?.token?.[0]).toContain("Este enlace para restablecer la contraseña caducó");
});

test("an API registration in Spanish (Accept-Language) gets its mail in Spanish", async () => {
  const email = uniqueEmail("apies");
  const created = await api("/api/auth/register", { json: { firstName: "Luz", lastName: "Mar", email, password: STRONG_PASSWORD }, headers: { "Accept-Language": "es" } });
  expect(created.status).toBe(201);
  await api("/api/auth/forgot-password", { json: { email } });
  expect((await waitForMail(email))[0]!.body.subject).toBe("Restablece tu contraseña de Tallyworth");
});

test("a superadmin sends a user a reset link from /admin/users; both activity logs say so", async () => {
  const admin = browser();
  const { email: adminEmail } = await registerViaForm(admin, { firstName: "Root", lastName: "Admin" });
  await env.DB.prepare("update users set role = 'superadmin' where email = ?").bind(adminEmail).run();
  const { email } = await registerViaForm(browser());
  const target = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();

  const list = await admin.fetch("/admin/users");
  expect(await list.text()).toContain('value="send-reset"');
  const sent = await admin.fetch("/admin/users", { form: { intent: "send-reset", userId: target!.id } });
  expect(sent.status).toBe(302);
  expect(sent.headers.get("Location")).toBe("/admin/users?resetSent=1");
  const token = tokenOf((await waitForMail(email))[0]!);
  expect((await reset(browser(), token)).status).toBe(302);

  expect(await activityOf(email)).toEqual(expect.arrayContaining([{ action: "password_reset_requested", details: JSON.stringify({ by: "admin" }) }]));
  expect(await activityOf(adminEmail)).toEqual(expect.arrayContaining([{ action: "password_reset_sent", details: JSON.stringify({ email }) }]));

  // A deactivated account gets no link; an unknown id is a 404.
  await env.DB.prepare("update users set is_active = 0 where email = ?").bind(email).run();
  const refused = await admin.fetch("/admin/users", { form: { intent: "send-reset", userId: target!.id } });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("This account is deactivated");
  expect((await admin.fetch("/admin/users", { form: { intent: "send-reset", userId: "nope" } })).status).toBe(404);
  expect(await messagesTo(email)).toHaveLength(2);
});
