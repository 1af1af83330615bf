import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { allowConsoleError } from "../setup/console-errors";
import { api, registerViaApi } from "./api-client";
import { browser, pageText, registerViaForm, STRONG_PASSWORD, uniqueEmail, type Browser } from "./helpers";
import { lastVerifyToken, mailChannelState, mailsTo, setMailChannel, type SentMail } from "./mail-api-client";

// Issue 25's address verification and email change, through the Worker with the fake mail API
// (tests/fakes/mail-api.ts) on the Worker's own "worker" channel: registration mails a link, the
// page it opens verifies nothing until its button is pressed, "Send again" is throttled, a new
// email waits for its link while the account keeps the old one, and a mail API that is down
// changes none of the answers. Mail leaves after the answer, so the tests wait for it.

type Mail = SentMail;

function tokenIn(mail: Mail) {
  const token = /\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in: ${mail.text}`);
  return token;
}

const lastToken = (to: string, count = 1) => lastVerifyToken(to, count);

async function stored(email: string) {
  return env.DB.prepare("select id, email, email_verified_at from users where email = ?")
    .bind(email)
    .first<{ id: string; email: string; email_verified_at: number | null }>();
}

function login(b: Browser, email: string, password = STRONG_PASSWORD) {
  return b.fetch("/auth/login", { form: { email, password } });
}

const confirm = (b: Browser, token: string) => b.fetch("/auth/verify-email", { form: { token } });

test("registration mails a 7-day link; opening it verifies nothing; its button verifies, once, and lands on the dashboard", async () => {
  const b = browser();
  const { res, email } = await registerViaForm(b, { firstName: "Vera" });
  expect(res.status).toBe(302);
  const [mail] = await mailsTo(email);
  expect(mail!.subject).toBe("Confirm your email address for Tallyworth");
  expect(mail!.text).toContain("Hello Vera,");
  expect(mail!.text).toContain("valid for 7 days");
  expect(mail!.text).toContain("https://tallyworth.test/auth/verify-email?token=");
  const token = tokenIn(mail!);

  // Nothing is locked meanwhile: the dashboard answers, with the reminder.
  const dashboard = await pageText(b, "/dashboard");
  expect(dashboard).toContain(`Please confirm your email address, ${email}`);
  expect(dashboard).toContain("Send again");

  // A mail scanner's GET, signed out, and the owner's GET: a page with one button, nothing verified.
  for (const client of [browser(), b]) {
    const page = await client.fetch(`/auth/verify-email?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(`Confirm that ${email} is your address.`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  }
  expect((await stored(email))!.email_verified_at).toBeNull();

  const done = await confirm(b, token);
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe("/dashboard?verified=email");
  expect((await stored(email))!.email_verified_at).not.toBeNull();
  const after = await pageText(b, "/dashboard?verified=email");
  expect(after).toContain("Your email address is confirmed.");
  expect(after).not.toContain("Please confirm your email address");
  expect(await pageText(b, "/profile")).toContain("Email address verified");

  // Used: the same link again is one clear page with a way to ask again.
  const again = await confirm(b, token);
  expect(again.status).toBe(400);
  const text = await again.text();
  expect(text).toContain("This link no longer works");
  expect(text).toContain("This link has expired or was already used. Ask for a new one.");
  expect(text).toContain('href="/profile"');
});

test("signed out, the button lands on sign-in with the success message, in Spanish too", async () => {
  const email = uniqueEmail("out");
  await registerViaForm(browser(), { email });
  const token = await lastToken(email);
  const guest = browser();
  const res = await guest.fetch("/auth/verify-email", { form: { token }, headers: { "Accept-Language": "es" } });
  expect(res.headers.get("Location")).toBe("/auth/login?verified=email");
  expect(await pageText(guest, "/auth/login?verified=email")).toContain("Your email address is confirmed.");
  const es = await guest.fetch("/auth/login?verified=email", { headers: { "Accept-Language": "es" } });
  expect(await es.text()).toContain("Tu dirección de correo está confirmada.");
});

test("an expired, unknown or replaced link is refused on the page and by the API, and changes nothing", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  const first = await lastToken(email);
  // "Send again" replaces the first link.
  expect((await b.fetch("/dashboard", { form: { intent: "resend-verification" } })).headers.get("Location")).toBe("/dashboard?verification=sent");
  const second = await lastToken(email, 2);
  expect(second).not.toBe(first);
  for (const token of [first, "A".repeat(43)]) {
    const page = await b.fetch(`/auth/verify-email?token=${token}`);
    expect(await page.text()).toContain("This link no longer works");
    const { status, body } = await api("/api/auth/verify-email", { json: { token } });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ token: ["This link has expired or was already used. Ask for a new one."] });
  }
  // Expired: a second past its 7 days.
  await env.DB.prepare("update account_tokens set expires_at = ? where user_id = (select id from users where email = ?)").bind(Date.now() - 1000, email).run();
  expect((await confirm(b, second)).status).toBe(400);
  const { status, body } = await api("/api/auth/verify-email", { json: { token: second }, headers: { "Accept-Language": "es" } });
  expect(status).toBe(400);
  expect(body.errors).toEqual({ token: ["Este enlace caducó o ya se usó. Pide uno nuevo."] });
  expect((await stored(email))!.email_verified_at).toBeNull();
});

