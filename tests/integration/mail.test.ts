import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, test } from "vitest";
import { mailer } from "~/platform/mail/mailer.server";
import type { MailMessage } from "~/platform/mail/send.server";
import { allowConsoleError } from "../setup/console-errors";
import { mailChannel, mailChannelState, setMailChannel } from "./mail-api-client";

// The mail platform inside workerd (decision 034): the Worker's own bindings choose the
// transport, the message leaves through the runtime's fetch after the answer (waitUntil), and
// a failing or slow mail API is retried once and logged, never thrown. The fake mail API runs
// on loopback (tests/setup/global-setup.ts).

const message = (link: string): MailMessage => ({
  to: "jane@example.com",
  subject: "Reset your password",
  text: `Open ${link} within 60 minutes.`,
  html: `<p><a href="${link}">Reset your password</a></p>`,
  locale: "es",
});

test("the Worker's bindings send through the HTTP mail API after the answer, with links on APP_URL", async () => {
  await setMailChannel("worker", "good");
  const ctx = createExecutionContext();
  const mail = mailer(env, ctx);
  expect(mail.config.transport.kind).toBe("http");
  expect(mail.config.missing).toEqual([]);
  const link = mail.link("/auth/reset-password?token=abc");
  expect(link).toBe("https://tallyworth.test/auth/reset-password?token=abc");
  void mail.send(message(link!));
  await waitOnExecutionContext(ctx);
  const { messages } = await mailChannelState("worker");
  expect(messages).toHaveLength(1);
  expect(messages[0]!.authorization).toBe("Bearer re_test_key");
  expect(messages[0]!.body).toEqual({
    from: "Tallyworth <noreply@tallyworth.test>",
    to: "jane@example.com",
    subject: "Reset your password",
    text: "Open https://tallyworth.test/auth/reset-password?token=abc within 60 minutes.",
    html: '<p><a href="https://tallyworth.test/auth/reset-password?token=abc">Reset your password</a></p>',
  });
});

test.each(["error", "down", "slow"] as const)("a mail API that is %s is tried twice, logged without the link, and never rejects", async (mode) => {
  allowConsoleError(/^mail via http to j•••@example\.com failed \(attempt 2\)/);
  const { name, url } = await mailChannel(mode);
  const ctx = createExecutionContext();
  const result = mailer({ ...env, MAIL_API_URL: url }, ctx, { retryDelayMs: 0 }).send(message("https://tallyworth.test/auth/reset-password?token=SECRET"));
  await waitOnExecutionContext(ctx);
  await expect(result).resolves.toMatchObject({ ok: false, reason: "failed", attempts: 2 });
  const state = await mailChannelState(name);
  expect(state.hits).toBe(2);
  expect(state.messages).toEqual([]);
});

test("a deployment without MAIL_FROM and APP_URL sends nothing and says so", async () => {
  allowConsoleError(/^mail is not configured: set MAIL_FROM, APP_URL/);
  const { name, url } = await mailChannel("good");
  const ctx = createExecutionContext();
  const mail = mailer({ ...env, MAIL_API_URL: url, MAIL_FROM: "", APP_URL: "" }, ctx);
  expect(mail.link("/auth/reset-password?token=abc")).toBeNull();
  const result = mail.send(message("(no link)"));
  await waitOnExecutionContext(ctx);
  await expect(result).resolves.toEqual({ ok: false, reason: "not-configured", missing: ["MAIL_FROM", "APP_URL"] });
  expect((await mailChannelState(name)).hits).toBe(0);
});
