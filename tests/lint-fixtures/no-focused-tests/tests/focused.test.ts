import { test } from "vitest";
test.only("runs alone", () => {});
