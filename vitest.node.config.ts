import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "node",
    environment: "node",
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "workers/**/*.test.ts", "tests/fakes/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // The files share one worker and its loaded modules (no file mocks a module or stubs a global),
    // which halves this project's time; each driver test still makes its own database.
    isolate: false,
  },
});
