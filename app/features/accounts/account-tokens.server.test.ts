import { beforeAll, expect, test } from "vitest";
import { createLibsqlTestDb } from "../../../tests/setup/libsql-db";
import type { Db } from "~/platform/db/client.server";
import { users } from "~/platform/db/schema";
import { consumeAccountTokenQuery, issueAccountTokenQueries } from "./commands.server";
import { ACCOUNT_TOKEN_TTL_MS, accountTokenState } from "./model";
import { readAccountToken } from "./queries.server";

// The rules of mailed links (issue 25) on real libSQL: expiry to the millisecond, one use, a newer
// link replacing the older, and a link of one purpose worthless for another.

let db: Db;
const userId = "user-token";
const t0 = new Date("2026-11-27T10:00:00.000Z");

async function issue(purpose: keyof typeof ACCOUNT_TOKEN_TTL_MS, now = t0) {
  const issued = issueAccountTokenQueries(db, { userId, purpose, email: "token@example.com", now });
  await db.batch(issued.queries);
  return issued;
}

beforeAll(async () => {
  db = await createLibsqlTestDb();
  await db.insert(users).values({ id: userId, email: "token@example.com", firstName: "T", lastName: "K", passwordHash: "x" });
});

test("a token carries 32 random bytes and only its hash is stored", async () => {
  const { token } = await issue("password_reset");
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const rows = await db.query.accountTokens.findMany();
  expect(rows.map((row) => row.id)).not.toContain(token);
});

test("a reset link is valid until one millisecond before its hour is up, and expired at the hour", async () => {
  const { token, expiresAt } = await issue("password_reset");
  expect(expiresAt.getTime() - t0.getTime()).toBe(60 * 60 * 1000);
  const read = (now: Date) => readAccountToken(db, { token, purpose: "password_reset", now });
  expect((await read(new Date(expiresAt.getTime() - 1))).state).toBe("valid");
  expect((await read(expiresAt)).state).toBe("expired");
  const before = await read(t0);
  if (before.state !== "valid") throw new Error(before.state);
  expect(await consumeAccountTokenQuery(db, { tokenId: before.token.id, purpose: "password_reset", now: expiresAt })).toEqual([]);
});

test("a token is used once: of two uses racing, exactly one gets the row, and it then reads as used", async () => {
  const { token } = await issue("password_reset");
  const read = await readAccountToken(db, { token, purpose: "password_reset", now: t0 });
  if (read.state !== "valid") throw new Error(read.state);
  const uses = await Promise.all([0, 1].map(() => consumeAccountTokenQuery(db, { tokenId: read.token.id, purpose: "password_reset", now: t0 })));
  expect(uses.flat()).toEqual([{ userId, email: "token@example.com" }]);
  expect((await readAccountToken(db, { token, purpose: "password_reset", now: t0 })).state).toBe("used");
});

test("a newer request makes the older link unknown; other purposes keep theirs", async () => {
  const verification = await issue("email_verification");
  const older = await issue("password_reset");
  const newer = await issue("password_reset", new Date(t0.getTime() + 1000));
  expect((await readAccountToken(db, { token: older.token, purpose: "password_reset", now: t0 })).state).toBe("unknown");
  expect((await readAccountToken(db, { token: newer.token, purpose: "password_reset", now: t0 })).state).toBe("valid");
  expect((await readAccountToken(db, { token: verification.token, purpose: "email_verification", now: t0 })).state).toBe("valid");
});

test("a link of one purpose is unknown for another, and a made-up one is unknown", async () => {
  const { token } = await issue("email_verification");
  expect((await readAccountToken(db, { token, purpose: "password_reset", now: t0 })).state).toBe("unknown");
  expect((await readAccountToken(db, { token: "A".repeat(43), purpose: "email_verification", now: t0 })).state).toBe("unknown");
  expect(accountTokenState(null, t0)).toBe("unknown");
});

test("verification and email-change links last 7 days", async () => {
  for (const purpose of ["email_verification", "email_change"] as const) {
    const { expiresAt } = await issue(purpose);
    expect(expiresAt.getTime() - t0.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  }
});
