import { inject } from "vitest";
import type { FakeMail, MailApiMode } from "../fakes/mail-api";

// Switches and reads the fake mail API (tests/fakes/mail-api.ts, started by
// tests/setup/global-setup.ts) from inside workerd. The Worker's own MAIL_API_URL binding points
// at the "worker" channel; a test that needs a failing API takes a channel of its own.

let counter = 0;

/** A fresh channel in the given mode; returns its name and the MAIL_API_URL that reaches it. */
export async function mailChannel(mode: MailApiMode) {
  counter += 1;
  const name = `m${counter}-${crypto.randomUUID().slice(0, 8)}`;
  await setMailChannel(name, mode);
  return { name, url: `${inject("mailApiUrl")}/${name}` };
}

/** Switches a channel (and forgets the messages it recorded). */
export async function setMailChannel(name: string, mode: MailApiMode) {
  const res = await fetch(`${inject("mailApiUrl")}/__control/${name}`, { method: "POST", body: JSON.stringify({ mode }) });
  if (!res.ok) throw new Error(`fake mail API refused mode ${mode}: ${await res.text()}`);
}

/** What the channel received since it was last switched. */
export async function mailChannelState(name: string): Promise<{ hits: number; triedTo: string[]; messages: FakeMail[] }> {
  const res = await fetch(`${inject("mailApiUrl")}/__control/${name}`);
  return (await res.json()) as { hits: number; triedTo: string[]; messages: FakeMail[] };
}

/** A message as the fake mail API recorded its body. */
export type SentMail = { to: string; subject: string; text: string; html: string };

/**
 * The messages the Worker's "worker" channel accepted for `to`, once there are at least `count`
 * of them (mail leaves after the answer, so this waits a little for it).
 */
export async function mailsTo(to: string, count = 1, subject?: string): Promise<SentMail[]> {
  for (let i = 0; i < 100; i += 1) {
    const { messages } = await mailChannelState("worker");
    const mine = messages.map((m) => m.body as SentMail).filter((m) => m.to === to && (subject === undefined || m.subject === subject));
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} mail(s) to ${to}`);
}

/** The token of the last verification or email-change link mailed to `to` (issue 25). */
export async function lastVerifyToken(to: string, count = 1, subject?: string) {
  const mails = await mailsTo(to, count, subject);
  const token = /\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1]!.text)?.[1];
  if (!token) throw new Error(`no link in the mail to ${to}`);
  return token;
}
