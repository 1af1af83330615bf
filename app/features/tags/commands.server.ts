import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { nameKey } from "~/text/name-key";
import type { TagInput } from "~/features/tags/model";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { tags, transactions, transactionTags } from "~/platform/db/schema";

// Tags belong to one user. Names are unique per user case-insensitively through the
// unique index on (user_id, name_key), which also settles concurrent requests.

const tagColumns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  description: tags.description,
  createdAt: tags.createdAt,
};

export type Tag = { id: string; name: string; color: string; description: string | null; createdAt: Date };
export type TagWithUsage = Tag & { usageCount: number };
export type TagError = "notFound" | "duplicate";
export type TagOutcome = { ok: true; tag: Tag } | { ok: false; error: TagError };

/** The user's tags by name, each with how many of the user's transactions carry it. */
export function listTagsWithUsage(db: Db, userId: string): Promise<TagWithUsage[]> {
  return db
    .select({ ...tagColumns, usageCount: count(transactions.id) })
    .from(tags)
    .leftJoin(transactionTags, eq(transactionTags.tagId, tags.id))
    .leftJoin(transactions, and(eq(transactions.id, transactionTags.transactionId), eq(transactions.userId, userId)))
    .where(eq(tags.userId, userId))
    .groupBy(tags.id)
    .orderBy(asc(tags.nameKey));
}

export async function findTag(db: Db, userId: string, id: string): Promise<Tag | undefined> {
  const [row] = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .limit(1);
  return row;
}

export async function createTag(db: Db, userId: string, input: TagInput): Promise<TagOutcome> {
  const [row] = await db
    .insert(tags)
    .values({ userId, name: input.name, nameKey: nameKey(input.name), color: input.color, description: input.description ?? null })
    .onConflictDoNothing()
    .returning(tagColumns);
  return row ? { ok: true, tag: row } : { ok: false, error: "duplicate" };
}

export async function updateTag(db: Db, userId: string, id: string, input: TagInput): Promise<TagOutcome> {
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
      .where(and(eq(tags.id, id), eq(tags.userId, userId)))
      .returning(tagColumns);
    return row ? { ok: true, tag: row } : { ok: false, error: "notFound" };
  } catch (error) {
    // Renaming onto another of the user's tags (in any letter case).
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate" };
    throw error;
  }
}

/** Deletes the tag and its links to transactions in one batch; the transactions themselves stay. */
export async function deleteTag(db: Db, userId: string, id: string): Promise<TagOutcome> {
  const owned = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)));
  const [, deleted] = await db.batch([
    db.delete(transactionTags).where(inArray(transactionTags.tagId, owned)),
    db.delete(tags).where(and(eq(tags.id, id), eq(tags.userId, userId))).returning(tagColumns),
  ]);
  const [row] = deleted;
  return row ? { ok: true, tag: row } : { ok: false, error: "notFound" };
}

export const TAG_USAGE_LIST_MAX = 50;

/** How many of the user's transactions carry the tag, and the latest of them; undefined when the tag is not the user's. */
export async function tagUsage(db: Db, userId: string, id: string) {
  const tag = await findTag(db, userId, id);
  if (!tag) return undefined;
  const carrying = and(eq(transactionTags.tagId, id), eq(transactions.userId, userId));
  const [[total], rows] = await db.batch([
    db
      .select({ count: count() })
      .from(transactionTags)
      .innerJoin(transactions, eq(transactions.id, transactionTags.transactionId))
      .where(carrying),
    db
      .select({
        id: transactions.id,
        description: transactions.description,
        date: transactions.date,
        type: transactions.type,
        usdCents: transactions.usdCents,
      })
      .from(transactionTags)
      .innerJoin(transactions, eq(transactions.id, transactionTags.transactionId))
      .where(carrying)
      .orderBy(desc(transactions.date), desc(transactions.createdAt), desc(transactions.id))
      .limit(TAG_USAGE_LIST_MAX),
  ]);
  return { tag, count: total?.count ?? 0, transactions: rows };
}
