import { expect, test } from "vitest";
import { withPassedVars } from "./dev-vars.mjs";

// npm run dev / npm start hand the mail and rates settings of their environment to the local
// Worker through .dev.vars (decision 034).

const SECRET = "JWT_SECRET=abc";

test("the mail and rates variables set in the environment reach the file; nothing else from it", () => {
  const env = {
    MAIL_API_URL: "http://127.0.0.1:4000/dev",
    MAIL_API_KEY: "re_123",
    MAIL_FROM: "Tallyworth <noreply@tally.example>",
    APP_URL: "http://localhost:5173",
    RATES_PROVIDER_URL: "http://127.0.0.1:4001/v6/latest/USD",
    HOME: "/root",
    PATH: "/usr/bin",
  };
  const text = withPassedVars(`${SECRET}\n`, env, { appUrl: "http://localhost:8787" });
  expect(text.split("\n").filter((l) => l && !l.startsWith("#"))).toEqual([
    SECRET,
    "MAIL_API_URL=http://127.0.0.1:4000/dev",
    "MAIL_API_KEY=re_123",
    'MAIL_FROM="Tallyworth <noreply@tally.example>"',
    "APP_URL=http://localhost:5173",
    "RATES_PROVIDER_URL=http://127.0.0.1:4001/v6/latest/USD",
    "MAIL_CONSOLE=1",
  ]);
});

test("without APP_URL anywhere the local server's own address is used, and mail is printed, so its link opens the local app", () => {
  const text = withPassedVars(`${SECRET}\n`, {}, { appUrl: "http://localhost:8787" });
  expect(text).toContain("\nAPP_URL=http://localhost:8787\n");
  expect(text).toContain("\nMAIL_CONSOLE=1\n");
  // One written by hand is kept, and not doubled.
  const handWritten = withPassedVars(`${SECRET}\nAPP_URL=https://mine.example\n`, {}, { appUrl: "http://localhost:8787" });
  expect(handWritten.match(/APP_URL=/g)).toHaveLength(1);
  expect(handWritten).toContain("APP_URL=https://mine.example");
});

test("each run rewrites the block: a variable unset since drops out, hand-written lines stay, the environment wins", () => {
  const first = withPassedVars(`${SECRET}\nMAIL_FROM=hand@tally.example\nOTHER=1\n`, { MAIL_FROM: "env@tally.example", MAIL_API_KEY: "re_1" }, { appUrl: "http://localhost:8787" });
  expect(first.match(/MAIL_FROM=/g)).toHaveLength(1);
  expect(first).toContain("MAIL_FROM=env@tally.example");
  const second = withPassedVars(first, {}, { appUrl: "http://localhost:9000" });
  expect(second).not.toContain("MAIL_API_KEY");
  expect(second).not.toContain("MAIL_FROM");
  expect(second).toContain("OTHER=1");
  expect(second).toContain(SECRET);
  expect(second.match(/APP_URL=/g)).toEqual(["APP_URL="]);
  expect(second).toContain("APP_URL=http://localhost:9000");
  // Idempotent.
  expect(withPassedVars(second, {}, { appUrl: "http://localhost:9000" })).toBe(second);
});

test("the history provider's address set in the environment reaches the file too (decision 037)", () => {
  const text = withPassedVars(`${SECRET}\n`, { RATES_HISTORY_URL: "http://127.0.0.1:4001/dev/v1" }, { appUrl: "http://localhost:8787" });
  expect(text).toContain("\nRATES_HISTORY_URL=http://127.0.0.1:4001/dev/v1\n");
});
