import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { transactionSearchText } from "~/text/search-text";
import { type Category, findCategory } from "~/features/categories/queries.server";
import { findSchedule } from "~/features/recurring/queries.server";
import { relinkOccurrenceQuery } from "~/features/recurring/commands.server";
import { ownedTagIdsQuery } from "~/features/tags/queries.server";
import { markRestoredQuery, recordDeletionQuery, restorableDeletion } from "~/platform/db/deleted-records.server";
import type { TransactionInput } from "~/features/transactions/schemas/transaction";
import { type ActivityInput, type Actor, recordActivityQuery } from "~/platform/db/activity.server";
import { inList, insertChunks, insertFromJson } from "~/platform/db/bound-lists.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation, type UserTotalLimit, UserTotalLimitError, userTotalLimitViolated } from "~/platform/db/errors.server";
import { payments, transactions, transactionTags } from "~/platform/db/schema";
import type { UndoRefusal } from "~/platform/http/undo-refusals";
import { rememberQuery, storedAnswer } from "~/platform/http/idempotency.server";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { type BatchFacts, idsOfOwned, loadBatchFacts, loadResolveFacts, ownedTransaction, recordedPayment, toUserTotals, type TransactionRecord, type UserTotals, userTotalsQueries } from "./queries.server";
import { type InputIssue, type RecordedPayment, type RecordedTransaction, type ResolvedTransaction, resolveTransaction, userTotalLimitIssue } from "./model/resolve";
import { type CategoryType, DEFAULT_CATEGORY_COLOR, DEFAULT_CATEGORY_ICON } from "~/features/categories/model";

// The only way a transaction is written. Both faces (the web form and list, the JSON API) call
// createTransaction, updateTransaction and deleteTransaction, and any other feature or job
// (imports, recurring transactions) creates through createTransactions (decision 024); which check the input against what
// the database holds (loadBatchFacts in queries.server.ts) and write the transaction, its payments, its tag links
// and the activity entry in one batch, so a failure midway leaves nothing half-written
// (ARCHITECTURE.md 2). The insert/replace/remove functions write an input already resolved:
// the commands call them, and tests call them directly to set up rows the resolver would refuse.

/** The low-level writers take the owner apart from the address their activity entry records. */
type Activity = Pick<Actor, "ip">;

/** Runs a write batch, turning the database's refusal to pass a per-user total (decision 011) into UserTotalLimitError. */
async function batchWithinUserLimits<T extends Parameters<Db["batch"]>[0]>(db: Db, queries: T) {
  try {
    return await db.batch(queries);
  } catch (error) {
    const limit = userTotalLimitViolated(error);
    if (limit) throw new UserTotalLimitError(limit, { cause: error });
    throw error;
  }
}

/** The transaction row's columns that its input decides, with the folded copy search reads. */
function rowFields(value: ResolvedTransaction) {
  return {
    type: value.type,
    description: value.description,
    searchText: transactionSearchText(value.description),
    date: value.date,
    categoryId: value.categoryId,
    usdCents: value.usdCents,
  };
}

/** The INSERTs of a transaction's payments and tag links, each within D1's bound-parameter limit. */
function childInserts(db: Db, userId: string, transactionId: string, value: ResolvedTransaction) {
  const paymentRows = value.payments.map((p) => ({ transactionId, userId, position: p.position, ...recordedPayment(p) }));
  const tagLinks = value.tagIds.map((tagId) => ({ transactionId, tagId }));
  return [
    ...insertChunks(payments, paymentRows).map((rows) => db.insert(payments).values(rows)),
    ...insertChunks(transactionTags, tagLinks).map((rows) => db.insert(transactionTags).values(rows)),
  ];
}

/**
 * The record insertTransaction is about to write, as getTransaction would read it back:
 * lets a caller build its answer before the write (to store it in the same batch).
 */
export function plannedRecord(
  id: string,
  value: ResolvedTransaction,
  category: TransactionRecord["category"],
  createdAt: Date,
  origin?: TransactionOrigin,
): TransactionRecord {
  return {
    id,
    type: value.type,
    description: value.description,
    date: value.date,
    categoryId: value.categoryId,
    category,
    usdCents: value.usdCents,
    createdAt,
    updatedAt: createdAt,
    payments: value.payments.map(recordedPayment),
    tagIds: value.tagIds,
    recurringId: origin?.recurringId ?? null,
    occurrenceDate: origin?.occurrenceDate ?? null,
  };
}

