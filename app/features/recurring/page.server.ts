import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { addDays } from "~/calendar/days";
import { landingHref } from "~/components/editable-list.server";
import type { ListActionResult } from "~/components/editable-list";
import { listCategories } from "~/features/categories/queries.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { getTransaction } from "~/features/transactions/queries.server";
import type { InputIssue } from "~/features/transactions/model/resolve";
import { intentValue, MAX_PAYMENTS, type PaymentMethod } from "~/features/transactions/model/transaction";
import { minorToDecimalString } from "~/money/amounts";
import type { Actor } from "~/platform/db/activity.server";
import type { Db } from "~/platform/db/client.server";
import { catchUpSchedules, createSchedule, deleteSchedule, pauseSchedule, postNextNow, resumeSchedule, skipOccurrence, updateSchedule } from "./commands.server";
import { recurringRefusals, type RecurringRefusal } from "./errors";
import { nextOccurrence, type Frequency } from "./model";
import { consumedDates, listSchedules, upcomingDates, type Schedule } from "./queries.server";
import { scheduleFormSchema } from "./schemas";
import { RECURRING_ANCHORS, RECURRING_INTENTS, type ScheduleDraft, type ScheduleView } from "./ui/intents";

// The /recurring page's loader and action (issue 24): the route stays thin. Every write goes
// through commands.server.ts, the API's write path; another user's id is "not found" (404).

const PAGE = "/recurring";

function scheduleView(schedule: Schedule, upcoming: string[], decimals: ReadonlyMap<string, number>): ScheduleView {
  return {
    id: schedule.id,
    type: schedule.type,
    description: schedule.description,
    categoryId: schedule.categoryId,
    tagIds: schedule.tagIds,
    payments: schedule.payments.map((p) => {
      const places = decimals.get(p.currencyCode) ?? 2;
      return { currencyCode: p.currencyCode, amount: minorToDecimalString(p.amountMinor, places), amountMinor: p.amountMinor, decimals: places, method: p.method };
    }),
    frequency: schedule.frequency,
    interval: schedule.interval,
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    occurrenceLimit: schedule.occurrenceLimit,
    nextDate: schedule.nextDate,
    upcoming,
    paused: schedule.pausedAt !== null,
    heldCurrency: schedule.heldCurrency,
    hold: schedule.hold,
  };
}

/** The page's data: the user's schedules (after their catch-up), and what the form chooses from. */
export async function loadRecurringPage(db: Db, userId: string, today: string, params: URLSearchParams) {
  await catchUpSchedules(db, userId);
  const [schedules, categories, tags, currencies] = await Promise.all([
    listSchedules(db, userId),
    listCategories(db, userId),
    listTagChoices(db, userId),
    listCurrencies(db, { activeOnly: false }),
  ]);
  const from = schedules.reduce((min, s) => (s.nextDate !== null && s.nextDate < min ? s.nextDate : min), today);
  const consumed = await consumedDates(db, userId, schedules.map((s) => s.id), from);
  const decimals = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));
  const views = schedules.map((s) => scheduleView(s, upcomingDates(s, consumed.get(s.id) ?? new Set()), decimals));
  const known = (key: string) => {
    const id = params.get(key);
    return id && views.some((v) => v.id === id) ? id : null;
  };
  const fromId = params.get("from");
  const prefill = params.has("new") && fromId ? await draftFromTransaction(db, userId, fromId, today, decimals) : null;
  return {
    schedules: views,
    categories: categories.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    tags,
    currencies: currencies.filter((c) => c.isActive).map((c) => ({ code: c.code, name: c.name })),
    today,
    modes: { creating: params.has("new"), editId: known("edit"), deleteId: known("delete") },
    prefill,
  };
}

/**
 * "Repeat…" on a transaction's edit page: a monthly schedule of that transaction, on its date's
 * day, starting at that day's next occurrence after today. Another user's id is not found.
 */
async function draftFromTransaction(db: Db, userId: string, id: string, today: string, decimals: ReadonlyMap<string, number>): Promise<ScheduleDraft> {
  const record = await getTransaction(db, userId, id);
  if (!record) throw data({ message: "Transaction not found" }, { status: 404 });
  const rule = { frequency: "monthly" as Frequency, interval: 1, startDate: record.date, endDate: null, occurrenceLimit: null };
  const startDate = nextOccurrence(rule, addDays(today, 1)) ?? today;
  return {
    type: record.type,
    description: record.description,
    categoryId: record.categoryId ?? "",
    tagIds: record.tagIds,
    payments: record.payments.map((p) => ({ currencyCode: p.currencyCode, amount: minorToDecimalString(p.amountMinor, decimals.get(p.currencyCode) ?? 2), method: p.method as PaymentMethod })),
    frequency: "monthly",
    startDate,
  };
}

type Answer = { intent: string; id: string; error: string; values?: Record<string, string> };

const refused = (intent: string, id: string, refusal: RecurringRefusal) =>
  data<Answer>({ intent, id, error: recurringRefusals[refusal].message }, { status: recurringRefusals[refusal].status });

const landed = (saved: string, id?: string) => redirect(landingHref(`${PAGE}?saved=${saved}`, RECURRING_ANCHORS, id));

