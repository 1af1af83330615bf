import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { createJWTSignatureMessage, encodeJWT, joseAlgorithmHS256, parseJWT } from "@oslojs/jwt";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordActivityQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { apiRefreshTokens, apiTokenFamilies, users } from "~/platform/db/schema";
import { takeToken, throttleRules } from "./throttle.server";
import { generateSecretToken, hashToken, hmacSha256, isHmacSha256 } from "./tokens.server";
import { userColumns, type UserRecord } from "./user-record.server";

// ARCHITECTURE.md 5, API tokens. The access token is a short-lived HS256 JWT whose
// `sid` names its token family; every request also checks that family in the
// database, so logging out, changing the password or deactivating a user takes
// effect at once instead of after the 15 minutes.

const DAY = 24 * 60 * 60 * 1000;
export const API_TOKEN_POLICY = {
  accessLifetimeSeconds: 15 * 60,
  refreshIdleLifetime: 30 * DAY,
  familyAbsoluteLifetime: 90 * DAY,
} as const;

export type AccessTokenClaims = { id: string; role: string; sid: string; iat: number; exp: number };

const claimsSchema = z.object({
  id: z.string().min(1),
  role: z.string(),
  sid: z.string().min(1),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().nonnegative(),
});

const HEADER_JSON = JSON.stringify({ alg: joseAlgorithmHS256, typ: "JWT" });

export function signAccessToken(
  secret: string,
  subject: { id: string; role: string; sid: string },
  now = Date.now(),
): { token: string; claims: AccessTokenClaims } {
  const iat = Math.floor(now / 1000);
  const claims: AccessTokenClaims = {
    id: subject.id,
    role: subject.role,
    sid: subject.sid,
    iat,
    exp: iat + API_TOKEN_POLICY.accessLifetimeSeconds,
  };
  const payloadJSON = JSON.stringify(claims);
  const signature = hmacSha256(secret, createJWTSignatureMessage(HEADER_JSON, payloadJSON));
  return { token: encodeJWT(HEADER_JSON, payloadJSON, signature), claims };
}

/**
 * The claims of a token we signed that has not expired, else null. Only HS256 is
 * accepted: "none" and every other algorithm are refused before any signature work.
 */
export function verifyAccessToken(secret: string, token: string, now = Date.now()): AccessTokenClaims | null {
  if (!token.split(".").every(isCanonicalBase64url)) return null;
  let header: object;
  let payload: object;
  let signature: Uint8Array;
  let message: Uint8Array;
  try {
    [header, payload, signature, message] = parseJWT(token);
  } catch {
    return null;
  }
  if (!("alg" in header) || header.alg !== joseAlgorithmHS256) return null;
  if ("typ" in header && header.typ !== "JWT") return null;
  // We understand no extensions, so a token that demands one is refused (RFC 7515 4.1.11).
  if ("crit" in header) return null;
  if (!isHmacSha256(secret, message, signature)) return null;
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return null;
  if (now >= claims.data.exp * 1000) return null;
  return claims.data;
}

/**
 * parseJWT ignores padding and unused trailing bits, so `sig=` or a sibling last character would
 * verify as the same token; only the exact spelling we issue is accepted (RFC 7515 2: no padding).
 */
function isCanonicalBase64url(part: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return false;
  try {
    return encodeBase64urlNoPadding(decodeBase64urlIgnorePadding(part)) === part;
  } catch {
    return false;
  }
}

export type IssuedTokens = { accessToken: string; refreshToken: string; familyId: string };

/** A login through the API: a new token family with its first refresh token, and an access token for it. */
export async function issueApiTokens(
  db: Db,
  secret: string,
  user: { id: string; role: string },
  now = Date.now(),
): Promise<IssuedTokens> {
  const familyId = crypto.randomUUID();
  const refreshToken = generateSecretToken();
  const absoluteExpiresAt = now + API_TOKEN_POLICY.familyAbsoluteLifetime;
  await db.batch([
    db.insert(apiTokenFamilies).values({
      id: familyId,
      userId: user.id,
      absoluteExpiresAt: new Date(absoluteExpiresAt),
      createdAt: new Date(now),
    }),
    db.insert(apiRefreshTokens).values({
      id: hashToken(refreshToken),
      familyId,
      expiresAt: new Date(Math.min(now + API_TOKEN_POLICY.refreshIdleLifetime, absoluteExpiresAt)),
      createdAt: new Date(now),
    }),
  ]);
  const { token: accessToken } = signAccessToken(secret, { id: user.id, role: user.role, sid: familyId }, now);
  return { accessToken, refreshToken, familyId };
}

export function revokeFamilyQuery(db: Db, familyId: string, reason: string, now = Date.now()) {
  return db
    .update(apiTokenFamilies)
    .set({ revokedAt: new Date(now), revokedReason: reason })
    .where(and(eq(apiTokenFamilies.id, familyId), isNull(apiTokenFamilies.revokedAt)));
}

