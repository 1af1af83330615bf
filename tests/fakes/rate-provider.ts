import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { channelStore, readBody, send } from "./http.ts";

// A stand-in for the exchange-rate provider (ARCHITECTURE.md 4), on loopback only. It answers
// like open.er-api.com's /v6/latest/USD. Tests switch it between the states the refresh job
// must survive. State is kept per channel (the first path segment), so test files running in
// parallel each use their own channel and never switch the provider under one another:
//
//   GET  /<channel>/v6/latest/USD     the provider's answer, in the channel's mode
//   GET  /<channel>/v1/<yyyy-MM-dd>?base=USD&symbols=EUR,MXN
//                                     the history provider's answer (Frankfurter's v1 shape:
//                                     {"amount":1,"base":"USD","date":…,"rates":{…}}), from the
//                                     channel's `history` (date → rates), in the channel's mode:
//                                     the latest date on or before the one asked; the symbols it
//                                     lacks are left out; none at all is a 404 {"message":"not found"}
//   POST /__control/<channel>         {"mode": "slow"} switches the channel; answers its state
//   GET  /__control/<channel>         the channel's state: mode and how many fetches it served
//   GET  /health                      for whoever starts it to wait on

export const PROVIDER_MODES = [
  /** Every currency, positive rates. */
  "good",
  /** 503 Service Unavailable. */
  "down",
  /** Answers good, but only after slowMs: beyond any sane timeout. */
  "slow",
  /** 200 with an HTML page instead of JSON. */
  "garbage",
  /** Good, but without JPY. */
  "missing",
  /** Good, but JPY is 0. */
  "zero",
  /** Good, but JPY is -1. */
  "negative",
  /** The provider's own error envelope: {"result":"error"}. */
  "error",
] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

/** What a good answer carries: every built-in currency and a few the app does not use. */
export const FAKE_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  AUD: 1.5402,
  BRL: 5.3312,
  CAD: 1.3987,
  CHF: 0.8011,
  COP: 3895.5,
  EUR: 0.8634,
  GBP: 0.7612,
  JPY: 154.2,
  // More than 12 fraction digits: the job keeps 12, rounding half away from zero.
  MXN: 18.30214567891256,
  VES: 236.4127,
};

type Channel = {
  mode: ProviderMode;
  hits: number;
  rates?: Record<string, number>;
  updatedUnix?: number;
  /** The history endpoint's rates: day → currency → rate per 1 USD. Empty by default: every day is "not found". */
  history?: Record<string, Record<string, number>>;
  /** Every history request served since the channel was last switched (path and query), for counting. */
  historyRequests: string[];
};

export type FakeRateProvider = {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
};

export async function startFakeRateProvider({
  port = 0,
  host = "127.0.0.1",
  slowMs = 5_000,
}: { port?: number; host?: string; slowMs?: number } = {}): Promise<FakeRateProvider> {
  const channel = channelStore<Channel>(() => ({ mode: "good", hits: 0, historyRequests: [] }));

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "health") return send(res, 200, "text/plain", "ok");
    if (first === "__control" && second) {
      const c = channel(second);
      if (req.method === "POST") {
        const body = JSON.parse((await readBody(req)) || "{}") as Partial<Channel>;
        if (body.mode && !PROVIDER_MODES.includes(body.mode)) return send(res, 400, "text/plain", `unknown mode ${body.mode}`);
        c.mode = body.mode ?? "good";
        c.rates = body.rates;
        c.updatedUnix = body.updatedUnix;
        c.history = body.history;
        c.hits = 0;
        c.historyRequests = [];
      }
      return send(res, 200, "application/json", JSON.stringify(c));
    }
    if (!first || req.method !== "GET") return send(res, 404, "text/plain", "not found");
    const c = channel(first);
    c.hits += 1;
    const history = /^\/[^/]+\/v1\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname);
    if (history) {
      c.historyRequests.push(`${url.pathname}${url.search}`);
      return answerHistory(res, c, history[1]!, url.searchParams);
    }
    const rates: Record<string, number> = { ...(c.rates ?? FAKE_RATES) };
    const answer = () => ({
      result: "success",
      provider: "https://www.exchangerate-api.com",
      time_last_update_unix: c.updatedUnix ?? Math.floor(Date.now() / 1000),
      base_code: "USD",
      rates,
    });
    switch (c.mode) {
      case "good":
        return send(res, 200, "application/json", JSON.stringify(answer()));
      case "down":
        return send(res, 503, "text/plain", "Service Unavailable");
      case "slow": {
        const timer = setTimeout(() => send(res, 200, "application/json", JSON.stringify(answer())), slowMs);
        // The caller gave up: do not keep the socket (or the test run) waiting.
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "garbage":
        return send(res, 200, "text/html", "<html><body>Rate limit exceeded. Please try again later.</body></html>");
      case "missing":
        delete rates.JPY;
        return send(res, 200, "application/json", JSON.stringify(answer()));
      case "zero":
        rates.JPY = 0;
        return send(res, 200, "application/json", JSON.stringify(answer()));
      case "negative":
        rates.JPY = -1;
        return send(res, 200, "application/json", JSON.stringify(answer()));
      case "error":
        return send(res, 200, "application/json", JSON.stringify({ result: "error", "error-type": "unsupported-code" }));
    }
  }

  function answerHistory(res: ServerResponse, c: Channel, day: string, params: URLSearchParams) {
    const symbols = (params.get("symbols") ?? "").split(",").filter(Boolean);
    const filed = Object.keys(c.history ?? {})
      .filter((d) => d <= day)
      .sort()
      .at(-1);
    const known = filed ? c.history![filed]! : {};
    const rates: Record<string, number> = Object.fromEntries(symbols.filter((s) => known[s] !== undefined).map((s) => [s, known[s]!]));
    const answer = () => JSON.stringify({ amount: 1, base: params.get("base") ?? "EUR", date: filed, rates });
    switch (c.mode) {
      case "down":
        return send(res, 500, "application/json", JSON.stringify({ message: "internal error" }));
      case "slow": {
        const timer = setTimeout(() => send(res, 200, "application/json", answer()), slowMs);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "garbage":
        return send(res, 200, "text/html", "<html><body>Rate limit exceeded.</body></html>");
      case "error":
        return send(res, 422, "application/json", JSON.stringify({ message: "invalid date" }));
      default:
        break;
    }
    if (!filed || Object.keys(rates).length === 0) return send(res, 404, "application/json", JSON.stringify({ message: "not found" }));
    if (c.mode === "zero" || c.mode === "negative") rates[symbols[0]!] = c.mode === "zero" ? 0 : -1;
    return send(res, 200, "application/json", answer());
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on, for the "connection refused" case. */
export async function closedLoopbackPort(host = "127.0.0.1"): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
