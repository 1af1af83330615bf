import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { type Actor, recordActivityQuery, recordActivitySelectQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { accountTokens, type User, users } from "~/platform/db/schema";
import { hashToken } from "~/auth/tokens.server";
import { userSearchText } from "~/text/search-text";
import { countActiveSuperadmins, findUserByEmail, findUserById, readAccountToken } from "~/features/accounts/queries.server";
import { hashPassword, needsRehash, verifyPassword } from "~/auth/password.server";
import { isSuperadmin } from "~/auth/public-user";
import { logoutApiFamily } from "~/auth/api-tokens.server";
import { revokeDeviceEntriesQuery, revokeUserAccessQueries } from "~/auth/revoke.server";
import { invalidateSessionQuery } from "~/auth/session.server";
import { clearSignInBucketsQuery, loginAccountKey, loginDeviceKey, loginDevicesKey, takeToken, type ThrottleResult, throttleRules } from "~/auth/throttle.server";
import type { AccountRefusal } from "./errors";
import { ACCOUNT_TOKEN_TTL_MS, type AccountTokenPurpose, type AdminChange, normalizeEmail } from "./model";
import type { TrustedDevice } from "~/auth/device-cookie.server";
import type { Language } from "~/locales/languages";
import type { Mailer } from "~/platform/mail/mailer.server";
import { passwordChangedMail, passwordResetMail } from "./ui/password-mail";
import { verificationMailChange, verificationMailOldNotice, verificationMailVerify } from "./ui/verification-mail";
import { mailLanguage } from "./ui/account-mail";

// The only write path of accounts, shared by the web forms and the JSON API: each command takes
// (db, actor, input), writes its change and its activity entry in one batch, and returns an
// outcome each face maps through errors.ts. Inputs are already validated by the schemas of schemas.ts.

type Refused<E extends AccountRefusal> = { ok: false; error: E };

// Compared against when the email is unknown, so a missing account costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** `timeZone`: the browser's or the API client's, else UTC (schemas.ts). */
/** `language`: the request's (cookie, else Accept-Language), the one mail is written in; English when left out. */
export type RegisterInput = { firstName: string; lastName: string; email: string; password: string; timeZone?: string; language?: Language };
export type RegisterOutcome = { ok: true; user: User } | Refused<"emailExists">;

/** A new account has no user yet: the actor is only the address its first activity entry records. */
export async function register(db: Db, actor: Pick<Actor, "ip">, input: RegisterInput, mail: Mailer): Promise<RegisterOutcome> {
  if (await findUserByEmail(db, input.email)) return { ok: false, error: "emailExists" };
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  // The address verification link is stored with the account (issue 25), mailed after the answer.
  const verification = issueAccountTokenQueries(db, { userId: id, purpose: "email_verification", email: input.email, now: new Date() });
  try {
    const [[user]] = await db.batch([
      db.insert(users).values({ id, ...input, searchText: userSearchText(input), passwordHash, role: "user" }).returning(),
      recordActivityQuery(db, { userId: id, action: "sign_up", description: "Account created", details: {}, ipAddress: actor.ip }),
      ...verification.queries,
    ]);
    void mail.send(verificationMailVerify({ ...recipientOf(user!), link: mail.link(verifyEmailPath(verification.token)) ?? "" }));
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
/** `pendingEmail`: a new address waiting for its owner to confirm it by the mailed link; null when the address did not change. */
export type ProfileOutcome = { ok: true; pendingEmail: string | null } | Refused<"emailExists">;

/**
 * The names and the time zone change at once. A new email does not (issue 25): a link goes to
 * the new address and a notice to the old one, and the account keeps the old address until the
 * link is used (confirmEmailChange); a newer request replaces an older pending one.
 */
export async function updateProfile(db: Db, actor: Actor, input: ProfileInput, mail: Mailer, now = new Date()): Promise<ProfileOutcome> {
  const current = await findUserById(db, actor.userId);
  if (!current) throw new Error("updateProfile: the signed-in user has no row");
  const { email: requestedEmail, ...fields } = input;
  const emailChanging = requestedEmail !== current.email;
  if (emailChanging && (await findUserByEmail(db, requestedEmail))) return { ok: false, error: "emailExists" };
  const { timeZone } = input;
  const update = db
    .update(users)
    .set({ ...fields, searchText: userSearchText({ ...fields, email: current.email }), updatedAt: now })
    .where(eq(users.id, actor.userId));
  const change = emailChanging
    ? issueAccountTokenQueries(db, { userId: actor.userId, purpose: "email_change", email: requestedEmail, now })
    : null;
  const after = [
    recordActivityQuery(db, { userId: actor.userId, action: "profile_update", description: "Profile updated", details: {}, ipAddress: actor.ip }),
    ...(change
      ? [
          ...change.queries,
          recordActivityQuery(db, {
            userId: actor.userId,
            action: "email_change_requested",
            description: `Email change to ${requestedEmail} requested`,
            details: { email: requestedEmail },
            ipAddress: actor.ip,
          }),
        ]
      : []),
  ];
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
  if (change) {
    const recipient = recipientOf({ ...current, ...fields });
    void mail.send(
      verificationMailChange({ ...recipient, to: requestedEmail, oldEmail: current.email, link: mail.link(verifyEmailPath(change.token)) ?? "" }),
    );
    void mail.send(verificationMailOldNotice({ ...recipient, newEmail: requestedEmail, profileLink: mail.link("/profile") ?? "" }));
  }
  return { ok: true, pendingEmail: change ? requestedEmail : null };
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
export async function attemptRegistration(db: Db, actor: Pick<Actor, "ip">, input: RegisterInput, mail: Mailer): Promise<RegisterOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, ipKey("register", actor.ip), throttleRules.registerIp)]);
  return throttled ?? register(db, actor, input, mail);
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

/**
 * A signed-in user switched language: mail is written in it from now on (issue 25). Only when it
 * differs, so a switch to the language already stored writes nothing. No activity entry: it is a
 * preference, like the theme.
 */
export async function setLanguage(db: Db, actor: Pick<Actor, "userId">, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, actor.userId), sql`${users.language} <> ${language}`));
}

