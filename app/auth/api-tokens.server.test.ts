import { createClient } from "@libsql/client";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, onTestFinished, test } from "vitest";
import type { Db } from "~/platform/db/client.server";
import * as schema from "~/platform/db/schema";
import {
  API_TOKEN_POLICY,
  authenticateAccessToken,
  issueApiTokens,
  logoutApiFamily,
  refreshApiTokens,
  signAccessToken,
  verifyAccessToken,
} from "./api-tokens.server";

const SECRET = "unit-test-secret-unit-test-secret-0123";
const T0 = Date.UTC(2026, 0, 1);
const DAY = 24 * 60 * 60 * 1000;
const subject = { id: "user-1", role: "user", sid: "family-1" };

const b64url = (value: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));

// ---- access tokens (pure) ----

test("a signed access token verifies and carries id, role, sid, iat and exp in seconds, 15 minutes apart", () => {
  const { token, claims } = signAccessToken(SECRET, subject, T0);
  expect(claims).toEqual({ ...subject, iat: T0 / 1000, exp: T0 / 1000 + 15 * 60 });
  expect(verifyAccessToken(SECRET, token, T0)).toEqual(claims);
  const [header] = token.split(".");
  expect(JSON.parse(atob(header!))).toEqual({ alg: "HS256", typ: "JWT" });
});

test("an access token is refused from the second it expires", () => {
  const { token } = signAccessToken(SECRET, subject, T0);
  const life = API_TOKEN_POLICY.accessLifetimeSeconds * 1000;
  expect(verifyAccessToken(SECRET, token, T0 + life - 1)).not.toBeNull();
  expect(verifyAccessToken(SECRET, token, T0 + life)).toBeNull();
});

test("a token signed with another secret is refused", () => {
  const { token } = signAccessToken("another-secret-another-secret-0123456", subject, T0);
  expect(verifyAccessToken(SECRET, token, T0)).toBeNull();
});

test("a tampered signature or payload is refused", () => {
  const { token } = signAccessToken(SECRET, subject, T0);
  const [h, p, s] = token.split(".") as [string, string, string];
  const flipped = s.slice(0, -2) + (s.at(-2) === "A" ? "B" : "A") + s.at(-1);
  expect(verifyAccessToken(SECRET, `${h}.${p}.${flipped}`, T0)).toBeNull();
  expect(verifyAccessToken(SECRET, `${h}.${p}.`, T0)).toBeNull();
  const promoted = b64url({ ...subject, role: "superadmin", iat: T0 / 1000, exp: T0 / 1000 + 900 });
  expect(verifyAccessToken(SECRET, `${h}.${promoted}.${s}`, T0)).toBeNull();
});

test("each part must be canonical base64url: no padding, no other alphabet, no stray bits", () => {
  const { token } = signAccessToken(SECRET, subject, T0);
  const [h, p, s] = token.split(".") as [string, string, string];
  // A 32-byte HMAC is 43 characters whose last one carries 2 unused bits: setting one decodes to the same bytes.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const strayBits = s.slice(0, -1) + alphabet[alphabet.indexOf(s.at(-1)!) ^ 1];
  const variants = [
    `${h}.${p}.${s}=`,
    `${h}.${p}.${s}==`,
    `${h}=.${p}.${s}`,
    `${h}.${p}=.${s}`,
    `${h}.${p}.${strayBits}`,
    `${h}.${p}.${s.replace(/-/g, "+").replace(/_/g, "/")}${/[-_]/.test(s) ? "" : "+"}`,
    ` ${h}.${p}.${s}`,
  ];
  for (const variant of variants) expect(verifyAccessToken(SECRET, variant, T0), variant).toBeNull();
  expect(verifyAccessToken(SECRET, token, T0)).not.toBeNull();
});

test('alg "none" and algorithms other than HS256 are refused, even with a valid HS256 signature', () => {
  const { token } = signAccessToken(SECRET, subject, T0);
  const [, p, s] = token.split(".") as [string, string, string];
  for (const header of [{ alg: "none", typ: "JWT" }, { alg: "none" }, { alg: "HS512", typ: "JWT" }, { alg: "RS256" }, {}]) {
    expect(verifyAccessToken(SECRET, `${b64url(header)}.${p}.`, T0)).toBeNull();
    expect(verifyAccessToken(SECRET, `${b64url(header)}.${p}.${s}`, T0)).toBeNull();
  }
});

