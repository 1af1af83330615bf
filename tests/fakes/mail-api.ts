import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { channelStore, readBody, send } from "./http.ts";

// A stand-in for an HTTP JSON mail API of Resend's shape (decision 034), on loopback only. It
// records every message it accepts, with the Authorization header it came with, and tests switch
// it between the states the mail transport must survive. State is kept per channel (the first
// path segment), so test files running in parallel never switch the API under one another:
//
//   POST /<channel>/emails           {from, to, subject, text, html}; Bearer token required
//   POST /__control/<channel>        {"mode": "slow"} switches the channel and forgets its messages
//   GET  /__control/<channel>        the channel's state: mode, hits, whom each hit was for, and the messages it accepted
//   GET  /health                     for whoever starts it to wait on
//
// MAIL_API_URL is then http://127.0.0.1:<port>/<channel>.

export const MAIL_API_MODES = [
  /** 200 {"id": "…"}: the message is recorded. */
  "good",
  /** 503 Service Unavailable on every request. */
  "down",
  /** Answers good, but only after slowMs: beyond the transport's timeout. */
  "slow",
  /** 422 with Resend's error envelope, as for a sender it does not accept. */
  "refuse",
  /** 500 on every request. */
  "error",
  /** 500 on the first request after the switch, good after it: a retry succeeds. */
  "flaky",
  /** 302 to another address: the transport must not follow it with the key. */
  "redirect",
] as const;
export type MailApiMode = (typeof MAIL_API_MODES)[number];

export type FakeMail = {
  id: string;
  authorization: string | null;
  contentType: string | null;
  /** The request's JSON body as sent. */
  body: Record<string, unknown>;
};

export type MailChannelState = {
  mode: MailApiMode;
  hits: number;
  /**
   * The recipients of every request, accepted or not, in order: a test counts the attempts at its
   * own message, which other mail the Worker sends meanwhile (a sign-up's verification) does not move.
   */
  triedTo: string[];
  messages: FakeMail[];
};

export type FakeMailApi = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  port: number;
  /** The channel's state, read directly (for tests in the same Node process). */
  channel(name: string): MailChannelState;
  setMode(name: string, mode: MailApiMode): void;
  close(): Promise<void>;
};

export async function startFakeMailApi({
  port = 0,
  host = "127.0.0.1",
  slowMs = 5_000,
}: { port?: number; host?: string; slowMs?: number } = {}): Promise<FakeMailApi> {
  const channel = channelStore<MailChannelState>(() => ({ mode: "good", hits: 0, triedTo: [], messages: [] }));
  const setMode = (name: string, mode: MailApiMode) => {
    const c = channel(name);
    c.mode = mode;
    c.hits = 0;
    c.triedTo = [];
    c.messages = [];
  };
  let sequence = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const [first, second, ...rest] = url.pathname.split("/").filter(Boolean);
    if (first === "health") return send(res, 200, "text/plain", "ok");
    if (first === "__control" && second) {
      if (req.method === "POST") {
        const body = JSON.parse((await readBody(req)) || "{}") as { mode?: MailApiMode };
        if (body.mode && !MAIL_API_MODES.includes(body.mode)) return send(res, 400, "text/plain", `unknown mode ${body.mode}`);
        setMode(second, body.mode ?? "good");
      }
      return send(res, 200, "application/json", JSON.stringify(channel(second)));
    }
    if (!first || second !== "emails" || rest.length > 0 || req.method !== "POST") return send(res, 404, "application/json", JSON.stringify({ statusCode: 404, name: "not_found", message: "not found" }));
    const c = channel(first);
    c.hits += 1;
    const text = await readBody(req);
    c.triedTo.push(...recipientsOf(text));
    const authorization = req.headers.authorization ?? null;
    if (!authorization?.startsWith("Bearer ") || authorization.length <= "Bearer ".length) {
      return send(res, 401, "application/json", JSON.stringify({ statusCode: 401, name: "missing_api_key", message: "Missing API key" }));
    }
    const accept = () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(res, 422, "application/json", JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid JSON" }));
      }
      sequence += 1;
      const id = `fake-${sequence}`;
      c.messages.push({ id, authorization, contentType: req.headers["content-type"] ?? null, body });
      return send(res, 200, "application/json", JSON.stringify({ id }));
    };
    switch (c.mode) {
      case "good":
        return accept();
      case "down":
        return send(res, 503, "text/plain", "Service Unavailable");
      case "error":
        return send(res, 500, "application/json", JSON.stringify({ statusCode: 500, name: "internal_server_error", message: "Internal error" }));
      case "refuse":
        return send(res, 422, "application/json", JSON.stringify({ statusCode: 422, name: "validation_error", message: "The from address is not verified" }));
      case "redirect":
        res.writeHead(302, { Location: "http://127.0.0.1:9/emails" });
        return res.end();
      case "flaky":
        return c.hits === 1 ? send(res, 500, "application/json", JSON.stringify({ statusCode: 500, name: "internal_server_error", message: "Internal error" })) : accept();
      case "slow": {
        const timer = setTimeout(accept, slowMs);
        // The caller gave up: do not keep the socket (or the test run) waiting.
        res.on("close", () => clearTimeout(timer));
        return;
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    channel,
    setMode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The `to` of a request body, one address or several; none when the body is not the JSON expected. */
function recipientsOf(text: string): string[] {
  try {
    const to = (JSON.parse(text) as { to?: unknown }).to;
    return (Array.isArray(to) ? to : [to]).filter((address): address is string => typeof address === "string");
  } catch {
    return [];
  }
}
