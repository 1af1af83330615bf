import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { localDay } from "~/calendar/time-zones";
import { addDays } from "~/calendar/days";
import { minorToDecimalString, parseAmount } from "~/money/amounts";
import { BASE_CURRENCY } from "~/money/currencies";
import { timeZonesOf } from "~/features/accounts/queries.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { createTransactions, detachFromScheduleQuery, type CreateItemOutcome, type PlannedTransaction } from "~/features/transactions/commands.server";
import { loadResolveFacts } from "~/features/transactions/queries.server";
import { type InputIssue, resolveTransaction } from "~/features/transactions/model/resolve";
import { type Actor, type ActivityAction, recordActivityQuery } from "~/platform/db/activity.server";
import { insertChunks } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { recurringOccurrences, recurringPayments, recurringTags, recurringTransactions } from "~/platform/db/schema";
import { dayAfter, firstNextDate, isOccurrence, nextOccurrence, occurrencesBetween, type ScheduleRule } from "./model";
import { consumedDates, dueScheduleCandidates, findOccurrence, findSchedule, type Schedule, type SchedulePayment } from "./queries.server";
import type { ScheduleInput } from "./schemas";

// The only write path of schedules (issue 24), for the API and (later) the /recurring page, and
// the posting of their occurrences by the hourly job and the per-user catch-up.
//
// Exactly once: an occurrence is the key (recurring_id, due_date) of recurring_occurrences. Its
// transaction is created through the transactions door (createTransactions, decision 024) with
// the key's INSERT and the schedule's new next_date as the door's extra statements, in the same
// batch: two runs at once, a retried run, or a run after the user posted it by hand all try the
// same key, the second INSERT fails, and its whole batch (its transactions too) is not written.
// Decision 033 records what one run handles and the rules chosen here.

type TransactionInput = Parameters<typeof createTransactions>[2][number];
type BatchItem = Parameters<Db["batch"]>[0][number];

export type ScheduleRefusal = { kind: "notFound" } | { kind: "invalid"; issues: InputIssue[] };

/** The user's local today read from their stored time zone (UTC by default), for callers holding only an id (the job, the API view); a page with the session user uses calendar's userToday(user). */
export async function localTodayOf(db: Db, userId: string, now: Date): Promise<string> {
  return localDay((await timeZonesOf(db, [userId])).get(userId) ?? "UTC", now);
}

const ruleOf = (input: Pick<ScheduleInput, "frequency" | "interval" | "startDate" | "endDate" | "occurrenceLimit">): ScheduleRule => ({
  frequency: input.frequency,
  interval: input.interval,
  startDate: input.startDate,
  endDate: input.endDate,
  occurrenceLimit: input.occurrenceLimit,
});

/**
 * Checks what a schedule's occurrences will hold against the database, as the transactions door
 * checks a transaction on its start date (category and tags the user's, the category's type,
 * active currencies, amounts at their decimals), except the rate: each occurrence takes its own
 * date's, and one missing then holds that occurrence, not the schedule.
 */
async function checkSchedule(db: Db, userId: string, input: ScheduleInput): Promise<{ ok: true; payments: SchedulePayment[] } | { ok: false; issues: InputIssue[] }> {
  const asTransaction: TransactionInput = { ...input, date: input.startDate, payments: input.payments.map((p) => ({ ...p, rate: undefined })) };
  const facts = await loadResolveFacts(db, userId, asTransaction);
  const resolution = resolveTransaction(asTransaction, facts);
  const issues = resolution.ok ? [] : resolution.issues.filter((issue) => issue.message !== "validation.rateUnknown");
  const payments: SchedulePayment[] = [];
  for (const [position, payment] of input.payments.entries()) {
    const currency = facts.currencies.find((c) => c.code === payment.currencyCode && c.isActive);
    if (!currency) continue;
    const amount = parseAmount(payment.amount, currency.decimalPlaces);
    if (amount.ok) payments.push({ position, currencyCode: currency.code, amountMinor: amount.minor, method: payment.method });
  }
  return issues.length ? { ok: false, issues } : { ok: true, payments };
}

