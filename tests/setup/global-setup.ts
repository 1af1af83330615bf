import type { TestProject } from "vitest/node";
import { startFakeMailApi } from "../fakes/mail-api.ts";
import { closedLoopbackPort, startFakeRateProvider } from "../fakes/rate-provider.ts";

// Runs in Node before the workerd integration tests: starts the fake exchange-rate provider and
// the fake mail API on loopback and hands their addresses to the pool (the Worker's
// RATES_PROVIDER_URL and MAIL_API_URL bindings, vitest.workers.config.ts) and to the tests (`inject`). Nothing in the tests reaches
// beyond loopback (ARCHITECTURE.md 8).

declare module "vitest" {
  export interface ProvidedContext {
    /** The fake provider's base address, http://127.0.0.1:<port>. */
    ratesProviderUrl: string;
    /** A loopback address with nothing listening: connection refused. */
    ratesProviderRefusedUrl: string;
    /** The fake mail API's base address (tests/fakes/mail-api.ts), http://127.0.0.1:<port>. */
    mailApiUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const provider = await startFakeRateProvider();
  const mailApi = await startFakeMailApi();
  project.provide("ratesProviderUrl", provider.url);
  project.provide("ratesProviderRefusedUrl", `http://127.0.0.1:${await closedLoopbackPort()}/v6/latest/USD`);
  project.provide("mailApiUrl", mailApi.url);
  return async () => {
    await provider.close();
    await mailApi.close();
  };
}