// Password reset by mail (issue 25, decision 034): a link valid 60 minutes, for one use, the newer
// replacing the older; the same answer whether or not the address has an account.

export const RESET_PASSWORD_PATH = "/auth/reset-password";
export const FORGOT_PASSWORD_PATH = "/auth/forgot-password";

/**
 * `defer`: starts work after the answer (the route passes afterAnswer(ctx), mailer.server.ts);
 * without it the work is awaited before answering.
 */
type MailDeps = { mailer: Mailer; now?: Date; defer?: (start: () => Promise<unknown>) => void };

const resetLink = (mailer: Mailer, token: string) => mailer.link(`${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`);

/** Issues a reset link for an active user and sends it after the answer; the batch also records `entries`. */
async function mailResetLink(db: Db, user: User, deps: MailDeps, entries: ReturnType<typeof recordActivityQuery>[]) {
  const now = deps.now ?? new Date();
  const issued = issueAccountTokenQueries(db, { userId: user.id, purpose: "password_reset", email: user.email, now });
  await db.batch([...issued.queries, ...entries]);
  // Without APP_URL the mailer reports "not configured" and sends nothing; the link is then never built from the Host.
  void deps.mailer.send(passwordResetMail(mailRecipient(user), resetLink(deps.mailer, issued.token) ?? ""));
}

function mailRecipient(user: Pick<User, "email" | "firstName" | "language">) {
  return { email: user.email, firstName: user.firstName, language: mailLanguage(user.language) };
}

export type ForgotPasswordOutcome = { ok: true } | Throttled;

/**
 * "Forgot password?": throttled per IP and per address (the same buckets whether or not the
 * address has an account), then a link for an active account. An unknown or deactivated address
 * gets the same answer and no mail. The mail leaves after the answer (mailer.send is ctx.waitUntil).
 */
export async function requestPasswordReset(db: Db, actor: Pick<Actor, "ip">, input: { email: string }, deps: MailDeps): Promise<ForgotPasswordOutcome> {
  const throttled = refusal([
    await takeToken(db, ipKey("forgot", actor.ip), throttleRules.forgotIp),
    await takeToken(db, `forgot:account:${input.email.toLowerCase()}`, throttleRules.forgotAccount),
  ]);
  if (throttled) return throttled;
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.isActive) return { ok: true };
  // The link's writes (about 20 ms on local D1, npm run bench -- --forgot) happen after the answer
  // too, with the mail: the answer then does the same work for every address.
  const issue = () =>
    mailResetLink(db, user, deps, [
      recordActivityQuery(db, { userId: user.id, action: "password_reset_requested", description: "Password reset link requested", details: {}, ipAddress: actor.ip }),
    ]).catch((error: unknown) => console.error("password reset link failed", error));
  if (deps.defer) deps.defer(issue);
  else await issue();
  return { ok: true };
}

