import { and, asc, eq, gte, isNotNull, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { findRatesOn, listCurrencies, rateOnFileSql } from "~/features/rates/queries.server";
import { addDays } from "~/calendar/days";
import { estimateUsdCents } from "~/money/rates";
import { inList } from "~/platform/db/bound-lists.server";
import { latestActivityDetails } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { recurringOccurrences, recurringPayments, recurringTags, recurringTransactions } from "~/platform/db/schema";
import type { PaymentMethod, TransactionType } from "~/features/transactions/model/transaction";
import { nextOccurrences, occurrencesBetween, type Frequency, type ScheduleRule, UPCOMING_COUNT } from "./model";

// Reads of schedules, always for one user except the job's candidates (every user's, bounded).
// A schedule's "held" currency is the first of its payments' currencies with no rate on file on
// or before its next date: the occurrence waits for a rate (or a typed one), never posted at 1.

export type SchedulePayment = { position: number; currencyCode: string; amountMinor: number; method: PaymentMethod };

export type Schedule = ScheduleRule & {
  id: string;
  userId: string;
  type: TransactionType;
  description: string;
  categoryId: string | null;
  frequency: Frequency;
  nextDate: string | null;
  pausedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  payments: SchedulePayment[];
  tagIds: string[];
  /** A currency of its payments with no rate on file on or before the next date; null when every one has one. */
  heldCurrency: string | null;
  /**
   * The next occurrence held because the transactions door refused it for another reason (decision
   * 033): its date and the refusal's message key; the job does not retry it until the schedule
   * changes. Null when not held.
   */
  hold: { date: string; message: string } | null;
};

const heldCurrencySql = sql<string | null>`(select ${recurringPayments.currencyCode} from ${recurringPayments}
  where ${recurringPayments.recurringId} = ${recurringTransactions.id}
    and not ${rateOnFileSql(recurringPayments.currencyCode, recurringTransactions.nextDate)}
  order by ${recurringPayments.position} limit 1)`;

/** The next date when its key is held (refused by the door); the job's candidates leave such schedules out. */
const heldDateSql = sql<string | null>`(select ${recurringOccurrences.dueDate} from ${recurringOccurrences}
  where ${recurringOccurrences.recurringId} = ${recurringTransactions.id}
    and ${recurringOccurrences.dueDate} = ${recurringTransactions.nextDate} and ${recurringOccurrences.status} = 'held')`;

const scheduleColumns = {
  id: recurringTransactions.id,
  userId: recurringTransactions.userId,
  type: recurringTransactions.type,
  description: recurringTransactions.description,
  categoryId: recurringTransactions.categoryId,
  frequency: recurringTransactions.frequency,
  interval: recurringTransactions.interval,
  startDate: recurringTransactions.startDate,
  endDate: recurringTransactions.endDate,
  occurrenceLimit: recurringTransactions.occurrenceLimit,
  nextDate: recurringTransactions.nextDate,
  pausedAt: recurringTransactions.pausedAt,
  createdAt: recurringTransactions.createdAt,
  updatedAt: recurringTransactions.updatedAt,
  heldCurrency: heldCurrencySql.as("held_currency"),
  heldDate: heldDateSql.as("held_date"),
};

type ScheduleHead = Omit<Schedule, "payments" | "tagIds" | "hold"> & { heldDate: string | null };

/** How many of the user's latest hold entries are searched for a held schedule's reason. */
const HOLD_ENTRIES = 200;

/**
 * The reasons of the held schedules among `heads`: the job's `recurring_hold` activity entry for
 * that schedule and date (the refusal's message key). One read, only when one of them is held.
 */
async function holdReasons(db: Db, heads: readonly ScheduleHead[]): Promise<Map<string, { date: string; message: string }>> {
  const held = heads.filter((h) => h.heldDate !== null);
  const out = new Map<string, { date: string; message: string }>();
  for (const userId of new Set(held.map((h) => h.userId))) {
    const entries = await latestActivityDetails(db, userId, "recurring_hold", HOLD_ENTRIES);
    for (const head of held.filter((h) => h.userId === userId)) {
      const found = entries.find((e) => e.recurringId === head.id && e.date === head.heldDate);
      out.set(head.id, { date: head.heldDate!, message: typeof found?.message === "string" ? found.message : "recurring.hold.refused" });
    }
  }
  return out;
}

/** Schedules with their payments and tags, read in one round trip after the heads. */
async function withChildren(db: Db, heads: ScheduleHead[]): Promise<Schedule[]> {
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.id);
  const [paymentRows, tagRows] = await db.batch([
    db
      .select({ recurringId: recurringPayments.recurringId, position: recurringPayments.position, currencyCode: recurringPayments.currencyCode, amountMinor: recurringPayments.amountMinor, method: recurringPayments.method })
      .from(recurringPayments)
      .where(inList(recurringPayments.recurringId, ids))
      .orderBy(asc(recurringPayments.recurringId), asc(recurringPayments.position)),
    db.select({ recurringId: recurringTags.recurringId, tagId: recurringTags.tagId }).from(recurringTags).where(inList(recurringTags.recurringId, ids)),
  ]);
  const payments = new Map<string, SchedulePayment[]>();
  for (const { recurringId, ...payment } of paymentRows) payments.set(recurringId, [...(payments.get(recurringId) ?? []), { ...payment, method: payment.method as PaymentMethod }]);
  const tags = new Map<string, string[]>();
  for (const { recurringId, tagId } of tagRows) tags.set(recurringId, [...(tags.get(recurringId) ?? []), tagId]);
  const holds = await holdReasons(db, heads);
  return heads.map(({ heldDate: _, ...head }) => ({ ...head, payments: payments.get(head.id) ?? [], tagIds: tags.get(head.id) ?? [], hold: holds.get(head.id) ?? null }));
}

