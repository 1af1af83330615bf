import type { ReactNode } from "react";
import { dayToDate, isIsoDate } from "~/calendar/days";
import { useTranslation } from "~/locales/use-translation";
import { CategoryOptions } from "~/components/category-options";
import { useCurrencyName } from "~/components/currency-name";
import { Link } from "react-router";
import { formatDate } from "~/calendar/format";
import { Money } from "~/components/money";
import { USD } from "~/money/currencies";
import { formatRate } from "~/money/rates";
import { isRateSource, staleRateAge, suggestionLabel } from "~/features/rates/model";
import { decimalForInput } from "~/money/amounts";
import { type DraftPayment, paymentAnchor, PAYMENTS_ANCHOR, rateExplanation } from "~/features/transactions/model/form";
import { categoryTypeFor, hasRateField, intentValue, PAYMENT_METHODS } from "~/features/transactions/model/transaction";
import type { TransactionType } from "~/features/transactions/model/transaction";
import { buttonClass, ErrorList, Field, inputClass, type ListOfErrors, SelectField, Spinner } from "~/components/forms";

// The parts of the transaction form (transaction-editor.tsx): plain controlled fields
// named as the server reads them (payments[0].amount …), each with its label and its errors
// wired through aria-describedby. Intent buttons are submit buttons (they post without
// JavaScript); the form's state and what each button does with JavaScript live in
// use-transaction-draft.ts.

export const TRANSACTION_FORM_ID = "transaction-form";

const ROW_FIELD = /^payments\[(\d+)\]\.(\w+)$/;
const ROW_FIELD_IDS: Record<string, string> = { currencyCode: "currency", amount: "amount", method: "method", rate: "rate" };
const FIELD_IDS: Record<string, string> = { categoryId: "category" };

/** The id of the control a field name (as the server and Conform name it) is typed in: the error summary links to it. */
export function transactionFieldId(name: string): string {
  const row = ROW_FIELD.exec(name);
  if (row) return `${TRANSACTION_FORM_ID}-payments-${row[1]}-${ROW_FIELD_IDS[row[2]!] ?? row[2]}`;
  if (name === "payments") return PAYMENTS_ANCHOR;
  return `${TRANSACTION_FORM_ID}-${FIELD_IDS[name] ?? name}`;
}

export type CategoryChoice = { id: string; name: string; type: "expense" | "income" };
export type TagChoice = { id: string; name: string; color: string };
export type CurrencyChoice = { code: string; name: string; decimalPlaces: number; isActive: boolean };

export function segmentClass(active: boolean, type: TransactionType, first: boolean, last: boolean) {
  const edges = `${first ? "rounded-l-md" : "-ml-px"} ${last ? "rounded-r-md" : ""}`;
  const on =
    type === "INCOME"
      ? "z-10 border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-700"
      : "z-10 border-red-700 bg-red-700 text-white dark:border-red-500 dark:bg-red-700";
  const off = "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";
  return `relative min-h-11 border px-4 py-2 text-sm font-semibold sm:min-h-0 focus:outline-none focus-visible:z-20 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900 ${edges} ${active ? on : off}`;
}

export function CategorySelect({
  categories,
  type,
  value,
  onChange,
  errors,
}: {
  categories: readonly CategoryChoice[];
  type: TransactionType;
  value: string;
  onChange: (id: string) => void;
  errors?: ListOfErrors;
}) {
  const { t } = useTranslation();
  const ofType = categories.filter((c) => c.type === categoryTypeFor(type));
  return (
    <SelectField
      label={t("transactionForm.category.label")}
      selectProps={{ id: transactionFieldId("categoryId"), name: "categoryId", value, onChange: (e) => onChange(e.currentTarget.value) }}
      errors={errors}
    >
      <option value="">{ofType.length ? t("transactionForm.category.placeholder") : t("transactionForm.category.none")}</option>
      <CategoryOptions categories={ofType} />
    </SelectField>
  );
}

