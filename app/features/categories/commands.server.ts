import { and, eq, sql } from "drizzle-orm";
import type { CategoryInput } from "~/features/categories/schemas";
import { nameKey } from "~/text/name-key";
import type { Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { categoryHasBudgets, budgetsUseCategory } from "~/features/budgets/queries.server";
import { categoryHasTransactions, transactionsUseCategory } from "~/features/transactions/queries.server";
import { countSchedulesWithCategory, schedulesUseCategory } from "~/features/recurring/queries.server";
import { categories } from "~/platform/db/schema";
import { categoryColumns, findCategory, type Category } from "./queries.server";

// The only write path for categories, for the web page and the API alike. Each write is one
// statement, so it needs no batch; category changes have never been entries of the activity
// log (its actions are account, transaction and rate events), so none is written here.

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type CategoryRefusal = "notFound" | "defaultReadOnly" | "duplicate" | "inUse" | "inUseByBudgets" | "inUseBySchedules" | "typeInUse";
export type CategoryOutcome = { kind: "ok"; category: Category } | { kind: CategoryRefusal };

export type UpdateCategoryInput = CategoryInput & { id: string };
export type DeleteCategoryInput = { id: string };

/** A default category of the same type and name also counts as taken: two "Food & Dining" would be indistinguishable. */
async function nameTakenByDefault(db: Db, input: CategoryInput) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.isDefault, true), eq(categories.type, input.type), eq(categories.nameKey, nameKey(input.name))))
    .limit(1);
  return Boolean(row);
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
async function ownedCategory(db: Db, userId: string, id: string): Promise<CategoryOutcome> {
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
 * Refused while any transaction (or budget) uses the category. The check is repeated inside
 * the DELETE itself, so a transaction saved between the check and the delete still blocks it.
 */
export async function deleteCategory(db: Db, actor: Actor, { id }: DeleteCategoryInput): Promise<CategoryOutcome> {
  const { userId } = actor;
  const owned = await ownedCategory(db, userId, id);
  if (owned.kind !== "ok") return owned;
  if (await categoryHasTransactions(db, userId, id)) return { kind: "inUse" };
  if (await categoryHasBudgets(db, userId, id)) return { kind: "inUseByBudgets" };
  if ((await countSchedulesWithCategory(db, userId, id)) > 0) return { kind: "inUseBySchedules" };
  try {
    const [row] = await db
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
    return row ? { kind: "ok", category: owned.category } : { kind: "inUse" };
  } catch (error) {
    // A foreign key refusing the delete means something started using it meanwhile.
    if (/FOREIGN KEY/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error))) {
      return { kind: "inUse" };
    }
    throw error;
  }
}