test("a header demanding an extension (crit) or of another type is refused", () => {
  const { token } = signAccessToken(SECRET, subject, T0);
  const [, p, s] = token.split(".") as [string, string, string];
  expect(verifyAccessToken(SECRET, `${b64url({ alg: "HS256", typ: "JWT", crit: ["x"] })}.${p}.${s}`, T0)).toBeNull();
  expect(verifyAccessToken(SECRET, `${b64url({ alg: "HS256", typ: "at+jwt" })}.${p}.${s}`, T0)).toBeNull();
});

test("garbage is refused without throwing", () => {
  for (const token of ["", "a.b", "a.b.c", "...", "x".repeat(500), "eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.abc"]) {
    expect(verifyAccessToken(SECRET, token, T0)).toBeNull();
  }
});

test("a correctly signed token without the claims we need is refused", async () => {
  const { hmac } = await import("@oslojs/crypto/hmac");
  const { SHA256 } = await import("@oslojs/crypto/sha2");
  const header = b64url({ alg: "HS256", typ: "JWT" });
  const payload = b64url({ id: "user-1", role: "user", exp: T0 / 1000 + 900, iat: T0 / 1000 }); // no sid
  const signature = hmac(SHA256, new TextEncoder().encode(SECRET), new TextEncoder().encode(`${header}.${payload}`));
  expect(verifyAccessToken(SECRET, `${header}.${payload}.${encodeBase64urlNoPadding(signature)}`, T0)).toBeNull();
});

// ---- token families (libSQL, with the clock under the test's control) ----