/** API logout: the family ends (so its access and refresh tokens stop working) and the activity log says so. */
export async function logoutApiFamily(db: Db, userId: string, familyId: string, ip: string | null, now = Date.now()) {
  await db.batch([
    revokeFamilyQuery(db, familyId, "logout", now),
    recordActivityQuery(db, { userId, action: "logout", description: "Signed out", details: {}, ipAddress: ip }),
  ]);
}

export type RefreshOutcome =
  | { kind: "ok"; accessToken: string; refreshToken: string; familyId: string }
  | { kind: "invalid" }
  | { kind: "reuse"; familyId: string }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Exchanges a refresh token for a new pair. The presented token is marked used and a
 * new one issued in the same family, in one batch. A token that was already used
 * means a copy is in someone else's hands: the whole family is revoked.
 */
export async function refreshApiTokens(
  db: Db,
  secret: string,
  refreshToken: string,
  ip: string | null,
  now = Date.now(),
): Promise<RefreshOutcome> {
  const byIp = await takeToken(db, `refresh:ip:${ip ?? "unknown"}`, throttleRules.refreshIp, now);
  if (!byIp.allowed) return { kind: "throttled", retryAfterSeconds: byIp.retryAfterSeconds };

  const id = hashToken(refreshToken);
  const [row] = await db
    .select({
      token: { id: apiRefreshTokens.id, expiresAt: apiRefreshTokens.expiresAt, usedAt: apiRefreshTokens.usedAt },
      family: {
        id: apiTokenFamilies.id,
        absoluteExpiresAt: apiTokenFamilies.absoluteExpiresAt,
        revokedAt: apiTokenFamilies.revokedAt,
      },
      user: { id: users.id, role: users.role, isActive: users.isActive },
    })
    .from(apiRefreshTokens)
    .innerJoin(apiTokenFamilies, eq(apiRefreshTokens.familyId, apiTokenFamilies.id))
    .innerJoin(users, eq(apiTokenFamilies.userId, users.id))
    .where(eq(apiRefreshTokens.id, id))
    .limit(1);
  if (!row) return { kind: "invalid" };
  const { token, family, user } = row;

  const byFamily = await takeToken(db, `refresh:family:${family.id}`, throttleRules.refreshFamily, now);
  if (!byFamily.allowed) return { kind: "throttled", retryAfterSeconds: byFamily.retryAfterSeconds };

  if (family.revokedAt) return { kind: "invalid" };
  if (token.usedAt) {
    await revokeFamilyQuery(db, family.id, "reuse", now);
    return { kind: "reuse", familyId: family.id };
  }
  if (now >= token.expiresAt.getTime() || now >= family.absoluteExpiresAt.getTime() || !user.isActive) {
    return { kind: "invalid" };
  }

  const next = generateSecretToken();
  const [used] = await db.batch([
    db
      .update(apiRefreshTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(apiRefreshTokens.id, id), isNull(apiRefreshTokens.usedAt)))
      .returning({ id: apiRefreshTokens.id }),
    db.insert(apiRefreshTokens).values({
      id: hashToken(next),
      familyId: family.id,
      expiresAt: new Date(Math.min(now + API_TOKEN_POLICY.refreshIdleLifetime, family.absoluteExpiresAt.getTime())),
      createdAt: new Date(now),
    }),
  ]);
  if (used.length === 0) {
    // A concurrent request spent the same token between our read and our write: that is reuse too.
    await revokeFamilyQuery(db, family.id, "reuse", now);
    return { kind: "reuse", familyId: family.id };
  }
  const { token: accessToken } = signAccessToken(secret, { id: user.id, role: user.role, sid: family.id }, now);
  return { kind: "ok", accessToken, refreshToken: next, familyId: family.id };
}

export type ApiAuth = { user: UserRecord; familyId: string; claims: AccessTokenClaims };

/**
 * Checks a bearer access token completely: signature, expiry, and that its family
 * is live (not revoked, not past the absolute limit) and its user still active.
 * The user comes from the database, so a role change counts immediately.
 */
export async function authenticateAccessToken(
  db: Db,
  secret: string,
  token: string,
  now = Date.now(),
): Promise<ApiAuth | null> {
  const claims = verifyAccessToken(secret, token, now);
  if (!claims) return null;
  const [row] = await db
    .select({
      family: {
        userId: apiTokenFamilies.userId,
        revokedAt: apiTokenFamilies.revokedAt,
        absoluteExpiresAt: apiTokenFamilies.absoluteExpiresAt,
      },
      user: userColumns,
    })
    .from(apiTokenFamilies)
    .innerJoin(users, eq(apiTokenFamilies.userId, users.id))
    .where(eq(apiTokenFamilies.id, claims.sid))
    .limit(1);
  if (!row) return null;
  const { family, user } = row;
  if (family.userId !== claims.id || family.revokedAt || now >= family.absoluteExpiresAt.getTime() || !user.isActive) {
    return null;
  }
  return { user, familyId: claims.sid, claims };
}
