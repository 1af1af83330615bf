import { defineConfig } from "vitest/config";

// Two projects (ARCHITECTURE.md 8): pure code and libSQL driver tests in Node, and
// integration tests inside workerd through the real Worker with a migrated D1.
export default defineConfig({
  test: { projects: ["./vitest.node.config.ts", "./vitest.workers.config.ts"] },
});
