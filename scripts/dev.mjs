// npm run dev: migrate and seed the embedded database, then start React Router's dev server in workerd.
import { bin, ensureDevVars, migrateLocal, run } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

ensureDevVars();
migrateLocal();
await seedLocal();
const port = process.env.PORT ?? "8787";
run(bin("react-router"), ["dev", "--port", port, "--strictPort"], { env: { CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