export function TagChips({
  tags,
  selected,
  onToggle,
  errors,
}: {
  tags: readonly TagChoice[];
  selected: string[];
  onToggle: (id: string, on: boolean) => void;
  errors?: ListOfErrors;
}) {
  const { t } = useTranslation();
  const errorId = `${TRANSACTION_FORM_ID}-tagIds-error`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset id={transactionFieldId("tagIds")} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{t("transactionForm.tags.legend")}</legend>
      {tags.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("transactionForm.tags.none")}{" "}
          <Link to="/tags?new" className="font-medium text-brand-700 underline dark:text-blue-300">
            {t("transactionForm.tags.manage")}
          </Link>
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {tags.map((tag) => {
            const id = `${TRANSACTION_FORM_ID}-tag-${tag.id}`;
            return (
              <div key={tag.id}>
                <input
                  type="checkbox"
                  id={id}
                  name="tagIds"
                  value={tag.id}
                  checked={selected.includes(tag.id)}
                  onChange={(e) => onToggle(tag.id, e.currentTarget.checked)}
                  className="peer sr-only"
                />
                {/* A thumb's 44 px on a phone (WCAG 2.5.5); from sm up 30 px with 8 px between chips, past 2.5.8's 24 px. */}
                <label
                  htmlFor={id}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm sm:min-h-0 font-medium text-slate-700 select-none hover:bg-slate-50 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:peer-checked:border-blue-400 dark:peer-checked:bg-slate-800 dark:peer-checked:text-blue-200 dark:peer-focus-visible:ring-offset-slate-900"
                >
                  <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: tag.color }} />
                  {tag.name}
                </label>
              </div>
            );
          })}
        </div>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function PaymentRow({
  index,
  payment,
  multi,
  removable,
  date,
  staleAfterDays,
  currencies,
  usdCents,
  status,
  errors,
  onChange,
  onCurrency,
  onRefresh,
  onRemove,
  refreshAction,
  removeAction,
}: {
  index: number;
  payment: DraftPayment;
  multi: boolean;
  removable: boolean;
  date: string;
  /** A provider's or the snapshot's rate older than this on the transaction's date is called out. */
  staleAfterDays: number;
  currencies: readonly CurrencyChoice[];
  usdCents: number | null;
  status: "loading" | "failed" | undefined;
  errors: Record<string, ListOfErrors>;
  onChange: (change: Partial<DraftPayment>) => void;
  onCurrency: (code: string) => void;
  onRefresh: (event: React.MouseEvent<HTMLButtonElement>) => void;
  onRemove: (event: React.MouseEvent<HTMLButtonElement>) => void;
  /** Where each button posts without JavaScript: the form's address with the fragment it lands on. */
  refreshAction: string | undefined;
  removeAction: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  const locale = i18n.language;
  const name = (field: string) => `payments[${index}].${field}`;
  const id = (field: string) => `${TRANSACTION_FORM_ID}-payments-${index}-${field}`;
  const anchor = paymentAnchor(index);
  const code = payment.currencyCode;
  const base = !hasRateField(code);
  // A currency no longer active stays listed for a stored payment, so the select never changes it silently.
  const options = currencies.filter((c) => c.isActive || c.code === code);
  const known = options.some((c) => c.code === code);
  const explanation = rateExplanation(payment, date, locale);
  const loading = status === "loading";
  const rateErrors = errors[name("rate")];
  const rateHintId = id("rate-hint");
  const explanationId = id("rate-explanation");
  const staleId = id("rate-age");
  const dayText = (day: string) => (isIsoDate(day) ? formatDate(dayToDate(day), locale) : day);
  const staleDays = explanation && isIsoDate(date) && status !== "failed" ? staleRateAge(explanation, date, staleAfterDays) : null;

  let note: ReactNode = null;
  if (status === "failed") note = <span className="text-red-700 dark:text-red-300">{t("errors.failedToRefreshRate")}</span>;
  else if (explanation) {
    note = t("transactionForm.payment.explanation", {
      rate: formatRate(explanation.rate, locale),
      code,
      date: dayText(explanation.date),
      source: sourceLabel(t, explanation.source),
    });
  } else if (!loading && !payment.ref && payment.rate.trim() === "" && !rateErrors?.length) note = t("validation.rateUnknown");

  const usdLine = (
    <p className="text-sm">
      <span className="text-slate-600 dark:text-slate-300">{`${t("transactionForm.payment.usdEquivalent")}: `}</span>
      <strong data-testid={`usd-equivalent-${index}`}>
        {usdCents === null ? t("transactionForm.payment.pending") : <Money minor={usdCents} currency={USD} />}
      </strong>
    </p>
  );

  const fields = (
    <>
      {/* On a phone the currency and the amount share a line, so the amount is near the form's top. */}
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3 sm:gap-x-4">
        <div className="min-w-0">
          <SelectField
            label={t("transactionForm.payment.currency")}
            selectProps={{ id: id("currency"), name: name("currencyCode"), value: known ? code : "", onChange: (e) => onCurrency(e.currentTarget.value) }}
            errors={errors[name("currencyCode")]}
          >
            {known ? null : <option value="">{t("transactionForm.payment.choose")}</option>}
            {options.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.code} · ${currencyName(c)}`}
              </option>
            ))}
          </SelectField>
        </div>
        <Field
          label={t("transactionForm.payment.amount")}
          inputProps={{
            id: id("amount"),
            name: name("amount"),
            type: "text",
            inputMode: "decimal",
            autoComplete: "off",
            placeholder: t("transactionForm.payment.amountPlaceholder"),
            value: payment.amount,
            onChange: (e) => onChange({ amount: e.currentTarget.value }),
          }}
          errors={errors[name("amount")]}
        />
        <div className="col-span-2 sm:col-span-1">
          <SelectField
            label={t("transactionForm.payment.method")}
            selectProps={{ id: id("method"), name: name("method"), value: payment.method, onChange: (e) => onChange({ method: e.currentTarget.value }) }}
            errors={errors[name("method")]}
          >
            {(PAYMENT_METHODS as readonly string[]).includes(payment.method) ? null : (
              <option value="">{t("transactionForm.payment.choose")}</option>
            )}
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`money.paymentMethods.${method}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {base ? (
        multi ? usdLine : null
      ) : (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <div>
            <label htmlFor={id("rate")} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
              {t("transactionForm.payment.rate")}{" "}
              <span id={rateHintId} className="font-normal text-slate-600 dark:text-slate-300">
                ({t("transactionForm.payment.rateHint", { code })})
              </span>
            </label>
            <div className="flex gap-2">
              <input
                id={id("rate")}
                name={name("rate")}
                // Text, not type="number": the field shows and takes the language's decimal comma.
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={payment.rate}
                onChange={(e) => onChange({ rate: e.currentTarget.value, rateFor: code })}
                className={`${inputClass} min-w-0 flex-1`}
                aria-invalid={rateErrors?.length ? true : undefined}
                aria-describedby={[rateHintId, explanationId, staleDays !== null ? staleId : null, rateErrors?.length ? `${id("rate")}-error` : null]
                  .filter(Boolean)
                  .join(" ")}
              />
              <input type="hidden" name={name("rateFor")} value={payment.rateFor} />
              <button
                type="submit"
                name="intent"
                value={intentValue.refresh(index)}
                formAction={refreshAction}
                formNoValidate
                onClick={onRefresh}
                disabled={loading}
                aria-label={t("transactionForm.payment.refreshLabel", { code })}
                title={t("transactionForm.payment.refresh")}
                className={`${buttonClass.secondary} shrink-0 px-3`}
              >
                {loading ? <Spinner /> : <RefreshIcon />}
                <span className="hidden sm:inline">{loading ? t("transactionForm.payment.refreshing") : t("transactionForm.payment.refresh")}</span>
              </button>
            </div>
            <ErrorList id={`${id("rate")}-error`} errors={rateErrors} />
          </div>
          <div className="sm:pt-7">{usdLine}</div>
          <p id={explanationId} className="min-h-5 text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">
            {note}
          </p>
          {payment.suggestion && isIsoDate(date) ? (
            // No source has the day's rate: the nearest known one, offered, never applied by itself (decision 037).
            <div data-testid={`rate-suggestion-${index}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:col-span-2">
              <span>
                {`${formatRate(payment.suggestion.rate, locale)} ${code} · `}
                {suggestionLabel(t, dayText, payment.suggestion, date)}
              </span>
              {explanation?.rate === payment.suggestion.rate ? null : (
                <button
                  type="submit"
                  name="intent"
                  value={intentValue.useSuggestion(index)}
                  formAction={refreshAction}
                  formNoValidate
                  onClick={(e) => {
                    e.preventDefault();
                    onChange({ rate: decimalForInput(payment.suggestion!.rate, locale), rateFor: code });
                  }}
                  className={`${buttonClass.secondary} px-3 py-1.5`}
                >
                  {t("money.rateSuggestion.use")}
                </button>
              )}
            </div>
          ) : null}
          {staleDays !== null && explanation ? (
            // Users in VES or ARS must see this before they save: an old rate is off by weeks of inflation.
            <p id={staleId} data-testid={`stale-rate-${index}`} className="text-sm font-medium text-amber-800 sm:col-span-2 dark:text-amber-300">
              <span aria-hidden="true">⚠ </span>
              {t("money.staleRate", { date: dayText(explanation.date), count: staleDays })}
            </p>
          ) : null}
        </div>
      )}
    </>
  );

  if (!multi) return <div id={anchor} className="scroll-mt-4 space-y-2">{fields}</div>;
  return (
    <fieldset id={anchor} className="scroll-mt-4 space-y-2 rounded-lg border border-slate-200 px-3 pb-3 sm:px-4 sm:pb-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">{t("transactionForm.payments.row", { number: index + 1 })}</legend>
      {fields}
      {removable ? (
        <div className="flex justify-end">
          <button
            type="submit"
            name="intent"
            value={intentValue.remove(index)}
            formAction={removeAction}
            formNoValidate
            onClick={onRemove}
            aria-label={t("transactionForm.payments.removeLabel", { number: index + 1 })}
            className={`${buttonClass.secondary} px-3 py-1.5 text-red-700 dark:text-red-300`}
          >
            {t("transactionForm.payments.remove")}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function sourceLabel(t: ReturnType<typeof useTranslation>["t"], source: string) {
  return isRateSource(source) ? t(`money.rateSources.${source}`) : t("transactionForm.payment.providerSource", { name: source });
}

function RefreshIcon() {
  return (
    <svg className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12a9 9 0 1 1-2.64-6.36" />
      <path d="M21 3v6h-6" />
    </svg>
  );
}
