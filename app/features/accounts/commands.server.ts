import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { type Actor, recordActivityQuery, recordActivitySelectQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { accountTokens, type User, users } from "~/platform/db/schema";
import { hashToken } from "~/auth/tokens.server";
import { userSearchText } from "~/text/search-text";
import { countActiveSuperadmins, findUserByEmail, findUserById } from "~/features/accounts/queries.server";
import { hashPassword, needsRehash, verifyPassword } from "~/auth/password.server";
import { isSuperadmin } from "~/auth/public-user";
import { logoutApiFamily } from "~/auth/api-tokens.server";
import { revokeDeviceEntriesQuery, revokeUserAccessQueries } from "~/auth/revoke.server";
import { invalidateSessionQuery } from "~/auth/session.server";
import { clearSignInBucketsQuery, loginAccountKey, loginDeviceKey, loginDevicesKey, takeToken, type ThrottleResult, throttleRules } from "~/auth/throttle.server";
import type { AccountRefusal } from "./errors";
import { ACCOUNT_TOKEN_TTL_MS, type AccountTokenPurpose, type AdminChange } from "./model";
import type { TrustedDevice } from "~/auth/device-cookie.server";

// The only write path of accounts, shared by the web forms and the JSON API: each command takes
// (db, actor, input), writes its change and its activity entry in one batch, and returns an
// outcome each face maps through errors.ts. Inputs are already validated by the schemas of schemas.ts.

type Refused<E extends AccountRefusal> = { ok: false; error: E };

// Compared against when the email is unknown, so a missing account costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** `timeZone`: the browser's, else UTC (schemas.ts); the API's registration leaves it out (UTC). */
export type RegisterInput = { firstName: string; lastName: string; email: string; password: string; timeZone?: string };
export type RegisterOutcome = { ok: true; user: User } | Refused<"emailExists">;

/** A new account has no user yet: the actor is only the address its first activity entry records. */
export async function register(db: Db, actor: Pick<Actor, "ip">, input: RegisterInput): Promise<RegisterOutcome> {
  if (await findUserByEmail(db, input.email)) return { ok: false, error: "emailExists" };
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  try {
    const [[user]] = await db.batch([
      db.insert(users).values({ id, ...input, searchText: userSearchText(input), passwordHash, role: "user" }).returning(),
      recordActivityQuery(db, { userId: id, action: "sign_up", description: "Account created", details: {}, ipAddress: actor.ip }),
    ]);
    return { ok: true, user: user! };
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, error: "emailExists" };
    throw error;
  }
}

/** The password check of a sign-in; records the attempt, and upgrades an old hash on success. */
export async function authenticate(db: Db, email: string, password: string, ip: string | null): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password-1A");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  const valid = await verifyPassword(password, user.passwordHash);
  if (!valid || !user.isActive) {
    await recordActivityQuery(db, {
      userId: user.id,
      action: "login_failed",
      description: user.isActive ? "Failed sign-in attempt" : "Sign-in attempt on a deactivated account",
      details: { reason: user.isActive ? "wrongPassword" : "deactivated" },
      ipAddress: ip,
    });
    return null;
  }
  const signedIn = recordActivityQuery(db, { userId: user.id, action: "login", description: "Signed in", details: {}, ipAddress: ip });
  if (needsRehash(user.passwordHash)) {
    await db.batch([db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id)), signedIn]);
  } else {
    await signedIn;
  }
  return user;
}

/** Sign-out of a web session or of an API login: it ends, and the activity log says so, in one batch. */
export async function signOut(db: Db, actor: Actor, input: { sessionId: string } | { familyId: string }): Promise<void> {
  if ("familyId" in input) return logoutApiFamily(db, actor.userId, input.familyId, actor.ip);
  await db.batch([
    invalidateSessionQuery(db, input.sessionId),
    recordActivityQuery(db, { userId: actor.userId, action: "logout", description: "Signed out", details: {}, ipAddress: actor.ip }),
  ]);
}

/** `timeZone`: an IANA name as the runtime spells it (schemas.ts); left out, the stored one stays. */
export type ProfileInput = { firstName: string; lastName: string; email: string; timeZone?: string };
export type ProfileOutcome = { ok: true } | Refused<"emailExists">;

export async function updateProfile(db: Db, actor: Actor, input: ProfileInput): Promise<ProfileOutcome> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && existing.id !== actor.userId) return { ok: false, error: "emailExists" };
  // Nobody has the address yet, so it is a new one for this user: the browsers trusted with the
  // old one are strangers to the account's sign-in from now on.
  const emailChanged = !existing;
  const { timeZone } = input;
  const update = db.update(users).set({ ...input, searchText: userSearchText(input), updatedAt: new Date() }).where(eq(users.id, actor.userId));
  const after = [
    ...(emailChanged ? [revokeDeviceEntriesQuery(db, actor.userId)] : []),
    recordActivityQuery(db, { userId: actor.userId, action: "profile_update", description: "Profile updated", details: {}, ipAddress: actor.ip }),
  ];
  try {
    if (timeZone === undefined) {
      await db.batch([update, ...after]);
    } else {
      // Before the update, which it compares with: a new zone is an entry of its own (decision
      // 032), written only when the stored zone differs.
      const zoneChanged = recordActivitySelectQuery(
        db,
        { userId: actor.userId, action: "time_zone_change", description: `Time zone changed to ${timeZone}`, details: { timeZone }, ipAddress: actor.ip },
        sql`from ${users} where ${users.id} = ${actor.userId} and ${users.timeZone} <> ${timeZone}`,
      );
      await db.batch([zoneChanged, update, ...after]);
    }
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "emailExists" };
    throw error;
  }
  return { ok: true };
}

