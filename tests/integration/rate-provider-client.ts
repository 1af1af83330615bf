import { inject } from "vitest";
import type { ProviderMode } from "../fakes/rate-provider";

// Switches the fake exchange-rate provider (tests/fakes/rate-provider.ts, started by
// tests/setup/global-setup.ts) from inside workerd. Each test file uses channels of its own;
// only admin-settings-web.test.ts switches "worker", the channel the Worker's own
// RATES_PROVIDER_URL binding points at.

let counter = 0;

/** A fresh channel in the given mode; returns the URL to fetch the rates from. */
export async function providerChannel(mode: ProviderMode, options: { rates?: Record<string, unknown>; updatedUnix?: number } = {}) {
  counter += 1;
  const name = `t${counter}-${crypto.randomUUID().slice(0, 8)}`;
  await setChannel(name, mode, options);
  return { name, url: `${inject("ratesProviderUrl")}/${name}/v6/latest/USD` };
}

export type ChannelOptions = {
  rates?: Record<string, unknown>;
  updatedUnix?: number;
  /** The history endpoint's days (decision 037): day → currency → rate per 1 USD. */
  history?: Record<string, Record<string, number>>;
};

export async function setChannel(name: string, mode: ProviderMode, options: ChannelOptions = {}) {
  const res = await fetch(`${inject("ratesProviderUrl")}/__control/${name}`, {
    method: "POST",
    body: JSON.stringify({ mode, ...options }),
  });
  if (!res.ok) throw new Error(`fake provider refused mode ${mode}: ${await res.text()}`);
}

/** How many rate fetches the channel has served since it was last switched. */
export async function channelHits(name: string): Promise<number> {
  const res = await fetch(`${inject("ratesProviderUrl")}/__control/${name}`);
  return ((await res.json()) as { hits: number }).hits;
}

/** A loopback URL with nothing listening. */
export const refusedProviderUrl = () => inject("ratesProviderRefusedUrl");

/** The history questions the channel has served since it was last switched (path and query). */
export async function historyRequests(name: string): Promise<string[]> {
  const res = await fetch(`${inject("ratesProviderUrl")}/__control/${name}`);
  return ((await res.json()) as { historyRequests: string[] }).historyRequests;
}

/** The channel the Worker's own RATES_HISTORY_URL binding asks (vitest.workers.config.ts); only rates-history.test.ts switches it. */
export const WORKER_HISTORY_CHANNEL = "worker-history";
