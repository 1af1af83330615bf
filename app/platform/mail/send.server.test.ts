import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { closedLoopbackPort } from "../../../tests/fakes/rate-provider";
import { startFakeMailApi, type FakeMailApi, type MailApiMode } from "../../../tests/fakes/mail-api";
import { mailConfig } from "./config.server";
import { forgetNotConfiguredReports, sendAfterResponse, sendMail, type MailLog, type MailMessage } from "./send.server";

// The transports against the fake mail API on loopback, in Node (decision 034). The Worker's own
// plumbing (bindings, waitUntil) is exercised through workerd in tests/integration/mail.test.ts.

let api: FakeMailApi;
beforeAll(async () => {
  api = await startFakeMailApi({ slowMs: 2_000 });
});
afterAll(() => api.close());

const TOKEN_LINK = "https://tally.example/auth/reset-password?token=SECRET-TOKEN-123";
const message: MailMessage = {
  to: "jane@example.com",
  subject: "Reset your password",
  text: `Open ${TOKEN_LINK} within 60 minutes.`,
  html: `<p><a href="${TOKEN_LINK}">Reset</a></p>`,
  locale: "en",
};

type Logged = { info: string[]; warn: string[]; error: string[] };
let logged: Logged;
let log: MailLog;
beforeEach(() => {
  logged = { info: [], warn: [], error: [] };
  const record = (level: keyof Logged) => (...args: unknown[]) => void logged[level].push(args.map(String).join(" "));
  log = { info: record("info"), warn: record("warn"), error: record("error") };
  forgetNotConfiguredReports();
});
const everyLine = () => [...logged.info, ...logged.warn, ...logged.error].join("\n");

let channelCounter = 0;
function channelIn(mode: MailApiMode) {
  channelCounter += 1;
  const name = `unit${channelCounter}`;
  api.setMode(name, mode);
  return name;
}
const httpConfig = (channel: string, extra: Record<string, string> = {}) =>
  mailConfig({ MAIL_API_URL: `${api.url}/${channel}`, MAIL_API_KEY: "re_test_key", MAIL_FROM: "Tallyworth <noreply@tally.example>", APP_URL: "https://tally.example", ...extra });

test("the HTTP transport posts Resend's shape to MAIL_API_URL/emails with the key as a bearer token", async () => {
  const channel = channelIn("good");
  const result = await sendMail(httpConfig(channel), message, { log, retryDelayMs: 0 });
  expect(result).toEqual({ ok: true, transport: "http", attempts: 1, id: expect.stringMatching(/^fake-/) });
  const [sent, ...more] = api.channel(channel).messages;
  expect(more).toEqual([]);
  expect(sent!.authorization).toBe("Bearer re_test_key");
  expect(sent!.contentType).toBe("application/json");
  expect(sent!.body).toEqual({ from: "Tallyworth <noreply@tally.example>", to: "jane@example.com", subject: "Reset your password", text: message.text, html: message.html });
  expect(everyLine()).toBe("");
});

test.each<[MailApiMode, string]>([
  ["error", "HTTP 500"],
  ["down", "HTTP 503"],
])("a %s answer is retried once, then given up on and logged without the message's body", async (mode, detail) => {
  const channel = channelIn(mode);
  const result = await sendMail(httpConfig(channel), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", transport: "http", attempts: 2 });
  expect(api.channel(channel).hits).toBe(2);
  expect(logged.warn).toEqual([expect.stringContaining(`(attempt 1): ${detail}`)]);
  expect(logged.error).toEqual([expect.stringContaining(`(attempt 2): ${detail}`)]);
  expect(everyLine()).toContain("j•••@example.com");
  expect(everyLine()).not.toContain("SECRET-TOKEN-123");
  expect(everyLine()).not.toContain("jane@");
});

test("a failure the retry gets past is delivered once", async () => {
  const channel = channelIn("flaky");
  const result = await sendMail(httpConfig(channel), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: true, transport: "http", attempts: 2 });
  expect(api.channel(channel).messages).toHaveLength(1);
  expect(logged.warn).toHaveLength(1);
  expect(logged.error).toEqual([]);
});