/**
 * Creates the transaction, its payments, its tag links and the activity entry in one batch.
 * Throws UserTotalLimitError, having written nothing, when it would take the user past a limit of decision 011.
 */
export async function insertTransaction(
  db: Db,
  userId: string,
  value: ResolvedTransaction,
  activity: Activity,
  options: { id?: string; createdAt?: Date; extra?: Parameters<Db["batch"]>[0][number][] } = {},
): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  const now = options.createdAt ?? new Date();
  await batchWithinUserLimits(db, [
    db.insert(transactions).values({ id, userId, ...rowFields(value), createdAt: now, updatedAt: now }),
    ...childInserts(db, userId, id, value),
    recordActivityQuery(db, {
      userId,
      action: "transaction_create",
      description: value.description,
      details: { description: value.description },
      ipAddress: activity.ip,
    }),
    ...(options.extra ?? []),
  ]);
  return id;
}

/**
 * Replaces the transaction's fields, payments and tags in one batch; false when it is not the user's.
 * Throws UserTotalLimitError, having written nothing, when it would take the user past a limit of decision 011.
 */
export async function replaceTransaction(
  db: Db,
  userId: string,
  id: string,
  value: ResolvedTransaction,
  activity: Activity,
): Promise<boolean> {
  const [existing] = await idsOfOwned(db, userId, id).limit(1);
  if (!existing) return false;
  // The old payments are deleted before the new ones are inserted, so the running totals only
  // meet the limit with the transaction's new amounts, never with old and new together.
  const [updated] = await batchWithinUserLimits(db, [
    db
      .update(transactions)
      .set({ ...rowFields(value), updatedAt: new Date() })
      .where(ownedTransaction(userId, id))
      .returning({ id: transactions.id }),
    db.delete(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))),
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, idsOfOwned(db, userId, id))),
    ...childInserts(db, userId, id, value),
    recordActivityQuery(db, { userId, action: "transaction_update", description: value.description, details: { description: value.description }, ipAddress: activity.ip }),
  ]);
  return updated.length > 0;
}

/**
 * What a transaction's delete keeps for Undo (issue 27, decision 035): its row and its payments as
 * stored (ids, stored rates and USD cents), and the ids of its tags.
 */
export type TransactionSnapshot = {
  transaction: typeof transactions.$inferSelect;
  payments: (typeof payments.$inferSelect)[];
  tagIds: string[];
};

/** Deletes the transaction with its payments and tag links, keeping its snapshot; false when it is not the user's. */
export async function removeTransaction(db: Db, userId: string, id: string, activity: Activity): Promise<boolean> {
  const [existing] = await db.select().from(transactions).where(ownedTransaction(userId, id)).limit(1);
  if (!existing) return false;
  const [paymentRows, tagRows] = await Promise.all([
    db.select().from(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))).orderBy(payments.position),
    db.select({ tagId: transactionTags.tagId }).from(transactionTags).where(eq(transactionTags.transactionId, id)),
  ]);
  const snapshot: TransactionSnapshot = { transaction: existing, payments: paymentRows, tagIds: tagRows.map((row) => row.tagId) };
  // Children first and explicitly: libSQL does not enforce ON DELETE CASCADE unless asked to.
  const [, , , deleted] = await db.batch([
    recordDeletionQuery(db, { userId, kind: "transaction", recordId: id, snapshot }, sql`exists (select 1 from transactions where id = ${id} and user_id = ${userId})`),
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, idsOfOwned(db, userId, id))),
    db.delete(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))),
    db.delete(transactions).where(ownedTransaction(userId, id)).returning({ id: transactions.id }),
    recordActivityQuery(db, { userId, action: "transaction_delete", description: existing.description, details: { description: existing.description }, ipAddress: activity.ip }),
  ]);
  return deleted.length > 0;
}

