// npm run dev: migrate and seed the embedded database, then start React Router's dev server in workerd.
import { bin, ensureDevVars, migrateLocal, passEnvToWorker, root, run } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

ensureDevVars();
migrateLocal();
await seedLocal();
const port = process.env.PORT ?? "8787";
// Mail and rates settings given in the environment reach the Worker (README, "Mail").
passEnvToWorker(`${root}.dev.vars`, { appUrl: `http://localhost:${port}` });
run(bin("react-router"), ["dev", "--port", port, "--strictPort"], { env: { CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