test("a link verifies the account it was sent for, whoever is signed in: another user's link leaves yours unverified", async () => {
  const mine = browser();
  const { email: myEmail } = await registerViaForm(mine);
  const { email: theirEmail } = await registerViaForm(browser());
  const theirToken = await lastToken(theirEmail);
  const res = await confirm(mine, theirToken);
  // Not this session's account: it does not land on this dashboard as if it were.
  expect(res.headers.get("Location")).toBe("/auth/login?verified=email");
  expect((await stored(myEmail))!.email_verified_at).toBeNull();
  expect((await stored(theirEmail))!.email_verified_at).not.toBeNull();
  expect(await pageText(mine, "/dashboard")).toContain("Please confirm your email address");
});

test("Send again mails a new link; the fourth within the quarter hour is refused with a clear message, on the page and the API alike", async () => {
  const b = browser();
  const { email } = await registerViaForm(b);
  await mailsTo(email, 1);
  for (let i = 0; i < 3; i += 1) {
    const res = await b.fetch("/dashboard", { form: { intent: "resend-verification" } });
    expect(res.headers.get("Location")).toBe("/dashboard?verification=sent");
  }
  await mailsTo(email, 4);
  expect(await pageText(b, "/dashboard?verification=sent")).toContain(`We sent a new link to ${email}.`);
  const refused = await b.fetch("/dashboard", { form: { intent: "resend-verification" } });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await refused.text()).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
  // The profile's Send again shares the bucket.
  const profile = await b.fetch("/profile", { form: { intent: "resend-verification" } });
  expect(profile.status).toBe(429);
  expect(await profile.text()).toMatch(/Too many attempts/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await mailsTo(email)).toHaveLength(4);
});

test("the API: registration's user is not verified, resend answers 202 then 429, verify-email answers 200 and the user carries emailVerified", async () => {
  const account = await registerViaApi();
  expect(account.user).toMatchObject({ email: account.email, emailVerified: false });
  await mailsTo(account.email, 1);
  const resent = await api("/api/auth/resend-verification", { method: "POST", token: account.accessToken });
  expect(resent.status).toBe(202);
  expect(resent.body.data).toEqual({ message: "We sent a new verification link to your address" });
  const token = await lastToken(account.email, 2);
  await api("/api/auth/resend-verification", { method: "POST", token: account.accessToken });
  await api("/api/auth/resend-verification", { method: "POST", token: account.accessToken });
  const throttled = await api("/api/auth/resend-verification", { method: "POST", token: account.accessToken });
  expect(throttled.status).toBe(429);
  expect(throttled.res.headers.get("Retry-After")).toMatch(/^\d+$/);
  const latest = await lastToken(account.email, 4);
  expect((await api("/api/auth/verify-email", { json: { token } })).status).toBe(400);
  const verified = await api("/api/auth/verify-email", { json: { token: latest } });
  expect(verified.status).toBe(200);
  expect(verified.body.data).toEqual({ message: "Email address verified", email: account.email });
  const profile = await api("/api/users/profile", { token: account.accessToken });
  expect(profile.body.data.user.emailVerified).toBe(true);
  // Verified: Send again sends nothing more.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await mailsTo(account.email)).toHaveLength(4);
});

test("the dismiss button hides the reminder for this browser's user, without JavaScript; the profile still says not verified", async () => {
  const b = browser();
  await registerViaForm(b);
  const res = await b.fetch("/dashboard", { form: { intent: "dismiss-verification" } });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/dashboard");
  expect(res.headers.get("Set-Cookie")).toMatch(/^verify_banner_dismissed=.*Path=\/.*HttpOnly.*SameSite=Lax/i);
  expect(await pageText(b, "/dashboard")).not.toContain("Please confirm your email address");
  const profile = await pageText(b, "/profile");
  expect(profile).toContain("Not verified");
  expect(profile).toContain("Send again");
  // Another account signed in on this browser still gets its own reminder.
  const other = browser();
  other.cookies.set("verify_banner_dismissed", b.cookies.get("verify_banner_dismissed")!);
  await registerViaForm(other);
  expect(await pageText(other, "/dashboard")).toContain("Please confirm your email address");
});