/** Why a save was refused, on the field the user can change: each face words it its own way. */
export type SaveRefusal =
  | { kind: "invalid"; issues: InputIssue[] }
  /** Over a per-user total of decision 011: written nothing. */
  | { kind: "overLimit"; limit: UserTotalLimit; issue: InputIssue }
  /** What the checks read could not be read: nothing was written. */
  | { kind: "unreadable"; cause: unknown };

/** What became of one input of createTransactions. */
export type CreateItemOutcome = { kind: "created"; id: string } | SaveRefusal;

/**
 * An all-or-nothing call's input that would have been created, but was not written because
 * another input of the call was refused (`allOrNothing`).
 */
export type WithheldOutcome = { kind: "withheld" };

export type CreateOutcome =
  /** With an Idempotency-Key, `answer` is the response body stored for the key. */
  | { kind: "created"; id: string; answer?: string }
  /** The same Idempotency-Key and body as an earlier create: that create's stored answer (the API route makes it a response). */
  | { kind: "replayed"; status: number; body: string }
  /** The Idempotency-Key of an earlier create with another body: nothing was written. */
  | { kind: "keyReused" }
  | SaveRefusal;

/** An API create that can be retried: its answer is stored with the transaction, in the same batch. */
export type Idempotency = { key: string; hash: string; answer: (record: TransactionRecord) => string };

/**
 * Who asks for the transactions: the web form, an API client, an import, the recurring job, or
 * "Explore with sample data" (issue 27).
 * The call's activity entry stores it among its values, so the log can say where a batch came
 * from ("12 transactions added · from an import").
 */
export type CreateSource = "web" | "api" | "import" | "recurring" | "sample";

type BatchItem = Parameters<Db["batch"]>[0][number];

/** An input about to be written: its place among the inputs and the record a later read returns. */
export type PlannedTransaction = { index: number; record: TransactionRecord };

export type CreateTransactionsOptions = {
  source: CreateSource;
  /**
   * The caller's own statements (a schedule's occurrence key, an import's record), run in the
   * same batch as the transactions they are given: all commit, or, when one fails, nothing is
   * written and its error is thrown. Not run when they are none and no input is written. Called
   * again when a concurrent write makes the batch plan again, so it only builds statements.
   */
  extraStatements?: (planned: readonly PlannedTransaction[]) => BatchItem[];
  /** The time the rows record (now by default). */
  createdAt?: Date;
  /**
   * Per input (by its index), the schedule occurrence it posts: stored on the transaction
   * (recurring_id, occurrence_date), so the list and the API can link it to its schedule.
   */
  origins?: readonly (TransactionOrigin | undefined)[];
  /**
   * Per input (by its index), its payments' conversions to store exactly, in payment order: the
   * rate, rate date, source and USD cents the caller showed (an import's preview), as an edit whose
   * date is unchanged keeps its recorded ones (model/resolve.ts). Not the relaxation of a
   * recorded currency that was retired since: such an input's currencies must be active now.
   * Its rates are not looked up.
   */
  storedRates?: readonly (readonly StoredRate[] | undefined)[];
  /**
   * All or nothing: when any input is refused (invalid, over a limit, unreadable facts), nothing is
   * written, not even the caller's statements; the refused inputs keep their outcomes and the
   * others are "withheld".
   */
  allOrNothing?: boolean;
  /** The import that creates every input (issue 26): stored on each transaction (import_id), which its undo deletes by. */
  importId?: string;
  /** Categories and tags created in the same batch before the transactions (see NewRecords). */
  newRecords?: NewRecords;
  /**
   * The caller writes the call's activity entry itself, in extraStatements (an import's "Imported
   * 1,243 transactions from bank.csv"): the door writes none.
   */
  ownActivityEntry?: boolean;
};

/** The schedule and due date a transaction posts (issue 24); null on every other transaction. */
export type TransactionOrigin = { recurringId: string; occurrenceDate: string };

/**
 * A payment's conversion as a caller already worked it out and showed it (an import's preview):
 * the rate, the day it is for, its source and the USD cents, stored exactly (`storedRates`).
 */
export type StoredRate = Pick<RecordedPayment, "currencyCode" | "amountMinor" | "rate" | "rateDate" | "rateSource" | "usdCents">;

