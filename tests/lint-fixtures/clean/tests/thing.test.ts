import { test } from "vitest";
test("runs with the rest", () => {});
