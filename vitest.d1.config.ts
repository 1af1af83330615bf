import { defineConfig } from "vitest/config";

// The Node and D1 projects alone, for `npm test` (scripts/test.mjs), which runs the libSQL project
// in a process of its own beside this one. Given only these two configs, this process starts one
// React Router route-types generator (the workers project's) instead of one per workerd project:
// each generator empties and rewrites .react-router/types as it starts, and two at once fail the
// run with ENOTEMPTY. vitest.config.ts keeps all three for a developer's `npx vitest`.
export default defineConfig({
  test: { projects: ["./vitest.node.config.ts", "./vitest.workers.config.ts"] },
});
