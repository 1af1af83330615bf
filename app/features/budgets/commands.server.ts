import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { addMonths, type MonthStart, yearMonthOf } from "~/calendar/months";
import { MAX_BUDGET_MONTH_CENTS, type BudgetInput } from "~/features/budgets/model";
import { findCategory } from "~/features/categories/queries.server";
import { recordActivityQuery, recordActivitySelectQuery, type Actor } from "~/platform/db/activity.server";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { budgets } from "~/platform/db/schema";
import type { UndoRefusal } from "~/platform/http/undo-refusals";
import { markRestoredQuery, recordDeletionQuery, restorableDeletion } from "~/platform/db/deleted-records.server";
import { findBudget, hasBudgetsToCopy, type BudgetRow } from "./queries.server";

// The only write path for budgets, for the web page and the API alike. One budget per user,
// category and month: the unique index settles it, even for two requests at once. A month's
// budgets add up to at most MAX_BUDGET_MONTH_CENTS (decision 018): each write checks it in its
// own SQL statement, so two requests at once cannot pass it together either. Each change and its
// activity entry are one batch, so neither is ever written without the other.

/** Why a write was refused; errors.ts gives each its status and message for both faces. */
export type BudgetRefusal = "notFound" | "duplicate" | "categoryInvalid" | "monthTotalLimit";
export type BudgetOutcome = { kind: "ok"; budget: BudgetRow } | { kind: BudgetRefusal };

export type UpdateBudgetInput = BudgetInput & { id: string };

/** The category's name when the user may budget it: an expense category of theirs, or a default one. */
async function budgetableCategoryName(db: Db, userId: string, categoryId: string): Promise<string | undefined> {
  const category = await findCategory(db, userId, categoryId);
  return category?.type === "expense" ? category.name : undefined;
}

/**
 * A budget's entry: its category and month, as English text (the API's description) and as values
 * (decision 025); the category's id too, so the profile names a default category in the reader's language.
 */
const budgetEntry = (category: string, month: string, categoryId: string) => ({
  description: `${category}, ${yearMonthOf(month)}`,
  details: { category, categoryId, month: yearMonthOf(month) },
});

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Whether `month` has room for `amountCents` more of budgets, besides the budget `exceptId` (the
 * one being edited): a condition evaluated inside the write's own statement.
 */
function monthHasRoom(userId: string, month: MonthStart, amountCents: number | SQL, exceptId = ""): SQL {
  return sql`(select coalesce(sum(in_month.amount_usd_cents), 0) from budgets as in_month
    where in_month.user_id = ${userId} and in_month.month = ${month} and in_month.id <> ${exceptId}) + ${amountCents} <= ${MAX_BUDGET_MONTH_CENTS}`;
}

