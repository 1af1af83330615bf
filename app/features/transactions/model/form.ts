import { parseAmount } from "~/money/amounts";
import { typedDecimal } from "~/text/typed-number";
import { BASE_CURRENCY, isBaseCurrency } from "~/money/currencies";
import { BASE_RATE, normalizeRate, toUsdCents } from "~/money/rates";
import { MANUAL_SOURCE } from "~/features/rates/model";
import type { TransactionType } from "./transaction";
import { categoryTypeFor, DEFAULT_PAYMENT_METHOD, intentValue, hasRateField, MAX_PAYMENTS, typedRateStored } from "./transaction";

// The transaction form (/expenses/new, /expenses/edit/{id}) as plain data: what the page
// shows and the intents that change the form without saving (type, mode, rows, rates). Pure,
// so the server's round trip without JavaScript and the browser with it compute the same
// things. No zod: the form's page imports this, and its schema (schemas/form.ts) arrives only
// when the user starts on the form (docs/decisions/017).

/** Where a shown rate came from: the rate on file for the date, or the one a payment recorded. */
export type RateRef = { rate: string; date: string; source: string };

export type DraftPayment = {
  /** A React key; never sent. */
  key: string;
  currencyCode: string;
  amount: string;
  method: string;
  /** The rate field as typed (units of the currency per 1 USD); unused for USD. */
  rate: string;
  /**
   * The currency the shown rate belongs to, sent as a hidden field. When the currency
   * changes without JavaScript the old rate no longer applies: the server then ignores it
   * instead of storing another currency's rate.
   */
  rateFor: string;
  ref: RateRef | null;
};

export type Draft = {
  type: TransactionType;
  multi: boolean;
  description: string;
  date: string;
  categoryId: string;
  tagIds: string[];
  payments: DraftPayment[];
};

export type FormCurrency = { code: string; decimalPlaces: number };
export type FormCategory = { id: string; type: "expense" | "income" };

export function emptyPayment(key: string): DraftPayment {
  return { key, currencyCode: BASE_CURRENCY, amount: "", method: DEFAULT_PAYMENT_METHOD, rate: "", rateFor: "", ref: null };
}

/** Spec section 4: the first category of the type is selected. */
export function firstCategoryOf(categories: readonly FormCategory[], type: TransactionType): string {
  return categories.find((c) => c.type === categoryTypeFor(type))?.id ?? "";
}

/**
 * A new transaction (issue 27): an expense today, in the expense category the user used last
 * (`recentCategoryId`, the latest expense's) when it is still one of theirs, else the spec's first
 * category of the type. Changing the type later follows the spec (firstCategoryOf).
 */
export function newDraft(categories: readonly FormCategory[], today: string, recentCategoryId?: string | null): Draft {
  const recent = categories.find((c) => c.id === recentCategoryId && c.type === categoryTypeFor("EXPENSE"));
  return {
    type: "EXPENSE",
    multi: false,
    description: "",
    date: today,
    categoryId: recent?.id ?? firstCategoryOf(categories, "EXPENSE"),
    tagIds: [],
    payments: [emptyPayment("row-0")],
  };
}

// ---------------------------------------------------------------------------------------
// Reading a posted form leniently (to show it again), and the intents.

const PAYMENT_FIELD = /^payments\[(\d+)\]\.(currencyCode|amount|method|rate|rateFor)$/;

/** The posted form as the page shows it: nothing is refused here, only read back. */
export function readDraft(formData: FormData): Draft {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of formData.entries()) {
    const match = PAYMENT_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    if (!rows.has(index)) {
      if (rows.size >= MAX_PAYMENTS) continue;
      rows.set(index, {});
    }
    rows.get(index)![match[2]!] = value;
  }
  const payments = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row], i) => ({
      key: `row-${i}`,
      currencyCode: (row.currencyCode ?? "").trim().toUpperCase(),
      amount: row.amount ?? "",
      method: row.method ?? "",
      rate: row.rate ?? "",
      rateFor: (row.rateFor ?? "").trim().toUpperCase(),
      ref: null,
    }));
  const type = text("type") === "INCOME" ? "INCOME" : "EXPENSE";
  return {
    type,
    multi: text("multi") === "on" || text("multi") === "true",
    description: text("description"),
    date: text("date").trim(),
    categoryId: text("categoryId"),
    tagIds: formData.getAll("tagIds").filter((v): v is string => typeof v === "string"),
    payments: payments.length ? payments : [emptyPayment("row-0")],
  };
}

export type FormIntent =
  | { kind: "save" }
  | { kind: "delete" }
  | { kind: "type"; type: TransactionType }
  | { kind: "multi"; on: boolean }
  | { kind: "add" }
  | { kind: "remove"; index: number }
  | { kind: "refresh"; index: number }
  | { kind: "recalculate" };

/** A missing intent is a save (the form's default button, or a client that posts the fields only). */
export function parseFormIntent(value: FormDataEntryValue | null): FormIntent | null {
  if (value === null || value === "" || value === intentValue.save) return { kind: "save" };
  if (typeof value !== "string") return null;
  if (value === intentValue.delete) return { kind: "delete" };
  if (value === intentValue.add) return { kind: "add" };
  if (value === intentValue.recalculate) return { kind: "recalculate" };
  if (value === "type:INCOME" || value === "type:EXPENSE") return { kind: "type", type: value.slice(5) as TransactionType };
  if (value === "multi:on" || value === "multi:off") return { kind: "multi", on: value === "multi:on" };
  const row = /^(remove-payment|refresh-rate):(\d{1,3})$/.exec(value);
  if (row) return { kind: row[1] === "remove-payment" ? "remove" : "refresh", index: Number(row[2]) };
  return null;
}

