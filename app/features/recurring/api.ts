import { z } from "zod";
import { minorToDecimalString, minorToNumber } from "~/money/amounts";
import { decimalsOf } from "~/money/currencies";
import { defineOperation, deletedResult, listedTwiceSchema } from "~/platform/http/operation";
import { FREQUENCIES, UPCOMING_COUNT } from "./model";
import { postNowInputSchema, resumeInputSchema, scheduleInputSchema, skipInputSchema } from "./schemas";
import type { Schedule } from "./queries.server";

// A schedule (recurring transaction, issue 24) as the API shows it: what a transaction holds
// (without a date) and its rule, its next date and the next ones, and whether its next occurrence
// waits for a rate. Both namings, as the other resources give them; amounts as JSON numbers at
// the currency's places with the integer minor units beside them.

const apiSchedulePaymentSchema = z
  .object({
    position: z.number().int(),
    currencyCode: z.string(),
    amount: z.number().meta({ description: "In the payment's currency, at its decimals" }),
    amountText: z.string().meta({ description: "The same amount as an exact decimal string" }),
    amountMinor: z.number().int(),
    method: z.string(),
  })
  .meta({ title: "RecurringPayment" });

export const apiScheduleSchema = z
  .object({
    id: z.string(),
    type: z.enum(["INCOME", "EXPENSE"]),
    description: z.string(),
    categoryId: z.string().nullable(),
    category_id: z.string().nullable().meta({ description: "Same as categoryId" }),
    tagIds: z.array(z.string()),
    payments: z.array(apiSchedulePaymentSchema),
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int().meta({ description: "Every N days, weeks, months or years (1–365)" }),
    startDate: z.string(),
    start_date: z.string().meta({ description: "Same as startDate" }),
    endDate: z.string().nullable().meta({ description: "Inclusive; null without one" }),
    end_date: z.string().nullable().meta({ description: "Same as endDate" }),
    occurrenceLimit: z.number().int().nullable().meta({ description: "How many occurrences in all (skipped ones count); null without one" }),
    occurrence_limit: z.number().int().nullable().meta({ description: "Same as occurrenceLimit" }),
    nextDate: z.string().nullable().meta({ description: "The first occurrence not yet posted or skipped; null once the schedule has none left" }),
    next_date: z.string().nullable().meta({ description: "Same as nextDate" }),
    upcoming: z.array(z.string()).meta({ description: `The next ${UPCOMING_COUNT} dates, from nextDate, past the skipped ones` }),
    paused: z.boolean(),
    pausedAt: z.string().nullable().meta({ format: "date-time" }),
    needsRate: z
      .object({ currency: z.string(), date: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "The next occurrence waits for a rate: no rate on file for this currency on or before its date (post-now with rates posts it)" }),
    held: z
      .object({ date: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "The next occurrence was refused when it was posted (message: why, in the request's language); it is not tried again until the schedule is updated, that date skipped, or post-now succeeds" }),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ title: "RecurringTransaction" });

export type ApiSchedule = z.infer<typeof apiScheduleSchema>;