export async function createBudget(db: Db, actor: Actor, input: BudgetInput): Promise<BudgetOutcome> {
  const categoryName = await budgetableCategoryName(db, actor.userId, input.categoryId);
  if (categoryName === undefined) return { kind: "categoryInvalid" };
  const id = crypto.randomUUID();
  const { userId } = actor;
  try {
    // INSERT … SELECT … WHERE: the row is written only when the month has room for it.
    const [created] = await db.batch([
      db
        .insert(budgets)
        .select(
          sql`select ${id}, ${userId}, ${input.categoryId}, ${input.amountCents}, ${input.month}, ${input.alertThreshold}, ${now}, ${now}
          where ${monthHasRoom(userId, input.month, input.amountCents)}`,
        )
        .returning({ id: budgets.id }),
      // The entry only when the row was written.
      recordActivitySelectQuery(
        db,
        { userId, action: "budget_create", ...budgetEntry(categoryName, input.month, input.categoryId), ipAddress: actor.ip },
        sql`where exists (select 1 from budgets where id = ${id})`,
      ),
    ]);
    if (created.length === 0) return { kind: "monthTotalLimit" };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
  const budget = await findBudget(db, actor.userId, id);
  return budget ? { kind: "ok", budget } : { kind: "notFound" };
}

export async function updateBudget(db: Db, actor: Actor, { id, ...input }: UpdateBudgetInput): Promise<BudgetOutcome> {
  const { userId } = actor;
  const owned = and(eq(budgets.id, id), eq(budgets.userId, userId));
  const [existing] = await db.select({ id: budgets.id }).from(budgets).where(owned);
  if (!existing) return { kind: "notFound" };
  const categoryName = await budgetableCategoryName(db, userId, input.categoryId);
  if (categoryName === undefined) return { kind: "categoryInvalid" };
  // The month must have room for the new amount beside its other budgets; an edit that adds
  // nothing to its month (same month, no more money) is always allowed, so a month filled past
  // the bound before it existed can still be brought down.
  const room = or(monthHasRoom(userId, input.month, input.amountCents, id), and(eq(budgets.month, input.month), sql`${budgets.amountUsdCents} >= ${input.amountCents}`));
  const updatedAt = new Date();
  try {
    const [updated] = await db.batch([
      db
        .update(budgets)
        .set({ categoryId: input.categoryId, amountUsdCents: input.amountCents, month: input.month, alertThreshold: input.alertThreshold, updatedAt })
        .where(and(owned, room))
        .returning({ id: budgets.id }),
      // The entry only when this update changed the row.
      recordActivitySelectQuery(
        db,
        { userId, action: "budget_update", ...budgetEntry(categoryName, input.month, input.categoryId), ipAddress: actor.ip },
        sql`where exists (select 1 from budgets where id = ${id} and user_id = ${userId} and updated_at = ${updatedAt.getTime()})`,
      ),
    ]);
    if (updated.length === 0) {
      // Deleted meanwhile, or the month has no room for it.
      const [still] = await db.select({ id: budgets.id }).from(budgets).where(owned);
      return { kind: still ? "monthTotalLimit" : "notFound" };
    }
  } catch (error) {
    // Moved onto a category and month that already have a budget.
    if (isUniqueViolation(error)) return { kind: "duplicate" };
    throw error;
  }
  const budget = await findBudget(db, actor.userId, id);
  return budget ? { kind: "ok", budget } : { kind: "notFound" };
}

/** What a budget's delete keeps for Undo (issue 27, decision 035): its row as stored. */
export type BudgetSnapshot = { budget: typeof budgets.$inferSelect };

export async function deleteBudget(db: Db, actor: Actor, { id }: { id: string }): Promise<BudgetOutcome> {
  const budget = await findBudget(db, actor.userId, id);
  if (!budget) return { kind: "notFound" };
  const [row] = await db.select().from(budgets).where(and(eq(budgets.id, id), eq(budgets.userId, actor.userId)));
  if (!row) return { kind: "notFound" };
  const snapshot: BudgetSnapshot = { budget: row };
  const [, deleted] = await db.batch([
    recordDeletionQuery(db, { userId: actor.userId, kind: "budget", recordId: id, snapshot }, sql`exists (select 1 from budgets where id = ${id} and user_id = ${actor.userId})`),
    db
      .delete(budgets)
      .where(and(eq(budgets.id, id), eq(budgets.userId, actor.userId)))
      .returning({ id: budgets.id }),
    recordActivityQuery(db, { userId: actor.userId, action: "budget_delete", ...budgetEntry(budget.category.name, budget.month, budget.categoryId), ipAddress: actor.ip }),
  ]);
  return deleted.length > 0 ? { kind: "ok", budget } : { kind: "notFound" };
}

export type RestoreBudgetRefusal = Extract<UndoRefusal, "notFound" | "budgetExists" | "categoryGone" | "monthTotalLimit">;
export type RestoreBudgetOutcome = { kind: "ok"; budget: BudgetRow } | { kind: RestoreBudgetRefusal };

/**
 * Undo of a delete within the window (decision 035): the budget comes back as it was (same id,
 * amount, threshold, dates), with its activity entry and the snapshot marked restored, in one
 * batch. Refused, changing nothing, when its category is gone, when a budget for the same category
 * and month exists again, or when the month has no room for it any more (decision 018).
 */
export async function restoreBudget(db: Db, actor: Actor, { id }: { id: string }): Promise<RestoreBudgetOutcome> {
  const { userId } = actor;
  const deletion = await restorableDeletion<BudgetSnapshot>(db, userId, "budget", id);
  if (!deletion) return { kind: "notFound" };
  const { budget } = deletion.snapshot;
  const categoryName = await budgetableCategoryName(db, userId, budget.categoryId);
  if (categoryName === undefined) return { kind: "categoryGone" };
  const month = budget.month as MonthStart;
  try {
    // The month's room is checked inside the INSERT; the snapshot is marked, and the entry
    // written, only when the row came back.
    const restoredRow = sql`exists (select 1 from budgets where id = ${id} and user_id = ${userId})`;
    const [restored] = await db.batch([
      db
        .insert(budgets)
        .select(
          sql`select ${id}, ${userId}, ${budget.categoryId}, ${budget.amountUsdCents}, ${month}, ${budget.alertThreshold}, ${new Date(budget.createdAt).getTime()}, ${new Date(budget.updatedAt).getTime()}
          where ${monthHasRoom(userId, month, budget.amountUsdCents)}`,
        )
        .returning({ id: budgets.id }),
      markRestoredQuery(db, userId, deletion.id, restoredRow),
      recordActivitySelectQuery(db, { userId, action: "budget_restore", ...budgetEntry(categoryName, month, budget.categoryId), ipAddress: actor.ip }, sql`where ${restoredRow}`),
    ]);
    if (restored.length === 0) return { kind: "monthTotalLimit" };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "budgetExists" };
    throw error;
  }
  const restored = await findBudget(db, userId, id);
  return restored ? { kind: "ok", budget: restored } : { kind: "notFound" };
}

