import { and, eq, inArray } from "drizzle-orm";
import { transactionSearchText } from "~/text/search-text";
import type { Category } from "~/features/categories/queries.server";
import type { TransactionInput } from "~/features/transactions/model";
import { recordActivityQuery, type Actor } from "~/platform/db/activity.server";
import { insertChunks } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation, UserTotalLimitError, userTotalLimitViolated, type UserTotalLimit } from "~/platform/db/errors.server";
import { payments, transactions, transactionTags } from "~/platform/db/schema";
import { rememberQuery, replay } from "~/platform/http/idempotency.server";
import { idsOfOwned, ownedTransaction, recordedPayment, type TransactionRecord } from "./queries.server";
import { resolveTransaction, userTotalLimitIssue, type InputIssue, type RecordedTransaction, type ResolvedTransaction } from "./resolve";
import { loadResolveFacts } from "./resolve.server";

// The only way a transaction is written. Both faces (the web form and list, the JSON API) call
// createTransaction, updateTransaction and deleteTransaction, which check the input against what
// the database holds (resolve.server.ts) and write the transaction, its payments, its tag links
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
    recordActivityQuery(db, { userId, action: "transaction_update", description: value.description, ipAddress: activity.ip }),
  ]);
  return updated.length > 0;
}

/** Deletes the transaction with its payments and tag links; false when it is not the user's. */
export async function removeTransaction(db: Db, userId: string, id: string, activity: Activity): Promise<boolean> {
  const [existing] = await db
    .select({ description: transactions.description })
    .from(transactions)
    .where(ownedTransaction(userId, id))
    .limit(1);
  if (!existing) return false;
  // Children first and explicitly: libSQL does not enforce ON DELETE CASCADE unless asked to.
  const [, , deleted] = await db.batch([
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, idsOfOwned(db, userId, id))),
    db.delete(payments).where(and(eq(payments.transactionId, id), eq(payments.userId, userId))),
    db.delete(transactions).where(ownedTransaction(userId, id)).returning({ id: transactions.id }),
    recordActivityQuery(db, { userId, action: "transaction_delete", description: existing.description, ipAddress: activity.ip }),
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

export type CreateOutcome =
  /** With an Idempotency-Key, `answer` is the response body stored for the key. */
  | { kind: "created"; id: string; answer?: string }
  /** The same Idempotency-Key and body as an earlier create: that create's stored answer. */
  | { kind: "replayed"; response: Response }
  | SaveRefusal;

/** An API create that can be retried: its answer is stored with the transaction, in the same batch. */
export type Idempotency = { key: string; hash: string; answer: (record: TransactionRecord) => string };

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

const overLimit = (value: ResolvedTransaction, limit: UserTotalLimit) =>
  ({ kind: "overLimit", limit, issue: userTotalLimitIssue(value, limit) }) as const;

/**
 * Records a transaction. With an Idempotency-Key, a retry answers the first create's stored
 * answer, and a create that races it writes nothing and answers the same.
 */
export async function createTransaction(
  db: Db,
  actor: Actor,
  { input, idempotency }: { input: TransactionInput; idempotency?: Idempotency },
): Promise<CreateOutcome> {
  if (idempotency) {
    const earlier = await replay(db, actor.userId, idempotency.key, idempotency.hash);
    if (earlier) return { kind: "replayed", response: earlier };
  }
  const resolution = await resolved(db, actor.userId, input);
  if (resolution.kind !== "resolved") return resolution;
  const value = resolution.value;
  const id = crypto.randomUUID();
  const now = new Date();
  // With a key, the answer is stored in the same batch as the transaction; it is built from
  // what is about to be written (and the category the resolver read), so it is exactly what a
  // later read returns.
  const category = resolution.category;
  const answer = idempotency?.answer(
    plannedRecord(id, value, category ? { id: category.id, name: category.name, color: category.color, icon: category.icon, type: category.type } : null, now),
  );
  const extra = idempotency && answer !== undefined ? [rememberQuery(db, actor.userId, idempotency.key, idempotency.hash, 201, answer)] : [];
  try {
    await insertTransaction(db, actor.userId, value, actor, { id, createdAt: now, extra });
  } catch (error) {
    // Refused, and not remembered for the key (like every other 400): a retry after deleting
    // other transactions may succeed.
    if (error instanceof UserTotalLimitError) return overLimit(value, error.limit);
    // The same key raced in from a concurrent retry: nothing of ours was written; answer as it did.
    if (idempotency && (isUniqueViolation(error) || /PRIMARY KEY|constraint/i.test(String(error)))) {
      const earlier = await replay(db, actor.userId, idempotency.key, idempotency.hash);
      if (earlier) return { kind: "replayed", response: earlier };
    }
    throw error;
  }
  return { kind: "created", id, answer };
}

export type UpdateOutcome = { kind: "updated" } | { kind: "notFound" } | SaveRefusal;

/**
 * Replaces the transaction's fields, payments and tags. `recorded` is the transaction as the
 * caller read it: an edit continues its payments' conversions (resolve.server.ts).
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

export type DeleteOutcome = { kind: "deleted" } | { kind: "notFound" };

/** Deletes the transaction with its payments and tag links; another user's is not found, like a missing one. */
export async function deleteTransaction(db: Db, actor: Actor, { id }: { id: string }): Promise<DeleteOutcome> {
  return id !== "" && (await removeTransaction(db, actor.userId, id, actor)) ? { kind: "deleted" } : { kind: "notFound" };
}
