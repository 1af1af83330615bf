import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a bug (CONVENTIONS.md "Tests"): the Worker runs in this
// isolate, so what a route logs while a test drives it lands here. Unlike the Node
// project's setup, calls are recorded rather than thrown, so the request under test
// still answers the way it would in production, and the test fails afterwards.
const allowed: RegExp[] = [];
let logged: string[] = [];
let spy: { mockRestore(): void } | undefined;

/** The running test provokes a server failure on purpose (a table renamed away, a failing trigger): lines matching `pattern` are expected. */
export function allowConsoleError(pattern: RegExp) {
  allowed.push(pattern);
}

beforeEach(() => {
  allowed.length = 0;
  logged = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
  });
});

afterEach(() => {
  spy?.mockRestore();
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  if (unexpected.length) throw new Error(`console.error was called:\n${unexpected.join("\n")}`);
});