/**
 * Moves the user's budgets of category `from` to `to`, as statements for the caller's batch (the
 * categories feature's move-then-delete, issue 23). A month that already has a budget for `to`
 * keeps that one, with the moved budget's amount added in cents (its alert threshold stays), and
 * the moved one goes: one budget per category and month, and the month's total is unchanged, so
 * it stays within MAX_BUDGET_MONTH_CENTS. Every other budget just changes category. Only the
 * user's own budgets: the owner is in every WHERE and in the subqueries.
 */
export function moveBudgetsToCategoryQueries(db: Db, userId: string, from: string, to: string) {
  const updatedAt = new Date();
  const movedInSameMonth = sql`(select moved.amount_usd_cents from budgets as moved
    where moved.user_id = ${userId} and moved.category_id = ${from} and moved.month = ${budgets.month})`;
  const keptInSameMonth = sql`exists (select 1 from budgets as kept
    where kept.user_id = ${userId} and kept.category_id = ${to} and kept.month = ${budgets.month})`;
  return [
    db
      .update(budgets)
      .set({ amountUsdCents: sql`${budgets.amountUsdCents} + ${movedInSameMonth}`, updatedAt })
      .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, to), sql`${movedInSameMonth} is not null`)),
    db.delete(budgets).where(and(eq(budgets.userId, userId), eq(budgets.categoryId, from), keptInSameMonth)),
    db
      .update(budgets)
      .set({ categoryId: to, updatedAt })
      .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, from))),
  ] as const;
}

/**
 * What moveBudgetsToCategoryQueries is about to do, as JSON for the move-then-delete's Undo
 * snapshot (decision 035), read by the database in the same batch just before the move: the ids
 * of the budgets that will only change category, and for each budget that will be merged into
 * `to`'s budget of its month, the kept budget's id, the cents it will add, and the merged budget's
 * row as stored (it is deleted). No list is bound: the database collects them (json_group_array).
 */
