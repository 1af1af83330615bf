import { and, asc, count, desc, eq } from "drizzle-orm";
import { nameKey } from "~/text/name-key";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { tags, transactions, transactionTags } from "~/platform/db/schema";

// Tags belong to one user; every query names the owner, and another user's tag is not found,
// exactly like a missing one.

export const tagColumns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  description: tags.description,
  createdAt: tags.createdAt,
};

export type Tag = { id: string; name: string; color: string; description: string | null; createdAt: Date };
export type TagWithUsage = Tag & { usageCount: number };

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

/**
 * Which of these tag ids are the user's, as one query for a caller's batch (the transactions
 * door checks every input's tags with it). Found by id (one JSON parameter however many),
 * checked for owner: an indexed user equality would walk all the user's tags.
 */
export function ownedTagIdsQuery(db: Db, userId: string, ids: readonly string[]) {
  return db
    .select({ id: tags.id })
    .from(tags)
    .where(and(ownerCheck(tags.userId, userId), inList(tags.id, ids)));
}

export async function findTag(db: Db, userId: string, id: string): Promise<Tag | undefined> {
  const [row] = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .limit(1);
  return row;
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

// What the transaction list's filter panel and rows need besides the page itself
// (db/transactions.server.ts listTransactions): the user's tags by name, without usage counts.

export type TagChoice = { id: string; name: string; color: string };

export function listTagChoices(db: Db, userId: string): Promise<TagChoice[]> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(asc(tags.nameKey));
}

/** The user's tags among the names (compared by name key), for an import that tags rows by name: name key → id. */
export async function tagsNamed(db: Db, userId: string, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const keys = [...new Set(names.map(nameKey))];
  const rows = await db
    .select({ id: tags.id, nameKey: tags.nameKey })
    .from(tags)
    .where(and(eq(tags.userId, userId), inList(tags.nameKey, keys)));
  return new Map(rows.map((row) => [row.nameKey, row.id]));
}
