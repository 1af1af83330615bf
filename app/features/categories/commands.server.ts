import { and, eq, isNull, sql } from "drizzle-orm";
import { inList, insertChunks } from "~/platform/db/bound-lists.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import type { CategoryInput } from "~/features/categories/schemas";
import { type CategoryType, defaultNamed, type CategoryUsage } from "~/features/categories/model";
import { resources } from "~/locales";
import { nameKey } from "~/text/name-key";
import { type Actor, recordActivityQuery, recordActivitySelectQuery } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { budgetsUseCategory, countBudgetsInCategory } from "~/features/budgets/queries.server";
import { budgetsMoveSnapshot, moveBudgetsToCategoryQueries, unmergeBudgetsQueries, unmergeBudgetsRefusal } from "~/features/budgets/commands.server";
import { categoryHasTransactions, countTransactionsInCategory, transactionsUseCategory } from "~/features/transactions/queries.server";
import { categoryTransactionIdsSelect, moveBackToCategoryQuery, moveToCategoryQuery } from "~/features/transactions/commands.server";
import { countSchedulesWithCategory, schedulesUseCategory } from "~/features/recurring/queries.server";
import { categoryScheduleIdsSelect, moveSchedulesBackQuery, moveSchedulesToCategoryQuery } from "~/features/recurring/commands.server";
import { categories } from "~/platform/db/schema";
import type { UndoRefusal } from "~/platform/http/undo-refusals";
import { markRestoredQuery, recordDeletionIdsQuery, recordDeletionQuery, recordDeletionSelectQuery, restorableDeletion, snapshotArray, snapshotIdList, snapshotIds } from "~/platform/db/deleted-records.server";
import { categoryColumns, findCategory, type Category } from "./queries.server";

// The only write path for categories, for the web page and the API alike. A create or an update
// is one statement; a delete (plain or move-then-delete) and its Undo are one batch each, with
// their snapshot (decision 035) and their activity entry (category_delete, category_restore).

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type CategoryRefusal = "notFound" | "defaultReadOnly" | "duplicate" | "inUse" | "inUseByBudgets" | "inUseBySchedules" | "typeInUse" | "moveTargetInvalid";
export type CategoryOutcome =
  | { kind: "ok"; category: Category }
  | { kind: Exclude<CategoryRefusal, "inUse" | "inUseByBudgets" | "inUseBySchedules"> }
  // A refused delete says what uses the category, so both faces can give the counts.
  | { kind: "inUse" | "inUseByBudgets" | "inUseBySchedules"; usage: CategoryUsage };

export type UpdateCategoryInput = CategoryInput & { id: string };
export type DeleteCategoryInput = { id: string };

// A default category's name in each language (the locale files), which a user's category may not repeat.
const defaultNamesByLanguage = Object.values(resources).map((language) => language.translation.categoryNames as Record<string, string>);

/**
 * A default category of the same type and name also counts as taken: two "Food & Dining" would
 * be indistinguishable. "The same name" is folded (accents, case, spacing: nameFold) and counts
 * the default's name in every language, so neither "Educacion" nor "EDUCATION" sits beside the
 * default "Educación" / "Education" (issue 23).
 */
async function nameTakenByDefault(db: Db, input: Pick<CategoryInput, "name" | "type">) {
  const defaults = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.isDefault, true), isNull(categories.userId), eq(categories.type, input.type)));
  return defaultNamed(input.name, defaults, defaultNamesByLanguage) !== undefined;
}

export async function createCategory(db: Db, actor: Actor, input: CategoryInput): Promise<CategoryOutcome> {
  if (await nameTakenByDefault(db, input)) return { kind: "duplicate" };
  // The unique index on (user, type, name key) settles concurrent creates.
  const [row] = await db
    .insert(categories)
    .values({ userId: actor.userId, ...input, nameKey: nameKey(input.name), isDefault: false })
    .onConflictDoNothing()
    .returning(categoryColumns);
  return row ? { kind: "ok", category: row } : { kind: "duplicate" };
}

/** Only the user's own categories can change; a default one answers "defaultReadOnly". */
async function ownedCategory(db: Db, userId: string, id: string): Promise<{ kind: "ok"; category: Category } | { kind: "notFound" | "defaultReadOnly" }> {
  const category = await findCategory(db, userId, id);
  if (!category) return { kind: "notFound" };
  if (category.isDefault) return { kind: "defaultReadOnly" };
  return { kind: "ok", category };
}

