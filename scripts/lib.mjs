// Helpers shared by the npm scripts: local secrets, migrations, and running binaries from node_modules.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { withPassedVars } from "./dev-vars.mjs";

export const root = new URL("..", import.meta.url).pathname;

/** Local secrets live in .dev.vars (git-ignored); a fresh clone gets a random JWT secret. */
export function ensureDevVars() {
  const file = `${root}.dev.vars`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (!/^JWT_SECRET=/m.test(current)) {
    writeFileSync(file, `${current}${current && !current.endsWith("\n") ? "\n" : ""}JWT_SECRET=${randomBytes(32).toString("hex")}\n`);
  }
}

/**
 * MAIL_API_URL, MAIL_API_KEY, MAIL_FROM, APP_URL, RATES_PROVIDER_URL and RATES_HISTORY_URL from the scripts'
 * environment reach the local Worker through `file` (a .dev.vars), in a block rewritten on each
 * run (scripts/dev-vars.mjs); APP_URL defaults to the local server's own address.
 */
export function passEnvToWorker(file, { appUrl }) {
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const next = withPassedVars(current, process.env, { appUrl });
  if (next !== current) writeFileSync(file, next);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: options.quiet ? ["inherit", "pipe", "pipe"] : "inherit",
    cwd: root,
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}

export const bin = (name) => `${root}node_modules/.bin/${name}`;

/** PERSIST_TO points the embedded database somewhere else (the browser tests use a throwaway one). */
export const persistArgs = () => (process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : []);

/**
 * Serves the production build (npm run build) with `wrangler dev` on the build's own wrangler.json,
 * so every answer is the Worker's: no Node proxy in front (vite preview's could answer 500 with a
 * Node stack trace, and let any localhost origin through CORS). The database is the one
 * `migrateLocal()` migrated: wrangler would otherwise keep its state beside build/server.
 * Secrets come from build/server/.dev.vars, which the build copies from .dev.vars.
 */
export function serveBuild({ port, host }) {
  run(
    bin("wrangler"),
    [
      "dev",
      "--config",
      `${root}build/server/wrangler.json`,
      "--port",
      String(port),
      "--ip",
      host,
      "--persist-to",
      process.env.PERSIST_TO ?? `${root}.wrangler/state`,
      "--show-interactive-dev-session=false",
      "--live-reload=false",
      // GET /cdn-cgi/handler/scheduled?cron=… runs a cron's job by hand (README), as the dev server allows.
      "--test-scheduled",
    ],
    // No telemetry, and no banner: printing it asks the npm registry for a newer wrangler.
    { env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" } },
  );
}

export function migrateLocal() {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs()], {
    env: { CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    quiet: true,
  });
}