export function budgetsMoveSnapshot(userId: string, from: string, to: string): SQL {
  const kept = sql`kept.user_id = ${userId} and kept.category_id = ${to} and kept.month = b.month`;
  return sql`json_object(
    'movedIds', json((select json_group_array(b.id) from budgets as b
      where b.user_id = ${userId} and b.category_id = ${from} and not exists (select 1 from budgets as kept where ${kept}))),
    'merged', json((select json_group_array(json_object('keptId', kept.id, 'added', b.amount_usd_cents,
        'budget', json_object('id', b.id, 'month', b.month, 'amountUsdCents', b.amount_usd_cents, 'alertThreshold', b.alert_threshold,
          'createdAt', b.created_at, 'updatedAt', b.updated_at)))
      from budgets as b join budgets as kept on ${kept} where b.user_id = ${userId} and b.category_id = ${from})))`;
}

/**
 * Whether the budgets a move merged can be taken apart again exactly, for the move-then-delete's
 * Undo (decision 035). `merged` is json_each over the snapshot's merged list (snapshotArray). A
 * kept budget still there gets back what the merge added: refused ("budgetChanged") when the user
 * has lowered it since so far that subtracting would leave it at zero or below. A kept budget
 * deleted since has nothing to subtract from, and the merged one comes back on top of its month:
 * refused ("monthTotalLimit") when that passes MAX_BUDGET_MONTH_CENTS (decision 018). Otherwise
 * every month's total stays as it is (what is subtracted is what comes back).
 */
export async function unmergeBudgetsRefusal(db: Db, userId: string, merged: SQL): Promise<Extract<UndoRefusal, "budgetChanged" | "monthTotalLimit"> | undefined> {
  const rows = await db.all<{ keptAmount: number | null; added: number; monthTotal: number }>(sql`select kept.amount_usd_cents as keptAmount,
      json_extract(m.value, '$.added') as added,
      (select coalesce(sum(in_month.amount_usd_cents), 0) from budgets as in_month
        where in_month.user_id = ${userId} and in_month.month = json_extract(m.value, '$.budget.month')) as monthTotal
    from ${merged} as m left join budgets as kept on kept.id = json_extract(m.value, '$.keptId') and kept.user_id = ${userId}`);
  if (rows.some((row) => row.keptAmount !== null && Number(row.keptAmount) - Number(row.added) <= 0)) return "budgetChanged";
  if (rows.some((row) => row.keptAmount === null && Number(row.monthTotal) + Number(row.added) > MAX_BUDGET_MONTH_CENTS)) return "monthTotalLimit";
  return undefined;
}

/**
 * The move undone, as statements for the category's restore batch (decision 035), after the
 * category's own row is back: the budgets that only changed category go back to `restored` if
 * they are still `target`'s (one the user has moved since stays), the kept budgets lose exactly
 * what the merge added, and the merged budgets come back with their ids and stored values.
 * `movedIds` and `merged` read the snapshot with json_each (snapshotIds, snapshotArray): nothing
 * is bound per budget. unmergeBudgetsRefusal says beforehand whether this is exact.
 */
export function unmergeBudgetsQueries(db: Db, userId: string, target: string, restored: string, movedIds: SQL, merged: SQL) {
  const updatedAt = new Date();
  const field = (path: string) => sql`json_extract(m.value, ${path})`;
  return [
    db
      .update(budgets)
      .set({ categoryId: restored, updatedAt })
      .where(and(eq(budgets.userId, userId), eq(budgets.categoryId, target), sql`${budgets.id} in ${movedIds}`)),
    db
      .update(budgets)
      .set({ amountUsdCents: sql`${budgets.amountUsdCents} - (select ${field("$.added")} from ${merged} as m where ${field("$.keptId")} = ${budgets.id})`, updatedAt })
      .where(and(eq(budgets.userId, userId), sql`${budgets.id} in (select ${field("$.keptId")} from ${merged} as m)`)),
    db
      .insert(budgets)
      .select(
        sql`select ${field("$.budget.id")}, ${userId}, ${restored}, ${field("$.budget.amountUsdCents")}, ${field("$.budget.month")}, ${field("$.budget.alertThreshold")},
          ${field("$.budget.createdAt")}, ${field("$.budget.updatedAt")} from ${merged} as m`,
      ),
  ] as const;
}

