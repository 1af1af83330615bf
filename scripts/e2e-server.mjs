// The server the browser tests drive: the production build in workerd, on a fresh database.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ensureDevVars, migrateLocal, root, serveBuild } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

ensureDevVars();
migrateLocal();
await seedLocal();
// Only under Playwright, which starts the fake provider; the bench never refreshes rates.
if (process.env.E2E_RATES_PORT) pointRatesAtFake();
serveBuild({ port: process.env.PORT ?? "8788", host: "127.0.0.1" });

/**
 * "Refresh now" must reach the fake provider Playwright starts on loopback
 * (tests/fakes/serve-rate-provider.ts), never the internet. `wrangler dev` on the build reads
 * the build's own .dev.vars (beside build/server/wrangler.json), whose values override the
 * config's vars and which `wrangler deploy` never uploads; scripts/e2e.mjs puts the file back
 * as it was after the run.
 */
function pointRatesAtFake() {
  const file = `${root}build/server/.dev.vars`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = current.split("\n").filter((line) => line && !line.startsWith("RATES_PROVIDER_URL=") && !line.startsWith("RATES_HISTORY_URL="));
  const fake = `http://127.0.0.1:${process.env.E2E_RATES_PORT ?? "8799"}`;
  // The history provider too (decision 037): the fake's "e2e-history" channel, which has no past day unless a journey loads one.
  writeFileSync(file, [...kept, `RATES_PROVIDER_URL=${fake}/e2e/v6/latest/USD`, `RATES_HISTORY_URL=${fake}/e2e-history/v1`, ""].join("\n"));
}