/**
 * The form's end choice: "never" sends neither an end date nor a count, "on" the date only,
 * "after" the count only, so a hidden field the user did not choose is not read.
 */
function readScheduleForm(formData: FormData) {
  const ends = String(formData.get("ends") ?? "never");
  if (ends !== "on") formData.delete("endDate");
  if (ends !== "after") formData.delete("occurrenceLimit");
  return parseWithZod(formData, { schema: scheduleFormSchema });
}

function issuesReply(submission: ReturnType<typeof readScheduleForm>, issues: readonly InputIssue[]): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("") || "";
    (fieldErrors[path] ??= []).push(issue.message);
  }
  return submission.reply({ fieldErrors });
}

/**
 * "Add payment" and a row's "Remove" on the schedule form (the transaction form's intents): the
 * form comes back as typed with a row more or less, nothing saved, with JavaScript or without.
 * The last row is never removed, and no row is added past the transactions' maximum.
 */
function changePaymentRows(formData: FormData, intent: string, id: string) {
  const form = String(formData.get("form") ?? "");
  if (form !== RECURRING_INTENTS.create && form !== RECURRING_INTENTS.update) throw data({ message: `Unknown form: ${form}` }, { status: 400 });
  const payload = { ...parseWithZod(formData, { schema: scheduleFormSchema }).payload } as Record<string, unknown>;
  const payments = Array.isArray(payload.payments) ? [...(payload.payments as unknown[])] : [];
  if (intent === intentValue.add) {
    if (payments.length < MAX_PAYMENTS) payments.push({ currencyCode: "USD", amount: "", method: "bank_transfer" });
  } else {
    const index = Number(intent.slice("remove-payment:".length));
    if (payments.length > 1 && index < payments.length) payments.splice(index, 1);
  }
  const op = form === RECURRING_INTENTS.create ? "create" : "update";
  const initialValue = { ...payload, payments, multi: payments.length > 1 ? "on" : undefined } as SubmissionResult<string[]>["initialValue"];
  return data<ListActionResult>({ intent: form, op, id: op === "update" ? id : null, result: { initialValue } });
}

export async function recurringAction(db: Db, actor: Actor, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");

  if (intent === intentValue.add || /^remove-payment:\d{1,3}$/.test(intent)) return changePaymentRows(formData, intent, id);

  if (intent === RECURRING_INTENTS.create || intent === RECURRING_INTENTS.update) {
    const op = intent === RECURRING_INTENTS.create ? "create" : "update";
    const submission = readScheduleForm(formData);
    const reply = (result: SubmissionResult<string[]>, status: number) => data<ListActionResult>({ intent, op, id: op === "update" ? id : null, result }, { status });
    if (submission.status !== "success") return reply(submission.reply(), 400);
    const outcome = op === "create" ? await createSchedule(db, actor, submission.value) : await updateSchedule(db, actor, id, submission.value);
    if (outcome.kind === "notFound") return reply(submission.reply({ formErrors: [recurringRefusals.notFound.message] }), 404);
    if (outcome.kind === "invalid") return reply(issuesReply(submission, outcome.issues), 400);
    return landed(op === "create" ? "created" : "updated", outcome.schedule.id);
  }

  if (intent === RECURRING_INTENTS.delete) {
    const outcome = await deleteSchedule(db, actor, id);
    if (outcome.kind === "deleted") return landed("deleted");
    const { status, message } = recurringRefusals.notFound;
    return data<ListActionResult>({ intent, op: "delete", id, error: message }, { status });
  }

  if (intent === RECURRING_INTENTS.skip) {
    const outcome = await skipOccurrence(db, actor, id, String(formData.get("date") ?? ""));
    return outcome.kind === "skipped" ? landed("skipped", id) : refused(intent, id, outcome.kind);
  }

  if (intent === RECURRING_INTENTS.postNow) {
    const rates: Record<string, string> = {};
    for (const [key, value] of formData) {
      const match = /^rates\.([A-Za-z]{3,10})$/.exec(key);
      if (match && typeof value === "string" && value.trim() !== "") rates[match[1]!.toUpperCase()] = value.trim();
    }
    const outcome = await postNextNow(db, actor, id, { rates });
    if (outcome.kind === "posted") return landed("posted", id);
    if (outcome.kind === "needsRate") {
      return data<Answer>({ intent, id, error: "recurring.needsRate", values: { currency: outcome.needsRate.currency, date: outcome.needsRate.date } }, { status: 400 });
    }
    if (outcome.kind === "invalid") return data<Answer>({ intent, id, error: outcome.issues[0]?.message ?? "errors.internal" }, { status: 400 });
    return refused(intent, id, outcome.kind);
  }

  if (intent === RECURRING_INTENTS.pause || intent === RECURRING_INTENTS.resume) {
    const outcome =
      intent === RECURRING_INTENTS.pause ? await pauseSchedule(db, actor, id) : await resumeSchedule(db, actor, id, { backfill: formData.get("backfill") === "on" });
    return outcome.kind === "ok" ? landed(intent === RECURRING_INTENTS.pause ? "paused" : "resumed", id) : refused(intent, id, "notFound");
  }

  throw data({ message: `Unknown intent: ${intent}` }, { status: 400 });
}