/** A schedule as the API answers it; `upcoming` its next dates, `needsRate` the message in the request's language. */
export function toApiSchedule(
  schedule: Schedule,
  options: {
    decimals: ReadonlyMap<string, number>;
    upcoming: string[];
    today: string;
    needsRateMessage: (currency: string, date: string) => string;
    /** A message key (the hold's reason) in the request's language. */
    translate: (key: string) => string;
  },
): ApiSchedule {
  const held = schedule.heldCurrency !== null && schedule.nextDate !== null && schedule.nextDate <= options.today;
  return {
    id: schedule.id,
    type: schedule.type,
    description: schedule.description,
    categoryId: schedule.categoryId,
    category_id: schedule.categoryId,
    tagIds: schedule.tagIds,
    payments: schedule.payments.map((p) => {
      const places = decimalsOf(p.currencyCode, options.decimals);
      return {
        position: p.position,
        currencyCode: p.currencyCode,
        amount: minorToNumber(p.amountMinor, places),
        amountText: minorToDecimalString(p.amountMinor, places),
        amountMinor: p.amountMinor,
        method: p.method,
      };
    }),
    frequency: schedule.frequency,
    interval: schedule.interval,
    startDate: schedule.startDate,
    start_date: schedule.startDate,
    endDate: schedule.endDate,
    end_date: schedule.endDate,
    occurrenceLimit: schedule.occurrenceLimit,
    occurrence_limit: schedule.occurrenceLimit,
    nextDate: schedule.nextDate,
    next_date: schedule.nextDate,
    upcoming: options.upcoming,
    paused: schedule.pausedAt !== null,
    pausedAt: schedule.pausedAt ? schedule.pausedAt.toISOString() : null,
    needsRate: held
      ? { currency: schedule.heldCurrency!, date: schedule.nextDate!, message: options.needsRateMessage(schedule.heldCurrency!, schedule.nextDate!) }
      : null,
    held: schedule.hold ? { date: schedule.hold.date, message: options.translate(schedule.hold.message) } : null,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}

const scheduleResult = (what: string) =>
  z.object({
    recurring_transaction: apiScheduleSchema,
    message: z.string().meta({ description: `${what}, in the request's language` }),
  });
const idParam = { id: "The recurring transaction's id" };
const tag = "recurring-transactions";
const bodyNote =
  "The body is a transaction's {type, description, categoryId, tagIds, payments [{currencyCode, amount, method}], multi} without a date, " +
  "plus frequency (daily, weekly, monthly, yearly), interval (1–365, default 1), startDate, and at most one of endDate (inclusive) and occurrenceLimit. " +
  "Each occurrence takes the rate of its own date; a payment carries no rate.";

export const listSchedulesOperation = defineOperation({
  operationId: "listRecurringTransactions",
  method: "GET",
  path: "/api/recurring-transactions",
  summary: "The user's recurring transactions with their next dates",
  description:
    "At data.recurring_transactions and data.data.recurring_transactions. Occurrences due by the user's local today and not yet posted are posted first (the catch-up of decision 033).",
  tag,
  access: "user",
  response: listedTwiceSchema("recurring_transactions", apiScheduleSchema),
});

export const createScheduleOperation = defineOperation({
  operationId: "createRecurringTransaction",
  method: "POST",
  path: "/api/recurring-transactions",
  summary: "Create a recurring transaction",
  description: `${bodyNote} A startDate before the user's today posts the past occurrences too, each on its own date, unless postPast is false.`,
  tag,
  access: "user",
  body: scheduleInputSchema,
  response: scheduleResult("Recurring transaction created").extend({ posted: z.number().int().meta({ description: "Past occurrences posted now" }) }),
  successStatus: 201,
});

export const getScheduleOperation = defineOperation({
  operationId: "getRecurringTransaction",
  method: "GET",
  path: "/api/recurring-transactions/{id}",
  summary: "One recurring transaction",
  description: "Another user's answers 404, like a missing one.",
  tag,
  access: "user",
  params: idParam,
  response: z.object({ recurring_transaction: apiScheduleSchema }),
  errorStatuses: [404],
});

export const updateScheduleOperation = defineOperation({
  operationId: "updateRecurringTransaction",
  method: "PUT",
  path: "/api/recurring-transactions/{id}",
  summary: "Replace a recurring transaction",
  description: `${bodyNote} The change applies to occurrences not yet posted; posted transactions stay as they are.`,
  tag,
  access: "user",
  params: idParam,
  body: scheduleInputSchema,
  response: scheduleResult("Recurring transaction updated"),
  errorStatuses: [404],
});

export const deleteScheduleOperation = defineOperation({
  operationId: "deleteRecurringTransaction",
  method: "DELETE",
  path: "/api/recurring-transactions/{id}",
  summary: "Delete a recurring transaction",
  description: "The transactions it posted stay, as ordinary transactions.",
  tag,
  access: "user",
  params: idParam,
  response: deletedResult("recurring transaction", "Recurring transaction deleted"),
  errorStatuses: [404],
});

export const skipOccurrenceOperation = defineOperation({
  operationId: "skipRecurringOccurrence",
  method: "POST",
  path: "/api/recurring-transactions/{id}/skip",
  summary: "Skip one occurrence",
  description: "{date}: one of the schedule's due dates (400 otherwise). It is never posted. 409 when that date is already posted, or while the schedule is paused (resume it first).",
  tag,
  access: "user",
  params: idParam,
  body: skipInputSchema,
  response: scheduleResult("Occurrence skipped"),
  errorStatuses: [404, 409],
});

export const postNowOperation = defineOperation({
  operationId: "postRecurringOccurrenceNow",
  method: "POST",
  path: "/api/recurring-transactions/{id}/post-now",
  summary: "Post the next occurrence now",
  description:
    "Posts the next occurrence: today when it is not yet due, on its own date when it is. It counts as that occurrence, so the job will not post it again. " +
    "{rates?: {CURRENCY: rate}} gives a rate for a currency with none on file for that date (400 with the needed currency otherwise). 409 when nothing is left, or while the schedule is paused (resume it first).",
  tag,
  access: "user",
  params: idParam,
  body: postNowInputSchema,
  response: scheduleResult("Occurrence posted").extend({
    transactionId: z.string(),
    occurrenceDate: z.string().meta({ description: "The due date the transaction posts" }),
    date: z.string().meta({ description: "The transaction's date" }),
  }),
  errorStatuses: [404, 409],
});

export const pauseScheduleOperation = defineOperation({
  operationId: "pauseRecurringTransaction",
  method: "POST",
  path: "/api/recurring-transactions/{id}/pause",
  summary: "Pause a recurring transaction",
  description: "Nothing is posted while it is paused.",
  tag,
  access: "user",
  params: idParam,
  response: scheduleResult("Recurring transaction paused"),
  errorStatuses: [404],
});

export const resumeScheduleOperation = defineOperation({
  operationId: "resumeRecurringTransaction",
  method: "POST",
  path: "/api/recurring-transactions/{id}/resume",
  summary: "Resume a paused recurring transaction",
  description: "{backfill?: boolean}: without it the dates that passed while paused are not posted; with it they are, each on its own date.",
  tag,
  access: "user",
  params: idParam,
  body: resumeInputSchema,
  response: scheduleResult("Recurring transaction resumed"),
  errorStatuses: [404],
});

export const recurringOperations = [
  listSchedulesOperation,
  createScheduleOperation,
  getScheduleOperation,
  updateScheduleOperation,
  deleteScheduleOperation,
  skipOccurrenceOperation,
  postNowOperation,
  pauseScheduleOperation,
  resumeScheduleOperation,
];
