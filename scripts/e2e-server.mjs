// The server the browser tests drive: the production build in workerd, on a fresh database.
import { bin, ensureDevVars, migrateLocal, run } from "./lib.mjs";
import { seedLocal } from "./seed.mjs";

ensureDevVars();
migrateLocal();
await seedLocal();
run(bin("vite"), ["preview", "--port", process.env.PORT ?? "8788", "--strictPort", "--host", "127.0.0.1"], {
  env: { CLOUDFLARE_CF_FETCH_ENABLED: "false" },
});
