import { expect, test } from "vitest";
import { parseEnv, ratesRefreshOptions } from "~/env.server";

const base = { JWT_SECRET: "x".repeat(32), RATES_PROVIDER_URL: "https://rates.example/latest", DB: {} } as unknown as Env;

test("the refresh asks the configured provider with the configured timeout, read as a number from the variable's text", () => {
  const env = parseEnv({ ...base, RATES_PROVIDER_TIMEOUT_MS: "2500" } as unknown as Env);
  expect(ratesRefreshOptions(env)).toEqual({ url: "https://rates.example/latest", timeoutMs: 2500 });
});

test("without a timeout variable the refresh keeps the provider's default (no timeout is passed)", () => {
  expect(ratesRefreshOptions(parseEnv(base))).toEqual({ url: "https://rates.example/latest" });
});

test("a timeout outside 100 ms to 60 s is refused at start-up, naming the variable", () => {
  expect(() => parseEnv({ ...base, RATES_PROVIDER_TIMEOUT_MS: "5" } as unknown as Env)).toThrow(/RATES_PROVIDER_TIMEOUT_MS/);
});
