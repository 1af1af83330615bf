import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { DisclosureMarker } from "~/components/disclosure-marker";
import { useTranslation } from "~/locales/use-translation";
import { CategoryOptions } from "~/components/category-options";
import { cardClass } from "~/components/card";
import { useCurrencyName } from "~/components/currency-name";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useCategoryName } from "~/components/category-name";
import { buttonClass, ErrorList, inputClass, Spinner } from "~/components/forms";
import {
  activeFilterCount,
  activeFilters,
  DEFAULT_SORT,
  isFiltered,
  listHref,
  listParamsFromFields,
  listQueryToParams,
  UNCATEGORISED,
  withoutFilters,
  type ListQuery,
} from "~/features/transactions/model/list-query";
import { DATE_PRESETS, presetOf, presetRange } from "~/features/transactions/model/date-presets";
import type { CategoryChoice, TagChoice } from "~/features/transactions/ui/form-fields";
import type { ListCurrency } from "~/features/transactions/ui/list-table";
import { SEARCH_MAX } from "~/text/search-text";
import type { DayRange } from "~/calendar/range";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";
import { focusRing } from "~/components/focus-ring";

const labelClass = "mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200";

/** The category filter lists expense categories first, then income, each under its heading. */
const categoryGroups = [
  { type: "expense", defaultsKey: "transactions.filters.defaultExpenseCategories", yoursKey: "transactions.filters.yourExpenseCategories" },
  { type: "income", defaultsKey: "transactions.filters.defaultIncomeCategories", yoursKey: "transactions.filters.yourIncomeCategories" },
] as const;

export type FilterData = {
  query: ListQuery;
  /** The dates a filter may name (decision 022): the date fields' min and max. */
  accepted: DayRange;
  /** The user's today (decision 032), from which the date presets count. */
  today: string;
  categories: readonly CategoryChoice[];
  currencies: readonly ListCurrency[];
  tags: readonly TagChoice[];
};

/**
 * The search box and the collapsible filter panel: one GET form whose fields are the URL's
 * parameters, so it works without JavaScript (the Search and Apply buttons submit it). With
 * JavaScript, a changed filter applies itself and the search applies after a pause in typing,
 * replacing the history entry rather than piling one up per keystroke.
 */
