import { afterAll, beforeAll, expect, test } from "vitest";
import { closedLoopbackPort, FAKE_RATES, startFakeRateProvider, type FakeRateProvider, type ProviderMode } from "../../../../tests/fakes/rate-provider";
import { fetchProviderRates } from "./provider";

// The adapter against the fake provider on loopback, in Node. The same fake runs beside the
// workerd integration tests (tests/integration/rates-refresh.test.ts), where the whole job is
// exercised through the Worker.

const CODES = ["USD", "EUR", "VES", "COP", "MXN", "GBP", "JPY", "CAD", "AUD"];
let provider: FakeRateProvider;

beforeAll(async () => {
  provider = await startFakeRateProvider({ slowMs: 2_000 });
});
afterAll(() => provider.close());

let channelCounter = 0;
async function channelIn(mode: ProviderMode, extra: Record<string, unknown> = {}) {
  channelCounter += 1;
  const name = `unit${channelCounter}`;
  await fetch(`${provider.url}/__control/${name}`, { method: "POST", body: JSON.stringify({ mode, ...extra }) });
  return `${provider.url}/${name}/v6/latest/USD`;
}

test("a good answer gives every requested currency's exact rate and the provider's day", async () => {
  const updated = Date.UTC(2026, 10, 20, 0, 2, 31) / 1000;
  const result = await fetchProviderRates(await channelIn("good", { updatedUnix: updated }), CODES);
  expect(result).toEqual({
    ok: true,
    quote: {
      date: "2026-11-20",
      rates: {
        EUR: "0.8634",
        VES: "236.4127",
        COP: "3895.5",
        MXN: "18.302145678913",
        GBP: "0.7612",
        JPY: "154.2",
        CAD: "1.3987",
        AUD: "1.5402",
      },
    },
  });
});

test("each broken answer is a failure with its reason, and nothing is returned", async () => {
  expect(await fetchProviderRates(await channelIn("down"), CODES)).toEqual({ ok: false, reason: "down", detail: "HTTP 503" });
  expect(await fetchProviderRates(await channelIn("garbage"), CODES)).toEqual({ ok: false, reason: "invalidJson" });
  expect(await fetchProviderRates(await channelIn("missing"), CODES)).toEqual({ ok: false, reason: "missingRate", detail: "JPY" });
  expect(await fetchProviderRates(await channelIn("zero"), CODES)).toEqual({ ok: false, reason: "invalidRate", detail: "JPY" });
  expect(await fetchProviderRates(await channelIn("negative"), CODES)).toEqual({ ok: false, reason: "invalidRate", detail: "JPY" });
  expect(await fetchProviderRates(await channelIn("error"), CODES)).toEqual({ ok: false, reason: "invalidPayload", detail: "result" });
  const wrongBase = await channelIn("good", { rates: { ...FAKE_RATES, USD: 0.5 } });
  expect(await fetchProviderRates(wrongBase, CODES)).toEqual({ ok: false, reason: "invalidPayload", detail: "rates.USD" });
  const strings = await channelIn("good", { rates: { ...FAKE_RATES, EUR: "0.86" } });
  expect(await fetchProviderRates(strings, CODES)).toEqual({ ok: false, reason: "invalidRate", detail: "EUR" });
});

test("a refused connection is 'down' and a provider slower than the timeout is 'timeout'", async () => {
  const refused = await fetchProviderRates(`http://127.0.0.1:${await closedLoopbackPort()}/latest`, CODES);
  expect(refused).toMatchObject({ ok: false, reason: "down" });
  const started = Date.now();
  expect(await fetchProviderRates(await channelIn("slow"), CODES, { timeoutMs: 200 })).toEqual({ ok: false, reason: "timeout" });
  expect(Date.now() - started).toBeLessThan(1_500);
});

test("a redirect is not followed: only the configured URL is ever fetched", async () => {
  const { createServer } = await import("node:http");
  const server = createServer((_req, res) => {
    res.writeHead(302, { Location: `${provider.url}/elsewhere/v6/latest/USD` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  try {
    expect(await fetchProviderRates(`http://127.0.0.1:${port}/latest`, CODES)).toEqual({ ok: false, reason: "down", detail: "HTTP 302" });
    const hits = (await (await fetch(`${provider.url}/__control/elsewhere`)).json()) as { hits: number };
    expect(hits.hits).toBe(0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test("a provider's day before 1900-01-01 is a broken answer: no rate is filed under it", async () => {
  const answer = (date: string) => async () => Response.json({ result: "success", base_code: "USD", date, rates: FAKE_RATES });
  expect(await fetchProviderRates("http://provider.invalid/latest", CODES, { fetch: answer("0050-01-01") })).toEqual({
    ok: false,
    reason: "invalidPayload",
    detail: "date",
  });
  expect(await fetchProviderRates("http://provider.invalid/latest", CODES, { fetch: answer("1900-01-01") })).toMatchObject({ ok: true, quote: { date: "1900-01-01" } });
});
