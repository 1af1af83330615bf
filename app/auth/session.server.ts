import { and, eq, ne } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { sessions, users, type User } from "~/platform/db/schema";
import { generateSecretToken, hashToken } from "./tokens.server";
import { userColumns } from "./user-record.server";

const DAY = 24 * 60 * 60 * 1000;
// ARCHITECTURE.md section 5.
export const SESSION_POLICY = {
  persistentLifetime: 30 * DAY,
  persistentRenewBelow: 15 * DAY,
  browserLifetime: 1 * DAY,
  browserRenewBelow: DAY / 2,
  absoluteLifetime: 90 * DAY,
} as const;

export type SessionUser = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "timeZone" | "emailVerifiedAt" | "onboardingDismissedAt" | "createdAt">;
export type ValidSession = {
  id: string;
  user: SessionUser;
  expiresAt: Date;
  persistent: boolean;
  /** True when the expiry moved and the cookie must be sent again. */
  renewed: boolean;
};

function lifetime(persistent: boolean) {
  return persistent
    ? { life: SESSION_POLICY.persistentLifetime, renewBelow: SESSION_POLICY.persistentRenewBelow }
    : { life: SESSION_POLICY.browserLifetime, renewBelow: SESSION_POLICY.browserRenewBelow };
}

export async function createSession(db: Db, userId: string, persistent: boolean, now = Date.now()) {
  const token = generateSecretToken();
  const expiresAt = new Date(now + lifetime(persistent).life);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    absoluteExpiresAt: new Date(now + SESSION_POLICY.absoluteLifetime),
    persistent,
    createdAt: new Date(now),
  });
  return { token, expiresAt, persistent };
}

export async function validateSessionToken(db: Db, token: string, now = Date.now()): Promise<ValidSession | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({
      session: sessions,
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  if (now >= session.expiresAt.getTime() || now >= session.absoluteExpiresAt.getTime() || !user.isActive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const { life, renewBelow } = lifetime(session.persistent);
  let expiresAt = session.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < renewBelow) {
    expiresAt = new Date(Math.min(now + life, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  const { isActive: _active, ...sessionUser } = user;
  return { id, user: sessionUser, expiresAt, persistent: session.persistent, renewed };
}

export function invalidateSessionQuery(db: Db, sessionId: string) {
  return db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every web session of a user, optionally keeping the one making the request. */
export function invalidateUserSessionsQuery(db: Db, userId: string, exceptSessionId?: string) {
  return db
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId));
}
