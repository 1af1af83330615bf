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
export async function mailChannelState(name: string): Promise<{ hits: number; messages: FakeMail[] }> {
  const res = await fetch(`${inject("mailApiUrl")}/__control/${name}`);
  return (await res.json()) as { hits: number; messages: FakeMail[] };
}
