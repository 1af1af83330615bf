import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";
import { deletedRecords } from "./schema";

// Undo of a delete (issue 27, decision 035). A feature's delete command writes, in the same batch
// as the delete, one deleted_records row whose snapshot holds the record and everything the delete
// removed or changed; its restore command reads the row back (restorableDeletion), puts those rows
// back, and marks the row restored (markRestoredQuery) in one batch. The features keep their own
// rules: this module only stores, finds and purges snapshots. Nothing here is the user's input.

export type DeletedKind = "transaction" | "budget" | "goal" | "category" | "tag";

/** How long after a delete Undo (the page's banner, the API's restore) may bring the record back. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows are kept an hour past the window, then the hourly job purges them. */
export const PURGE_AFTER_MS = UNDO_WINDOW_MS + 60 * 60 * 1000;
/** The purge deletes at most this many rows per statement, and at most PURGE_ROUNDS statements a run. */
export const PURGE_CHUNK = 500;
const PURGE_ROUNDS = 20;

/**
 * The snapshot's row, for the delete's batch. `stillThere` is the condition (an EXISTS on the
 * record's own row) evaluated before the delete statement that follows it in the batch, so a
 * record that someone else deleted meanwhile leaves no snapshot to undo.
 */
export function recordDeletionQuery(
  db: Db,
  entry: { userId: string; kind: DeletedKind; recordId: string; snapshot: unknown; deletedAt?: Date },
  stillThere: SQL,
) {
  const id = crypto.randomUUID();
  const at = (entry.deletedAt ?? new Date()).getTime();
  return db
    .insert(deletedRecords)
    .select(
      sql`select ${id}, ${entry.userId}, ${entry.kind}, ${entry.recordId}, ${JSON.stringify(entry.snapshot)}, ${at}, null where ${stillThere}`,
    );
}

/**
 * The snapshot's row built by the database itself: `snapshot` is SQL giving its JSON (json_object
 * over the rows of `rest`, the SELECT's `from … where …` tail), for a snapshot too long to bind
 * (the ids of every transaction a tag is on). No row when `rest` selects none.
 */
export function recordDeletionSelectQuery(
  db: Db,
  entry: { userId: string; kind: DeletedKind; recordId: string; id?: string; deletedAt?: Date },
  snapshot: SQL,
  rest: SQL,
) {
  const at = (entry.deletedAt ?? new Date()).getTime();
  return db
    .insert(deletedRecords)
    .select(sql`select ${entry.id ?? crypto.randomUUID()}, ${entry.userId}, ${entry.kind}, ${entry.recordId}, ${snapshot}, ${at}, null ${rest}`);
}

/**
 * The kind of the rows that hold a long list of ids beside a deletion (recordDeletionIdsQuery).
 * Not a DeletedKind: nothing restores such a row on its own, restorableDeletion never finds it,
 * and the purge takes it with its deletion (same deleted_at).
 */
const ID_LIST_KIND = "ids";
/** Ids per list row: about 39 bytes each in JSON, so a row stays near 400 kB, far below D1's 2 MB. */
export const IDS_PER_ROW = 10_000;

/**
 * A list of ids kept beside the deletion `deletionId`, for its restore batch, in rows of at most
 * IDS_PER_ROW ids (kind "ids", record_id "<deletion id>:<name>"): however many ids `select` gives
 * (SQL of a SELECT whose first column is `id`, with the feature's own conditions, evaluated before
 * the batch's writes that follow), no row passes D1's 2 MB and no list is bound. Written only when
 * `stillThere` holds, as the deletion's own row. Read back with snapshotIdList.
 */
export function recordDeletionIdsQuery(db: Db, entry: { userId: string; deletionId: string; name: string; deletedAt: Date }, select: SQL, stillThere: SQL) {
  // The chunk size is written into the SQL (an integer constant): a bound number may arrive as a
  // real, and the division would no longer group.
  return db.insert(deletedRecords).select(
    sql`select lower(hex(randomblob(16))), ${entry.userId}, ${ID_LIST_KIND}, ${`${entry.deletionId}:${entry.name}`}, json_group_array(x.id), ${entry.deletedAt.getTime()}, null
      from (select listed.id as id, (row_number() over (order by listed.id) - 1) / ${sql.raw(String(IDS_PER_ROW))} as part from (${select}) as listed where ${stillThere}) as x
      group by x.part`,
  );
}