export type IntentOutcome = { draft: Draft; formError?: string; fieldErrors?: Record<string, string[]> };

/**
 * The changes that need no database: switching type (clears the category and picks the
 * first of the new type), switching mode (single keeps the first row), adding a row and
 * removing one while more than one remains. Rates are filled by the caller.
 */
export function applyIntent(
  draft: Draft,
  intent: FormIntent,
  categories: readonly FormCategory[],
  newKey: () => string,
): IntentOutcome {
  switch (intent.kind) {
    case "type":
      if (intent.type === draft.type) return { draft };
      return { draft: { ...draft, type: intent.type, categoryId: firstCategoryOf(categories, intent.type) } };
    case "multi":
      return intent.on
        ? { draft: { ...draft, multi: true } }
        : { draft: { ...draft, multi: false, payments: draft.payments.slice(0, 1) } };
    case "add":
      if (draft.payments.length >= MAX_PAYMENTS) return { draft, fieldErrors: { payments: ["validation.tooManyPayments"] } };
      return { draft: { ...draft, multi: true, payments: [...draft.payments, emptyPayment(newKey())] } };
    case "remove":
      if (draft.payments.length <= 1 || intent.index >= draft.payments.length) {
        return { draft, formError: "transactionForm.payments.removeRefused" };
      }
      return { draft: { ...draft, payments: draft.payments.filter((_, i) => i !== intent.index) } };
    default:
      return { draft };
  }
}

/** The payments section's id: where switching mode or recalculating lands without JavaScript. */
export const PAYMENTS_ANCHOR = "payments";

/** A payment row's id, numbered from 1 as its legend is ("Payment 3" is #payment-3). */
export function paymentAnchor(index: number) {
  return `payment-${index + 1}`;
}

/**
 * Where the page answering an intent without JavaScript opens (the fragment of the button's
 * formAction), so the user is back where they were rather than at the top: the row added,
 * the row before the one removed (the first when the first went), the row whose rate was
 * refreshed, the payments for a change of mode. Type and save need none (the top of the form).
 */
export function intentAnchor(intent: FormIntent, rowCount: number): string | null {
  switch (intent.kind) {
    case "add":
      return rowCount >= MAX_PAYMENTS ? PAYMENTS_ANCHOR : paymentAnchor(rowCount);
    case "remove":
      return paymentAnchor(Math.max(intent.index - 1, 0));
    case "refresh":
      return paymentAnchor(intent.index);
    case "multi":
    case "recalculate":
      return PAYMENTS_ANCHOR;
    default:
      return null;
  }
}

// Amounts and rates in the draft are held as the fields show them ("1234,50" in Spanish);
// everything computed from them reads them back with typedDecimal (~/text/typed-number).

// ---------------------------------------------------------------------------------------
// What the page computes from a row: its USD cents and the line explaining its rate.

/** The row's USD cents as they would be stored, or null while the amount or rate is incomplete. */
export function paymentUsdCents(
  payment: Pick<DraftPayment, "currencyCode" | "amount" | "rate">,
  currency: FormCurrency | undefined,
  locale: string,
) {
  if (!currency) return null;
  const amount = parseAmount(typedDecimal(payment.amount, locale), currency.decimalPlaces);
  if (!amount.ok) return null;
  const rate = isBaseCurrency(payment.currencyCode) ? BASE_RATE : normalizeRate(typedDecimal(payment.rate, locale));
  if (!rate) return null;
  return toUsdCents(amount.minor, currency.decimalPlaces, rate);
}

/**
 * "1 USD = rate CODE, rate of DATE (source)": the reference's date and source when the shown
 * rate is exactly it, else a rate typed by hand for the transaction's date. This is what
 * saving stores (resolveTransaction, and an edit keeping a recorded rate).
 */
export function rateExplanation(payment: DraftPayment, transactionDate: string, locale: string): RateRef | null {
  if (!hasRateField(payment.currencyCode)) return null;
  const rate = normalizeRate(typedDecimal(payment.rate, locale));
  if (!rate) return null;
  return typedRateStored(rate, transactionDate, payment.ref);
}

/**
 * With JavaScript, a date change refetches the rates the user did not type: a row whose
 * rate is empty or still exactly a fetched (not hand-entered) reference.
 */
export function followsRateOnFile(payment: DraftPayment, locale: string): boolean {
  if (!hasRateField(payment.currencyCode)) return false;
  if (payment.rate.trim() === "") return true;
  return Boolean(payment.ref && payment.ref.source !== MANUAL_SOURCE && normalizeRate(typedDecimal(payment.rate, locale)) === payment.ref.rate);
}

/** Resolver issue paths (["payments", 0, "amount"]) as Conform field names ("payments[0].amount"). */
export function issueName(path: readonly (string | number)[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === "number") return `${name}[${segment}]`;
    return name ? `${name}.${segment}` : segment;
  }, "");
}

export function issuesToFieldErrors(issues: readonly { path: readonly (string | number)[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = issueName(issue.path);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}