const owned = (userId: string, id: string) => and(eq(recurringTransactions.id, id), eq(recurringTransactions.userId, userId));

/** The user's schedules, by next date (finished ones last), with payments, tags and held currency. */
export async function listSchedules(db: Db, userId: string): Promise<Schedule[]> {
  const heads = await db
    .select(scheduleColumns)
    .from(recurringTransactions)
    .where(eq(recurringTransactions.userId, userId))
    .orderBy(sql`${recurringTransactions.nextDate} is null`, asc(recurringTransactions.nextDate), asc(recurringTransactions.createdAt), asc(recurringTransactions.id));
  return withChildren(db, heads as ScheduleHead[]);
}

/** One of the user's schedules; undefined for a missing id or another user's. */
export async function findSchedule(db: Db, userId: string, id: string): Promise<Schedule | undefined> {
  if (id === "") return undefined;
  const heads = await db.select(scheduleColumns).from(recurringTransactions).where(owned(userId, id)).limit(1);
  return (await withChildren(db, heads as ScheduleHead[]))[0];
}

/**
 * The dates already consumed (posted or skipped) of each schedule, on or after `from` when given:
 * what the next dates pass over. Found through the occurrence key (recurring_id, due_date).
 */
export async function consumedDates(db: Db, userId: string, recurringIds: readonly string[], from?: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(recurringIds.map((id) => [id, new Set<string>()]));
  if (recurringIds.length === 0) return out;
  const rows = await db
    .select({ recurringId: recurringOccurrences.recurringId, dueDate: recurringOccurrences.dueDate })
    .from(recurringOccurrences)
    .where(
      and(
        inList(recurringOccurrences.recurringId, recurringIds),
        eq(recurringOccurrences.userId, userId),
        ne(recurringOccurrences.status, "held"),
        from ? gte(recurringOccurrences.dueDate, from) : undefined,
      ),
    );
  for (const row of rows) out.get(row.recurringId)?.add(row.dueDate);
  return out;
}

export type OccurrenceRecord = { dueDate: string; status: "posted" | "skipped" | "held"; transactionId: string | null };

/** One occurrence key of the user's schedule, or undefined when the date is not consumed. */
export async function findOccurrence(db: Db, userId: string, recurringId: string, dueDate: string): Promise<OccurrenceRecord | undefined> {
  const [row] = await db
    .select({ dueDate: recurringOccurrences.dueDate, status: recurringOccurrences.status, transactionId: recurringOccurrences.transactionId })
    .from(recurringOccurrences)
    .where(and(eq(recurringOccurrences.recurringId, recurringId), eq(recurringOccurrences.dueDate, dueDate), eq(recurringOccurrences.userId, userId)));
  return row;
}

/** The latest consumed date of a schedule, or undefined when none is. */
export async function latestConsumedDate(db: Db, userId: string, recurringId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ dueDate: sql<string | null>`max(${recurringOccurrences.dueDate})` })
    .from(recurringOccurrences)
    .where(and(eq(recurringOccurrences.recurringId, recurringId), eq(recurringOccurrences.userId, userId), ne(recurringOccurrences.status, "held")));
  return row?.dueDate ?? undefined;
}

