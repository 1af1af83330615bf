// Browser tests use Debian's chromium, never a downloaded browser. Install it when missing and we may.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`);
  }
  console.log("Installing Debian's chromium for the browser tests…");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`chromium installed but ${CHROMIUM} is missing`);
}