export type ResetPasswordOutcome = { ok: true; user: User } | Refused<"resetTokenInvalid">;

/**
 * The new password from a reset link: the token is used exactly once (of two submits racing with
 * one link, one wins), then the password is set, every web session, API login and trusted browser
 * of the user ends, the sign-in buckets are emptied (a user who forgot the password may have
 * locked the sign-in trying), the activity log says so, and "your password was changed" is mailed.
 * An expired, used, replaced or unknown token, a deactivated account or a link mailed to an
 * address the account no longer has is refused on the token, and changes nothing.
 */
export async function resetPassword(db: Db, actor: Pick<Actor, "ip">, input: { token: string; password: string }, deps: MailDeps): Promise<ResetPasswordOutcome> {
  const now = deps.now ?? new Date();
  const invalid = { ok: false, error: "resetTokenInvalid" } as const;
  const read = await readAccountToken(db, { token: input.token, purpose: "password_reset", now });
  if (read.state !== "valid") return invalid;
  const user = await findUserById(db, read.token.userId);
  if (!user || !user.isActive || normalizeEmail(user.email) !== normalizeEmail(read.token.email)) return invalid;
  // Hashed before the token is used, so a slow hash cannot leave a used link and an old password.
  const passwordHash = await hashPassword(input.password);
  const [used] = await consumeAccountTokenQuery(db, { tokenId: read.token.id, purpose: "password_reset", now });
  if (!used) return invalid;
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)),
    ...revokeUserAccessQueries(db, user.id, "password_reset"),
    revokeDeviceEntriesQuery(db, user.id),
    clearSignInBucketsQuery(db, user),
    recordActivityQuery(db, { userId: user.id, action: "password_reset", description: "Password reset with a mailed link", details: {}, ipAddress: actor.ip }),
  ]);
  void deps.mailer.send(passwordChangedMail(mailRecipient(user), deps.mailer.link(FORGOT_PASSWORD_PATH) ?? ""));
  return { ok: true, user };
}

/** Reset: throttled per IP before the token is read, so links cannot be guessed at speed. */
export async function attemptPasswordReset(db: Db, actor: Pick<Actor, "ip">, input: { token: string; password: string }, deps: MailDeps): Promise<ResetPasswordOutcome | Throttled> {
  const throttled = refusal([await takeToken(db, ipKey("reset", actor.ip), throttleRules.resetIp)]);
  return throttled ?? resetPassword(db, actor, input, deps);
}

/**
 * A superadmin mails a user a reset link from /admin/users: the same link as "Forgot password?",
 * recorded in the user's activity log and in the admin's. A deactivated account is refused: its
 * link would be refused anyway.
 */
export async function sendPasswordResetLink(db: Db, actor: Actor, input: { id: string }, deps: MailDeps): Promise<{ ok: true } | Refused<"notFound" | "accountInactive">> {
  const target = await findUserById(db, input.id);
  if (!target) return { ok: false, error: "notFound" };
  if (!target.isActive) return { ok: false, error: "accountInactive" };
  await mailResetLink(db, target, deps, [
    recordActivityQuery(db, { userId: target.id, action: "password_reset_requested", description: "Password reset link sent by an administrator", details: { by: "admin" }, ipAddress: actor.ip }),
    recordActivityQuery(db, { userId: actor.userId, action: "password_reset_sent", description: `Password reset link sent to ${target.email}`, details: { email: target.email }, ipAddress: actor.ip }),
  ]);
  return { ok: true };
}

// Address verification and email change (issue 25, decision 034): the mailed links of purposes
// email_verification and email_change both open /auth/verify-email?token=…; opening the page reads
// the token, and only its form's POST (verifyEmail) uses it, so a mail scanner's GET changes nothing.

/** The path every verification and email-change link opens, on APP_URL (mailer.link). */
export const verifyEmailPath = (token: string) => `/auth/verify-email?token=${encodeURIComponent(token)}`;

function recipientOf(user: Pick<User, "email" | "firstName" | "language">) {
  return { language: mailLanguage(user.language), to: user.email, name: user.firstName };
}

export type ResendVerificationOutcome = { ok: true; alreadyVerified: boolean } | Throttled;

/**
 * "Send again": a new verification link to the account's address (the older one stops working),
 * throttled per user. An address already verified gets no mail.
 */
