import { defineConfig } from "vitest/config";

// Three projects (ARCHITECTURE.md 8): pure code and libSQL driver tests in Node, and
// integration tests inside workerd through the real Worker with a migrated D1, and again with
// the Worker on libSQL over HTTP (vitest.libsql.config.ts, decision 027).
export default defineConfig({
  test: { projects: ["./vitest.node.config.ts", "./vitest.workers.config.ts", "./vitest.libsql.config.ts"] },
});