/** A category the caller creates in the call's batch (an import's category that the user lacks). */
export type NewCategory = { id: string; name: string; type: CategoryType };

/**
 * Categories and tags the inputs use that the caller creates in the same batch, before the
 * transactions: the door counts them as the user's when resolving. `statements` are their
 * INSERTs, built by their owners' commands (insertCategoriesQueries, insertTagsQueries); when one
 * fails (a name taken since the caller looked), nothing is written and its error is thrown.
 */
export type NewRecords = { categories: readonly NewCategory[]; tagIds: readonly string[]; statements: readonly BatchItem[] };

const overLimit = (value: ResolvedTransaction, limit: UserTotalLimit) =>
  ({ kind: "overLimit", limit, issue: userTotalLimitIssue(value, limit) }) as const;

const MAX_USER_TOTAL = BigInt(MAX_USER_TOTAL_MINOR);

/**
 * Adds the value's payments to the running totals in the order the triggers of migration 0004 do
 * (row by row, the USD total before the currency's), or names the limit the first row to pass one
 * would trip, leaving the totals as they were: the outcome a single insert gets from the CHECK.
 */
function addWithinLimits(totals: UserTotals, value: ResolvedTransaction): UserTotalLimit | undefined {
  let usd = totals.usdCents;
  const byCurrency = new Map<string, bigint>();
  for (const p of value.payments) {
    usd += BigInt(p.usdCents);
    if (usd > MAX_USER_TOTAL) return "usd";
    const amount = (byCurrency.get(p.currencyCode) ?? totals.byCurrency.get(p.currencyCode) ?? 0n) + BigInt(p.amountMinor);
    if (amount > MAX_USER_TOTAL) return "currency";
    byCurrency.set(p.currencyCode, amount);
  }
  totals.usdCents = usd;
  for (const [code, amount] of byCurrency) totals.byCurrency.set(code, amount);
  return undefined;
}

async function readUserTotals(db: Db, userId: string): Promise<UserTotals> {
  const [usd, byCurrency] = await db.batch(userTotalsQueries(db, userId));
  return toUserTotals(usd, byCurrency);
}

/** How many times a batch is planned again after a concurrent write took the room its precheck counted on. */
const LIMIT_RETRIES = 2;

/**
 * The write door for any number of transactions (decision 024): the web form and the API through
 * createTransaction, imports and the recurring job directly. Reads the facts once for all inputs
 * (categories, tags, currencies, the rates of every (currency, date) pair, the user's running
 * totals), resolves each input, and writes every one that passes in one batch: the rows in
 * chunks within D1's bound parameters, one activity entry, and the caller's extra statements.
 * Returns one outcome per input, in order: created, refused with its issues, or over a per-user
 * limit of decision 011 (the batch as a whole with what is stored, counted in input order: an
 * input that would pass a limit is refused and the ones after it are still counted without it).
 * The CHECK on the running totals stays the guard: a concurrent write that takes the room leaves
 * this batch unwritten, and it is planned again from fresh totals.
 */