function childInserts(db: Db, recurringId: string, payments: readonly SchedulePayment[], tagIds: readonly string[]): BatchItem[] {
  const paymentRows = payments.map((p) => ({ recurringId, ...p }));
  const tagRows = [...new Set(tagIds)].map((tagId) => ({ recurringId, tagId }));
  return [
    ...insertChunks(recurringPayments, paymentRows).map((rows) => db.insert(recurringPayments).values(rows)),
    ...insertChunks(recurringTags, tagRows).map((rows) => db.insert(recurringTags).values(rows)),
  ];
}

const entry = (db: Db, actor: Actor, action: ActivityAction, description: string, details: Record<string, string | number> = { description }) =>
  recordActivityQuery(db, { userId: actor.userId, action, description, details, ipAddress: actor.ip });

export type CreateScheduleOutcome = { kind: "created"; schedule: Schedule; posted: number } | ScheduleRefusal;


/** Moves the user's schedules in one category to another (the categories feature's move-then-delete, in its batch). */
export function moveSchedulesToCategoryQuery(db: Db, userId: string, from: string, to: string) {
  return db
    .update(recurringTransactions)
    .set({ categoryId: to, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.categoryId, from)));
}

/**
 * A SELECT of the ids of the user's schedules in category `from`, for the move-then-delete's Undo
 * (decision 035), read just before moveSchedulesToCategoryQuery in the same batch.
 */
export function categoryScheduleIdsSelect(userId: string, from: string): SQL {
  return sql`select r.id as id from recurring_transactions as r where r.user_id = ${userId} and r.category_id = ${from}`;
}

/** The move undone (decision 035): the schedules among `ids` still in `target` go back to `restored`. */
export function moveSchedulesBackQuery(db: Db, userId: string, target: string, restored: string, ids: SQL) {
  return db
    .update(recurringTransactions)
    .set({ categoryId: restored, updatedAt: new Date() })
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.categoryId, target), sql`${recurringTransactions.id} in ${ids}`));
}

/**
 * A posted transaction's Undo (decision 035): its occurrence, whose link the delete cleared (ON
 * DELETE SET NULL), points at it again. Only a posted occurrence of the user's that links nothing.
 */
export function relinkOccurrenceQuery(db: Db, userId: string, recurringId: string, dueDate: string, transactionId: string) {
  return db
    .update(recurringOccurrences)
    .set({ transactionId })
    .where(
      and(
        eq(recurringOccurrences.userId, userId),
        eq(recurringOccurrences.recurringId, recurringId),
        eq(recurringOccurrences.dueDate, dueDate),
        eq(recurringOccurrences.status, "posted"),
        isNull(recurringOccurrences.transactionId),
      ),
    );
}
/**
 * Creates a schedule. A start before the user's today posts the past occurrences too, each on its
 * own date, unless `postPast` is false (then the first is the first on or after today).
 */
export async function createSchedule(db: Db, actor: Actor, input: ScheduleInput, { now = new Date() }: { now?: Date } = {}): Promise<CreateScheduleOutcome> {
  const checked = await checkSchedule(db, actor.userId, input);
  if (!checked.ok) return { kind: "invalid", issues: checked.issues };
  const today = await localTodayOf(db, actor.userId, now);
  const rule = ruleOf(input);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(recurringTransactions).values({
      id,
      userId: actor.userId,
      type: input.type,
      description: input.description,
      categoryId: input.categoryId,
      ...rule,
      nextDate: firstNextDate(rule, today, input.postPast),
      createdAt: now,
      updatedAt: now,
    }),
    ...childInserts(db, id, checked.payments, input.tagIds),
    entry(db, actor, "recurring_create", input.description),
  ]);
  const posted = input.postPast && input.startDate <= today ? (await postDue(db, { userId: actor.userId, now, actor })).posted : 0;
  return { kind: "created", schedule: (await findSchedule(db, actor.userId, id))!, posted };
}

