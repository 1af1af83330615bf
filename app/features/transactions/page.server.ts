import type { Draft, DraftPayment, RateRef } from "~/features/transactions/model/form";
import { typedDecimal } from "~/text/typed-number";
import { isIsoDate } from "~/calendar/days";
import { decimalForInput, minorToDecimalString } from "~/money/amounts";
import { decimalsOf, isBaseCurrency, isCurrencyCode } from "~/money/currencies";
import type { Db } from "~/platform/db/client.server";
import { findRateOn } from "~/features/rates/queries.server";
import type { Currency, KnownRate } from "~/features/rates/model";
import type { DescriptionSuggestion, TransactionRecord } from "./queries.server";
import { rateOfRow, type RecordedTransaction } from "./model/resolve";
import type { Actor } from "~/platform/db/activity.server";
import { type DeleteOutcome, deleteTransaction } from "./commands.server";

// The transactions pages' server side beyond the query layer: filling rates on the round trip
// without JavaScript, prefilling an edit from the stored transaction, and the delete intent.

/** Looks each currency up once per request. */
export function rateLookup(db: Db, date: string) {
  const cache = new Map<string, Promise<KnownRate | undefined>>();
  return (code: string) => {
    if (!isIsoDate(date) || !isCurrencyCode(code)) return Promise.resolve(undefined);
    let found = cache.get(code);
    if (!found) {
      found = findRateOn(db, code, date);
      cache.set(code, found);
    }
    return found;
  };
}

const refOf = (rate: KnownRate): RateRef => ({ rate: rate.rate, date: rate.date, source: rate.source });

/**
 * Fills what the page shows with each row's rate, as the round trip without JavaScript needs:
 * a row whose rate field was not shown for its currency (the currency changed) gets the rate
 * on file for the date; the refreshed row gets it whatever was typed, or the error that none
 * is known. Typed rates are kept. Each row learns its reference for the explanation line:
 * the rate, date and source that saving would store (the resolver's own rule, rateOfRow), so
 * an edit that leaves a recorded rate as it was explains it as recorded. Rates filled in are
 * written the way the page's language writes numbers (`locale`), as typed ones are.
 */
export async function fillRates(
  db: Db,
  draft: Draft,
  options: { refreshIndex?: number; recorded?: RecordedTransaction; locale: string },
): Promise<{ draft: Draft; fieldErrors: Record<string, string[]> }> {
  const lookup = rateLookup(db, draft.date);
  const fieldErrors: Record<string, string[]> = {};
  const payments: DraftPayment[] = [];
  for (const [index, payment] of draft.payments.entries()) {
    const code = payment.currencyCode;
    if (!code || isBaseCurrency(code)) {
      payments.push({ ...payment, rate: "", rateFor: "", ref: null });
      continue;
    }
    const onFile = await lookup(code);
    const shown = payment.rateFor ? payment.rateFor === code : payment.rate.trim() !== "";
    let rate = shown ? payment.rate : "";
    if (index === options.refreshIndex) {
      if (onFile) rate = decimalForInput(onFile.rate, options.locale);
      else if (isIsoDate(draft.date)) fieldErrors[`payments[${index}].rate`] = ["validation.rateUnknown"];
      else fieldErrors.date = [draft.date ? "validation.dateInvalid" : "validation.dateRequired"];
    } else if (!shown && onFile) {
      rate = decimalForInput(onFile.rate, options.locale);
    }
    const choice = rateOfRow(new Map(onFile ? [[code, onFile]] : []), code, draft.date, typedDecimal(rate, options.locale), options.recorded, index);
    const ref = choice.ok ? { rate: choice.value.rate, date: choice.value.rateDate, source: choice.value.rateSource } : onFile ? refOf(onFile) : null;
    payments.push({ ...payment, rate, rateFor: code, ref });
  }
  return { draft: { ...draft, payments }, fieldErrors };
}

/** The codes of the submitted rows that have a rate on file for the date. */
export async function codesWithRate(db: Db, codes: readonly string[], date: string): Promise<Set<string>> {
  const lookup = rateLookup(db, date);
  const known = new Set<string>();
  for (const code of new Set(codes.map((c) => c.trim().toUpperCase()))) {
    if (isBaseCurrency(code) || (await lookup(code))) known.add(code);
  }
  return known;
}

/** Edit prefills from the stored transaction: amounts at their currency's decimals, rates as stored, in the page's language. */
export function draftFromRecord(record: TransactionRecord, currencies: readonly Currency[], locale: string): Draft {
  const decimals = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));
  return {
    type: record.type,
    multi: record.payments.length > 1,
    description: record.description,
    date: record.date,
    categoryId: record.categoryId ?? "",
    tagIds: record.tagIds,
    payments: record.payments.map((p, i) => {
      const base = isBaseCurrency(p.currencyCode);
      return {
        key: `row-${i}`,
        currencyCode: p.currencyCode,
        amount: decimalForInput(minorToDecimalString(p.amountMinor, decimalsOf(p.currencyCode, decimals)), locale),
        method: p.method,
        rate: base ? "" : decimalForInput(p.rate, locale),
        rateFor: base ? "" : p.currencyCode,
        ref: base ? null : { rate: p.rate, date: p.rateDate, source: p.rateSource },
      };
    }),
  };
}

/**
 * "Repeat today" (issue 27): a new transaction prefilled from a stored one, dated today. The rates
 * are not copied: today's are looked up as for any new entry, so nothing old is stored silently.
 */
export function repeatDraft(record: TransactionRecord, currencies: readonly Currency[], locale: string, today: string): Draft {
  const copy = draftFromRecord(record, currencies, locale);
  return { ...copy, date: today, payments: copy.payments.map((p) => ({ ...p, rate: "", rateFor: "", ref: null })) };
}

/** The form's description suggestions with their amounts as the page's language writes them. */
export function suggestionChoices(suggestions: readonly DescriptionSuggestion[], currencies: readonly Currency[], locale: string) {
  const decimals = new Map(currencies.map((c) => [c.code, c.decimalPlaces]));
  return suggestions.map(({ amountMinor, ...rest }) => ({
    ...rest,
    amount: decimalForInput(minorToDecimalString(amountMinor, decimalsOf(rest.currencyCode, decimals)), locale),
  }));
}

export type DeleteIntentOutcome = DeleteOutcome | { kind: "failed" };

/**
 * The web pages' delete button (the list's row action and the edit form's): a failure to write
 * is shown on the page that asked (errors.ts deleteFailed), not as an error page, so it
 * is an outcome here. Each page answers "deleted" and "not found" its own way (redirect target, 404 shape).
 */
export async function deleteIntent(db: Db, actor: Actor, id: string): Promise<DeleteIntentOutcome> {
  try {
    return await deleteTransaction(db, actor, { id });
  } catch (cause) {
    console.error("transaction delete failed", cause);
    return { kind: "failed" };
  }
}