export function Filters({ data }: { data: FilterData }) {
  const { t } = useTranslation();
  const currencyName = useCurrencyName();
  const { query, categories, currencies, tags, accepted } = data;
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const typing = useRef<number | undefined>(undefined);
  const count = activeFilterCount(query);
  const hasChips = activeFilters(query).length > 0;
  // Closed when the page loads, even with filters active (the summary's badge counts them), so a
  // phone shows the first transactions on its first screen; with JavaScript it then stays as the
  // person leaves it while they filter.
  const [open, setOpen] = useState(false);
  const applying = navigation.state === "loading" && navigation.location.pathname === "/expenses";
  const search = listQueryToParams(query).toString();

  // After a navigation the URL may differ from what the fields show (reset link, back button):
  // bring the fields in line, except the one being typed in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    syncFields(form, query);
  }, [search]);

  useEffect(() => () => window.clearTimeout(typing.current), []);

  const apply = (form: HTMLFormElement) => {
    window.clearTimeout(typing.current);
    const params = listParamsFromFields(new FormData(form));
    if (params.toString() === search) return;
    void submit(params, { method: "get", action: "/expenses", replace: true, preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const form = event.currentTarget;
    if (target.name === "q") {
      window.clearTimeout(typing.current);
      typing.current = window.setTimeout(() => apply(form), 400);
    } else {
      apply(form);
    }
  };

  const currencyChoices = currencies.filter((c) => c.isActive || c.code === query.currency);
  return (
    <Form
      ref={formRef}
      method="get"
      action="/expenses"
      role="search"
      aria-label={t("transactions.filters.region")}
      onSubmit={onSubmit}
      onChange={onChange}
      className={`p-4 ${cardClass}`}
    >
      {query.sort !== DEFAULT_SORT.sort || query.order !== DEFAULT_SORT.order ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="order" value={query.order} />
        </>
      ) : null}
      <label htmlFor="transaction-search" className={labelClass}>
        {t("transactions.search.label")}
      </label>
      <div className="flex gap-2">
        <input
          id="transaction-search"
          type="search"
          data-search-shortcut=""
          name="q"
          defaultValue={query.q}
          maxLength={SEARCH_MAX}
          aria-invalid={query.searchTooLong ? true : undefined}
          aria-describedby={query.searchTooLong ? "transaction-search-error" : undefined}
          placeholder={t("transactions.search.placeholder")}
          className={inputClass}
        />
        <button type="submit" className={`${buttonClass.secondary} shrink-0`}>
          {t("transactions.search.submit")}
        </button>
      </div>
      {query.searchTooLong ? <ErrorList id="transaction-search-error" errors={["validation.searchTooLongIgnored"]} /> : null}
      {/* The closed panel's summary and the chips of the filters in use share one line, so on a phone
          they cost the list no room (the first row stays on the first screen, decision 016); the
          chips scroll sideways there. Opened, the panel takes the whole width and the chips follow it. */}
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <details
          open={open}
          onToggle={(e) => setOpen(e.currentTarget.open)}
          className={`group rounded-lg border border-slate-200 dark:border-slate-700 ${hasChips ? "shrink-0 open:basis-full" : "basis-full"}`}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
            <DisclosureMarker />
            <span>{t("transactions.filters.title")}</span>
            {count > 0 ? (
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                <span aria-hidden="true">{count}</span>
                <span className="sr-only">{t("transactions.filters.activeCount", { count })}</span>
              </span>
            ) : null}
            {applying ? <Spinner className="ml-auto h-4 w-4" /> : null}
          </summary>
          <DatePresets query={query} today={data.today} />
          <div className="grid gap-4 p-3 sm:grid-cols-2 lg:grid-cols-5">
            <FilterField id="filter-type" label={t("transactions.filters.type")}>
              <select id="filter-type" name="type" defaultValue={query.type?.toLowerCase() ?? ""} className={inputClass}>
                <option value="">{t("transactions.filters.allTypes")}</option>
                <option value="income">{t("money.types.INCOME")}</option>
                <option value="expense">{t("money.types.EXPENSE")}</option>
              </select>
            </FilterField>
            <FilterField id="filter-from" label={t("transactions.filters.from")}>
              <input id="filter-from" type="date" name="from" defaultValue={query.from ?? ""} min={accepted.earliest} max={accepted.latest} className={inputClass} />
            </FilterField>
            <FilterField id="filter-to" label={t("transactions.filters.to")}>
              <input id="filter-to" type="date" name="to" defaultValue={query.to ?? ""} min={accepted.earliest} max={accepted.latest} className={inputClass} />
            </FilterField>
            <FilterField id="filter-category" label={t("transactions.filters.category")}>
              <select id="filter-category" name="category" defaultValue={query.category ?? ""} className={inputClass}>
                <option value="">{t("transactions.filters.allCategories")}</option>
                <option value={UNCATEGORISED}>{t("transactions.filters.uncategorised")}</option>
                {/* By type, then the defaults apart from the user's own (issue 23), each sorted by name. */}
                {categoryGroups.map((group) => (
                  <CategoryOptions
                    key={group.type}
                    categories={categories.filter((c) => c.type === group.type)}
                    labels={{ defaults: t(group.defaultsKey), yours: t(group.yoursKey) }}
                  />
                ))}
              </select>
            </FilterField>
            <FilterField id="filter-currency" label={t("transactions.filters.currency")}>
              <select id="filter-currency" name="currency" defaultValue={query.currency ?? ""} className={inputClass}>
                <option value="">{t("transactions.filters.allCurrencies")}</option>
                {currencyChoices.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} · {currencyName(c)}
                  </option>
                ))}
              </select>
            </FilterField>
            <fieldset
              className="sm:col-span-2 lg:col-span-5"
              aria-describedby={query.tooManyTags ? "filter-tags-hint filter-tags-error" : "filter-tags-hint"}
            >
              <legend className={labelClass}>{t("transactions.filters.tags")}</legend>
              {tags.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t("transactions.filters.noTags")}</p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {tags.map((tag) => (
                    <div key={tag.id} className="relative">
                      <input
                        type="checkbox"
                        id={`filter-tag-${tag.id}`}
                        name="tag"
                        value={tag.id}
                        defaultChecked={query.tags.includes(tag.id)}
                        className="peer sr-only"
                      />
                      <label
                        htmlFor={`filter-tag-${tag.id}`}
                        className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm sm:min-h-0 font-medium text-slate-800 hover:bg-slate-50 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:peer-checked:border-blue-400 dark:peer-checked:bg-blue-950 dark:peer-checked:text-blue-100 dark:peer-focus-visible:ring-offset-slate-900"
                      >
                        <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: tag.color }} />
                        {tag.name}
                      </label>
                    </div>
                  ))}
                </div>
              )}
              <p id="filter-tags-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {t("transactions.filters.tagsHint")}
              </p>
              {query.tooManyTags ? <ErrorList id="filter-tags-error" errors={["validation.tagFilterTooMany"]} /> : null}
            </fieldset>
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
              <button type="submit" className={buttonClass.primary}>
                {t("transactions.filters.apply")}
              </button>
              {isFiltered(query) ? (
                <Link
                  to={listHref(withoutFilters(query))}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:min-h-0 dark:text-blue-300"
                >
                  {t("transactions.filters.reset")}
                </Link>
              ) : null}
            </div>
          </div>
        </details>
        <ActiveFilterChips data={data} />
      </div>
    </Form>
  );
}

