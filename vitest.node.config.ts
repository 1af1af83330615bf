import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "node",
    environment: "node",
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
  },
});
