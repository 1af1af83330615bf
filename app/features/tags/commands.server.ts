import { and, eq, inArray, sql } from "drizzle-orm";
import { inList, insertChunks } from "~/platform/db/bound-lists.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { schedulesUseTag } from "~/features/recurring/queries.server";
import { nameKey } from "~/text/name-key";
import type { TagInput } from "~/features/tags/schemas";
import { type Actor, recordActivityQuery, recordActivitySelectQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { tags, transactionTags } from "~/platform/db/schema";
import type { UndoRefusal } from "~/platform/http/undo-refusals";
import { markRestoredQuery, recordDeletionIdsQuery, recordDeletionSelectQuery, restorableDeletion, snapshotIdList } from "~/platform/db/deleted-records.server";
import { findTag, tagColumns, type Tag } from "./queries.server";

// The only write path for tags, for the web page and the API alike. Names are unique per user
// case-insensitively through the unique index on (user_id, name_key), which also settles
// concurrent requests. Tag changes have never been entries of the activity log (its actions are
// account, transaction and rate events), so none is written here.

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type TagRefusal = "notFound" | "duplicate";
export type TagOutcome = { kind: "ok"; tag: Tag } | { kind: TagRefusal };

export type UpdateTagInput = TagInput & { id: string };
export type DeleteTagInput = { id: string };

export async function createTag(db: Db, actor: Actor, input: TagInput): Promise<TagOutcome> {
  const [row] = await db
    .insert(tags)
    .values({
      userId: actor.userId,
      name: input.name,
      nameKey: nameKey(input.name),
      color: input.color,
      description: input.description ?? null,
    })
    .onConflictDoNothing()
    .returning(tagColumns);
  return row ? { kind: "ok", tag: row } : { kind: "duplicate" };
}

export async function updateTag(db: Db, actor: Actor, { id, ...input }: UpdateTagInput): Promise<TagOutcome> {
  try {
    const [row] = await db
      .update(tags)
      .set({
        name: input.name,
        nameKey: nameKey(input.name),
        color: input.color,
        description: input.description ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(tags.id, id), eq(tags.userId, actor.userId)))
      .returning(tagColumns);
    return row ? { kind: "ok", tag: row } : { kind: "notFound" };
  } catch (error) {
    // Renaming onto another of the user's tags (in any letter case).
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
}

/**
 * What a tag's delete keeps for Undo (issue 27, decision 035): its row as stored; the ids of the
 * transactions that carried it are kept beside it in id-list rows ("transactions",
 * recordDeletionIdsQuery), written by the database itself, so a tag on any number of transactions
 * binds no long list and writes no row past D1's 2 MB.
 */
export type TagSnapshot = { tag: typeof tags.$inferSelect };

/** Deletes the tag and its links to transactions in one batch, keeping its snapshot; the transactions themselves stay. */
export async function deleteTag(db: Db, actor: Actor, { id }: DeleteTagInput): Promise<TagOutcome> {
  const { userId } = actor;
  const owned = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)));
  const stored = await findTag(db, userId, id);
  if (!stored) return { kind: "notFound" };
  const deletionId = crypto.randomUUID();
  const deletedAt = new Date();
  const stillOwned = sql`exists (select 1 from ${tags} where ${tags.id} = ${id} and ${tags.userId} = ${userId})`;
  const [, , , , deleted] = await db.batch([
    recordActivitySelectQuery(
      db,
      { userId, action: "tag_delete", description: `Tag ${stored.name} deleted`, details: { name: stored.name }, ipAddress: actor.ip },
      sql`where ${stillOwned}`,
    ),
    recordDeletionSelectQuery(
      db,
      { userId, kind: "tag", recordId: id, id: deletionId, deletedAt },
      sql`json_object('tag', json_object('id', t.id, 'userId', t.user_id, 'name', t.name, 'nameKey', t.name_key, 'color', t.color,
          'description', t.description, 'createdAt', t.created_at, 'updatedAt', t.updated_at))`,
      sql`from tags as t where t.id = ${id} and t.user_id = ${userId}`,
    ),
    // The transactions it is on, in rows of at most IDS_PER_ROW ids: one JSON array in the snapshot
    // passed D1's 2 MB value at about 50,000, and the delete failed.
    recordDeletionIdsQuery(
      db,
      { userId, deletionId, name: "transactions", deletedAt },
      sql`select tt.transaction_id as id from ${transactionTags} as tt where tt.tag_id = ${id}`,
      stillOwned,
    ),
    db.delete(transactionTags).where(inArray(transactionTags.tagId, owned)),
    db.delete(tags).where(and(eq(tags.id, id), eq(tags.userId, userId))).returning(tagColumns),
  ]);
  const [row] = deleted;
  return row ? { kind: "ok", tag: row } : { kind: "notFound" };
}