/**
 * The job's candidates: running schedules whose next date is on or before `latestToday` (the
 * latest "today" of any time zone: UTC's tomorrow; the job checks each user's own) and whose
 * every currency has a rate on file for that date, oldest next date first, `limit` of them,
 * none of `excluding` (those a run has already handled). For one user when `userId` is given.
 */
export async function dueScheduleCandidates(
  db: Db,
  options: { latestToday: string; limit: number; userId?: string; excluding?: readonly string[] },
): Promise<Schedule[]> {
  const conditions: (SQL | undefined)[] = [
    isNull(recurringTransactions.pausedAt),
    isNotNull(recurringTransactions.nextDate),
    lte(recurringTransactions.nextDate, options.latestToday),
    options.userId ? eq(recurringTransactions.userId, options.userId) : undefined,
    options.excluding?.length ? sql`not ${inList(recurringTransactions.id, options.excluding)}` : undefined,
    sql`${heldCurrencySql} is null`,
    sql`${heldDateSql} is null`,
  ];
  const heads = await db
    .select(scheduleColumns)
    .from(recurringTransactions)
    .where(and(...conditions))
    .orderBy(asc(recurringTransactions.nextDate), asc(recurringTransactions.id))
    .limit(options.limit);
  return withChildren(db, heads as ScheduleHead[]);
}

/** SQL that is true while any of the user's schedules uses the category: the categories' DELETE repeats the check inside itself. */
export const schedulesUseCategory = (userId: string, categoryId: string | SQL): SQL =>
  sql`exists (select 1 from ${recurringTransactions} where ${recurringTransactions.userId} = ${userId} and ${recurringTransactions.categoryId} = ${categoryId})`;

/** SQL that is true while any schedule carries the tag (a column or an id): an import's undo deletes the tags it created only when unused. */
export const schedulesUseTag = (tagId: SQL): SQL => sql`exists (select 1 from ${recurringTags} where ${recurringTags.tagId} = ${tagId})`;

/** How many of the user's schedules use the category: the categories feature refuses deleting a category in use. */
export async function countSchedulesWithCategory(db: Db, userId: string, categoryId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(recurringTransactions)
    .where(and(eq(recurringTransactions.userId, userId), eq(recurringTransactions.categoryId, categoryId)));
  return row?.count ?? 0;
}

/** A schedule's next date and the ones after it (UPCOMING_COUNT in all), past the consumed dates. */
export function upcomingDates(schedule: Schedule, consumed: ReadonlySet<string>, count = UPCOMING_COUNT): string[] {
  if (schedule.nextDate === null) return [];
  return nextOccurrences(schedule, schedule.nextDate, count, consumed);
}

export type UpcomingOccurrence = { schedule: Schedule; date: string };

/**
 * What the user's running schedules will post from `from` to `to` (inclusive), by date: the
 * dashboard's "due in the next 7 days" and the budgets' planned spending of the rest of a month.
 */
export async function upcomingOccurrences(db: Db, userId: string, from: string, to: string): Promise<UpcomingOccurrence[]> {
  const schedules = (await listSchedules(db, userId)).filter((s) => s.pausedAt === null && s.nextDate !== null && s.nextDate <= to);
  const consumed = await consumedDates(db, userId, schedules.map((s) => s.id), from);
  const found: UpcomingOccurrence[] = [];
  for (const schedule of schedules) {
    const start = schedule.nextDate! > from ? schedule.nextDate! : from;
    for (const { date } of occurrencesBetween(schedule, start, to, 400)) {
      if (!consumed.get(schedule.id)?.has(date)) found.push({ schedule, date });
    }
  }
  return found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.schedule.id < b.schedule.id ? -1 : 1));
}

export type PlannedSpending = {
  categoryId: string | null;
  /** Per currency, the minor units still to post (BigInt: many occurrences of large amounts add up past 2^53). */
  byCurrency: Map<string, bigint>;
  occurrences: number;
};

/**
 * What the user's running expense schedules will still post from `from` to `to` (the rest of a
 * month, from the user's today), per category and currency: the budgets page's planned spending
 * beside what is already spent. Converting to USD is the page's (at today's rate, as an estimate).
 */