export type UpdateScheduleOutcome = { kind: "updated"; schedule: Schedule } | ScheduleRefusal;

/**
 * Replaces a schedule's fields, payments, tags and rule. Posted transactions stay as they were;
 * the change applies to occurrences not yet posted: the next date is the new rule's first on or
 * after the old next date (or the new start, when later) that is not consumed. A finished
 * schedule (no next date) whose rule now goes further continues after its last consumed date.
 */
export async function updateSchedule(db: Db, actor: Actor, id: string, input: ScheduleInput): Promise<UpdateScheduleOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  const checked = await checkSchedule(db, actor.userId, input);
  if (!checked.ok) return { kind: "invalid", issues: checked.issues };
  const rule = ruleOf(input);
  const consumed = (await consumedDates(db, actor.userId, [id])).get(id)!;
  const latestConsumed = [...consumed].sort().at(-1);
  let from = schedule.nextDate ?? (latestConsumed ? dayAfter(latestConsumed) : rule.startDate);
  if (rule.startDate > from) from = rule.startDate;
  const now = new Date();
  await db.batch([
    db
      .update(recurringTransactions)
      .set({ type: input.type, description: input.description, categoryId: input.categoryId, ...rule, nextDate: nextOccurrence(rule, from, consumed), updatedAt: now })
      .where(and(eq(recurringTransactions.id, id), eq(recurringTransactions.userId, actor.userId))),
    db.delete(recurringPayments).where(eq(recurringPayments.recurringId, id)),
    db.delete(recurringTags).where(eq(recurringTags.recurringId, id)),
    // A changed schedule is tried again: its held occurrence (decision 033) is released.
    releaseHoldsQuery(db, actor.userId, id),
    ...childInserts(db, id, checked.payments, input.tagIds),
    entry(db, actor, "recurring_update", input.description),
  ]);
  return { kind: "updated", schedule: (await findSchedule(db, actor.userId, id))! };
}

export type DeleteScheduleOutcome = { kind: "deleted"; id: string } | { kind: "notFound" };

/** Deletes a schedule with its keys; the transactions it posted stay, as ordinary transactions. */
export async function deleteSchedule(db: Db, actor: Actor, id: string): Promise<DeleteScheduleOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  // Children first and explicitly: libSQL does not enforce ON DELETE unless asked to.
  await db.batch([
    detachFromScheduleQuery(db, actor.userId, id),
    db.delete(recurringOccurrences).where(and(eq(recurringOccurrences.recurringId, id), eq(recurringOccurrences.userId, actor.userId))),
    db.delete(recurringPayments).where(eq(recurringPayments.recurringId, id)),
    db.delete(recurringTags).where(eq(recurringTags.recurringId, id)),
    db.delete(recurringTransactions).where(and(eq(recurringTransactions.id, id), eq(recurringTransactions.userId, actor.userId))),
    entry(db, actor, "recurring_delete", schedule.description),
  ]);
  return { kind: "deleted", id };
}

export type SkipOutcome = { kind: "skipped"; schedule: Schedule } | { kind: "notFound" } | { kind: "notAnOccurrence" } | { kind: "alreadyPosted" } | { kind: "paused" };

/**
 * Skips one due date: it is never posted and stays skipped (its key is consumed as "skipped").
 * A date already posted is refused (409); skipping a skipped date again changes nothing. A paused
 * schedule is refused (409): it offers Resume only (decision 033).
 */
