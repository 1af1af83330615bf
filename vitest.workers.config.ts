import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [
    reactRouter(),
    cloudflareTest(async () => ({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.jsonc" },
      miniflare: {
        bindings: {
          JWT_SECRET: "test-secret-test-secret-test-secret-0123",
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
        },
      },
    })),
  ],
  test: {
    name: "workers",
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup/apply-migrations.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