/** SQL rows (one column) of the ids recordDeletionIdsQuery kept beside a deletion under `name`: one bound list-free subquery. */
export function snapshotIdList(userId: string, deletionId: string, name: string): SQL {
  return sql`(select j.value from deleted_records as d, json_each(d.snapshot) as j
    where d.user_id = ${userId} and d.kind = ${ID_LIST_KIND} and d.record_id = ${`${deletionId}:${name}`})`;
}

/** SQL of json_each over an array in a deletion's stored snapshot: its rows, for an INSERT … SELECT of any length. */
export function snapshotArray(deletionId: string, path: string): SQL {
  return sql`json_each((select json_extract(snapshot, ${path}) from deleted_records where id = ${deletionId}))`;
}

/** SQL reading a list of ids out of a deletion's snapshot, as rows of json_each (one bound parameter). */
export function snapshotIds(deletionId: string, path: string): SQL {
  return sql`(select value from json_each((select json_extract(snapshot, ${path}) from deleted_records where id = ${deletionId})))`;
}

export type Deletion<T> = { id: string; snapshot: T; deletedAt: Date };

/**
 * The user's latest deletion of that record that can still be undone: within the window and not
 * restored. Another user's, an old one, a restored one and a record never deleted are all undefined.
 */
export async function restorableDeletion<T>(db: Db, userId: string, kind: DeletedKind, recordId: string, now = new Date()): Promise<Deletion<T> | undefined> {
  if (recordId === "") return undefined;
  const [row] = await db
    .select({ id: deletedRecords.id, snapshot: deletedRecords.snapshot, deletedAt: deletedRecords.deletedAt })
    .from(deletedRecords)
    .where(
      and(
        eq(deletedRecords.userId, userId),
        eq(deletedRecords.kind, kind),
        eq(deletedRecords.recordId, recordId),
        isNull(deletedRecords.restoredAt),
        gt(deletedRecords.deletedAt, new Date(now.getTime() - UNDO_WINDOW_MS)),
      ),
    )
    .orderBy(desc(deletedRecords.deletedAt))
    .limit(1);
  return row ? { id: row.id, snapshot: JSON.parse(row.snapshot) as T, deletedAt: row.deletedAt } : undefined;
}

/**
 * Marks the deletion restored, for the restore's batch; returns the row when it was still
 * unrestored, so a restore racing another sees nothing marked and the batch can tell. `onlyIf`
 * (evaluated after the restore's own conditional writes) leaves the row unmarked when they wrote nothing.
 */
export function markRestoredQuery(db: Db, userId: string, deletionId: string, onlyIf?: SQL) {
  return db
    .update(deletedRecords)
    .set({ restoredAt: new Date() })
    .where(and(eq(deletedRecords.id, deletionId), eq(deletedRecords.userId, userId), isNull(deletedRecords.restoredAt), onlyIf))
    .returning({ id: deletedRecords.id });
}

/**
 * The hourly job: deletes snapshots older than PURGE_AFTER_MS, PURGE_CHUNK rows per statement
 * (a bounded write each), until none is left or PURGE_ROUNDS statements ran (the next hour goes on).
 * Returns how many rows went.
 */
export async function purgeDeletedRecords(db: Db, options: { now?: Date } = {}): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - PURGE_AFTER_MS);
  let purged = 0;
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    const old = db.select({ id: deletedRecords.id }).from(deletedRecords).where(lt(deletedRecords.deletedAt, before)).limit(PURGE_CHUNK);
    const gone = await db
      .delete(deletedRecords)
      .where(inArray(deletedRecords.id, old))
      .returning({ id: deletedRecords.id });
    purged += gone.length;
    if (gone.length < PURGE_CHUNK) break;
  }
  return purged;
}
