import { and, eq, sql } from "drizzle-orm";
import { recordActivityQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { throttleBuckets, users, type User } from "~/platform/db/schema";
import { userSearchText } from "~/text/search-text";
import { countActiveSuperadmins, findUserByEmail, findUserById } from "~/features/accounts/queries.server";
import { hashPassword, needsRehash, verifyPassword } from "~/auth/password.server";
import { isSuperadmin } from "~/auth/public-user";
import { revokeUserAccessQueries } from "~/auth/revoke.server";
import { loginAccountKey } from "~/auth/throttle.server";

// The account rules shared by the web forms and the JSON API. Inputs are already
// validated by the zod schemas in domain/account-schemas.ts.

// Compared against when the email is unknown, so a missing account costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export type RegisterInput = { firstName: string; lastName: string; email: string; password: string };

export async function registerUser(
  db: Db,
  input: RegisterInput,
  ip: string | null,
): Promise<{ ok: true; user: User } | { ok: false; error: "emailExists" }> {
  if (await findUserByEmail(db, input.email)) return { ok: false, error: "emailExists" };
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  try {
    const [[user]] = await db.batch([
      db.insert(users).values({ id, ...input, searchText: userSearchText(input), passwordHash, role: "user" }).returning(),
      recordActivityQuery(db, { userId: id, action: "sign_up", description: "Account created", ipAddress: ip }),
    ]);
    return { ok: true, user: user! };
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (String(error).includes("UNIQUE")) return { ok: false, error: "emailExists" };
    throw error;
  }
}

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
      ipAddress: ip,
    });
    return null;
  }
  const writes = [recordActivityQuery(db, { userId: user.id, action: "login", description: "Signed in", ipAddress: ip })];
  if (needsRehash(user.passwordHash)) {
    await db.batch([
      db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id)),
      ...writes,
    ]);
  } else {
    await writes[0];
  }
  return user;
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: { firstName: string; lastName: string; email: string },
  ip: string | null,
): Promise<{ ok: true } | { ok: false; error: "emailExists" }> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && existing.id !== userId) return { ok: false, error: "emailExists" };
  try {
    await db.batch([
      db.update(users).set({ ...input, searchText: userSearchText(input), updatedAt: new Date() }).where(eq(users.id, userId)),
      recordActivityQuery(db, { userId, action: "profile_update", description: "Profile updated", ipAddress: ip }),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, error: "emailExists" };
    throw error;
  }
  return { ok: true };
}

export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string | null,
  keep: { sessionId?: string; familyId?: string },
): Promise<{ ok: true } | { ok: false; error: "currentPasswordWrong" }> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    return { ok: false, error: "currentPasswordWrong" };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
    ...revokeUserAccessQueries(db, userId, "password_change", keep),
    recordActivityQuery(db, { userId, action: "password_change", description: "Password changed", ipAddress: ip }),
  ]);
  return { ok: true };
}

export type AdminChange = { role?: "superadmin" | "user"; isActive?: boolean };

/**
 * A superadmin changes another user's role or status. The last active superadmin
 * can be neither demoted nor deactivated, and any change ends the target's sessions.
 */
export async function adminUpdateUser(
  db: Db,
  actorId: string,
  targetId: string,
  change: AdminChange,
  ip: string | null,
): Promise<{ ok: true; user: User } | { ok: false; error: "notFound" | "lastSuperadmin" | "cannotChangeSelf" }> {
  const target = await findUserById(db, targetId);
  if (!target) return { ok: false, error: "notFound" };
  if (targetId === actorId && (change.role === "user" || change.isActive === false)) {
    return { ok: false, error: "cannotChangeSelf" };
  }
  const losesAdmin =
    isSuperadmin(target.role) && target.isActive && (change.role === "user" || change.isActive === false);
  if (losesAdmin && (await countActiveSuperadmins(db, targetId)) === 0) return { ok: false, error: "lastSuperadmin" };

  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  const activity = [];
  if (change.role && change.role !== (isSuperadmin(target.role) ? "superadmin" : "user")) {
    set.role = change.role;
    activity.push(
      recordActivityQuery(db, {
        userId: targetId,
        action: "role_change",
        description: `Role changed to ${change.role}`,
        ipAddress: ip,
      }),
    );
  }
  if (change.isActive !== undefined && change.isActive !== target.isActive) {
    set.isActive = change.isActive;
    activity.push(
      recordActivityQuery(db, {
        userId: targetId,
        action: change.isActive ? "account_reactivated" : "account_deactivated",
        description: change.isActive ? "Account reactivated by an administrator" : "Account deactivated by an administrator",
        ipAddress: ip,
      }),
    );
  }
  if (activity.length === 0) return { ok: true, user: target };
  // The count is repeated inside the UPDATE so two admins demoting each other at once cannot both win.
  const stillAnotherAdmin = sql`(select count(*) from users u where lower(u.role) = 'superadmin' and u.is_active = 1 and u.id <> ${targetId}) > 0`;
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set(set)
      .where(and(eq(users.id, targetId), losesAdmin ? stillAnotherAdmin : undefined))
      .returning(),
    ...revokeUserAccessQueries(db, targetId, "admin_change"),
    ...activity,
  ]);
  if (!updated) return { ok: false, error: "lastSuperadmin" };
  return { ok: true, user: updated };
}

/**
 * A superadmin lets an account's owner try to sign in again at once: the account's login bucket
 * is emptied, and the account's activity log says so. Browsers the owner signed in from before
 * are not held by that bucket anyway (device-cookie.server.ts).
 */
export async function unlockSignIn(db: Db, targetId: string, ip: string | null): Promise<{ ok: true } | { ok: false; error: "notFound" }> {
  const target = await findUserById(db, targetId);
  if (!target) return { ok: false, error: "notFound" };
  await db.batch([
    db.delete(throttleBuckets).where(eq(throttleBuckets.key, loginAccountKey(target.email))),
    recordActivityQuery(db, { userId: targetId, action: "signin_unlocked", description: "Sign-in unlocked by an administrator", ipAddress: ip }),
  ]);
  return { ok: true };
}