/**
 * The filters in use, in view while the panel is closed: each a chip that links to the list
 * without it (a plain link, so it works without JavaScript).
 */
function ActiveFilterChips({ data }: { data: FilterData }) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const chips = activeFilters(data.query);
  if (chips.length === 0) return null;
  const date = (day: string) => formatDate(dayToDate(day), i18n.language);
  const category = (id: string) => {
    if (id === UNCATEGORISED) return t("transactions.filters.uncategorised");
    const found = data.categories.find((c) => c.id === id);
    return found ? categoryName(found) : id;
  };
  const text = (chip: (typeof chips)[number]): [string, string] => {
    switch (chip.name) {
      case "q":
        return [t("transactions.filters.chips.search"), `“${chip.value}”`];
      case "type":
        return [t("transactions.filters.type"), t(`money.types.${chip.value as "INCOME" | "EXPENSE"}`)];
      case "from":
        return [t("transactions.filters.from"), date(chip.value)];
      case "to":
        return [t("transactions.filters.to"), date(chip.value)];
      case "category":
        return [t("transactions.filters.category"), category(chip.value)];
      case "currency":
        return [t("transactions.filters.currency"), chip.value];
      case "tag":
        return [t("transactions.filters.chips.tag"), data.tags.find((tag) => tag.id === chip.value)?.name ?? chip.value];
    }
  };
  // On a phone the chips scroll sideways in the line's width; contain:inline-size keeps their total
  // width out of the page's sizing, and `relative` keeps the chips' visually hidden words (absolutely
  // positioned) inside the scrolled list rather than past the page's right edge.
  return (
    <ul aria-label={t("transactions.filters.chips.label")} className="relative flex min-w-0 flex-1 gap-2 overflow-x-auto [contain:inline-size] sm:flex-wrap sm:overflow-visible sm:[contain:none]">
      {chips.map((chip) => {
        const [name, value] = text(chip);
        return (
          <li key={`${chip.name}-${chip.value}`} className="shrink-0 sm:shrink">
            <Link
              to={chip.without}
              preventScrollReset
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand-600 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-100 sm:min-h-0 dark:border-blue-400 dark:bg-slate-800 dark:text-blue-100 dark:hover:bg-slate-700 ${focusRing}`}
            >
              <span className="sr-only">{t("transactions.filters.chips.remove")}: </span>
              <span className="whitespace-nowrap sm:whitespace-normal sm:break-words">
                {name}: {value}
              </span>
              <span aria-hidden="true">✕</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * This month, last month, year to date, the last 90 days: links that set the list's from and to
 * (the other filters and the sort kept, back to page 1), so they work without JavaScript; the one
 * whose dates are the list's is marked current.
 */
function DatePresets({ query, today }: { query: ListQuery; today: string }) {
  const { t } = useTranslation();
  const current = presetOf(query, today);
  return (
    <div role="group" aria-labelledby="filter-presets-label" className="border-t border-slate-200 px-3 pt-3 dark:border-slate-700">
      <p id="filter-presets-label" className={labelClass}>
        {t("transactions.filters.presets.label")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {DATE_PRESETS.map((preset) => (
          <li key={preset}>
            <Link
              to={listHref(query, { ...presetRange(preset, today), page: 1 })}
              preventScrollReset
              aria-current={preset === current ? "true" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:min-h-0 aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-800 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-[current=true]:border-blue-400 dark:aria-[current=true]:bg-slate-800 dark:aria-[current=true]:text-blue-100 ${focusRing}`}
            >
              {t(`transactions.filters.presets.${preset}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** Puts the URL's values into the form's fields, leaving alone the one that has focus. */
function syncFields(form: HTMLFormElement, query: ListQuery) {
  const values: Record<string, string> = {
    q: query.q,
    type: query.type?.toLowerCase() ?? "",
    from: query.from ?? "",
    to: query.to ?? "",
    category: query.category ?? "",
    currency: query.currency ?? "",
  };
  for (const element of Array.from(form.elements)) {
    if (element === document.activeElement) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox" && element.name === "tag") {
      element.checked = query.tags.includes(element.value);
    } else if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name in values) {
      element.value = values[element.name]!;
    }
  }
}
