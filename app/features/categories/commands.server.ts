import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { CategoryInput } from "~/features/categories/model";
import { nameKey } from "~/text/name-key";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { budgets, categories, transactions } from "~/platform/db/schema";

// Categories are the user's own plus the shared defaults (user_id NULL, read-only).
// Every query names the owner; another user's category is "notFound", exactly like a missing one.

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  type: categories.type,
  color: categories.color,
  icon: categories.icon,
  isDefault: categories.isDefault,
  createdAt: categories.createdAt,
};

export type Category = {
  id: string;
  name: string;
  type: "expense" | "income";
  color: string;
  icon: string;
  isDefault: boolean;
  createdAt: Date;
};

export type CategoryError = "notFound" | "defaultReadOnly" | "duplicate" | "inUse" | "inUseByBudgets" | "typeInUse";
export type CategoryOutcome = { ok: true; category: Category } | { ok: false; error: CategoryError };

const visibleTo = (userId: string) => or(eq(categories.userId, userId), and(isNull(categories.userId), eq(categories.isDefault, true)));

/** The user's categories and the defaults: defaults first, then by type and name. */
export function listCategories(db: Db, userId: string): Promise<Category[]> {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(visibleTo(userId))
    .orderBy(desc(categories.isDefault), asc(categories.type), asc(categories.nameKey));
}

/** findCategory as one query, for a caller's batch: at most one row. */
export function findCategoryQuery(db: Db, userId: string, id: string) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(and(eq(categories.id, id), visibleTo(userId)))
    .limit(1);
}

export async function findCategory(db: Db, userId: string, id: string): Promise<Category | undefined> {
  const [row] = await findCategoryQuery(db, userId, id);
  return row;
}

/** A default category of the same type and name also counts as taken: two "Food & Dining" would be indistinguishable. */
async function nameTakenByDefault(db: Db, input: CategoryInput) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.isDefault, true), eq(categories.type, input.type), eq(categories.nameKey, nameKey(input.name))))
    .limit(1);
  return Boolean(row);
}

export async function createCategory(db: Db, userId: string, input: CategoryInput): Promise<CategoryOutcome> {
  if (await nameTakenByDefault(db, input)) return { ok: false, error: "duplicate" };
  // The unique index on (user, type, name key) settles concurrent creates.
  const [row] = await db
    .insert(categories)
    .values({ userId, ...input, nameKey: nameKey(input.name), isDefault: false })
    .onConflictDoNothing()
    .returning(categoryColumns);
  return row ? { ok: true, category: row } : { ok: false, error: "duplicate" };
}

/** Only the user's own categories can change; a default one answers "defaultReadOnly". */
async function ownedCategory(db: Db, userId: string, id: string): Promise<CategoryOutcome> {
  const category = await findCategory(db, userId, id);
  if (!category) return { ok: false, error: "notFound" };
  if (category.isDefault) return { ok: false, error: "defaultReadOnly" };
  return { ok: true, category };
}

export async function updateCategory(db: Db, userId: string, id: string, input: CategoryInput): Promise<CategoryOutcome> {
  const owned = await ownedCategory(db, userId, id);
  if (!owned.ok) return owned;
  if (await nameTakenByDefault(db, input)) return { ok: false, error: "duplicate" };
  // A transaction's type follows its category's (spec section 5); flipping a used category
  // between expense and income would leave its transactions contradicting it.
  if (input.type !== owned.category.type && (await usedByTransaction(db, userId, id))) return { ok: false, error: "typeInUse" };
  try {
    const [row] = await db
      .update(categories)
      .set({ ...input, nameKey: nameKey(input.name), updatedAt: new Date() })
      .where(and(eq(categories.id, id), eq(categories.userId, userId), eq(categories.isDefault, false)))
      .returning(categoryColumns);
    return row ? { ok: true, category: row } : { ok: false, error: "notFound" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: "duplicate" };
    throw error;
  }
}

async function usedByTransaction(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, id)))
    .limit(1);
  return Boolean(row);
}

// With the owner named, both lookups use the (user, category) indexes.
const usedByTransactions = (userId: string, id: string) =>
  sql`exists (select 1 from ${transactions} where ${transactions.userId} = ${userId} and ${transactions.categoryId} = ${id})`;
const usedByBudgets = (userId: string, id: string) =>
  sql`exists (select 1 from ${budgets} where ${budgets.userId} = ${userId} and ${budgets.categoryId} = ${id})`;

/**
 * Refused while any transaction (or budget) uses the category. The check is repeated inside
 * the DELETE itself, so a transaction saved between the check and the delete still blocks it.
 */
export async function deleteCategory(db: Db, userId: string, id: string): Promise<CategoryOutcome> {
  const owned = await ownedCategory(db, userId, id);
  if (!owned.ok) return owned;
  if (await usedByTransaction(db, userId, id)) return { ok: false, error: "inUse" };
  const [usedBudget] = await db.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.userId, userId), eq(budgets.categoryId, id))).limit(1);
  if (usedBudget) return { ok: false, error: "inUseByBudgets" };
  try {
    const [row] = await db
      .delete(categories)
      .where(
        and(
          eq(categories.id, id),
          eq(categories.userId, userId),
          eq(categories.isDefault, false),
          sql`not ${usedByTransactions(userId, id)}`,
          sql`not ${usedByBudgets(userId, id)}`,
        ),
      )
      .returning({ id: categories.id });
    return row ? { ok: true, category: owned.category } : { ok: false, error: "inUse" };
  } catch (error) {
    // A foreign key refusing the delete means something started using it meanwhile.
    if (/FOREIGN KEY/i.test(String(error instanceof Error ? `${error.message} ${String(error.cause)}` : error))) {
      return { ok: false, error: "inUse" };
    }
    throw error;
  }
}