export async function createTransactions(
  db: Db,
  actor: Actor,
  inputs: readonly TransactionInput[],
  options: CreateTransactionsOptions & { allOrNothing: true },
): Promise<(CreateItemOutcome | WithheldOutcome)[]>;
export async function createTransactions(
  db: Db,
  actor: Actor,
  inputs: readonly TransactionInput[],
  options: CreateTransactionsOptions & { allOrNothing?: false },
): Promise<CreateItemOutcome[]>;
export async function createTransactions(
  db: Db,
  actor: Actor,
  inputs: readonly TransactionInput[],
  options: CreateTransactionsOptions,
): Promise<(CreateItemOutcome | WithheldOutcome)[]> {
  if (inputs.length === 0) return [];
  const { storedRates, newRecords } = options;
  let facts: BatchFacts;
  try {
    // An input whose conversions are given needs no rate looked up (an import of years: one lookup per date).
    facts = await loadBatchFacts(db, actor.userId, inputs, storedRates ? inputs.filter((_, index) => !storedRates[index]) : inputs);
  } catch (cause) {
    return inputs.map(() => ({ kind: "unreadable", cause }));
  }
  const now = options.createdAt ?? new Date();
  const created = new Map(
    (newRecords?.categories ?? []).map((c) => [c.id, { ...c, color: DEFAULT_CATEGORY_COLOR, icon: DEFAULT_CATEGORY_ICON, isDefault: false, createdAt: now } satisfies Category]),
  );
  const createdTagIds = new Set(newRecords?.tagIds ?? []);
  const activeCurrencies = facts.currencies.filter((c) => c.isActive);
  const resolutions = inputs.map((input, index) => {
    const stored = storedRates?.[index];
    const inputFacts = facts.factsFor(input, stored ? { date: input.date, payments: stored } : undefined);
    const category = inputFacts.category ?? created.get(input.categoryId);
    const ownedTagIds = createdTagIds.size > 0 ? new Set([...inputFacts.ownedTagIds, ...createdTagIds]) : inputFacts.ownedTagIds;
    // Stored conversions are kept exactly, but unlike an edit's they do not keep a retired currency usable.
    const currencies = stored ? activeCurrencies : inputFacts.currencies;
    return { resolution: resolveTransaction(input, { ...inputFacts, category, ownedTagIds, currencies }), category };
  });
  const ids = inputs.map(() => crypto.randomUUID());
  let totals = facts.totals;
  for (let attempt = 0; ; attempt++) {
    const running: UserTotals = { usdCents: totals.usdCents, byCurrency: new Map(totals.byCurrency) };
    const outcomes: CreateItemOutcome[] = [];
    const planned: (PlannedTransaction & { value: ResolvedTransaction })[] = [];
    for (const [index, { resolution, category }] of resolutions.entries()) {
      if (!resolution.ok) {
        outcomes.push({ kind: "invalid", issues: resolution.issues });
        continue;
      }
      const limit = addWithinLimits(running, resolution.value);
      if (limit) {
        outcomes.push(overLimit(resolution.value, limit));
        continue;
      }
      const id = ids[index]!;
      const shown = category ? { id: category.id, name: category.name, color: category.color, icon: category.icon, type: category.type } : null;
      planned.push({ index, value: resolution.value, record: plannedRecord(id, resolution.value, shown, now, options.origins?.[index]) });
      outcomes.push({ kind: "created", id });
    }
    if (options.allOrNothing && planned.length < inputs.length) {
      return outcomes.map((outcome) => (outcome.kind === "created" ? { kind: "withheld" } : outcome));
    }
    const extra = options.extraStatements?.(planned.map(({ index, record }) => ({ index, record }))) ?? [];
    if (planned.length === 0 && extra.length === 0) return outcomes;
    const leading = planned.length > 0 ? (newRecords?.statements ?? []) : [];
    try {
      await batchWithinUserLimits(db, [...leading, ...insertsOf(db, actor, planned, options, now), ...extra] as [BatchItem, ...BatchItem[]]);
      return outcomes;
    } catch (error) {
      if (!(error instanceof UserTotalLimitError)) throw error;
      if (attempt < LIMIT_RETRIES) {
        totals = await readUserTotals(db, actor.userId);
        continue;
      }
      // Still refused: nothing was written; every input that was to be is over the limit.
      return outcomes.map((outcome, index) => {
        const plan = planned.find((p) => p.index === index);
        return plan ? overLimit(plan.value, error.limit) : outcome;
      });
    }
  }
}