export type PasswordChangeInput = {
  currentPassword: string;
  newPassword: string;
  /** The caller's own web session or API login, which stays signed in while every other one ends. */
  keep: { sessionId?: string; familyId?: string };
};
export type PasswordChangeOutcome = { ok: true } | Refused<"currentPasswordWrong">;

export async function changePassword(db: Db, actor: Actor, input: PasswordChangeInput): Promise<PasswordChangeOutcome> {
  const user = await findUserById(db, actor.userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    return { ok: false, error: "currentPasswordWrong" };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId)),
    ...revokeUserAccessQueries(db, actor.userId, "password_change", input.keep),
    revokeDeviceEntriesQuery(db, actor.userId),
    recordActivityQuery(db, { userId: actor.userId, action: "password_change", description: "Password changed", details: {}, ipAddress: actor.ip }),
  ]);
  return { ok: true };
}

export type UserUpdateInput = AdminChange & { id: string; firstName?: string; lastName?: string };
export type UserUpdateOutcome = { ok: true; user: User } | Refused<"notFound" | "lastSuperadmin" | "cannotChangeSelf">;

/**
 * A superadmin changes another user's names, role or status. The last active superadmin can be
 * neither demoted nor deactivated, nobody demotes or deactivates themselves, and a role or status
 * change ends the target's sessions. A refused change leaves the names alone too.
 */
export async function updateUser(db: Db, actor: Actor, input: UserUpdateInput): Promise<UserUpdateOutcome> {
  const { id: targetId, role, isActive } = input;
  const target = await findUserById(db, targetId);
  if (!target) return { ok: false, error: "notFound" };
  if (targetId === actor.userId && (role === "user" || isActive === false)) return { ok: false, error: "cannotChangeSelf" };
  const losesAdmin = isSuperadmin(target.role) && target.isActive && (role === "user" || isActive === false);
  if (losesAdmin && (await countActiveSuperadmins(db, targetId)) === 0) return { ok: false, error: "lastSuperadmin" };

  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  const entry = (
    action: "role_change" | "account_reactivated" | "account_deactivated" | "profile_update",
    description: string,
    details: Record<string, string> = {},
  ) => recordActivityQuery(db, { userId: targetId, action, description, details, ipAddress: actor.ip });
  const access = [];
  if (role && role !== (isSuperadmin(target.role) ? "superadmin" : "user")) {
    set.role = role;
    access.push(entry("role_change", `Role changed to ${role}`, { role }));
  }
  if (isActive !== undefined && isActive !== target.isActive) {
    set.isActive = isActive;
    access.push(
      isActive
        ? entry("account_reactivated", "Account reactivated by an administrator")
        : entry("account_deactivated", "Account deactivated by an administrator"),
    );
  }
  const names: { firstName?: string; lastName?: string } = {};
  if (input.firstName !== undefined && input.firstName !== target.firstName) names.firstName = input.firstName;
  if (input.lastName !== undefined && input.lastName !== target.lastName) names.lastName = input.lastName;
  const renamed = Boolean(names.firstName || names.lastName);
  if (access.length === 0 && !renamed) return { ok: true, user: target };
  if (renamed) Object.assign(set, names, { searchText: userSearchText({ ...target, ...names }) });

  // The count is repeated inside the UPDATE so two admins demoting each other at once cannot both win.
  const stillAnotherAdmin = sql`(select count(*) from users u where lower(u.role) = 'superadmin' and u.is_active = 1 and u.id <> ${targetId}) > 0`;
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set(set)
      .where(and(eq(users.id, targetId), losesAdmin ? stillAnotherAdmin : undefined))
      .returning(),
    ...(access.length ? revokeUserAccessQueries(db, targetId, "admin_change") : []),
    ...(isActive === false && target.isActive ? [revokeDeviceEntriesQuery(db, targetId)] : []),
    ...access,
    ...(renamed ? [entry("profile_update", "Profile updated by an administrator", { by: "admin" })] : []),
  ]);
  if (!updated) return { ok: false, error: "lastSuperadmin" };
  return { ok: true, user: updated };
}

/**
 * A superadmin lets an account's owner try to sign in again at once: the account's login bucket
 * (strangers' guesses), the cap its trusted browsers share and each of their own buckets are
 * emptied (device-cookie.server.ts), and the account's activity log says so.
 */