test("an email change mails a link to the new address and a notice to the old; the old address stays until the link is used", async () => {
  const b = browser();
  const { email: oldEmail } = await registerViaForm(b, { firstName: "Olga" });
  const newEmail = uniqueEmail("moved");
  const res = await b.fetch("/profile?edit=profile", { form: { intent: "update-profile", firstName: "Olga", lastName: "Moved", email: newEmail } });
  expect(res.headers.get("Location")).toBe("/profile?saved=profile");
  // The other fields saved at once; the address did not change.
  const kept = await env.DB.prepare("select last_name, email from users where email = ?").bind(oldEmail).first();
  expect(kept).toEqual({ last_name: "Moved", email: oldEmail });
  expect(await stored(newEmail)).toBeNull();
  const profile = await pageText(b, "/profile");
  expect(profile).toContain(`We sent a link to ${newEmail}; your address stays ${oldEmail} until you confirm it.`);

  const [link] = await mailsTo(newEmail);
  expect(link!.subject).toBe("Confirm your new email address for Tallyworth");
  const notices = await mailsTo(oldEmail, 2);
  const notice = notices.find((m) => m.subject === "Your Tallyworth email address is being changed")!;
  expect(notice.text).toContain(newEmail);
  expect(notice.text).toContain("If this was not you, sign in and change your password");
  expect(notice.text).not.toContain("token=");

  // Before the link: the old address signs in, the new one does not.
  expect((await login(browser(), newEmail)).status).toBe(400);
  expect((await login(browser(), oldEmail)).status).toBe(302);

  const token = tokenIn(link!);
  expect(await (await b.fetch(`/auth/verify-email?token=${token}`)).text()).toContain(`Confirm ${newEmail} as your account`);
  const done = await confirm(b, token);
  expect(done.headers.get("Location")).toBe("/dashboard?verified=changed");
  const user = await stored(newEmail);
  expect(user!.email_verified_at).not.toBeNull();
  expect(await stored(oldEmail)).toBeNull();
  expect((await login(browser(), newEmail)).status).toBe(302);
  expect((await login(browser(), oldEmail)).status).toBe(400);
  expect(await pageText(b, "/profile")).not.toContain("We sent a link to");
});

test("an address another account took before the link was used is refused clearly, and the account keeps its address", async () => {
  const b = browser();
  const { email: oldEmail } = await registerViaForm(b);
  const wanted = uniqueEmail("wanted");
  await b.fetch("/profile?edit=profile", { form: { intent: "update-profile", firstName: "Test", lastName: "User", email: wanted } });
  const token = await lastToken(wanted);
  // Meanwhile someone registers the address.
  await registerViaForm(browser(), { email: wanted });
  const res = await confirm(b, token);
  expect(res.status).toBe(409);
  expect(await res.text()).toContain("Another account now uses this address, so it cannot become yours.");
  expect((await stored(oldEmail))!.email).toBe(oldEmail);
  const { status, body } = await api("/api/auth/verify-email", { json: { token } });
  expect(status).toBe(409);
  expect(body.errors).toEqual({ token: ["Another account now uses this address, so it cannot become yours. Choose another one on your profile."] });
});

test("the API's profile update answers pendingEmail and keeps user.email until the link is used", async () => {
  const account = await registerViaApi();
  const newEmail = uniqueEmail("apimove");
  const res = await api("/api/users/profile", { method: "PUT", token: account.accessToken, json: { firstName: "Api", lastName: "Mover", email: newEmail } });
  expect(res.status).toBe(200);
  expect(res.body.data.pendingEmail).toBe(newEmail);
  expect(res.body.data.user).toMatchObject({ email: account.email, lastName: "Mover", emailVerified: false });
  const same = await api("/api/users/profile", { method: "PUT", token: account.accessToken, json: { firstName: "Api", lastName: "Mover", email: account.email } });
  expect(same.body.data.pendingEmail).toBeNull();
  const confirmed = await api("/api/auth/verify-email", { json: { token: await lastToken(newEmail) } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.data).toEqual({ message: "Email address changed", email: newEmail });
  const profile = await api("/api/users/profile", { token: account.accessToken });
  expect(profile.body.data.user).toMatchObject({ email: newEmail, emailVerified: true });
});

test("with the mail API down, registration, Send again and an email change answer exactly as with it up", async () => {
  allowConsoleError(/^mail via http to .* failed \(attempt 2\)/);
  await setMailChannel("worker", "down");
  try {
    const b = browser();
    const { res } = await registerViaForm(b);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const resend = await b.fetch("/dashboard", { form: { intent: "resend-verification" } });
    expect(resend.headers.get("Location")).toBe("/dashboard?verification=sent");
    const change = await b.fetch("/profile?edit=profile", { form: { intent: "update-profile", firstName: "Test", lastName: "User", email: uniqueEmail("down") } });
    expect(change.headers.get("Location")).toBe("/profile?saved=profile");
    const account = await registerViaApi();
    expect((await api("/api/auth/resend-verification", { method: "POST", token: account.accessToken })).status).toBe(202);
    // Each message tried twice (decision 034), after the answers.
    for (let i = 0; i < 100 && (await mailChannelState("worker")).hits < 12; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await mailChannelState("worker")).hits).toBe(12);
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await setMailChannel("worker", "good");
  }
});
