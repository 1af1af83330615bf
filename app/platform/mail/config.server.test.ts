import { expect, test } from "vitest";
import { appLink, DEFAULT_MAIL_TIMEOUT_MS, mailConfig } from "./config.server";

const binding = { send: async () => ({ messageId: "m1" }) } as unknown as SendEmail;
const complete = { MAIL_FROM: "Tallyworth <noreply@tally.example>", APP_URL: "https://tally.example" };
const local = { MAIL_CONSOLE: "1", APP_URL: "http://localhost:8787" };

test("the EMAIL binding is chosen first, then MAIL_API_URL, then the console where MAIL_CONSOLE allows it", () => {
  expect(mailConfig({ ...complete, EMAIL: binding, MAIL_API_URL: "https://mail.example", MAIL_API_KEY: "k" }).transport.kind).toBe("binding");
  expect(mailConfig({ ...complete, MAIL_API_URL: "https://mail.example/", MAIL_API_KEY: "k" }).transport).toEqual({ kind: "http", url: "https://mail.example", apiKey: "k" });
  expect(mailConfig({ ...complete, MAIL_CONSOLE: "1" })).toMatchObject({ transport: { kind: "console" }, missing: [] });
  expect(mailConfig({ ...complete, MAIL_CONSOLE: "true", EMAIL: binding }).transport.kind).toBe("binding");
  // An empty variable is an unset one.
  expect(mailConfig({ ...complete, MAIL_CONSOLE: "1", MAIL_API_URL: "  " }).transport.kind).toBe("console");
});

test("a complete configuration misses nothing and keeps APP_URL's origin only", () => {
  const config = mailConfig({ ...complete, APP_URL: "https://tally.example/some/path/", MAIL_API_URL: "https://mail.example", MAIL_API_KEY: "k" });
  expect(config.missing).toEqual([]);
  expect(config.appUrl).toBe("https://tally.example");
  expect(config.from).toBe("Tallyworth <noreply@tally.example>");
  expect(config.timeoutMs).toBe(DEFAULT_MAIL_TIMEOUT_MS);
});

test("what a real transport needs and lacks is named, without throwing", () => {
  expect(mailConfig({ EMAIL: binding }).missing).toEqual(["MAIL_FROM", "APP_URL"]);
  expect(mailConfig({ MAIL_API_URL: "https://mail.example", APP_URL: "https://tally.example" }).missing).toEqual(["MAIL_API_KEY", "MAIL_FROM"]);
  expect(mailConfig({ ...complete, MAIL_API_URL: "not a url", MAIL_API_KEY: "k" }).missing).toEqual(["MAIL_API_URL"]);
  expect(mailConfig({ ...complete, MAIL_FROM: "nobody", EMAIL: binding }).missing).toEqual(["MAIL_FROM"]);
  expect(mailConfig({ ...complete, MAIL_CONSOLE: "1", APP_URL: "javascript:alert(1)" }).missing).toEqual(["APP_URL"]);
  // The console needs no sender, but its links still need APP_URL.
  expect(mailConfig({ MAIL_CONSOLE: "1" }).missing).toEqual(["APP_URL"]);
  expect(mailConfig(local).missing).toEqual([]);
  // A deployment with no transport is not configured: it never prints messages (tokens) to its logs.
  expect(mailConfig({ ...complete }).missing).toEqual(["EMAIL or MAIL_API_URL"]);
  expect(mailConfig({ ...complete, MAIL_CONSOLE: "0" }).missing).toEqual(["EMAIL or MAIL_API_URL"]);
  expect(mailConfig({}).missing).toEqual(["EMAIL or MAIL_API_URL", "APP_URL"]);
});

test("MAIL_TIMEOUT_MS within bounds replaces the default; anything else keeps it", () => {
  expect(mailConfig({ MAIL_TIMEOUT_MS: "250" }).timeoutMs).toBe(250);
  expect(mailConfig({ MAIL_TIMEOUT_MS: "5" }).timeoutMs).toBe(DEFAULT_MAIL_TIMEOUT_MS);
  expect(mailConfig({ MAIL_TIMEOUT_MS: "soon" }).timeoutMs).toBe(DEFAULT_MAIL_TIMEOUT_MS);
});

test("appLink builds on APP_URL, never on anything else, and refuses what is not a path", () => {
  const config = mailConfig({ APP_URL: "https://tally.example/" });
  expect(appLink(config, "/auth/reset-password?token=abc")).toBe("https://tally.example/auth/reset-password?token=abc");
  expect(appLink(mailConfig({}), "/auth/reset-password?token=abc")).toBeNull();
  expect(() => appLink(config, "//evil.example/x")).toThrow();
  expect(() => appLink(config, "https://evil.example/x")).toThrow();
});
