// The fake exchange-rate provider as a process of its own, for the browser tests: Playwright
// starts it beside the preview server (playwright.config.ts) and scripts/e2e-server.mjs points
// the Worker's RATES_PROVIDER_URL at it, so "Refresh now" never reaches the internet.
// Run with the project's Node (24 strips the types): node tests/fakes/serve-rate-provider.ts
import { startFakeRateProvider } from "./rate-provider.ts";

const port = Number(process.env.E2E_RATES_PORT ?? 8799);
const provider = await startFakeRateProvider({ port });
process.stdout.write(`fake rate provider listening on ${provider.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