export async function resendVerification(db: Db, actor: Actor, mail: Mailer, now = new Date()): Promise<ResendVerificationOutcome> {
  const throttled = refusal([await takeToken(db, `verify:account:${actor.userId}`, throttleRules.verifyResendAccount, now.getTime())]);
  if (throttled) return throttled;
  const user = await findUserById(db, actor.userId);
  if (!user) throw new Error("resendVerification: the signed-in user has no row");
  if (user.emailVerifiedAt) return { ok: true, alreadyVerified: true };
  const issued = issueAccountTokenQueries(db, { userId: user.id, purpose: "email_verification", email: user.email, now });
  await db.batch(issued.queries);
  void mail.send(verificationMailVerify({ ...recipientOf(user), link: mail.link(verifyEmailPath(issued.token)) ?? "" }));
  return { ok: true, alreadyVerified: false };
}

/** What a verification or email-change link is, read without using it: the confirmation page's GET. */
export type EmailLink =
  | { state: "valid"; purpose: "email_verification" | "email_change"; userId: string; email: string }
  | { state: "expired" | "used" | "unknown" };

export async function readEmailLink(db: Db, token: string, now = new Date()): Promise<EmailLink> {
  let seen: "expired" | "used" | "unknown" = "unknown";
  for (const purpose of ["email_verification", "email_change"] as const) {
    const read = await readAccountToken(db, { token, purpose, now });
    if (read.state === "valid") return { state: "valid", purpose, userId: read.token.userId, email: read.token.email };
    if (read.state !== "unknown") seen = read.state;
  }
  return { state: seen };
}

export type VerifyEmailOutcome =
  | { ok: true; purpose: "email_verification" | "email_change"; userId: string; email: string }
  | Refused<"linkInvalid" | "emailTaken">;

/**
 * The confirmation page's POST (and POST /api/auth/verify-email): uses the token once. A
 * verification link marks its user's address verified; an email-change link makes its address
 * the account's (still free? checked again now, and by the unique index), verified, and ends the
 * browsers' device entries as a new address does. A token acts on the user it was issued for,
 * whoever is signed in.
 */
export async function verifyEmail(db: Db, actor: Pick<Actor, "ip">, input: { token: string }, now = new Date()): Promise<VerifyEmailOutcome> {
  const link = await readEmailLink(db, input.token, now);
  if (link.state !== "valid") return { ok: false, error: "linkInvalid" };
  const tokenId = hashToken(input.token);
  // The writes after the use happen only when this request used the token (the compare-and-set).
  const usedHere = sql`exists (select 1 from ${accountTokens} where ${accountTokens.id} = ${tokenId} and ${accountTokens.usedAt} = ${now.getTime()})`;
  const consume = consumeAccountTokenQuery(db, { tokenId, purpose: link.purpose, now });
  if (link.purpose === "email_verification") {
    const [used] = await db.batch([
      consume,
      db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, link.userId), eq(users.email, link.email), usedHere)),
      recordActivitySelectQuery(
        db,
        { userId: link.userId, action: "email_verified", description: `Email address ${link.email} verified`, details: { email: link.email }, ipAddress: actor.ip },
        sql`where ${usedHere}`,
      ),
    ]);
    return used.length ? { ok: true, ...link } : { ok: false, error: "linkInvalid" };
  }
  const user = await findUserById(db, link.userId);
  const holder = await findUserByEmail(db, link.email);
  if (!user) return { ok: false, error: "linkInvalid" };
  if (holder && holder.id !== user.id) return { ok: false, error: "emailTaken" };
  try {
    const [used] = await db.batch([
      consume,
      db
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now, searchText: userSearchText({ ...user, email: link.email }), updatedAt: now })
        .where(and(eq(users.id, user.id), usedHere)),
      // The browsers trusted with the old address are strangers to the account's sign-in from now on.
      revokeDeviceEntriesQuery(db, user.id),
      recordActivitySelectQuery(
        db,
        { userId: user.id, action: "email_changed", description: `Email changed to ${link.email}`, details: { email: link.email }, ipAddress: actor.ip },
        sql`where ${usedHere}`,
      ),
    ]);
    return used.length ? { ok: true, ...link } : { ok: false, error: "linkInvalid" };
  } catch (error) {
    // Another account took the address between the check and the write: the unique index decides, nothing was used.
    if (isUniqueViolation(error)) return { ok: false, error: "emailTaken" };
    throw error;
  }
}

/** Hides the dashboard's first-run checklist for good (issue 27); a second dismissal keeps the first time. */
export async function dismissOnboarding(db: Db, actor: Actor, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({ onboardingDismissedAt: now })
    .where(and(eq(users.id, actor.userId), isNull(users.onboardingDismissedAt)));
}