export async function plannedSpending(db: Db, userId: string, from: string, to: string): Promise<PlannedSpending[]> {
  const byCategory = new Map<string | null, PlannedSpending>();
  for (const { schedule } of await upcomingOccurrences(db, userId, from, to)) {
    if (schedule.type !== "EXPENSE") continue;
    const entry = byCategory.get(schedule.categoryId) ?? { categoryId: schedule.categoryId, byCurrency: new Map<string, bigint>(), occurrences: 0 };
    entry.occurrences += 1;
    for (const p of schedule.payments) entry.byCurrency.set(p.currencyCode, (entry.byCurrency.get(p.currencyCode) ?? 0n) + BigInt(p.amountMinor));
    byCategory.set(schedule.categoryId, entry);
  }
  return [...byCategory.values()];
}

// Where schedules show outside their page (issue 24): the dashboard's "Coming up" and the
// budgets' planned spending, estimated in USD at today's rate (the money kernel's rule, each
// currency's sum converted once); a currency with no rate on file is named, never guessed.

/** The dashboard's "Coming up" window: the user's today and the 6 days after it (7 days, as the last 7 days are today and the 6 before). */
export const COMING_UP_DAYS = 7;

export type ComingUpItem = {
  recurringId: string;
  date: string;
  description: string;
  type: TransactionType;
  payments: { currencyCode: string; amountMinor: number }[];
  /** The USD estimate at today's rate, as exact digits; the currencies with no rate are left out and named in missingRates. */
  estimateUsdCents: string;
  missingRates: string[];
};

async function estimator(db: Db, codes: readonly string[], today: string) {
  const [rates, currencyList] = await Promise.all([findRatesOn(db, codes, today), listCurrencies(db, { activeOnly: false })]);
  const decimals = new Map(currencyList.map((c) => [c.code, c.decimalPlaces]));
  return (byCurrency: ReadonlyMap<string, bigint>) =>
    estimateUsdCents(byCurrency, (code) => rates.get(code)?.rate, (code) => decimals.get(code) ?? 2);
}

/** What the user's running schedules post from today through today + COMING_UP_DAYS − 1, by date, each with its USD estimate. */
export async function comingUp(db: Db, userId: string, today: string): Promise<ComingUpItem[]> {
  const occurrences = await upcomingOccurrences(db, userId, today, addDays(today, COMING_UP_DAYS - 1));
  if (occurrences.length === 0) return [];
  const estimate = await estimator(db, occurrences.flatMap((o) => o.schedule.payments.map((p) => p.currencyCode)), today);
  return occurrences.map(({ schedule, date }) => {
    const byCurrency = new Map<string, bigint>();
    for (const p of schedule.payments) byCurrency.set(p.currencyCode, (byCurrency.get(p.currencyCode) ?? 0n) + BigInt(p.amountMinor));
    const { usdCents, missingRates } = estimate(byCurrency);
    return {
      recurringId: schedule.id,
      date,
      description: schedule.description,
      type: schedule.type,
      payments: schedule.payments.map((p) => ({ currencyCode: p.currencyCode, amountMinor: p.amountMinor })),
      estimateUsdCents: usdCents.toString(),
      missingRates,
    };
  });
}

export type PlannedUsd = { categoryId: string | null; estimateUsdCents: string; missingRates: string[]; occurrences: number };

/**
 * The expense schedules' occurrences still to post in the month from `monthStart` to `monthEnd`
 * (posted and skipped dates excluded; a due one not yet posted still counts), per category, in
 * USD at today's rate.
 */
export async function plannedSpendingUsd(db: Db, userId: string, monthStart: string, monthEnd: string, today: string): Promise<PlannedUsd[]> {
  const planned = await plannedSpending(db, userId, monthStart, monthEnd);
  if (planned.length === 0) return [];
  const estimate = await estimator(db, planned.flatMap((p) => [...p.byCurrency.keys()]), today);
  return planned.map((p) => {
    const { usdCents, missingRates } = estimate(p.byCurrency);
    return { categoryId: p.categoryId, estimateUsdCents: usdCents.toString(), missingRates, occurrences: p.occurrences };
  });
}

/** Whether the user has any schedule (the dashboard's first-run checklist, issue 27). */
export async function hasAnySchedule(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: recurringTransactions.id }).from(recurringTransactions).where(eq(recurringTransactions.userId, userId)).limit(1);
  return rows.length > 0;
}
