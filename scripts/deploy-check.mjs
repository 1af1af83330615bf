// npm run deploy:check: build, then `wrangler deploy --dry-run` on the build's config, and refuse a
// Worker that Cloudflare would refuse (decision 028). The dry run makes the upload's modules
// without an account or the network; wrangler does not check their size (the API does, on a real
// deploy), so this measures them as wrangler reports them: the modules one after another, gzipped.
// `npm test` runs it on the build the browser journeys use (--no-build), `npm run deploy` before
// uploading.
import { gzipSync } from "node:zlib";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bin, ensureDevVars, root, run } from "./lib.mjs";

const MiB = 1024 * 1024;

/** What Cloudflare accepts for a Worker's modules on the free plan: 3 MiB gzip, 64 MiB as is. */
export const WORKER_LIMITS = { gzipBytes: 3 * MiB, bytes: 64 * MiB };

/** The secrets the Worker reads (app/env.server.ts, app/platform/mail): set with `wrangler secret put`, never in `vars`. */
export const SECRET_NAMES = ["JWT_SECRET", "TURSO_DATABASE_URL", "TURSO_AUTH_TOKEN", "MAIL_API_KEY"];

/** No telemetry, no update check, no Cloudflare lookups: the dry run stays offline. */
export const OFFLINE_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };

/**
 * The modules a dry run wrote to `dir` (the main module first, as wrangler uploads them; not the
 * README.md wrangler adds, nor source maps), their size and their gzip size taken together.
 */
export function measureWorker(dir, main = "index.js") {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length).replace(/^\/+/, ""))
    .filter((file) => file !== "README.md" && !file.endsWith(".map"))
    .sort((a, b) => (a === main ? -1 : b === main ? 1 : a.localeCompare(b)));
  const all = Buffer.concat(files.map((file) => readFileSync(join(dir, file))));
  return { files, bytes: all.byteLength, gzipBytes: gzipSync(all).byteLength };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Whether a Worker of these sizes deploys, and one line that says so with its sizes. */
export function sizeVerdict({ bytes, gzipBytes }, limits = WORKER_LIMITS) {
  const percent = ((gzipBytes / limits.gzipBytes) * 100).toFixed(1);
  const line = `Worker: ${kib(bytes)}, gzip ${kib(gzipBytes)} of the ${kib(limits.gzipBytes)} Cloudflare accepts (${percent} %)`;
  if (gzipBytes > limits.gzipBytes) return { ok: false, message: `${line}: too large to deploy` };
  if (bytes > limits.bytes) return { ok: false, message: `${line}, but ${kib(bytes)} uncompressed is over ${kib(limits.bytes)}: too large to deploy` };
  return { ok: true, message: line };
}

/** The names in a deploy config's `vars` that are secrets (they would be uploaded in plain text). */
export function secretsInVars(config) {
  return Object.keys(config.vars ?? {}).filter((name) => SECRET_NAMES.includes(name));
}

/** The dry run on a wrangler config, then the checks; throws with the reason when it would not deploy. */
export function checkDeploy(configPath) {
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  const secrets = secretsInVars(config);
  if (secrets.length) throw new Error(`${configPath}: ${secrets.join(", ")} belong in secrets (wrangler secret put), not in vars`);
  const outdir = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
  try {
    run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "--config", configPath], { quiet: true, env: OFFLINE_ENV });
    const verdict = sizeVerdict(measureWorker(outdir, config.main));
    if (!verdict.ok) throw new Error(verdict.message);
    return verdict.message;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!process.argv.includes("--no-build")) {
    ensureDevVars(); // before the build, which copies it for `wrangler dev` on the build
    run(bin("react-router"), ["build"], { quiet: true });
  }
  try {
    console.log(`wrangler deploy --dry-run: ${checkDeploy(`${root}build/server/wrangler.json`)}`);
  } catch (error) {
    console.error(`wrangler deploy --dry-run: ${error.message}`);
    process.exit(1);
  }
}