/**
 * Undo of a delete within the window (decision 035): the tag comes back as it was (same id, name,
 * colour, description, dates) on the transactions that carried it, in one batch with the snapshot
 * marked restored. A transaction deleted since has no link to take back (its own Undo refuses while
 * the tag is gone). Refused, changing nothing, when a tag of the same name exists again.
 */
export type RestoreTagOutcome = { kind: "ok"; tag: Tag } | { kind: Extract<UndoRefusal, "notFound" | "nameTaken"> };

export async function restoreTag(db: Db, actor: Actor, { id }: DeleteTagInput): Promise<RestoreTagOutcome> {
  const { userId } = actor;
  const deletion = await restorableDeletion<TagSnapshot>(db, userId, "tag", id);
  if (!deletion) return { kind: "notFound" };
  const { tag } = deletion.snapshot;
  try {
    const [marked] = await db.batch([
      markRestoredQuery(db, userId, deletion.id),
      db.insert(tags).values({ ...tag, userId, createdAt: new Date(tag.createdAt), updatedAt: new Date(tag.updatedAt) }),
      recordActivityQuery(db, { userId, action: "tag_restore", description: `Tag ${tag.name} restored`, details: { name: tag.name }, ipAddress: actor.ip }),
      // The links, from the ids in the snapshot: only to the user's transactions that still exist.
      db.insert(transactionTags).select(
        sql`select tx.id, ${id} from transactions as tx where tx.user_id = ${userId} and tx.id in ${snapshotIdList(userId, deletion.id, "transactions")}`,
      ),
    ]);
    if (marked.length === 0) return { kind: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return (await findTag(db, userId, id)) ? { kind: "notFound" } : { kind: "nameTaken" };
    throw error;
  }
  const restored = await findTag(db, userId, id);
  return restored ? { kind: "ok", tag: restored } : { kind: "notFound" };
}

/**
 * The INSERTs of tags a caller creates inside its own batch (an import's, through the transactions
 * door's newRecords). The unique index on (user, name key) refuses a name taken since the caller
 * looked, failing the batch.
 */
export function insertTagsQueries(db: Db, userId: string, rows: readonly { id: string; name: string }[]) {
  const values = rows.map(({ id, name }) => ({ id, userId, name, nameKey: nameKey(name) }));
  return insertChunks(tags, values).map((chunk) => db.insert(tags).values(chunk));
}

/**
 * Deletes those of the tags (ids) that are the user's and that no transaction or schedule carries
 * any more, in one statement for the caller's batch: an import's undo takes back the tags its
 * commit created, after its transactions. Returns the deleted ids.
 */
export function deleteUnusedTagsQuery(db: Db, userId: string, ids: readonly string[]) {
  return db
    .delete(tags)
    .where(
      and(
        // Found by id, checked for owner: not by walking the user's tags.
        inList(tags.id, ids),
        ownerCheck(tags.userId, userId),
        sql`not exists (select 1 from ${transactionTags} where ${transactionTags.tagId} = ${tags.id})`,
        sql`not ${schedulesUseTag(sql`${tags.id}`)}`,
      ),
    )
    .returning({ id: tags.id });
}

/** A tag's INSERT for a caller's batch (sample data's "Sample" tag, issue 27); a tag of the same name makes the batch fail on the unique index. */
export function insertTagQuery(db: Db, userId: string, { id, name, color }: { id: string; name: string; color: string }) {
  return db.insert(tags).values({ id, userId, name, nameKey: nameKey(name), color, description: null });
}