export type CopyOutcome = { kind: "ok"; copied: number } | { kind: "monthTotalLimit" };

/**
 * Copies the previous month's budgets into `month`: same categories, amounts and thresholds,
 * skipping every category that already has a budget in `month`. One batch of two INSERT …
 * SELECT statements: the activity entry counts what is about to be copied, then the copy runs,
 * so both see the same rows, they bind a handful of parameters however many budgets there are
 * (D1 allows 100), and they are written together or not at all. All or nothing against the
 * month's bound too: when the copies would take `month` past MAX_BUDGET_MONTH_CENTS, nothing is
 * copied. Returns how many were copied.
 */
export async function copyPreviousMonthBudgets(db: Db, actor: Actor, month: MonthStart): Promise<CopyOutcome> {
  const previous = addMonths(month, -1);
  const { userId } = actor;
  const toCopy = sql`from budgets as source
    where source.user_id = ${userId} and source.month = ${previous}
      and not exists (select 1 from budgets as taken where taken.user_id = ${userId} and taken.category_id = source.category_id and taken.month = ${month})`;
  const fits = monthHasRoom(userId, month, sql`(select coalesce(sum(source.amount_usd_cents), 0) ${toCopy})`);
  // INSERT … SELECT through Drizzle's builder (D1 batches only builder queries): the SELECT
  // gives every column in the schema's order.
  const [, copied] = await db.batch([
    recordActivitySelectQuery(
      db,
      {
        userId,
        action: "budget_copy",
        description: sql`count(*) || ', ' || ${yearMonthOf(previous)} || ' → ' || ${yearMonthOf(month)}`,
        details: sql`json_object('count', count(*), 'from', ${yearMonthOf(previous)}, 'to', ${yearMonthOf(month)})`,
        ipAddress: actor.ip,
      },
      sql`${toCopy} having count(*) > 0 and ${fits}`,
    ),
    db
      .insert(budgets)
      .select(sql`select lower(hex(randomblob(16))), source.user_id, source.category_id, source.amount_usd_cents, ${month}, source.alert_threshold, ${now}, ${now}
      ${toCopy} and ${fits}`)
      .onConflictDoNothing()
      .returning({ id: budgets.id }),
  ]);
  if (copied.length > 0) return { kind: "ok", copied: copied.length };
  // Nothing copied: nothing to copy, or no room for it.
  return (await hasBudgetsToCopy(db, userId, month)) ? { kind: "monthTotalLimit" } : { kind: "ok", copied: 0 };
}

/**
 * A budget's INSERT for a caller's batch (sample data, issue 27), written only when the month has
 * room for it (decision 018), like createBudget's. The caller picks a budgetable category (an
 * expense one) and the id; a budget for the same category and month makes the whole batch fail
 * on the unique index. No activity entry: the caller writes its own.
 */
export function insertBudgetQuery(db: Db, userId: string, { id, ...input }: BudgetInput & { id: string }) {
  return db
    .insert(budgets)
    .select(
      sql`select ${id}, ${userId}, ${input.categoryId}, ${input.amountCents}, ${input.month}, ${input.alertThreshold}, ${now}, ${now}
      where ${monthHasRoom(userId, input.month, input.amountCents)}`,
    );
}

/** Deletes the user's budgets among `ids`, as one statement for a caller's batch (one JSON parameter however many). */
export function deleteBudgetsQuery(db: Db, userId: string, ids: readonly string[]) {
  return db.delete(budgets).where(and(eq(budgets.userId, userId), inList(budgets.id, ids)));
}
