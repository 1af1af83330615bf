import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);
const ratesPort = Number(process.env.E2E_RATES_PORT ?? 8799);
// The fake mail API's port: its own, else beside the rates fake's (each run's pair stays apart).
const mailPort = Number(process.env.E2E_MAIL_PORT ?? ratesPort + 100);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    // The fake exchange-rate provider on loopback; e2e-server.mjs points the Worker at it.
    {
      command: "node tests/fakes/serve-rate-provider.ts",
      url: `http://127.0.0.1:${ratesPort}/health`,
      env: { E2E_RATES_PORT: String(ratesPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    // The fake mail API on loopback (issue 25); e2e-server.mjs points MAIL_API_URL at its "e2e" channel.
    {
      command: "node tests/fakes/serve-mail-api.ts",
      url: `http://127.0.0.1:${mailPort}/health`,
      env: { E2E_MAIL_PORT: String(mailPort) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${port}/auth/login`,
      env: { PORT: String(port), E2E_RATES_PORT: String(ratesPort), E2E_MAIL_PORT: String(mailPort) },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
