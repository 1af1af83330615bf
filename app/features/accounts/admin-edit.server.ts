import { eq } from "drizzle-orm";
import { adminUpdateUser, type AdminChange } from "~/features/accounts/commands.server";
import { recordActivityQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { users, type User } from "~/platform/db/schema";
import { userSearchText } from "~/text/search-text";

export type AdminUserEdit = AdminChange & { firstName?: string; lastName?: string };

/**
 * PUT /api/users/{id}: the role and status rules of adminUpdateUser (404, last
 * superadmin, not yourself) decide first, so a refused change leaves the names alone too.
 */
export async function adminEditUser(
  db: Db,
  actorId: string,
  targetId: string,
  edit: AdminUserEdit,
  ip: string | null,
): Promise<{ ok: true; user: User } | { ok: false; error: "notFound" | "lastSuperadmin" | "cannotChangeSelf" }> {
  const result = await adminUpdateUser(db, actorId, targetId, { role: edit.role, isActive: edit.isActive }, ip);
  if (!result.ok) return result;
  const names: { firstName?: string; lastName?: string } = {};
  if (edit.firstName !== undefined && edit.firstName !== result.user.firstName) names.firstName = edit.firstName;
  if (edit.lastName !== undefined && edit.lastName !== result.user.lastName) names.lastName = edit.lastName;
  if (!names.firstName && !names.lastName) return result;
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({ ...names, searchText: userSearchText({ ...result.user, ...names }), updatedAt: new Date() })
      .where(eq(users.id, targetId))
      .returning(),
    recordActivityQuery(db, {
      userId: targetId,
      action: "profile_update",
      description: "Profile updated by an administrator",
      ipAddress: ip,
    }),
  ]);
  return { ok: true, user: updated ?? result.user };
}
