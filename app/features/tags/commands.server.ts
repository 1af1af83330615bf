import { and, eq, inArray } from "drizzle-orm";
import { nameKey } from "~/text/name-key";
import type { TagInput } from "~/features/tags/schemas";
import type { Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { tags, transactionTags } from "~/platform/db/schema";
import { tagColumns, type Tag } from "./queries.server";

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

/** Deletes the tag and its links to transactions in one batch; the transactions themselves stay. */
export async function deleteTag(db: Db, actor: Actor, { id }: DeleteTagInput): Promise<TagOutcome> {
  const owned = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, actor.userId)));
  const [, deleted] = await db.batch([
    db.delete(transactionTags).where(inArray(transactionTags.tagId, owned)),
    db.delete(tags).where(and(eq(tags.id, id), eq(tags.userId, actor.userId))).returning(tagColumns),
  ]);
  const [row] = deleted;
  return row ? { kind: "ok", tag: row } : { kind: "notFound" };
}
