// npm run build: the production build. The Cloudflare Vite plugin copies .dev.vars into
// the build for `npm start` (`wrangler dev` on the build), so the local secret must exist before building;
// `wrangler deploy` never uploads it (production secrets are set with `wrangler secret put`).
import { bin, ensureDevVars, run } from "./lib.mjs";

ensureDevVars();
run(bin("react-router"), ["build"]);