test("a refusal (4xx) is not retried: the same request would be refused again", async () => {
  const channel = channelIn("refuse");
  const result = await sendMail(httpConfig(channel), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", attempts: 1, detail: expect.stringContaining("HTTP 422") });
  expect(api.channel(channel).hits).toBe(1);
  expect(logged.error).toEqual([expect.stringContaining("not verified")]);
});

test("a redirect is refused, not followed with the key, and not retried", async () => {
  const channel = channelIn("redirect");
  const result = await sendMail(httpConfig(channel), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", attempts: 1, detail: "HTTP 302 redirect refused" });
  expect(api.channel(channel).hits).toBe(1);
});

test("a slow API is abandoned after the timeout, tried once more, then given up on", async () => {
  const channel = channelIn("slow");
  const started = Date.now();
  const result = await sendMail(httpConfig(channel, { MAIL_TIMEOUT_MS: "200" }), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", attempts: 2, detail: expect.stringContaining("timed out") });
  expect(Date.now() - started).toBeLessThan(1_500);
  expect(api.channel(channel).messages).toEqual([]);
});

test("an API nobody answers at (connection refused) is retried once, then given up on", async () => {
  const port = await closedLoopbackPort();
  const config = mailConfig({ MAIL_API_URL: `http://127.0.0.1:${port}`, MAIL_API_KEY: "k", MAIL_FROM: "noreply@tally.example", APP_URL: "https://tally.example" });
  const result = await sendMail(config, message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", attempts: 2 });
  expect(logged.error).toHaveLength(1);
});

test("the EMAIL binding gets the message with the sender split into name and address", async () => {
  const sent: unknown[] = [];
  const EMAIL = { send: async (m: unknown) => (sent.push(m), { messageId: "cf-1" }) } as unknown as SendEmail;
  const config = mailConfig({ EMAIL, MAIL_FROM: "Tallyworth <noreply@tally.example>", APP_URL: "https://tally.example" });
  expect(await sendMail(config, message, { log })).toEqual({ ok: true, transport: "binding", attempts: 1, id: "cf-1" });
  expect(sent).toEqual([{ from: { email: "noreply@tally.example", name: "Tallyworth" }, to: "jane@example.com", subject: message.subject, text: message.text, html: message.html }]);
});

test("a binding that throws is retried once; one that never answers times out", async () => {
  let calls = 0;
  const failing = { send: async () => (calls++, Promise.reject(new Error("sender not verified"))) } as unknown as SendEmail;
  const result = await sendMail(mailConfig({ EMAIL: failing, MAIL_FROM: "noreply@tally.example", APP_URL: "https://t.example" }), message, { log, retryDelayMs: 0 });
  expect(result).toMatchObject({ ok: false, reason: "failed", transport: "binding", attempts: 2, detail: "Error: sender not verified" });
  expect(calls).toBe(2);

  const hanging = { send: () => new Promise(() => {}) } as unknown as SendEmail;
  const timedOut = await sendMail(mailConfig({ EMAIL: hanging, MAIL_FROM: "noreply@tally.example", APP_URL: "https://t.example", MAIL_TIMEOUT_MS: "100" }), message, { log, retryDelayMs: 0 });
  expect(timedOut).toMatchObject({ ok: false, attempts: 2, detail: expect.stringContaining("timed out") });
});

test("with no transport configured the message is printed: recipient, subject and the text with its link", async () => {
  const result = await sendMail(mailConfig({ MAIL_CONSOLE: "1", APP_URL: "http://localhost:8787" }), message, { log });
  expect(result).toEqual({ ok: true, transport: "console", attempts: 1 });
  expect(logged.info).toHaveLength(1);
  expect(logged.info[0]).toContain("To: jane@example.com");
  expect(logged.info[0]).toContain("Subject: Reset your password");
  expect(logged.info[0]).toContain(TOKEN_LINK);
  expect(logged.info[0]).not.toContain("<a href");
});

test("a deployment with no transport prints nothing (the text carries a token): it is not configured", async () => {
  const config = mailConfig({ MAIL_FROM: "noreply@tally.example", APP_URL: "https://tally.example" });
  expect(await sendMail(config, message, { log })).toEqual({ ok: false, reason: "not-configured", missing: ["EMAIL or MAIL_API_URL"] });
  expect(everyLine()).not.toContain("SECRET-TOKEN-123");
});

test("a transport missing its configuration sends nothing, and the deployment hears it once", async () => {
  const channel = channelIn("good");
  const config = mailConfig({ MAIL_API_URL: `${api.url}/${channel}`, MAIL_API_KEY: "k" });
  expect(await sendMail(config, message, { log })).toEqual({ ok: false, reason: "not-configured", missing: ["MAIL_FROM", "APP_URL"] });
  expect(api.channel(channel).hits).toBe(0);

  const waited: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p) };
  await sendAfterResponse(ctx, config, message, { log });
  await sendAfterResponse(ctx, config, message, { log });
  expect(waited).toHaveLength(2);
  expect(logged.error).toEqual(["mail is not configured: set MAIL_FROM, APP_URL (README, \"Mail\"); no message was sent"]);
});

test("sendAfterResponse hands the send to waitUntil and never rejects, whatever the transport does", async () => {
  const waited: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p) };
  const exploding = { send: () => { throw new Error("boom"); } } as unknown as SendEmail;
  const config = mailConfig({ EMAIL: exploding, MAIL_FROM: "noreply@tally.example", APP_URL: "https://t.example" });
  const done = sendAfterResponse(ctx, config, message, { log, retryDelayMs: 0 });
  expect(waited).toEqual([done]);
  await expect(done).resolves.toMatchObject({ ok: false, reason: "failed" });

  const channel = channelIn("good");
  await expect(sendAfterResponse(ctx, httpConfig(channel), message, { log })).resolves.toMatchObject({ ok: true });
  expect(api.channel(channel).messages).toHaveLength(1);
});
