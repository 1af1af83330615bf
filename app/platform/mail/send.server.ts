import type { Language } from "~/locales/languages";
import type { MailConfig, MailTransport } from "./config.server";

// The one way a feature sends mail (decision 034). sendMail tries the configured transport,
// once more after a failure, and answers with a result instead of throwing; sendAfterResponse
// runs it after the answer (ctx.waitUntil), so neither the answer's timing nor its status tells
// anything about the delivery. Logs name the transport, the masked recipient and the failure,
// never a message's body (its links carry tokens); only the local console fallback prints it.

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part, with every link written out. */
  text: string;
  html: string;
  /** The recipient's language, the one the message is written in. */
  locale: Language;
};

export type MailResult =
  | { ok: true; transport: MailTransport["kind"]; attempts: number; id?: string }
  | { ok: false; reason: "not-configured"; missing: string[] }
  | { ok: false; reason: "failed"; transport: MailTransport["kind"]; attempts: number; detail: string };

export type MailLog = Pick<Console, "info" | "warn" | "error">;

export type SendOptions = {
  /** For tests; the runtime's otherwise. */
  fetch?: typeof fetch;
  log?: MailLog;
  /** The pause before the one retry; 500 ms when unset. */
  retryDelayMs?: number;
};

type Attempt = { ok: true; id?: string } | { ok: false; detail: string; retry: boolean };

const RESPONSE_TEXT_LIMIT = 200;

export async function sendMail(config: MailConfig, message: MailMessage, options: SendOptions = {}): Promise<MailResult> {
  const log = options.log ?? console;
  if (config.missing.length > 0) return { ok: false, reason: "not-configured", missing: [...config.missing] };
  const { transport } = config;
  if (transport.kind === "console") {
    printToConsole(log, config, message);
    return { ok: true, transport: "console", attempts: 1 };
  }
  let attempts = 0;
  let last: Attempt = { ok: false, detail: "not tried", retry: true };
  while (attempts < 2) {
    if (attempts === 1) await pause(options.retryDelayMs ?? 500);
    attempts += 1;
    last = await attempt(transport, config, message, options.fetch ?? fetch);
    if (last.ok) return { ok: true, transport: transport.kind, attempts, ...(last.id ? { id: last.id } : {}) };
    const what = `mail via ${transport.kind} to ${maskAddress(message.to)} failed (attempt ${attempts}): ${last.detail}`;
    if (attempts === 1 && last.retry) log.warn(`${what}; trying once more`);
    else {
      log.error(`${what}; giving up`);
      break;
    }
  }
  return { ok: false, reason: "failed", transport: transport.kind, attempts, detail: last.ok ? "" : last.detail };
}

/**
 * Sends after the answer: the Worker stays alive until the send (and its retry) is over, and
 * whatever happens is logged, never thrown into the request. The promise is returned for tests.
 */
export function sendAfterResponse(
  ctx: Pick<ExecutionContext, "waitUntil">,
  config: MailConfig,
  message: MailMessage,
  options: SendOptions = {},
): Promise<MailResult> {
  const log = options.log ?? console;
  const done = sendMail(config, message, options)
    .then((result) => {
      if (!result.ok && result.reason === "not-configured") reportNotConfigured(result.missing, log);
      return result;
    })
    .catch((error: unknown): MailResult => {
      log.error("mail: sending failed unexpectedly", error);
      return { ok: false, reason: "failed", transport: config.transport.kind, attempts: 0, detail: String(error) };
    });
  ctx.waitUntil(done);
  return done;
}

const reported = new Set<string>();

/** Once per isolate and set of missing variables: a deployment without them says so, without flooding the log. */
export function reportNotConfigured(missing: readonly string[], log: MailLog = console) {
  const key = missing.join(",");
  if (reported.has(key)) return;
  reported.add(key);
  log.error(`mail is not configured: set ${missing.join(", ")} (README, "Mail"); no message was sent`);
}

/** For tests of the once-only report. */
export function forgetNotConfiguredReports() {
  reported.clear();
}

async function attempt(transport: Exclude<MailTransport, { kind: "console" }>, config: MailConfig, message: MailMessage, fetcher: typeof fetch): Promise<Attempt> {
  const from = config.from ?? "";
  if (transport.kind === "binding") {
    try {
      const sent = await withTimeout(
        transport.binding.send({ from: senderOf(from), to: message.to, subject: message.subject, text: message.text, html: message.html }),
        config.timeoutMs,
      );
      return { ok: true, id: sent?.messageId };
    } catch (error) {
      return { ok: false, detail: describe(error), retry: true };
    }
  }
  let response: Response;
  try {
    response = await fetcher(`${transport.url}/emails`, {
      method: "POST",
      headers: { Authorization: `Bearer ${transport.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ from, to: message.to, subject: message.subject, text: message.text, html: message.html }),
      // workerd has no "error" mode: a redirect comes back as a 3xx and is refused below.
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    return { ok: false, detail: describe(error), retry: true };
  }
  const body = await response.text().catch(() => "");
  if (response.status >= 300 && response.status < 400) return { ok: false, detail: `HTTP ${response.status} redirect refused`, retry: false };
  if (!response.ok) {
    // A refusal (bad key, bad sender) answers the same the second time; a 5xx, 408 or 429 may not.
    const retry = response.status >= 500 || response.status === 408 || response.status === 429;
    return { ok: false, detail: `HTTP ${response.status} ${body.slice(0, RESPONSE_TEXT_LIMIT)}`.trim(), retry };
  }
  let id: string | undefined;
  try {
    const parsed = JSON.parse(body) as { id?: unknown };
    if (typeof parsed.id === "string") id = parsed.id;
  } catch {
    // A 2xx without JSON is still accepted.
  }
  return { ok: true, id };
}

function printToConsole(log: MailLog, config: MailConfig, message: MailMessage) {
  log.info(
    [
      "──── mail (no transport configured: printed, not sent) ────",
      `To: ${message.to}`,
      ...(config.from ? [`From: ${config.from}`] : []),
      `Subject: ${message.subject}`,
      `Language: ${message.locale}`,
      "",
      message.text,
      "────────────────────────────────────────────────────────────",
    ].join("\n"),
  );
}

/** "Tallyworth <noreply@x.example>" → the binding's { email, name }; a bare address as it is. */
function senderOf(from: string): string | { email: string; name: string } {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!named || !named[1]) return named ? named[2]! : from;
  return { email: named[2]!, name: named[1].replace(/^"(.*)"$/, "$1") };
}

/** j•••@example.com: enough to tell deliveries apart in a log, not the address itself. */
export function maskAddress(address: string) {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

function describe(error: unknown) {
  if (error instanceof Error) return error.name === "TimeoutError" || error.name === "AbortError" ? `timed out (${error.name})` : `${error.name}: ${error.message}`;
  return String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer in ${ms} ms`), { name: "TimeoutError" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function pause(ms: number) {
  return ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