/** The rows of the planned transactions, their payments and tag links in chunks, and the call's one activity entry. */
function insertsOf(
  db: Db,
  actor: Actor,
  planned: readonly { index: number; value: ResolvedTransaction; record: TransactionRecord }[],
  { source, origins, importId, ownActivityEntry }: Pick<CreateTransactionsOptions, "source" | "origins" | "importId" | "ownActivityEntry">,
  now: Date,
): BatchItem[] {
  if (planned.length === 0) return [];
  const userId = actor.userId;
  const rows = planned.map(({ index, value, record }) => {
    const origin = origins?.[index];
    return {
      id: record.id,
      userId,
      ...rowFields(value),
      ...(origin ? { recurringId: origin.recurringId, occurrenceDate: origin.occurrenceDate } : {}),
      ...(importId ? { importId } : {}),
      createdAt: now,
      updatedAt: now,
    };
  });
  const paymentRows = planned.flatMap(({ value, record }) =>
    value.payments.map((p) => ({ transactionId: record.id, userId, position: p.position, ...recordedPayment(p) })),
  );
  const tagLinks = planned.flatMap(({ value, record }) => value.tagIds.map((tagId) => ({ transactionId: record.id, tagId })));
  // One input: the entry a single create has always written (its description); many: how many.
  const entry: Pick<ActivityInput, "action" | "description" | "details"> =
    planned.length === 1
      ? { action: "transaction_create" as const, description: planned[0]!.value.description, details: { description: planned[0]!.value.description, source } }
      : { action: "transactions_create" as const, description: String(planned.length), details: { count: planned.length, source } };
  // One statement per ~500 KB of rows (insertFromJson), not per 7: an import of 20,000 is a handful.
  return [
    ...insertFromJson(db, transactions, rows),
    ...insertFromJson(db, payments, paymentRows),
    ...insertFromJson(db, transactionTags, tagLinks),
    ...(ownActivityEntry ? [] : [recordActivityQuery(db, { userId, ...entry, ipAddress: actor.ip })]),
  ];
}

/**
 * Records a transaction: createTransactions' one-row case. With an Idempotency-Key, a retry
 * answers the first create's stored answer, and a create that races it writes nothing and
 * answers the same.
 */
export async function createTransaction(
  db: Db,
  actor: Actor,
  { input, idempotency, source = "web" }: { input: TransactionInput; idempotency?: Idempotency; source?: CreateSource },
): Promise<CreateOutcome> {
  const earlierAnswer = async (key: Idempotency) => {
    const stored = await storedAnswer(db, actor.userId, key.key);
    if (!stored) return undefined;
    return stored.requestHash === key.hash
      ? ({ kind: "replayed", status: stored.status, body: stored.body } as const)
      : ({ kind: "keyReused" } as const);
  };
  if (idempotency) {
    const earlier = await earlierAnswer(idempotency);
    if (earlier) return earlier;
  }
  // With a key, the answer is stored in the same batch as the transaction; it is built from
  // what is about to be written (and the category the resolver read), so it is exactly what a
  // later read returns.
  let answer: string | undefined;
  const extraStatements = idempotency
    ? (planned: readonly PlannedTransaction[]) =>
        planned.map(({ record }) => {
          answer = idempotency.answer(record);
          return rememberQuery(db, actor.userId, idempotency.key, idempotency.hash, 201, answer);
        })
    : undefined;
  let outcome: CreateItemOutcome | undefined;
  try {
    [outcome] = await createTransactions(db, actor, [input], { source, extraStatements });
  } catch (error) {
    // The same key raced in from a concurrent retry: nothing of ours was written; answer as it did.
    if (idempotency && (isUniqueViolation(error) || /PRIMARY KEY|constraint/i.test(String(error)))) {
      const earlier = await earlierAnswer(idempotency);
      if (earlier) return earlier;
    }
    throw error;
  }
  // Refused (invalid or over a limit) is not remembered for the key, like every other 400: a
  // retry after deleting other transactions may succeed.
  if (outcome!.kind !== "created") return outcome!;
  return { kind: "created", id: outcome!.id, answer };
}

async function resolved(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded?: RecordedTransaction,
): Promise<{ kind: "resolved"; value: ResolvedTransaction; category: Category | undefined } | SaveRefusal> {
  try {
    const facts = await loadResolveFacts(db, userId, input, recorded);
    const resolution = resolveTransaction(input, facts);
    return resolution.ok
      ? { kind: "resolved", value: resolution.value, category: facts.category }
      : { kind: "invalid", issues: resolution.issues };
  } catch (cause) {
    return { kind: "unreadable", cause };
  }
}

export type UpdateOutcome = { kind: "updated" } | { kind: "notFound" } | SaveRefusal;

/**
 * Replaces the transaction's fields, payments and tags. `recorded` is the transaction as the
 * caller read it: an edit continues its payments' conversions (loadResolveFacts in queries.server.ts).
 */
