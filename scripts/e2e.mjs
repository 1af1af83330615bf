// npm run test:e2e: build, then drive the build with Debian's chromium, JavaScript on and off.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { bin, ensureDevVars, run } from "./lib.mjs";

ensureChromium();
ensureDevVars(); // before the build, which copies it for vite preview
if (!process.argv.includes("--no-build")) run(bin("react-router"), ["build"], { quiet: true });
const persist = mkdtempSync(join(tmpdir(), "e2e-db-"));
const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
try {
  run(bin("playwright"), ["test", ...extra], { env: { PERSIST_TO: persist } });
} finally {
  rmSync(persist, { recursive: true, force: true });
}
