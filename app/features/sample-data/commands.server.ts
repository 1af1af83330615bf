import { eq } from "drizzle-orm";
import { addMonths, monthStartOf } from "~/calendar/months";
import { userToday } from "~/calendar/time-zones";
import { listBudgetMonth } from "~/features/budgets/queries.server";
import { deleteBudgetsQuery, insertBudgetQuery } from "~/features/budgets/commands.server";
import { deleteGoalsQueries, insertGoalQueries } from "~/features/goals/commands.server";
import { earliestRateDates, listCurrencies } from "~/features/rates/queries.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { deleteTagIfUnusedQuery, insertTagQuery } from "~/features/tags/commands.server";
import { createTransactions, deleteTransactionsQueries, tagTransactionsQuery, type PlannedTransaction } from "~/features/transactions/commands.server";
import type { Language } from "~/locales/languages";
import { type Actor, recordActivityQuery } from "~/platform/db/activity.server";
import { insertChunks } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { sampleRecords } from "~/platform/db/schema";
import { nameKey } from "~/text/name-key";
import {
  SAMPLE_BUDGET_ALERT_THRESHOLD,
  SAMPLE_BUDGET_CATEGORIES,
  SAMPLE_FOREIGN_CURRENCIES,
  SAMPLE_SET_MARKER,
  SAMPLE_TAG_COLOR,
  SAMPLE_TAG_NAME,
  sampleBudgetCents,
  sampleGoal,
  type SampleKind,
  sampleTransactions,
} from "./model";
import { hasSampleData, sampleRecordIds } from "./queries.server";

// The only write path of sample data (issue 27, decision 040). Adding writes everything in one
// batch (the transactions door's, with the budget, the goal, the tag and every sample_records row
// as its extra statements), so nothing is half-written; removing deletes exactly what
// sample_records lists, in one batch of a few statements with the ids as JSON parameters.

type Batch = Parameters<Db["batch"]>[0];
type BatchItem = Batch[number];

export type AddSampleOutcome = { kind: "added"; transactions: number } | { kind: "alreadyAdded" };

/**
 * Fills the account with a labelled sample month: about 25 transactions this month (up to the
 * user's today) and the previous one in USD, EUR, VES and COP (a currency only on dates it has a
 * rate on file for, else that row is in USD), each tagged "Sample" ("Muestra"); a budget this
 * month on an expense category that the sample's own expenses fill to about 90 %; a savings goal
 * with two entries. Does nothing when the user already has sample data, also for two requests at
 * once (the set's marker row refuses the second batch whole).
 */