export async function skipOccurrence(db: Db, actor: Actor, id: string, date: string): Promise<SkipOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  if (schedule.pausedAt !== null) return { kind: "paused" };
  if (!isOccurrence(schedule, date)) return { kind: "notAnOccurrence" };
  const existing = await findOccurrence(db, actor.userId, id, date);
  if (existing && existing.status !== "held") return existing.status === "posted" ? { kind: "alreadyPosted" } : { kind: "skipped", schedule };
  const consumed = (await consumedDates(db, actor.userId, [id], date)).get(id)!;
  consumed.add(date);
  const statements: BatchItem[] = [
    // A held date (decision 033) becomes skipped: its key is rewritten, not added.
    ...(existing ? [releaseHoldsQuery(db, actor.userId, id, date)] : []),
    db.insert(recurringOccurrences).values({ recurringId: id, dueDate: date, userId: actor.userId, status: "skipped" }),
  ];
  if (schedule.nextDate === date) {
    statements.push(
      db
        .update(recurringTransactions)
        .set({ nextDate: nextOccurrence(schedule, dayAfter(date), consumed), updatedAt: new Date() })
        .where(and(eq(recurringTransactions.id, id), eq(recurringTransactions.nextDate, date))),
    );
  }
  statements.push(entry(db, actor, "recurring_skip", schedule.description, { description: schedule.description, date }));
  try {
    await db.batch(statements as [BatchItem, ...BatchItem[]]);
  } catch (error) {
    // Posted (or skipped) between the read and the write: what the key holds now is the answer.
    if (!isUniqueViolation(error)) throw error;
    const now = await findOccurrence(db, actor.userId, id, date);
    if (now?.status === "posted") return { kind: "alreadyPosted" };
  }
  return { kind: "skipped", schedule: (await findSchedule(db, actor.userId, id))! };
}

export type PauseOutcome = { kind: "ok"; schedule: Schedule } | { kind: "notFound" };

/** Pauses a schedule: nothing is posted while it is paused. Pausing a paused one changes nothing. */
export async function pauseSchedule(db: Db, actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}): Promise<PauseOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  if (schedule.pausedAt === null) {
    await db.batch([
      db.update(recurringTransactions).set({ pausedAt: now, updatedAt: now }).where(and(eq(recurringTransactions.id, id), eq(recurringTransactions.userId, actor.userId))),
      entry(db, actor, "recurring_pause", schedule.description),
    ]);
  }
  return { kind: "ok", schedule: (await findSchedule(db, actor.userId, id))! };
}

/**
 * Resumes a paused schedule. Without `backfill`, the dates that passed while it was paused are
 * not posted: the next date moves to the first occurrence on or after the user's today (those
 * dates stay unconsumed, behind the next date, which only moves forward). With `backfill`, the
 * next date stays where the pause left it and the catch-up posts them, each on its own date.
 */
export async function resumeSchedule(
  db: Db,
  actor: Actor,
  id: string,
  { backfill = false, now = new Date() }: { backfill?: boolean; now?: Date } = {},
): Promise<PauseOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  if (schedule.pausedAt !== null) {
    const today = await localTodayOf(db, actor.userId, now);
    let nextDate = schedule.nextDate;
    if (!backfill && nextDate !== null && nextDate < today) {
      const consumed = (await consumedDates(db, actor.userId, [id], today)).get(id)!;
      nextDate = nextOccurrence(schedule, today, consumed);
    }
    await db.batch([
      db
        .update(recurringTransactions)
        .set({ pausedAt: null, nextDate, updatedAt: now })
        .where(and(eq(recurringTransactions.id, id), eq(recurringTransactions.userId, actor.userId))),
      entry(db, actor, "recurring_resume", schedule.description, { description: schedule.description, backfill: backfill ? 1 : 0 }),
    ]);
    if (backfill) await postDue(db, { userId: actor.userId, now, actor });
  }
  return { kind: "ok", schedule: (await findSchedule(db, actor.userId, id))! };
}

/** A currency with no rate on file for an occurrence's date: the occurrence waits ("Needs a rate for MXN on 2026-12-01"). */
export type NeedsRate = { currency: string; date: string };

export type PostNowOutcome =
  | { kind: "posted"; transactionId: string; dueDate: string; date: string }
  | { kind: "notFound" }
  | { kind: "nothingLeft" }
  | { kind: "paused" }
  | { kind: "needsRate"; needsRate: NeedsRate }
  | { kind: "invalid"; issues: InputIssue[] }
  | { kind: "alreadyPosted" };

