// The fake mail API (mail-api.ts) as a process of its own, for the browser tests: Playwright
// starts it beside the preview server (playwright.config.ts), scripts/e2e-server.mjs points the
// Worker's MAIL_API_URL at its "e2e" channel, and a journey reads the captured message
// (GET /__control/e2e) to follow its link, as a user follows it from the inbox.
// Run with the project's Node (24 strips the types): node tests/fakes/serve-mail-api.ts
import { startFakeMailApi } from "./mail-api.ts";

const port = Number(process.env.E2E_MAIL_PORT ?? 8899);
const api = await startFakeMailApi({ port });
process.stdout.write(`fake mail API listening on ${api.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void api.close().then(() => process.exit(0)));
}
