import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { checkDeploy, measureWorker, secretsInVars, sizeVerdict, WORKER_LIMITS } from "./deploy-check.mjs";

// The deploy check (decision 028) refuses a Worker Cloudflare would refuse: over 3 MiB gzip on the
// free plan (or 64 MiB as is), or a secret among the config's plain-text vars.

const MiB = 1024 * 1024;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "deploy-check-test-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("a Worker of exactly 3 MiB gzip deploys and one byte more does not", () => {
  expect(WORKER_LIMITS.gzipBytes).toBe(3 * MiB);
  const atLimit = sizeVerdict({ bytes: 10 * MiB, gzipBytes: 3 * MiB });
  expect(atLimit).toEqual({ ok: true, message: "Worker: 10240.0 KiB, gzip 3072.0 KiB of the 3072.0 KiB Cloudflare accepts (100.0 %)" });
  const over = sizeVerdict({ bytes: 10 * MiB, gzipBytes: 3 * MiB + 1 });
  expect(over.ok).toBe(false);
  expect(over.message).toMatch(/gzip 3072\.0 KiB .*: too large to deploy$/);
});

test("a Worker under 3 MiB gzip but over 64 MiB as it is does not deploy", () => {
  expect(sizeVerdict({ bytes: 64 * MiB, gzipBytes: MiB }).ok).toBe(true);
  const verdict = sizeVerdict({ bytes: 64 * MiB + 1, gzipBytes: MiB });
  expect(verdict.ok).toBe(false);
  expect(verdict.message).toContain("65536.0 KiB uncompressed is over 65536.0 KiB: too large to deploy");
});

test("the measure takes the dry run's modules together, the main one first, without its README or source maps", () => {
  const dir = tempDir();
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.js"), "import './assets/a.js';\n");
  writeFileSync(join(dir, "assets", "a.js"), "export const a = 1;\n");
  writeFileSync(join(dir, "assets", "a.js.map"), "x".repeat(10_000));
  writeFileSync(join(dir, "README.md"), "This folder contains the built output assets for the worker");
  const size = measureWorker(dir);
  expect(size.files).toEqual(["index.js", "assets/a.js"]);
  const modules = Buffer.from("import './assets/a.js';\nexport const a = 1;\n");
  expect(size).toEqual({ files: size.files, bytes: modules.byteLength, gzipBytes: gzipSync(modules).byteLength });
});

/** A Worker in a folder of its own, as the build lays one out, with a module of `filler` bytes that do not compress. */
function workerWithFiller(filler: number, vars: Record<string, string> = {}) {
  const dir = tempDir();
  const config = { name: "deploy-check-test", main: "index.js", compatibility_date: "2026-08-15", no_bundle: true, rules: [{ type: "ESModule", globs: ["**/*.js"] }], vars };
  writeFileSync(join(dir, "wrangler.json"), JSON.stringify(config));
  writeFileSync(join(dir, "index.js"), 'import filler from "./filler.js";\nexport default { fetch: () => new Response(String(filler.length)) };\n');
  writeFileSync(join(dir, "filler.js"), `export default ${JSON.stringify(randomBytes(filler).toString("base64"))};\n`);
  return join(dir, "wrangler.json");
}

test("the wrangler dry run of a Worker over 3 MiB gzip fails the check, and a small one passes with its size", { timeout: 60_000 }, () => {
  expect(() => checkDeploy(workerWithFiller(3.3 * MiB))).toThrow(/gzip 3[0-9]{3}\.[0-9] KiB of the 3072\.0 KiB Cloudflare accepts \(1[01][0-9]\.[0-9] %\): too large to deploy/);
  expect(checkDeploy(workerWithFiller(1024))).toMatch(/^Worker: [0-9.]+ KiB, gzip [0-9.]+ KiB of the 3072\.0 KiB Cloudflare accepts \(0\.[0-9] %\)$/);
});

test("a secret among the config's vars fails the check before any dry run", () => {
  expect(secretsInVars({ vars: { RATES_PROVIDER_URL: "https://example.com", JWT_SECRET: "x", TURSO_AUTH_TOKEN: "y" } })).toEqual(["JWT_SECRET", "TURSO_AUTH_TOKEN"]);
  // The mail API's key is a secret too (decision 034); MAIL_FROM and APP_URL are plain settings.
  expect(secretsInVars({ vars: { MAIL_API_KEY: "re_x", MAIL_FROM: "noreply@example.com", APP_URL: "https://example.com" } })).toEqual(["MAIL_API_KEY"]);
  expect(() => checkDeploy(workerWithFiller(16, { JWT_SECRET: "a".repeat(32) }))).toThrow("JWT_SECRET belong in secrets (wrangler secret put), not in vars");
});
