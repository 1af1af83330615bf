// The server the browser tests drive: the production build in workerd, on a fresh database.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { ensureDevVars, migrateLocal, root, serveBuild } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

ensureDevVars();
migrateLocal();
await seedLocal();
// Only under Playwright, which starts the fake provider; the bench never refreshes rates.
if (process.env.E2E_RATES_PORT) pointRatesAtFake();
// Likewise the mail (issue 25): the journeys read what the fake mail API captured.
if (process.env.E2E_MAIL_PORT) pointMailAtFake();
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

/**
 * Mail goes to the fake mail API Playwright starts (tests/fakes/serve-mail-api.ts), on its "e2e"
 * channel, and its links to this server: tests/e2e/password-reset.spec.ts reads the message there.
 */
function pointMailAtFake() {
  const file = `${root}build/server/.dev.vars`;
  const vars = {
    MAIL_API_URL: `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/e2e`,
    MAIL_API_KEY: "re_e2e_key",
    MAIL_FROM: "Tallyworth <noreply@tallyworth.test>",
    APP_URL: `http://127.0.0.1:${process.env.PORT ?? "8788"}`,
  };
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = current.split("\n").filter((line) => line && !Object.keys(vars).some((name) => line.startsWith(`${name}=`)));
  writeFileSync(file, [...kept, ...Object.entries(vars).map(([name, value]) => `${name}=${value}`), ""].join("\n"));
}