export async function unlockSignIn(db: Db, actor: Actor, input: { id: string }): Promise<{ ok: true } | Refused<"notFound">> {
  const target = await findUserById(db, input.id);
  if (!target) return { ok: false, error: "notFound" };
  await db.batch([
    clearSignInBucketsQuery(db, target),
    recordActivityQuery(db, { userId: target.id, action: "signin_unlocked", description: "Sign-in unlocked by an administrator", details: {}, ipAddress: actor.ip }),
  ]);
  return { ok: true };
}

// The throttled doors of accounts, as both faces go through them: the buckets are taken first, in
// this order, then the command runs. Each outcome is mapped by errors.ts. The web form and the API
// share every bucket, so switching faces does not double the allowance.

type Throttled = { ok: false; error: "throttled"; retryAfterSeconds: number };

/** The first refusal among the buckets taken, else null. */
function refusal(checks: ThrottleResult[]): Throttled | null {
  const refused = checks.find((c) => !c.allowed);
  return refused && !refused.allowed ? { ok: false, error: "throttled", retryAfterSeconds: refused.retryAfterSeconds } : null;
}

const ipKey = (action: string, ip: string | null) => `${action}:ip:${ip ?? "unknown"}`;

export type LoginOutcome = { ok: true; user: User } | { ok: false; error: "invalidCredentials" } | Throttled;

/**
 * Login: throttle per IP and per account, then check the password. A browser with a device entry
 * that still vouches for this account (`trustedDevice`, device-cookie.server.ts) is throttled on its
 * entry instead of the account, so failures from elsewhere cannot lock the owner out; and all of
 * the account's trusted browsers share one cap, so keeping many entries buys no more guesses.
 */
export async function attemptLogin(
  db: Db,
  email: string,
  password: string,
  ip: string | null,
  trustedDevice: TrustedDevice | null = null,
): Promise<LoginOutcome> {
  const checks = [await takeToken(db, ipKey("login", ip), throttleRules.loginIp)];
  if (trustedDevice) {
    const own = await takeToken(db, loginDeviceKey(trustedDevice.entryId), throttleRules.loginDevice);
    checks.push(own);
    // An attempt its own bucket already refused does not also spend the cap the account's other
    // browsers share.
    if (own.allowed) checks.push(await takeToken(db, loginDevicesKey(trustedDevice.userId), throttleRules.loginDevices));
  } else {
    checks.push(await takeToken(db, loginAccountKey(email), throttleRules.loginAccount));
  }
  const throttled = refusal(checks);
  if (throttled) return throttled;
  const user = await authenticate(db, email, password, ip);
  return user ? { ok: true, user } : { ok: false, error: "invalidCredentials" };
}

/** Registration: throttled per IP, before the email is even looked up. */
export async function attemptRegistration(db: Db, actor: Pick<Actor, "ip">, input: RegisterInput): Promise<RegisterOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, ipKey("register", actor.ip), throttleRules.registerIp)]);
  return throttled ?? register(db, actor, input);
}

/** Password change: throttled per account, before the current password is checked. */
export async function attemptPasswordChange(
  db: Db,
  actor: Actor,
  input: PasswordChangeInput,
): Promise<PasswordChangeOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, `password:account:${actor.userId}`, throttleRules.passwordAccount)]);
  return throttled ?? changePassword(db, actor, input);
}

/**
 * A new mailed link's token (issue 25): 32 random bytes, base64url, handed out once; only its hash
 * (hashToken) is stored. The queries delete the user's older tokens of the same purpose (a newer
 * request makes older links invalid) and insert this one: batch them with the activity entry.
 */
export function issueAccountTokenQueries(db: Db, input: { userId: string; purpose: AccountTokenPurpose; email: string; now: Date }) {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = encodeBase64urlNoPadding(bytes);
  const expiresAt = new Date(input.now.getTime() + ACCOUNT_TOKEN_TTL_MS[input.purpose]);
  const queries = [
    db.delete(accountTokens).where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose))),
    db.insert(accountTokens).values({ id: hashToken(token), userId: input.userId, purpose: input.purpose, email: input.email, expiresAt, createdAt: input.now }),
  ] as const;
  return { token, expiresAt, queries };
}

/**
 * Uses the token: marks it used if it is still valid at `now`, and returns the row it used (none
 * when another request used it first, or it expired or was replaced meanwhile). The compare-and-set
 * is one statement, so of two requests racing with one link exactly one gets the row.
 */
export function consumeAccountTokenQuery(db: Db, input: { tokenId: string; purpose: AccountTokenPurpose; now: Date }) {
  return db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.id, input.tokenId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
}

/** Hides the dashboard's first-run checklist for good (issue 27); a second dismissal keeps the first time. */
export async function dismissOnboarding(db: Db, actor: Actor, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ onboardingDismissedAt: now })
    .where(and(eq(users.id, actor.userId), isNull(users.onboardingDismissedAt)));
}
