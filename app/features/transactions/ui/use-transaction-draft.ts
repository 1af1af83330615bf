import { useCallback, useRef, useState } from "react";
import {
  applyIntent,
  firstCategoryOf,
  followsRateOnFile,
  type Draft,
  type DraftPayment,
  type FormCategory,
  type FormIntent,
  type RateRef,
} from "~/features/transactions/model/form";
import type { TransactionType } from "~/features/transactions/model/transaction";
import { decimalForInput } from "~/money/amounts";
import { isBaseCurrency } from "~/money/currencies";
import { isoDay } from "~/calendar/days";
import { acceptedDays, isDayInRange } from "~/calendar/range";

// The transaction form's state with JavaScript. Switching type or mode and adding or removing
// a row go through applyIntent, the function the server runs for the same buttons without
// JavaScript, so each rule is written once; only the rates differ, fetched here from
// /expenses/rate instead of filled in by the action.

export type RateStatus = "loading" | "failed";

/** A description the form suggests, with what its latest transaction held (amount in the page's language). */
export type FormSuggestion = {
  description: string;
  type: TransactionType;
  categoryId: string | null;
  currencyCode: string;
  amount: string;
  method: string;
};

/**
 * A date whose rate is worth asking for: a real one within the accepted dates (decision 022).
 * /expenses/rate refuses any other, which would show as a failed lookup before the form says
 * what is wrong with the date.
 */
const canLookUpRate = (date: string) => isDayInRange(date, acceptedDays(isoDay()));

/** `locale`: the fields show and read numbers in the page's language. */
export function useTransactionDraft(initial: Draft, categories: readonly FormCategory[], locale: string) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [rateStatus, setRateStatus] = useState<Record<string, RateStatus>>({});
  const rowCounter = useRef(0);

  // What applyIntent would refuse (a row past MAX_PAYMENTS, removing the last) has no button on the
  // page, so its message is not shown here; the draft simply stays as it is.
  const apply = (intent: (d: Draft) => FormIntent, newKey: () => string = () => "") =>
    setDraft((d) => applyIntent(d, intent(d), categories, newKey).draft);

  const updateRow = useCallback((key: string, change: (p: DraftPayment) => DraftPayment) => {
    setDraft((d) => ({ ...d, payments: d.payments.map((p) => (p.key === key ? change(p) : p)) }));
  }, []);

  const loadRate = useCallback(
    async (key: string, code: string, date: string) => {
      setRateStatus((s) => ({ ...s, [key]: "loading" }));
      let ref: RateRef | null;
      try {
        const response = await fetch(`/expenses/rate?currency=${encodeURIComponent(code)}&date=${encodeURIComponent(date)}`, {
          headers: { Accept: "application/json" },
        });
        if (!response.ok) throw new Error(`rate lookup answered ${response.status}`);
        ref = ((await response.json()) as { rate: RateRef | null }).rate;
      } catch {
        setRateStatus((s) => ({ ...s, [key]: "failed" }));
        updateRow(key, (p) => (p.currencyCode === code ? { ...p, rateFor: code } : p));
        return;
      }
      setRateStatus((s) => withoutKey(s, key));
      setDraft((d) =>
        d.date !== date
          ? d
          : {
              ...d,
              payments: d.payments.map((p) =>
                p.key !== key || p.currencyCode !== code
                  ? p
                  : // With no rate known, a rate that only followed the file goes; one typed by hand stays.
                    { ...p, rate: ref ? decimalForInput(ref.rate, locale) : followsRateOnFile(p, locale) ? "" : p.rate, rateFor: code, ref },
              ),
            },
      );
    },
    [updateRow, locale],
  );

  const changeType = (type: TransactionType) => apply(() => ({ kind: "type", type }));
  const toggleMulti = () => apply((d) => ({ kind: "multi", on: !d.multi }));
  const addRow = () => {
    // The key is made once, outside the state update, which React may run twice.
    rowCounter.current += 1;
    const key = `new-${rowCounter.current}`;
    apply(() => ({ kind: "add" }), () => key);
  };
  const removeRow = (key: string) => apply((d) => ({ kind: "remove", index: d.payments.findIndex((p) => p.key === key) }));
  const changeCurrency = (key: string, code: string) => {
    // Until the new currency's rate arrives the old one does not apply (rateFor is cleared).
    updateRow(key, (p) => ({ ...p, currencyCode: code, rate: "", rateFor: "", ref: null }));
    setRateStatus((s) => withoutKey(s, key));
    if (!isBaseCurrency(code) && canLookUpRate(draft.date)) void loadRate(key, code, draft.date);
  };
  const changeDate = (date: string) => {
    setDraft((d) => ({ ...d, date }));
    if (!canLookUpRate(date)) return;
    for (const p of draft.payments) if (followsRateOnFile(p, locale)) void loadRate(p.key, p.currencyCode, date);
  };
  const refreshRate = (p: DraftPayment) => {
    if (canLookUpRate(draft.date)) void loadRate(p.key, p.currencyCode, draft.date);
  };

  /**
   * A description suggestion was chosen (issue 27): the form takes its latest transaction's type,
   * category and first payment (currency, amount, method) as one row, with the rate on file for
   * the form's date. The user can change any of it.
   */
  const fillFrom = (suggestion: FormSuggestion) => {
    const key = draft.payments[0]?.key ?? "row-0";
    const known = categories.some((c) => c.id === suggestion.categoryId);
    setDraft((d) => ({
      ...d,
      description: suggestion.description,
      type: suggestion.type,
      multi: false,
      categoryId: known && suggestion.categoryId ? suggestion.categoryId : d.type === suggestion.type ? d.categoryId : firstCategoryOf(categories, suggestion.type),
      payments: [{ key, currencyCode: suggestion.currencyCode, amount: suggestion.amount, method: suggestion.method, rate: "", rateFor: "", ref: null }],
    }));
    setRateStatus({});
    if (!isBaseCurrency(suggestion.currencyCode) && canLookUpRate(draft.date)) void loadRate(key, suggestion.currencyCode, draft.date);
  };

  return { draft, setDraft, rateStatus, updateRow, changeType, toggleMulti, addRow, removeRow, changeCurrency, changeDate, refreshRate, fillFrom };
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}