export async function addSampleData(db: Db, actor: Actor, { language }: { language: Language }): Promise<AddSampleOutcome> {
  const { userId } = actor;
  if (await hasSampleData(db, userId)) return { kind: "alreadyAdded" };
  const today = userToday(actor);
  const month = monthStartOf(today);
  const [earliest, active, tagChoices, budgetsThisMonth] = await Promise.all([
    earliestRateDates(db, [...SAMPLE_FOREIGN_CURRENCIES]),
    listCurrencies(db, { activeOnly: true }),
    listTagChoices(db, userId),
    listBudgetMonth(db, userId, month),
  ]);
  // A currency the admin turned off is not used either: its rows are in USD.
  const activeCodes = new Set(active.map((c) => c.code));
  const usable = new Map([...earliest].filter(([code]) => activeCodes.has(code)));
  const inputs = sampleTransactions(today, language, usable).map((t) => ({ ...t, tagIds: [], multi: false }));
  const tagName = SAMPLE_TAG_NAME[language];
  const existingTag = tagChoices.find((tag) => nameKey(tag.name) === nameKey(tagName));
  const tagId = existingTag?.id ?? crypto.randomUUID();
  const budgeted = new Set(budgetsThisMonth.map((b) => b.categoryId));
  const budgetCategory = SAMPLE_BUDGET_CATEGORIES.find((id) => !budgeted.has(id));
  const goal = { id: crypto.randomUUID(), ...sampleGoal(today, language) };
  const budgetId = crypto.randomUUID();
  const monthEnd = addMonths(month, 1);

  const extraStatements = (planned: readonly PlannedTransaction[]): BatchItem[] => {
    const ids = planned.map((p) => p.record.id);
    const records: { userId: string; kind: SampleKind; recordId: string }[] = [
      { userId, ...SAMPLE_SET_MARKER },
      ...ids.map((recordId) => ({ userId, kind: "transaction" as const, recordId })),
      { userId, kind: "goal", recordId: goal.id },
    ];
    const statements: BatchItem[] = [];
    if (!existingTag) {
      statements.push(insertTagQuery(db, userId, { id: tagId, name: tagName, color: SAMPLE_TAG_COLOR }));
      records.push({ userId, kind: "tag", recordId: tagId });
    }
    if (ids.length > 0) statements.push(tagTransactionsQuery(db, userId, tagId, ids));
    // The budget from the sample's own expenses in its category this month, as the door converted them.
    const spent = budgetCategory
      ? planned
          .filter(({ record }) => record.type === "EXPENSE" && record.categoryId === budgetCategory && record.date >= month && record.date < monthEnd)
          .reduce((sum, { record }) => sum + record.usdCents, 0)
      : 0;
    if (budgetCategory && spent > 0) {
      statements.push(insertBudgetQuery(db, userId, { id: budgetId, categoryId: budgetCategory, amountCents: sampleBudgetCents(spent), month, alertThreshold: SAMPLE_BUDGET_ALERT_THRESHOLD }));
      records.push({ userId, kind: "budget", recordId: budgetId });
    }
    statements.push(...insertGoalQueries(db, userId, goal));
    return [
      // The marker first: a second set's batch fails on it before anything else of it is written.
      ...insertChunks(sampleRecords, records).map((rows) => db.insert(sampleRecords).values(rows)),
      ...statements,
      recordActivityQuery(db, { userId, action: "sample_add", description: `Sample data added: ${ids.length} transactions`, details: { count: ids.length }, ipAddress: actor.ip }),
    ];
  };

  try {
    const outcomes = await createTransactions(db, actor, inputs, { source: "sample", extraStatements });
    return { kind: "added", transactions: outcomes.filter((o) => o.kind === "created").length };
  } catch (error) {
    // Another request added the set between the check and this batch: its marker refused ours whole.
    if (isUniqueViolation(error) && (await hasSampleData(db, userId))) return { kind: "alreadyAdded" };
    throw error;
  }
}

export type RemoveSampleOutcome = { kind: "removed"; transactions: number } | { kind: "nothingToRemove" };

/**
 * Takes away exactly what the sample added: the transactions it lists (with their payments and
 * tag links, edited since or not), its budget, its goal with its entries, and its tag when the
 * sample created it and no transaction carries it any more; then its sample_records rows and an
 * activity entry, in one batch. What the user created is never touched.
 */
export async function removeSampleData(db: Db, actor: Actor): Promise<RemoveSampleOutcome> {
  const { userId } = actor;
  const ids = await sampleRecordIds(db, userId);
  if (ids.size === 0) return { kind: "nothingToRemove" };
  const of = (kind: SampleKind) => ids.get(kind) ?? [];
  const transactionIds = of("transaction");
  const statements: BatchItem[] = [
    ...deleteTransactionsQueries(db, userId, transactionIds),
    ...of("tag").map((tagId) => deleteTagIfUnusedQuery(db, userId, tagId)),
    deleteBudgetsQuery(db, userId, of("budget")),
    ...deleteGoalsQueries(db, userId, of("goal")),
    db.delete(sampleRecords).where(eq(sampleRecords.userId, userId)),
    recordActivityQuery(db, { userId, action: "sample_remove", description: `Sample data removed: ${transactionIds.length} transactions`, details: { count: transactionIds.length }, ipAddress: actor.ip }),
  ];
  await db.batch(statements as unknown as Batch);
  return { kind: "removed", transactions: transactionIds.length };
}