async function testDb(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), "api-tokens-"));
  const client = createClient({ url: `file:${join(dir, "test.db")}` });
  onTestFinished(() => client.close());
  for (const file of readdirSync("migrations").filter((f) => f.endsWith(".sql")).sort()) {
    for (const statement of readFileSync(join("migrations", file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await client.execute(statement);
    }
  }
  return drizzle(client, { schema }) as unknown as Db;
}

async function withUser() {
  const db = await testDb();
  const [user] = await db
    .insert(schema.users)
    .values({ email: "a@example.com", firstName: "A", lastName: "B", passwordHash: "unused" })
    .returning();
  return { db, user: user! };
}

test("issued tokens authenticate; the user comes from the database", async () => {
  const { db, user } = await withUser();
  const issued = await issueApiTokens(db, SECRET, user, T0);
  const auth = await authenticateAccessToken(db, SECRET, issued.accessToken, T0 + 1000);
  expect(auth?.familyId).toBe(issued.familyId);
  expect(auth?.user).toMatchObject({ id: user.id, email: "a@example.com", isActive: true });
  expect(auth?.user).not.toHaveProperty("passwordHash");
  const stored = await db.select().from(schema.apiRefreshTokens);
  expect(stored.map((r) => r.id)).not.toContain(issued.refreshToken);
});

test("refresh rotates within the family; presenting a spent token revokes the family", async () => {
  const { db, user } = await withUser();
  const issued = await issueApiTokens(db, SECRET, user, T0);
  const first = await refreshApiTokens(db, SECRET, issued.refreshToken, "ip", T0 + 1000);
  if (first.kind !== "ok") throw new Error(first.kind);
  expect(first.familyId).toBe(issued.familyId);
  expect(await authenticateAccessToken(db, SECRET, first.accessToken, T0 + 2000)).not.toBeNull();

  expect(await refreshApiTokens(db, SECRET, issued.refreshToken, "ip", T0 + 3000)).toEqual({
    kind: "reuse",
    familyId: issued.familyId,
  });
  const [family] = await db.select().from(schema.apiTokenFamilies).where(eq(schema.apiTokenFamilies.id, issued.familyId));
  expect(family?.revokedReason).toBe("reuse");
  expect((await refreshApiTokens(db, SECRET, first.refreshToken, "ip", T0 + 4000)).kind).toBe("invalid");
  expect(await authenticateAccessToken(db, SECRET, first.accessToken, T0 + 4000)).toBeNull();
});

test("a refresh token left unused for 30 days expires", async () => {
  const { db, user } = await withUser();
  const issued = await issueApiTokens(db, SECRET, user, T0);
  expect((await refreshApiTokens(db, SECRET, issued.refreshToken, "ip", T0 + 30 * DAY)).kind).toBe("invalid");
});

test("a family ends 90 days after login however often it is refreshed", async () => {
  const { db, user } = await withUser();
  const issued = await issueApiTokens(db, SECRET, user, T0);
  let refreshToken = issued.refreshToken;
  let now = T0;
  for (let i = 0; i < 4; i++) {
    now += 20 * DAY;
    const outcome = await refreshApiTokens(db, SECRET, refreshToken, "ip", now);
    if (outcome.kind !== "ok") throw new Error(`refresh ${i}: ${outcome.kind}`);
    refreshToken = outcome.refreshToken;
    if (i === 3) expect(await authenticateAccessToken(db, SECRET, outcome.accessToken, now)).not.toBeNull();
  }
  // day 80: the newest token's expiry is capped at day 90, not day 110
  const [newest] = await db.select().from(schema.apiRefreshTokens).where(eq(schema.apiRefreshTokens.familyId, issued.familyId)).orderBy(schema.apiRefreshTokens.expiresAt).limit(1).offset(4);
  expect(newest?.expiresAt.getTime()).toBe(T0 + 90 * DAY);
  expect((await refreshApiTokens(db, SECRET, refreshToken, "ip", T0 + 90 * DAY)).kind).toBe("invalid");
  const late = signAccessToken(SECRET, { id: user.id, role: "user", sid: issued.familyId }, T0 + 90 * DAY);
  expect(await authenticateAccessToken(db, SECRET, late.token, T0 + 90 * DAY)).toBeNull();
});

test("logout, deactivation and a token naming another user's family all fail authentication", async () => {
  const { db, user } = await withUser();
  const a = await issueApiTokens(db, SECRET, user, T0);
  const b = await issueApiTokens(db, SECRET, user, T0);
  await logoutApiFamily(db, user.id, a.familyId, null, T0 + 1);
  expect(await authenticateAccessToken(db, SECRET, a.accessToken, T0 + 2)).toBeNull();
  expect((await refreshApiTokens(db, SECRET, a.refreshToken, "ip", T0 + 2)).kind).toBe("invalid");
  expect(await authenticateAccessToken(db, SECRET, b.accessToken, T0 + 2)).not.toBeNull();

  const stranger = signAccessToken(SECRET, { id: "someone-else", role: "superadmin", sid: b.familyId }, T0);
  expect(await authenticateAccessToken(db, SECRET, stranger.token, T0 + 2)).toBeNull();

  await db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
  expect(await authenticateAccessToken(db, SECRET, b.accessToken, T0 + 3)).toBeNull();
  expect((await refreshApiTokens(db, SECRET, b.refreshToken, "ip", T0 + 3)).kind).toBe("invalid");
});

test("refreshes are throttled per family", async () => {
  const { db, user } = await withUser();
  const issued = await issueApiTokens(db, SECRET, user, T0);
  let refreshToken = issued.refreshToken;
  for (let i = 0; i < 30; i++) {
    const outcome = await refreshApiTokens(db, SECRET, refreshToken, `ip-${i}`, T0);
    if (outcome.kind !== "ok") throw new Error(`refresh ${i}: ${outcome.kind}`);
    refreshToken = outcome.refreshToken;
  }
  const outcome = await refreshApiTokens(db, SECRET, refreshToken, "ip-x", T0);
  expect(outcome).toEqual({ kind: "throttled", retryAfterSeconds: 2 });
  // The refused attempt did not spend the token.
  expect((await refreshApiTokens(db, SECRET, refreshToken, "ip-y", T0 + 2000)).kind).toBe("ok");
});
