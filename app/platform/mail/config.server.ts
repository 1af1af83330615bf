import { z } from "zod";

// Which mail transport a deployment uses, read from the Worker's bindings (decision 034). In
// order: the Cloudflare Email Service binding EMAIL (send_email in wrangler.jsonc), else an HTTP
// JSON mail API of Resend's shape when MAIL_API_URL is set, else the console when MAIL_CONSOLE is
// set (local dev: npm run dev and npm start set it; a deployment never prints a message, whose
// links carry tokens, into its logs), else none: "not configured".
// MAIL_FROM names the sender; APP_URL is the origin of every link a message carries, never the
// request's Host header. Nothing here throws: a deployment missing something gets a config whose
// `missing` names it, and sending answers { ok: false, reason: "not-configured" }.

/** Per attempt; an attempt that takes longer is abandoned (and retried once, send.server.ts). */
export const DEFAULT_MAIL_TIMEOUT_MS = 10_000;

export type MailTransport =
  | { kind: "binding"; binding: SendEmail }
  | { kind: "http"; url: string; apiKey: string }
  | { kind: "console" };

export type MailConfig = {
  transport: MailTransport;
  /** MAIL_FROM; null when unset or not an address. */
  from: string | null;
  /** APP_URL's origin (no trailing slash); null when unset or not an http(s) URL. */
  appUrl: string | null;
  timeoutMs: number;
  /** Variables the chosen transport needs that are missing or malformed, e.g. ["MAIL_FROM"]. */
  missing: string[];
};

/** The variables mail reads; a Worker's Env may carry none of them. */
export type MailEnv = {
  EMAIL?: SendEmail;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  APP_URL?: string;
  MAIL_TIMEOUT_MS?: string | number;
  /** "1" or "true": print messages instead of sending them (local development only). */
  MAIL_CONSOLE?: string;
};

/** What `missing` names when no transport at all is configured. */
export const NO_TRANSPORT = "EMAIL or MAIL_API_URL";

const httpUrl = z.url({ protocol: /^https?$/ });
// "Tallyworth <noreply@example.com>" or a bare address.
const sender = z.string().regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/);
const timeout = z.coerce.number().int().min(100).max(60_000);

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

export function mailConfig(env: object): MailConfig {
  const vars = env as MailEnv;
  const missing: string[] = [];
  const apiUrl = text(vars.MAIL_API_URL);
  let transport: MailTransport;
  if (vars.EMAIL && typeof vars.EMAIL.send === "function") {
    transport = { kind: "binding", binding: vars.EMAIL };
  } else if (apiUrl !== undefined) {
    const apiKey = text(vars.MAIL_API_KEY);
    if (!httpUrl.safeParse(apiUrl).success) missing.push("MAIL_API_URL");
    if (apiKey === undefined) missing.push("MAIL_API_KEY");
    transport = { kind: "http", url: apiUrl.replace(/\/+$/, ""), apiKey: apiKey ?? "" };
  } else {
    transport = { kind: "console" };
    if (!/^(1|true)$/i.test(text(vars.MAIL_CONSOLE) ?? "")) missing.push(NO_TRANSPORT);
  }

  const fromText = text(vars.MAIL_FROM);
  const from = fromText !== undefined && sender.safeParse(fromText).success ? fromText : null;
  // The console prints without a sender; every real transport needs one.
  if (from === null && transport.kind !== "console") missing.push("MAIL_FROM");

  const appText = text(vars.APP_URL);
  const appUrl = appText !== undefined && httpUrl.safeParse(appText).success ? new URL(appText).origin : null;
  if (appUrl === null) missing.push("APP_URL");

  const parsedTimeout = timeout.safeParse(vars.MAIL_TIMEOUT_MS);
  return { transport, from, appUrl, timeoutMs: parsedTimeout.success ? parsedTimeout.data : DEFAULT_MAIL_TIMEOUT_MS, missing };
}

/**
 * An absolute link into the app for a message: APP_URL's origin and `path` (which must start
 * with "/"). Null when APP_URL is missing, so the caller reports "not configured" rather than
 * building a link from whatever Host the request claimed.
 */
export function appLink(config: Pick<MailConfig, "appUrl">, path: string): string | null {
  if (config.appUrl === null) return null;
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`appLink: "${path}" is not a path`);
  return `${config.appUrl}${path}`;
}
