import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { messageChunks } from "./scripts/vite-message-chunks.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [
    reactRouter(),
    messageChunks(),
    cloudflareTest(async ({ inject }) => ({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.jsonc" },
      miniflare: {
        bindings: {
          JWT_SECRET: "test-secret-test-secret-test-secret-0123",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          // The fake provider of tests/setup/global-setup.ts, on its "worker" channel; never the internet.
          RATES_PROVIDER_URL: `${inject("ratesProviderUrl")}/worker/v6/latest/USD`,
          RATES_PROVIDER_TIMEOUT_MS: "1000",
        },
      },
    })),
  ],
  test: {
    name: "workers",
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/apply-migrations.ts", "tests/setup/console-errors.ts"],
    // One workerd for every file, one after another: a workerd per file (the default) loaded the
    // whole Worker again for each of them, most of this project's time. Each file still starts
    // from a freshly migrated database (tests/setup/apply-migrations.ts).
    isolate: false,
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
