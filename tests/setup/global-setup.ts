import type { TestProject } from "vitest/node";
import { closedLoopbackPort, startFakeRateProvider } from "../fakes/rate-provider.ts";

// Runs in Node before the workerd integration tests: starts the fake exchange-rate provider
// on loopback and hands its address to the pool (the Worker's RATES_PROVIDER_URL binding,
// vitest.workers.config.ts) and to the tests (`inject`). Nothing in the tests reaches
// beyond loopback (ARCHITECTURE.md 8).

declare module "vitest" {
  export interface ProvidedContext {
    /** The fake provider's base address, http://127.0.0.1:<port>. */
    ratesProviderUrl: string;
    /** A loopback address with nothing listening: connection refused. */
    ratesProviderRefusedUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const provider = await startFakeRateProvider();
  project.provide("ratesProviderUrl", provider.url);
  project.provide("ratesProviderRefusedUrl", `http://127.0.0.1:${await closedLoopbackPort()}/v6/latest/USD`);
  return () => provider.close();
}