export async function updateCategory(db: Db, actor: Actor, { id, ...input }: UpdateCategoryInput): Promise<CategoryOutcome> {
  const { userId } = actor;
  const owned = await ownedCategory(db, userId, id);
  if (owned.kind !== "ok") return owned;
  if (await nameTakenByDefault(db, input)) return { kind: "duplicate" };
  // A transaction's type follows its category's (spec section 5); flipping a used category
  // between expense and income would leave its transactions contradicting it.
  if (input.type !== owned.category.type && (await categoryHasTransactions(db, userId, id))) return { kind: "typeInUse" };
  try {
    const [row] = await db
      .update(categories)
      .set({ ...input, nameKey: nameKey(input.name), updatedAt: new Date() })
      .where(and(eq(categories.id, id), eq(categories.userId, userId), eq(categories.isDefault, false)))
      .returning(categoryColumns);
    return row ? { kind: "ok", category: row } : { kind: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
}

/**
 * How many of the user's transactions, budgets and schedules use the category: what a delete would leave
 * without one (a read, here beside the delete that asks it; the page's confirmation shows it).
 */
export async function categoryUsage(db: Db, userId: string, id: string): Promise<CategoryUsage> {
  const [transactions, budgets, schedules] = await Promise.all([
    countTransactionsInCategory(db, userId, id),
    countBudgetsInCategory(db, userId, id),
    countSchedulesWithCategory(db, userId, id),
  ]);
  return { transactions, budgets, schedules };
}

/** The refusal of a delete while something uses the category, with the counts; undefined when nothing does. */
async function inUse(db: Db, userId: string, id: string): Promise<CategoryOutcome | undefined> {
  const usage = await categoryUsage(db, userId, id);
  if (usage.transactions > 0) return { kind: "inUse", usage };
  if (usage.budgets > 0) return { kind: "inUseByBudgets", usage };
  if (usage.schedules > 0) return { kind: "inUseBySchedules", usage };
  return undefined;
}

/** The user's own category `id`, when nothing of theirs uses it any more. */
function unusedCondition(userId: string, id: string) {
  return sql`exists (select 1 from categories as c where c.id = ${id} and c.user_id = ${userId} and c.is_default = 0)
    and not ${transactionsUseCategory(userId, id)} and not ${budgetsUseCategory(userId, id)} and not ${schedulesUseCategory(userId, id)}`;
}

/** The category's delete, for the end of a batch: only when nothing of the user's uses it any more. */
function deleteUnusedQuery(db: Db, userId: string, id: string) {
  return db
    .delete(categories)
    .where(
      and(
        eq(categories.id, id),
        eq(categories.userId, userId),
        eq(categories.isDefault, false),
        sql`not ${transactionsUseCategory(userId, id)}`,
        sql`not ${budgetsUseCategory(userId, id)}`,
        sql`not ${schedulesUseCategory(userId, id)}`,
      ),
    )
    .returning({ id: categories.id });
}

/**
 * What a category's delete keeps for Undo (issue 27, decision 035): its row as stored. A plain
 * delete (deleteCategory) happens only when nothing uses the category, so nothing else changed
 * with it. A move-then-delete (moveAndDeleteCategory) also keeps what the move did (`move`): the
 * target, the budgets that only changed category, and each budget merged into the target's (the
 * kept budget's id, the cents added, the merged row as stored); the ids of the transactions and
 * schedules it re-pointed are kept beside it in id-list rows ("transactions", "schedules":
 * recordDeletionIdsQuery), so 50,000 transactions pass neither D1's 2 MB row nor its 100
 * parameters. The database writes all of it itself, in the move's batch, and the restore reads the
 * lists back with json_each.
 */
export type CategorySnapshot = {
  category: typeof categories.$inferSelect;
  move?: {
    to: string;
    budgets: {
      movedIds: string[];
      merged: { keptId: string; added: number; budget: { id: string; month: string; amountUsdCents: number; alertThreshold: number; createdAt: number; updatedAt: number } }[];
    };
  };
};

/**
 * Undo of a delete within the window (decision 035): the category comes back as it was (same id,
 * name, type, colour, icon, dates). After a move-then-delete the move is undone in the same batch:
 * the transactions, schedules and budgets it moved that still are the target's go back (one the
 * user has moved since stays where it is), merged budgets get back what was added to the target's
 * and the merged rows return with their ids (unmergeBudgetsRefusal says when that cannot be exact).
 * Refused, changing nothing, when a category of the same name and type (or a default one of that
 * name) exists again. Never deleted, already restored, too old or another user's: "notFound".
 */
export type RestoreCategoryOutcome =
  | { kind: "ok"; category: Category }
  | { kind: Extract<UndoRefusal, "notFound" | "nameTaken" | "budgetChanged" | "monthTotalLimit"> };

export async function restoreCategory(db: Db, actor: Actor, { id }: DeleteCategoryInput): Promise<RestoreCategoryOutcome> {
  const { userId } = actor;
  const deletion = await restorableDeletion<CategorySnapshot>(db, userId, "category", id);
  if (!deletion) return { kind: "notFound" };
  const { category, move } = deletion.snapshot;
  if (await nameTakenByDefault(db, category)) return { kind: "nameTaken" };
  const merged = snapshotArray(deletion.id, "$.move.budgets.merged");
  if (move) {
    const refusal = await unmergeBudgetsRefusal(db, userId, merged);
    if (refusal) return { kind: refusal };
  }
  // The move undone, after the category's row is back (the rows' foreign keys point at it).
  const moveBack = move
    ? [
        moveBackToCategoryQuery(db, userId, move.to, id, snapshotIdList(userId, deletion.id, "transactions")),
        moveSchedulesBackQuery(db, userId, move.to, id, snapshotIdList(userId, deletion.id, "schedules")),
        ...unmergeBudgetsQueries(db, userId, move.to, id, snapshotIds(deletion.id, "$.move.budgets.movedIds"), merged),
      ]
    : [];
  try {
    const [marked] = await db.batch([
      markRestoredQuery(db, userId, deletion.id),
      db.insert(categories).values({ ...category, userId, isDefault: false, createdAt: new Date(category.createdAt), updatedAt: new Date(category.updatedAt) }),
      ...moveBack,
      recordActivityQuery(db, { userId, action: "category_restore", description: `Category ${category.name} restored`, details: { name: category.name }, ipAddress: actor.ip }),
    ]);
    if (marked.length === 0) return { kind: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return (await findCategory(db, userId, id)) ? { kind: "notFound" } : { kind: "nameTaken" };
    throw error;
  }
  const restored = await findCategory(db, userId, id);
  return restored ? { kind: "ok", category: restored } : { kind: "notFound" };
}

/** A foreign key refusing the delete means something started using it meanwhile (or a schedule uses it). */
function isForeignKeyRefusal(error: unknown) {
  return /FOREIGN KEY/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error));
}

/**
 * Refused while any transaction (or budget) uses the category, saying how many. The check is
 * repeated inside the DELETE itself, so a transaction saved between the check and the delete
 * still blocks it.
 */
export async function deleteCategory(db: Db, actor: Actor, { id }: DeleteCategoryInput): Promise<CategoryOutcome> {
  const { userId } = actor;
  const owned = await ownedCategory(db, userId, id);
  if (owned.kind !== "ok") return owned;
  const used = await inUse(db, userId, id);
  if (used) return used;
  const [stored] = await db.select().from(categories).where(and(eq(categories.id, id), eq(categories.userId, userId)));
  if (!stored) return { kind: "notFound" };
  const snapshot: CategorySnapshot = { category: stored };
  try {
    // The snapshot is kept under the same conditions as the delete that follows it.
    const [, , [row]] = await db.batch([
      recordDeletionQuery(db, { userId, kind: "category", recordId: id, snapshot }, unusedCondition(userId, id)),
      recordActivitySelectQuery(
        db,
        { userId, action: "category_delete", description: `Category ${stored.name} deleted`, details: { name: stored.name }, ipAddress: actor.ip },
        sql`where ${unusedCondition(userId, id)}`,
      ),
      deleteUnusedQuery(db, userId, id),
    ]);
    return row ? { kind: "ok", category: owned.category } : ((await inUse(db, userId, id)) ?? { kind: "notFound" });
  } catch (error) {
    if (isForeignKeyRefusal(error)) return (await inUse(db, userId, id)) ?? { kind: "inUse", usage: { transactions: 0, budgets: 0, schedules: 0 } };
    throw error;
  }
}

export type MoveAndDeleteInput = { id: string; to: string };
export type MoveAndDeleteOutcome =
  | { kind: "ok"; category: Category; target: Category; moved: CategoryUsage }
  | { kind: "notFound" | "defaultReadOnly" | "moveTargetInvalid" }
  | { kind: "inUse"; usage: CategoryUsage };

/**
 * Deleting a category in use (issue 23): first moves the user's transactions and budgets in it to
 * `to`, another category of the same type that the user may use (theirs or a default), then
 * deletes it, all in one batch: everything moves and the category goes, or nothing changes.
 * Budgets that meet a budget of `to` in the same month are merged into it (budgets' commands).
 * Only the user's own rows move; `to` may not be the category itself, another user's or of the
 * other type ("moveTargetInvalid"). The batch keeps what it did for Undo (CategorySnapshot's
 * `move`), so restoreCategory can take the move back (decision 035).
 */
export async function moveAndDeleteCategory(db: Db, actor: Actor, { id, to }: MoveAndDeleteInput): Promise<MoveAndDeleteOutcome> {
  const { userId } = actor;
  const owned = await ownedCategory(db, userId, id);
  if (owned.kind !== "ok") return owned;
  const target = to && to !== id ? await findCategory(db, userId, to) : undefined;
  if (!target || target.type !== owned.category.type) return { kind: "moveTargetInvalid" };
  const moved = await categoryUsage(db, userId, id);
  const deletionId = crypto.randomUUID();
  const deletedAt = new Date();
  const stillOwned = sql`exists (select 1 from categories as owned where owned.id = ${id} and owned.user_id = ${userId} and owned.is_default = 0)`;
  try {
    const results = await db.batch([
      // What the move is about to do, kept for Undo (decision 035), read before it by the database
      // itself: written only while the category is still the user's, as the delete at the end.
      recordDeletionSelectQuery(
        db,
        { userId, kind: "category", recordId: id, id: deletionId, deletedAt },
        sql`json_object('category', json_object('id', c.id, 'userId', c.user_id, 'name', c.name, 'nameKey', c.name_key, 'type', c.type,
            'color', c.color, 'icon', c.icon, 'isDefault', json('false'), 'createdAt', c.created_at, 'updatedAt', c.updated_at),
          'move', json_object('to', ${target.id}, 'budgets', ${budgetsMoveSnapshot(userId, id, target.id)}))`,
        sql`from categories as c where c.id = ${id} and c.user_id = ${userId} and c.is_default = 0`,
      ),
      recordDeletionIdsQuery(db, { userId, deletionId, name: "transactions", deletedAt }, categoryTransactionIdsSelect(userId, id), stillOwned),
      recordDeletionIdsQuery(db, { userId, deletionId, name: "schedules", deletedAt }, categoryScheduleIdsSelect(userId, id), stillOwned),
      moveToCategoryQuery(db, userId, id, target.id),
      ...moveBudgetsToCategoryQueries(db, userId, id, target.id),
      moveSchedulesToCategoryQuery(db, userId, id, target.id),
      // Recorded when the category is still the user's; the delete after it then finds nothing using it.
      recordActivitySelectQuery(
        db,
        { userId, action: "category_delete", description: `Category ${owned.category.name} deleted`, details: { name: owned.category.name }, ipAddress: actor.ip },
        sql`where exists (select 1 from ${categories} where ${categories.id} = ${id} and ${categories.userId} = ${userId})`,
      ),
      deleteUnusedQuery(db, userId, id),
    ]);
    const deleted = results[results.length - 1] as { id: string }[];
    if (deleted.length > 0) return { kind: "ok", category: owned.category, target, moved };
    // Gone meanwhile (the batch moved nothing that was not the user's, and deleted nothing).
    return { kind: "notFound" };
  } catch (error) {
    // A row of the user's that only a foreign key sees (a recurring schedule in the category) keeps it.
    if (isForeignKeyRefusal(error)) return { kind: "inUse", usage: await categoryUsage(db, userId, id) };
    throw error;
  }
}

/**
 * The INSERTs of categories a caller creates inside its own batch (an import's, through the
 * transactions door's newRecords): the user's, with the default colour and icon. The unique index
 * on (user, type, name key) refuses a name taken since the caller looked, failing the batch.
 */
export function insertCategoriesQueries(db: Db, userId: string, rows: readonly { id: string; name: string; type: CategoryType }[]) {
  const values = rows.map(({ id, name, type }) => ({ id, userId, name, nameKey: nameKey(name), type, isDefault: false }));
  return insertChunks(categories, values).map((chunk) => db.insert(categories).values(chunk));
}

/**
 * Deletes those of the categories (ids) that are the user's own and that nothing uses any more
 * (no transaction, budget or schedule), in one statement for the caller's batch: an import's undo
 * takes back the categories its commit created, after its transactions. Returns the deleted ids.
 */
export function deleteUnusedCategoriesQuery(db: Db, userId: string, ids: readonly string[]) {
  return db
    .delete(categories)
    .where(
      and(
        // Found by id, checked for owner: not by walking the user's (or the defaults') categories.
        inList(categories.id, ids),
        ownerCheck(categories.userId, userId),
        sql`+${categories.isDefault} = 0`,
        sql`not ${transactionsUseCategory(userId, sql`${categories.id}`)}`,
        sql`not ${budgetsUseCategory(userId, sql`${categories.id}`)}`,
        sql`not ${schedulesUseCategory(userId, sql`${categories.id}`)}`,
      ),
    )
    .returning({ id: categories.id });
}