export async function updateTransaction(
  db: Db,
  actor: Actor,
  { id, input, recorded }: { id: string; input: TransactionInput; recorded: RecordedTransaction },
): Promise<UpdateOutcome> {
  const resolution = await resolved(db, actor.userId, input, recorded);
  if (resolution.kind !== "resolved") return resolution;
  let updated: boolean;
  try {
    updated = await replaceTransaction(db, actor.userId, id, resolution.value, actor);
  } catch (error) {
    if (error instanceof UserTotalLimitError) return overLimit(resolution.value, error.limit);
    throw error;
  }
  return updated ? { kind: "updated" } : { kind: "notFound" };
}

/**
 * Moves every one of the user's transactions in category `from` to `to`, as one statement for
 * the caller's batch (the categories feature's move-then-delete, issue 23). Only the user's own
 * rows: the owner is in the WHERE. The caller checks that `to` is the user's (or a default) and of
 * the same type, so each transaction's type still follows its category's.
 */
export function moveToCategoryQuery(db: Db, userId: string, from: string, to: string) {
  return db
    .update(transactions)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, from)));
}

/**
 * A SELECT of the ids of the user's transactions in category `from`, for the move-then-delete's
 * Undo (decision 035): the deletion keeps them in its id-list rows (recordDeletionIdsQuery), read
 * just before moveToCategoryQuery in the same batch, so no list is bound however many there are.
 */
export function categoryTransactionIdsSelect(userId: string, from: string): SQL {
  return sql`select t.id as id from transactions as t where t.user_id = ${userId} and t.category_id = ${from}`;
}

/**
 * The move undone (decision 035): the transactions among `ids` (SQL rows of ids, snapshotIdList)
 * that are still in `target` go back to `restored`; one the user has put elsewhere since stays.
 */
export function moveBackToCategoryQuery(db: Db, userId: string, target: string, restored: string, ids: SQL) {
  return db
    .update(transactions)
    .set({ categoryId: restored, updatedAt: new Date() })
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, target), sql`${transactions.id} in ${ids}`));
}

export type DeleteOutcome = { kind: "deleted" } | { kind: "notFound" };

/** Deletes the transaction with its payments and tag links; another user's is not found, like a missing one. */
export async function deleteTransaction(db: Db, actor: Actor, { id }: { id: string }): Promise<DeleteOutcome> {
  return id !== "" && (await removeTransaction(db, actor.userId, id, actor)) ? { kind: "deleted" } : { kind: "notFound" };
}

export type RestoreRefusal = Extract<UndoRefusal, "notFound" | "categoryGone" | "tagGone" | "totalLimit">;
export type RestoreOutcome = { kind: "restored"; id: string } | { kind: RestoreRefusal };

/**
 * Undo of a delete within the window (decision 035): puts back the transaction, its payments (same
 * ids, stored rates and USD cents) and its tag links exactly as they were, in one batch with the
 * activity entry and the snapshot marked restored. Refused, changing nothing, when that cannot be
 * exact: its category or one of its tags was deleted meanwhile, or putting it back would pass a
 * per-user total (decision 011). A transaction a schedule posted is linked from its occurrence
 * again (the schedule's card shows it posted with it); one whose schedule has been deleted since
 * comes back as an ordinary one, as the schedule's delete made its posted transactions.
 * Never deleted, already restored, too old or another user's: "notFound".
 */
