import { defineConfig } from "vitest/config";

// Two projects (ARCHITECTURE.md 8): pure code and libSQL driver tests in Node, and
// integration tests inside workerd through the real Worker with a migrated D1
// (its own config file, because the React Router plugin needs one).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "node",
          environment: "node",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      "./vitest.workers.config.ts",
    ],
  },
});
