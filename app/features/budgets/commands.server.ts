import { and, eq, isNull, or, sql } from "drizzle-orm";
import { addMonths, type MonthStart } from "~/money/dates";
import type { BudgetInput } from "~/features/budgets/model";
import { recordActivityQuery, type Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { activityLog, budgets, categories } from "~/platform/db/schema";
import { findBudget, type BudgetRow } from "./queries.server";

// The only write path for budgets, for the web page and the API alike. One budget per user,
// category and month: the unique index settles it, even for two requests at once. Each change
// and its activity entry are one batch, so neither is ever written without the other.

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type BudgetRefusal = "notFound" | "duplicate" | "categoryInvalid";
export type BudgetOutcome = { kind: "ok"; budget: BudgetRow } | { kind: BudgetRefusal };

export type UpdateBudgetInput = BudgetInput & { id: string };

/** The category's name when the user may budget it: an expense category of theirs, or a default one. */
async function budgetableCategoryName(db: Db, userId: string, categoryId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(
      and(
        eq(categories.id, categoryId),
        eq(categories.type, "expense"),
        or(eq(categories.userId, userId), and(isNull(categories.userId), eq(categories.isDefault, true))),
      ),
    );
  return row?.name;
}

const activityText = (categoryName: string, month: string) => `${categoryName}, ${month.slice(0, 7)}`;

export async function createBudget(db: Db, actor: Actor, input: BudgetInput): Promise<BudgetOutcome> {
  const categoryName = await budgetableCategoryName(db, actor.userId, input.categoryId);
  if (categoryName === undefined) return { kind: "categoryInvalid" };
  const id = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(budgets).values({
        id,
        userId: actor.userId,
        categoryId: input.categoryId,
        amountUsdCents: input.amountCents,
        month: input.month,
        alertThreshold: input.alertThreshold,
      }),
      recordActivityQuery(db, { userId: actor.userId, action: "budget_create", description: activityText(categoryName, input.month), ipAddress: actor.ip }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
  const budget = await findBudget(db, actor.userId, id);
  return budget ? { kind: "ok", budget } : { kind: "notFound" };
}

export async function updateBudget(db: Db, actor: Actor, { id, ...input }: UpdateBudgetInput): Promise<BudgetOutcome> {
  const owned = and(eq(budgets.id, id), eq(budgets.userId, actor.userId));
  const [existing] = await db.select({ id: budgets.id }).from(budgets).where(owned);
  if (!existing) return { kind: "notFound" };
  const categoryName = await budgetableCategoryName(db, actor.userId, input.categoryId);
  if (categoryName === undefined) return { kind: "categoryInvalid" };
  try {
    const [updated] = await db.batch([
      db
        .update(budgets)
        .set({ categoryId: input.categoryId, amountUsdCents: input.amountCents, month: input.month, alertThreshold: input.alertThreshold, updatedAt: new Date() })
        .where(owned)
        .returning({ id: budgets.id }),
      recordActivityQuery(db, { userId: actor.userId, action: "budget_update", description: activityText(categoryName, input.month), ipAddress: actor.ip }),
    ]);
    // Deleted between the check and the update: the batch logged a change that did not happen.
    if (updated.length === 0) return { kind: "notFound" };
  } catch (error) {
    // Moved onto a category and month that already have a budget.
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
  const budget = await findBudget(db, actor.userId, id);
  return budget ? { kind: "ok", budget } : { kind: "notFound" };
}

export async function deleteBudget(db: Db, actor: Actor, { id }: { id: string }): Promise<BudgetOutcome> {
  const budget = await findBudget(db, actor.userId, id);
  if (!budget) return { kind: "notFound" };
  const [deleted] = await db.batch([
    db
      .delete(budgets)
      .where(and(eq(budgets.id, id), eq(budgets.userId, actor.userId)))
      .returning({ id: budgets.id }),
    recordActivityQuery(db, { userId: actor.userId, action: "budget_delete", description: activityText(budget.category.name, budget.month), ipAddress: actor.ip }),
  ]);
  return deleted.length > 0 ? { kind: "ok", budget } : { kind: "notFound" };
}

/**
 * Copies the previous month's budgets into `month`: same categories, amounts and thresholds,
 * skipping every category that already has a budget in `month`. One batch of two INSERT …
 * SELECT statements: the activity entry counts what is about to be copied, then the copy runs,
 * so both see the same rows, they bind a handful of parameters however many budgets there are
 * (D1 allows 100), and they are written together or not at all. Returns how many were copied.
 */
export async function copyPreviousMonthBudgets(db: Db, actor: Actor, month: MonthStart): Promise<number> {
  const previous = addMonths(month, -1);
  const { userId } = actor;
  const toCopy = sql`from budgets as source
    where source.user_id = ${userId} and source.month = ${previous}
      and not exists (select 1 from budgets as taken where taken.user_id = ${userId} and taken.category_id = source.category_id and taken.month = ${month})`;
  const now = sql`(unixepoch('subsec') * 1000)`;
  // INSERT … SELECT through Drizzle's builder (D1 batches only builder queries): the SELECT
  // gives every column in the schema's order.
  const [, copied] = await db.batch([
    db.insert(activityLog).select(sql`select lower(hex(randomblob(16))), ${userId}, 'budget_copy',
      count(*) || ', ' || ${previous.slice(0, 7)} || ' → ' || ${month.slice(0, 7)}, ${actor.ip}, ${now}
      ${toCopy}
      having count(*) > 0`),
    db
      .insert(budgets)
      .select(sql`select lower(hex(randomblob(16))), source.user_id, source.category_id, source.amount_usd_cents, ${month}, source.alert_threshold, ${now}, ${now}
      ${toCopy}`)
      .onConflictDoNothing()
      .returning({ id: budgets.id }),
  ]);
  return copied.length;
}
