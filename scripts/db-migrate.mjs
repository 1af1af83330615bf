// Applies migrations/ to the embedded local database (.wrangler/state), or with --remote to the deployed D1.
import { bin, migrateLocal, run } from "./lib.mjs";

if (process.argv.includes("--remote")) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote"]);
} else {
  migrateLocal();
}