/**
 * Posts the schedule's next occurrence now, consuming its key, so the job will not post it
 * again. An occurrence not yet due is posted today (at today's rate); one already due (held for
 * a rate, or not yet reached by the job) on its own date. `rates` (units per 1 USD, by currency)
 * are typed rates for currencies with none on file for that date, as on the transaction form.
 * A paused schedule is refused: it offers Resume only (decision 033).
 */
export async function postNextNow(
  db: Db,
  actor: Actor,
  id: string,
  { now = new Date(), rates = {} }: { now?: Date; rates?: Record<string, string | number> } = {},
): Promise<PostNowOutcome> {
  const schedule = await findSchedule(db, actor.userId, id);
  if (!schedule) return { kind: "notFound" };
  if (schedule.pausedAt !== null) return { kind: "paused" };
  if (schedule.nextDate === null) return { kind: "nothingLeft" };
  const today = await localTodayOf(db, actor.userId, now);
  const dueDate = schedule.nextDate;
  const date = dueDate <= today ? dueDate : today;
  const decimals = await currencyDecimals(db);
  const consumed = (await consumedDates(db, actor.userId, [id], dueDate)).get(id)!;
  consumed.add(dueDate);
  const next = nextOccurrence(schedule, dayAfter(dueDate), consumed);
  let outcome: CreateItemOutcome | undefined;
  try {
    [outcome] = await createTransactions(db, actor, [transactionInputOf(schedule, date, decimals, rates)], {
      source: "recurring",
      origins: [{ recurringId: id, occurrenceDate: dueDate }],
      // A held occurrence (decision 033) the user posts now: its hold goes with it, in the batch.
      extraStatements: (planned) => [
        ...(schedule.hold && planned.length > 0 ? [releaseHoldsQuery(db, actor.userId, id, dueDate)] : []),
        ...postStatements(db, actor.userId, [{ schedule, dueDates: [dueDate], next }], planned, [{ schedule, dueDate }]),
      ],
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "alreadyPosted" };
    throw error;
  }
  if (outcome!.kind === "created") return { kind: "posted", transactionId: outcome!.id, dueDate, date };
  if (outcome!.kind === "invalid") {
    const needsRate = needsRateOf(schedule, date, outcome!.issues);
    return needsRate ? { kind: "needsRate", needsRate } : { kind: "invalid", issues: outcome!.issues };
  }
  if (outcome!.kind === "overLimit") return { kind: "invalid", issues: [outcome!.issue] };
  throw outcome!.cause;
}

/** The first payment whose rate is unknown on the date, as "Needs a rate for MXN on 2026-12-01". */
function needsRateOf(schedule: Schedule, date: string, issues: readonly InputIssue[]): NeedsRate | undefined {
  const issue = issues.find((i) => i.message === "validation.rateUnknown" && i.path[0] === "payments");
  const payment = issue ? schedule.payments[Number(issue.path[1])] : undefined;
  return payment ? { currency: payment.currencyCode, date } : undefined;
}

async function currencyDecimals(db: Db): Promise<Map<string, number>> {
  return new Map((await listCurrencies(db, { activeOnly: false })).map((c) => [c.code, c.decimalPlaces]));
}

/** The transaction an occurrence posts: the schedule's fields and payments on `date`. */
function transactionInputOf(schedule: Schedule, date: string, decimals: ReadonlyMap<string, number>, rates: Record<string, string | number> = {}): TransactionInput {
  return {
    type: schedule.type,
    description: schedule.description,
    date,
    categoryId: schedule.categoryId ?? "",
    tagIds: schedule.tagIds,
    multi: schedule.payments.length > 1,
    payments: schedule.payments.map((p) => ({
      currencyCode: p.currencyCode,
      amount: minorToDecimalString(p.amountMinor, decimals.get(p.currencyCode) ?? 2),
      method: p.method,
      rate: p.currencyCode === BASE_CURRENCY ? undefined : rates[p.currencyCode],
    })),
  };
}

type PlannedSchedule = { schedule: Schedule; dueDates: string[]; next: string | null; continues?: boolean };

/**
 * The door's extra statements for a set of occurrences: the key of each one planned (written),
 * and each schedule's next date: the first of its occurrences that was not planned (refused:
 * it is tried again), else the one after them. The next date moves only from where this run
 * read it, so a concurrent change to the schedule is not overwritten.
 */
function postStatements(
  db: Db,
  userId: string,
  schedules: readonly PlannedSchedule[],
  planned: readonly PlannedTransaction[],
  inputs: readonly { schedule: Schedule; dueDate: string }[],
): BatchItem[] {
  const written = new Map(planned.map((p) => [p.index, p.record.id]));
  const keys = inputs.flatMap(({ schedule, dueDate }, index) =>
    written.has(index) ? [{ recurringId: schedule.id, dueDate, userId, status: "posted" as const, transactionId: written.get(index)! }] : [],
  );
  const postedDates = new Set(keys.map((k) => `${k.recurringId} ${k.dueDate}`));
  const updates = schedules.flatMap(({ schedule, dueDates, next }) => {
    const firstRefused = dueDates.find((date) => !postedDates.has(`${schedule.id} ${date}`));
    const nextDate = firstRefused ?? next;
    if (nextDate === schedule.nextDate) return [];
    return [
      db
        .update(recurringTransactions)
        .set({ nextDate, updatedAt: new Date() })
        .where(and(eq(recurringTransactions.id, schedule.id), eq(recurringTransactions.userId, userId), eq(recurringTransactions.nextDate, schedule.nextDate!))),
    ];
  });
  return [...insertChunks(recurringOccurrences, keys).map((rows) => db.insert(recurringOccurrences).values(rows)), ...updates];
}

/** Removes a schedule's held keys (every one, or the one of `date`): a held date is not consumed, so nothing else is lost. */
function releaseHoldsQuery(db: Db, userId: string, recurringId: string, date?: string) {
  return db
    .delete(recurringOccurrences)
    .where(
      and(
        eq(recurringOccurrences.recurringId, recurringId),
        eq(recurringOccurrences.userId, userId),
        eq(recurringOccurrences.status, "held"),
        date ? eq(recurringOccurrences.dueDate, date) : undefined,
      ),
    );
}

/**
 * The holds of a door call's refused occurrences (decision 033): each schedule's first refused date
 * gets a "held" key and a `recurring_hold` activity entry naming the refusal's message, so the job
 * stops retrying it until the schedule changes, the date is skipped, or the user posts it. A
 * missing rate is not held this way (it releases itself when a rate is filed).
 */
function holdStatements(
  db: Db,
  actor: Actor,
  inputs: readonly { schedule: Schedule; dueDate: string }[],
  outcomes: readonly CreateItemOutcome[],
): BatchItem[] {
  const statements: BatchItem[] = [];
  const seen = new Set<string>();
  for (const [index, outcome] of outcomes.entries()) {
    const { schedule, dueDate } = inputs[index]!;
    if (outcome.kind === "created" || seen.has(schedule.id)) continue;
    seen.add(schedule.id);
    const issues = outcome.kind === "invalid" ? outcome.issues : outcome.kind === "overLimit" ? [outcome.issue] : [];
    const issue = issues.find((i) => i.message !== "validation.rateUnknown");
    if (!issue) continue;
    statements.push(
      db.insert(recurringOccurrences).values({ recurringId: schedule.id, dueDate, userId: actor.userId, status: "held" }).onConflictDoNothing(),
      entry(db, actor, "recurring_hold", schedule.description, { description: schedule.description, date: dueDate, message: issue.message, recurringId: schedule.id }),
    );
  }
  return statements;
}

/** What one run of postDue handles at most (decision 033). */
export const POST_DUE_LIMITS: Readonly<{ schedulesPerRound: number; occurrencesPerBatch: number; occurrencesPerRun: number; doorCallsPerRun: number }> = {
  /** Schedules read per round. */
  schedulesPerRound: 50,
  /** Occurrences one door call (one batch, one activity entry) writes for a user. */
  occurrencesPerBatch: 100,
  /** Occurrences one run posts in all; the rest waits for the next run. */
  occurrencesPerRun: 1000,
  /**
   * Door calls (users' batches) one run makes: each is about five D1 calls (its checks' reads and
   * its batch), and D1 allows 1,000 calls per Worker invocation. A month behind for 1,000 users
   * with one occurrence each is 1,000 door calls (over 2,000 batches): the bench found it.
   */
  doorCallsPerRun: 150,
};
export type PostDueLimits = typeof POST_DUE_LIMITS;

export type PostDueOutcome = {
  /** Occurrences posted. */
  posted: number;
  /** Occurrences refused by the door (invalid, over a limit): tried again next run. */
  refused: number;
  /** Users' batches that met a key another run had written first: nothing of theirs was written. */
  conflicts: number;
  /** Whether the run stopped at its limit with occurrences still due. */
  more: boolean;
};

/**
 * Posts every occurrence due on or before each user's local today, every user's (the hourly job)
 * or one user's (the catch-up when they open a page or the API), in bounded rounds: up to
 * `occurrencesPerRun` occurrences, each user's in door calls of at most `occurrencesPerBatch`.
 * An occurrence whose currency has no rate on file for its date is not a candidate (held, never
 * posted at 1 or a guess); it waits for a rate or the user's typed one (postNextNow).
 */
export async function postDue(
  db: Db,
  options: { userId?: string; now?: Date; limits?: Partial<PostDueLimits>; actor?: Actor } = {},
): Promise<PostDueOutcome> {
  const now = options.now ?? new Date();
  const limits = { ...POST_DUE_LIMITS, ...options.limits };
  // The latest "today" anywhere on Earth (UTC+14) is at most UTC's tomorrow.
  const latestToday = addDays(localDay("UTC", now), 1);
  const outcome: PostDueOutcome = { posted: 0, refused: 0, conflicts: 0, more: false };
  const handled: string[] = [];
  let doorCalls = 0;
  let decimals: Map<string, number> | undefined;
  while (outcome.posted + outcome.refused < limits.occurrencesPerRun && doorCalls < limits.doorCallsPerRun) {
    const again = new Set<string>();
    const candidates = await dueScheduleCandidates(db, { latestToday, limit: limits.schedulesPerRound, userId: options.userId, excluding: handled });
    if (candidates.length === 0) return outcome;
    handled.push(...candidates.map((s) => s.id));
    decimals ??= await currencyDecimals(db);
    const zones = await timeZonesOf(db, [...new Set(candidates.map((s) => s.userId))]);
    const byUser = new Map<string, Schedule[]>();
    for (const schedule of candidates) byUser.set(schedule.userId, [...(byUser.get(schedule.userId) ?? []), schedule]);
    for (const [userId, schedules] of byUser) {
      if (doorCalls >= limits.doorCallsPerRun) {
        outcome.more = true;
        break;
      }
      const today = localDay(zones.get(userId) ?? "UTC", now);
      const due = schedules.filter((s) => s.nextDate! <= today);
      if (due.length === 0) continue;
      const consumed = await consumedDates(db, userId, due.map((s) => s.id), due.reduce((min, s) => (s.nextDate! < min ? s.nextDate! : min), today));
      let room = limits.occurrencesPerRun - outcome.posted - outcome.refused;
      // The user's occurrences in door calls of at most occurrencesPerBatch, a schedule's dates together.
      let batch: PlannedSchedule[] = [];
      let size = 0;
      const flush = async () => {
        if (size === 0) return;
        doorCalls++;
        const result = await postBatch(db, options.actor?.userId === userId ? options.actor : { userId, ip: null }, batch, decimals!);
        outcome.posted += result.posted;
        outcome.refused += result.refused;
        outcome.conflicts += result.conflict ? 1 : 0;
        // A schedule with more due than its share, all of it posted, is read again next round.
        if (result.refused === 0 && !result.conflict) for (const planned of batch) if (planned.continues) again.add(planned.schedule.id);
        batch = [];
        size = 0;
      };
      for (const schedule of due) {
        if (room <= 0 || doorCalls >= limits.doorCallsPerRun) {
          outcome.more = true;
          break;
        }
        const taken = consumed.get(schedule.id)!;
        const take = Math.min(room, limits.occurrencesPerBatch);
        const dueDates = occurrencesBetween(schedule, schedule.nextDate!, today, take + taken.size)
          .map((o) => o.date)
          .filter((date) => !taken.has(date))
          .slice(0, take);
        const last = dueDates.at(-1);
        const next = last ? nextOccurrence(schedule, dayAfter(last), taken) : nextOccurrence(schedule, schedule.nextDate!, taken);
        if (dueDates.length === 0) {
          // Every date up to today is consumed (skipped ahead of time): only the next date moves.
          batch.push({ schedule, dueDates, next });
          continue;
        }
        if (size + dueDates.length > limits.occurrencesPerBatch) await flush();
        // More due than this share: the rest is for the next round, or the next run.
        const continues = next !== null && next <= today;
        batch.push({ schedule, dueDates, next, continues });
        size += dueDates.length;
        room -= dueDates.length;
      }
      if (size === 0 && batch.length > 0) {
        await db.batch(postStatements(db, userId, batch, [], []) as [BatchItem, ...BatchItem[]]).catch(() => undefined);
        batch = [];
      }
      await flush();
    }
    if (again.size > 0) {
      const kept = handled.filter((id) => !again.has(id));
      handled.splice(0, handled.length, ...kept);
    } else if (candidates.length < limits.schedulesPerRound) return outcome;
  }
  outcome.more = true;
  return outcome;
}

/** One door call for one user's occurrences; a key another run wrote first fails it whole (nothing written). */
async function postBatch(
  db: Db,
  actor: Actor,
  schedules: readonly PlannedSchedule[],
  decimals: ReadonlyMap<string, number>,
): Promise<{ posted: number; refused: number; conflict: boolean }> {
  const inputs = schedules.flatMap(({ schedule, dueDates }) => dueDates.map((dueDate) => ({ schedule, dueDate })));
  try {
    const outcomes = await createTransactions(
      db,
      actor,
      inputs.map(({ schedule, dueDate }) => transactionInputOf(schedule, dueDate, decimals)),
      {
        source: "recurring",
        origins: inputs.map(({ schedule, dueDate }) => ({ recurringId: schedule.id, occurrenceDate: dueDate })),
        extraStatements: (planned) => postStatements(db, actor.userId, schedules, planned, inputs),
      },
    );
    const posted = outcomes.filter((o) => o.kind === "created").length;
    const holds = holdStatements(db, actor, inputs, outcomes);
    if (holds.length > 0) await db.batch(holds as [BatchItem, ...BatchItem[]]);
    return { posted, refused: outcomes.length - posted, conflict: false };
  } catch (error) {
    if (isUniqueViolation(error)) return { posted: 0, refused: 0, conflict: true };
    throw error;
  }
}

/**
 * The catch-up for one user, run when they open /dashboard, /expenses or the schedules' API: what
 * the hourly job has not posted yet (a local dev server has no cron; the cron may have failed) is
 * posted before the page reads. A failure is logged and the page still answers: the job retries.
 */
export async function catchUpSchedules(db: Db, userId: string, now: Date = new Date()): Promise<void> {
  try {
    await postDue(db, { userId, now });
  } catch (error) {
    console.warn("recurring transactions: the catch-up failed", error);
  }
}
