// npm start: serve the production build (npm run build) in workerd on the same embedded database as dev.
import { existsSync } from "node:fs";
import { ensureDevVars, migrateLocal, passEnvToWorker, root, serveBuild } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

if (!existsSync(`${root}build/server/index.js`)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
ensureDevVars();
migrateLocal();
// Idempotent: a fresh clone gets the demo accounts, an existing database keeps its data.
await seedLocal();
const port = process.env.PORT ?? "8787";
const host = process.env.HOST ?? "127.0.0.1";
// Mail and rates settings given in the environment reach the Worker, through the build's own
// .dev.vars, the one `wrangler dev` reads beside build/server/wrangler.json (README, "Mail").
passEnvToWorker(`${root}build/server/.dev.vars`, { appUrl: `http://${host.includes(":") ? `[${host}]` : host}:${port}` });
serveBuild({ port, host });