export async function restoreTransaction(db: Db, actor: Actor, { id }: { id: string }): Promise<RestoreOutcome> {
  const { userId } = actor;
  const deletion = await restorableDeletion<TransactionSnapshot>(db, userId, "transaction", id);
  if (!deletion) return { kind: "notFound" };
  const { transaction, payments: paymentRows, tagIds } = deletion.snapshot;
  if (transaction.categoryId !== null && !(await findCategory(db, userId, transaction.categoryId))) return { kind: "categoryGone" };
  if (tagIds.length > 0 && (await ownedTagIdsQuery(db, userId, tagIds)).length !== tagIds.length) return { kind: "tagGone" };
  const recurringId = transaction.recurringId !== null && (await findSchedule(db, userId, transaction.recurringId)) ? transaction.recurringId : null;
  const row = { ...transaction, userId, recurringId, createdAt: new Date(transaction.createdAt), updatedAt: new Date(transaction.updatedAt) };
  try {
    const [marked] = await batchWithinUserLimits(db, [
      markRestoredQuery(db, userId, deletion.id),
      db.insert(transactions).values(row),
      ...insertChunks(payments, paymentRows).map((rows) => db.insert(payments).values(rows.map((p) => ({ ...p, userId, transactionId: id })))),
      ...insertChunks(transactionTags, tagIds.map((tagId) => ({ transactionId: id, tagId }))).map((rows) => db.insert(transactionTags).values(rows)),
      // A posted transaction is its occurrence's again: the delete cleared that link (ON DELETE SET NULL).
      ...(recurringId !== null && row.occurrenceDate !== null ? [relinkOccurrenceQuery(db, userId, recurringId, row.occurrenceDate, id)] : []),
      recordActivityQuery(db, { userId, action: "transaction_restore", description: row.description, details: { description: row.description }, ipAddress: actor.ip }),
    ]);
    return marked.length > 0 ? { kind: "restored", id } : { kind: "notFound" };
  } catch (error) {
    if (error instanceof UserTotalLimitError) return { kind: "totalLimit" };
    // Restored by a request at the same moment: the rows' ids are taken, and this batch wrote nothing.
    if (isUniqueViolation(error)) return { kind: "notFound" };
    throw error;
  }
}

/**
 * The statement that makes a deleted schedule's posted transactions ordinary ones (issue 24):
 * their link to it is cleared, in the schedule's delete batch (the foreign key's ON DELETE SET
 * NULL does the same where foreign keys are enforced; libSQL enforces them only when asked).
 */
export function detachFromScheduleQuery(db: Db, userId: string, recurringId: string) {
  return db
    .update(transactions)
    .set({ recurringId: null })
    .where(and(eq(transactions.userId, userId), eq(transactions.recurringId, recurringId)));
}

/**
 * The statements that delete every transaction an import created (issue 26: "Undo this import"),
 * with their payments and tag links, for the caller's batch: three statements however many there
 * are (the import's id is on each row, read through its partial index), children first because
 * libSQL enforces ON DELETE CASCADE only when asked. The payments' delete trigger takes each
 * payment off the user's running totals (migration 0004). The last returns the deleted ids.
 */
export function deleteImportedQueries(db: Db, userId: string, importId: string) {
  const imported = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)));
  return [
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, imported)),
    // Found by their transactions' ids, checked for owner (ownerCheck): not by walking the user's payments.
    db.delete(payments).where(and(inArray(payments.transactionId, imported), ownerCheck(payments.userId, userId))),
    db
      .delete(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)))
      .returning({ id: transactions.id }),
  ] as const;
}

/**
 * Links the user's transactions among `transactionIds` to the tag, as one statement for a
 * caller's batch (sample data labels what it created with a tag it may create in the same batch,
 * so the door cannot check that tag beforehand). The ids go in as one JSON parameter.
 */
export function tagTransactionsQuery(db: Db, userId: string, tagId: string, transactionIds: readonly string[]) {
  return db
    .insert(transactionTags)
    .select(sql`select t.id, ${tagId} from transactions as t where t.user_id = ${userId} and ${inList(sql`t.id`, transactionIds)}`);
}

/**
 * Deletes the user's transactions among `ids` with their payments and tag links, as statements
 * for a caller's batch (sample data's removal, issue 27): three statements however many ids (one
 * JSON parameter each, D1's 100). Deleting the payments runs the running totals' triggers (migration
 * 0004), so the user's totals drop by exactly what is removed. Another user's ids are left alone.
 */
export function deleteTransactionsQueries(db: Db, userId: string, ids: readonly string[]) {
  const owned = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inList(transactions.id, ids)));
  return [
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, owned)),
    db.delete(payments).where(and(eq(payments.userId, userId), inList(payments.transactionId, ids))),
    db.delete(transactions).where(and(eq(transactions.userId, userId), inList(transactions.id, ids))),
  ] as const;
}
