import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { apiTokenFamilies, deviceEntries } from "~/platform/db/schema";
import { invalidateUserSessionsQuery } from "./session.server";

/**
 * ARCHITECTURE.md 5: a password change, deactivation or role change ends the user's
 * other web sessions and API token families at once. Returned as queries so the
 * caller can batch them with the change itself.
 */
export function revokeUserAccessQueries(
  db: Db,
  userId: string,
  reason: string,
  keep: { sessionId?: string; familyId?: string } = {},
) {
  return [
    invalidateUserSessionsQuery(db, userId, keep.sessionId),
    db
      .update(apiTokenFamilies)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        and(
          eq(apiTokenFamilies.userId, userId),
          isNull(apiTokenFamilies.revokedAt),
          keep.familyId ? ne(apiTokenFamilies.id, keep.familyId) : undefined,
        ),
      ),
  ] as const;
}

/**
 * Every browser's device entry for the user stops vouching for it (device-cookie.server.ts, decision
 * 002): on a password change or reset, an email change and a deactivation, whoever signed in before
 * (or held the address before) is a stranger to the account's sign-in again. A query, for the
 * caller's batch.
 */
export function revokeDeviceEntriesQuery(db: Db, userId: string) {
  return db.delete(deviceEntries).where(eq(deviceEntries.userId, userId));
}
