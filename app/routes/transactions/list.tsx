import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { clientIp } from "~/auth/client-ip.server";
import { requireSession } from "~/auth/guards.server";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Alert, buttonClass, ErrorList, inputClass, Spinner, useIsPending } from "~/components/forms";
import { LoadError } from "~/components/load-error";
import { HeaderCell } from "~/components/table";
import { useExpiring, useFlashParam } from "~/components/use-flash-param";
import { listCategories } from "~/features/categories/commands.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { deleteTransaction, listTransactions, type TransactionFilter } from "~/features/transactions/commands.server";
import { dayToDate, formatDate } from "~/money/dates";
import { formatMinor, signedAmount } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { SEARCH_MAX } from "~/text/search-text";
import {
  activeFilterCount,
  isFiltered,
  LIST_PAGE_SIZE,
  listHref,
  listQueryToParams,
  nextSort,
  pageCount,
  pageWindow,
  parseListQuery,
  shownRange,
  withoutFilters,
  type ListQuery,
  type SortColumn,
} from "~/features/transactions/list-query";
import { DEFAULT_PAYMENT_METHOD } from "~/features/transactions/model";
import { dbContext } from "~/context.server";
import { getInstance } from "~/middleware/i18n";
import type { Route } from "./+types/list";

// /expenses (spec section 2, Transaction list). The whole state of the page (search, filters,
// sort, page) is its URL: a GET form and plain links, so it works without JavaScript and can be
// bookmarked; with JavaScript the same URLs are client navigations. Filtering, sorting, paging
// and the totals run in SQL (listTransactions); this module only reads the URL and shapes rows.

const DELETE = "delete";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const userId = session.user.id;
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const [categoryList, currencyList, tagList] = await Promise.all([
    listCategories(db, userId),
    listCurrencies(db, { activeOnly: false }),
    listTagChoices(db, userId),
  ]);
  // A filter naming something the user cannot see (another user's category or tag, an unknown
  // currency) is ignored like any other bad value.
  const parsed = parseListQuery(params);
  const query: ListQuery = {
    ...parsed,
    category: categoryList.some((c) => c.id === parsed.category) ? parsed.category : undefined,
    currency: currencyList.some((c) => c.code === parsed.currency) ? parsed.currency : undefined,
    tags: parsed.tags.filter((id) => tagList.some((tag) => tag.id === id)),
  };
  const filter: TransactionFilter = {
    search: query.q || undefined,
    type: query.type,
    startDate: query.from,
    endDate: query.to,
    categoryId: query.category,
    currencyCode: query.currency,
    tagIds: query.tags.length ? query.tags : undefined,
  };
  const sort = { by: query.sort, order: query.order } as const;
  let page = await listTransactions(db, userId, filter, sort, { page: query.page, limit: LIST_PAGE_SIZE });
  // A page beyond the last (an old bookmark, or the last row of the last page deleted) shows the last page.
  const last = pageCount(page.total);
  if (query.page > last) {
    query.page = last;
    if (page.total > 0) page = await listTransactions(db, userId, filter, sort, { page: last, limit: LIST_PAGE_SIZE });
  }
  const rows = page.transactions.map((tx) => ({
    id: tx.id,
    type: tx.type,
    description: tx.description,
    date: tx.date,
    category: tx.category ? { id: tx.category.id, name: tx.category.name, color: tx.category.color, icon: tx.category.icon } : null,
    usdCents: tx.usdCents,
    payments: tx.payments.map((p) => ({ currencyCode: p.currencyCode, amountMinor: p.amountMinor, method: p.method, usdCents: p.usdCents })),
    // By name, like the filter's chips, so 'the first two' are always the same two.
    tags: tagList.filter((tag) => tx.tagIds.includes(tag.id)),
  }));
  const deleteParam = params.get("delete");
  return {
    title: getInstance(context).t("transactions.metaTitle"),
    query,
    rows,
    total: page.total,
    totals: page.totals,
    categories: categoryList.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    currencies: currencyList.map((c) => ({ code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimalPlaces, isActive: c.isActive })),
    tags: tagList,
    deleteId: rows.some((r) => r.id === deleteParam) ? deleteParam : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== DELETE) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  const id = String(formData.get("id") ?? "");
  let deleted: boolean;
  try {
    deleted = id !== "" && (await deleteTransaction(db, session.user.id, id, { ip: clientIp(request) }));
  } catch (cause) {
    console.error("transaction delete failed", cause);
    return data({ intent: DELETE, id, error: "errors.failedToDeleteTransaction" }, { status: 500 });
  }
  // Another user's transaction is "not found", exactly like a missing one.
  if (!deleted) return data({ intent: DELETE, id, error: "errors.notFound" }, { status: 404 });
  // Post/redirect/get back to the same list (filters, sort and page kept), with a banner.
  const query = parseListQuery(new URL(request.url).searchParams);
  return redirect(listHref(query, {}, { saved: "deleted" }));
}

type LoaderData = Route.ComponentProps["loaderData"];
type Row = LoaderData["rows"][number];
type CurrencyView = LoaderData["currencies"][number];

export default function TransactionList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, rows, total, totals, deleteId } = loaderData;
  const navigation = useNavigation();
  const saved = useFlashParam("saved");
  const deleteError = useExpiring(actionData ?? null);
  // With JavaScript, the results show that they are being reloaded.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/expenses";
  const filtered = isFiltered(query);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("transactions.title")}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("transactions.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={listHref(query)} preventScrollReset className={buttonClass.secondary}>
            <RefreshIcon spinning={loading} />
            {t("transactions.refresh")}
          </Link>
          <Link to="/expenses/new" className={buttonClass.primary}>
            <span aria-hidden="true">+</span>
            {t("transactions.newTransaction")}
          </Link>
        </div>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {saved === "created" || saved === "updated" || saved === "deleted" ? (
          <Alert tone="success">{t(`transactions.saved.${saved}`)}</Alert>
        ) : null}
      </div>
      {deleteError ? <Alert tone="error">{t(deleteError.error)}</Alert> : null}
      <Filters data={loaderData} />
      <Totals totals={totals} total={total} filtered={filtered} />
      <section
        aria-labelledby="transaction-list-heading"
        aria-busy={loading || undefined}
        className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id="transaction-list-heading" className="font-semibold">
            {t("transactions.list.title")}
          </h2>
          {loading ? (
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" role="status">
              <Spinner />
              {t("transactions.list.loading")}
            </p>
          ) : total > 0 ? (
            <ShowingText page={query.page} total={total} />
          ) : null}
        </div>
        {rows.length === 0 ? (
          <EmptyState query={query} filtered={filtered} />
        ) : (
          <div className={loading ? "opacity-60" : undefined}>
            <MobileSort query={query} />
            <TransactionTable data={loaderData} deleteId={deleteId} />
            <Pagination query={query} total={total} />
          </div>
        )}
      </section>
    </div>
  );
}

function ShowingText({ page, total }: { page: number; total: number }) {
  const { t, i18n } = useTranslation();
  const range = shownRange(page, total);
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {t("transactions.list.showing", { from: n.format(range.from), to: n.format(range.to), total: n.format(range.total) })}
    </p>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`h-4 w-4 ${spinning ? "animate-spin" : ""}`}
    >
      <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}

/** The GET form's fields as a clean query: empty fields left out, page back to 1 (spec section 4). */
function formQuery(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
  }
  return listQueryToParams(parseListQuery(params));
}

/**
 * The search box and the collapsible filter panel: one GET form whose fields are the URL's
 * parameters, so it works without JavaScript (the Search and Apply buttons submit it). With
 * JavaScript, a changed filter applies itself and the search applies after a pause in typing,
 * replacing the history entry rather than piling one up per keystroke.
 */
function Filters({ data: loaderData }: { data: LoaderData }) {
  const { t } = useTranslation();
  const { query, categories, currencies, tags } = loaderData;
  const categoryName = useCategoryName();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const typing = useRef<number | undefined>(undefined);
  const count = activeFilterCount(query);
  // Open without JavaScript when filters are active; with it, the person decides and it stays so.
  const [open, setOpen] = useState(count > 0);
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
    const params = formQuery(form);
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

  const expenseCategories = categories.filter((c) => c.type === "expense");
  const incomeCategories = categories.filter((c) => c.type === "income");
  const currencyChoices = currencies.filter((c) => c.isActive || c.code === query.currency);
  const label = "mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200";
  return (
    <Form
      ref={formRef}
      method="get"
      action="/expenses"
      role="search"
      aria-label={t("transactions.filters.region")}
      onSubmit={onSubmit}
      onChange={onChange}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {query.sort !== "date" || query.order !== "desc" ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="order" value={query.order} />
        </>
      ) : null}
      <label htmlFor="transaction-search" className={label}>
        {t("transactions.search.label")}
      </label>
      <div className="flex gap-2">
        <input
          id="transaction-search"
          type="search"
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
      <details
        open={open}
        onToggle={(e) => setOpen(e.currentTarget.open)}
        className="group mt-4 rounded-lg border border-slate-200 dark:border-slate-700"
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-90">
            <path d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.27a.75.75 0 0 1 0 1.06L8.26 15.8a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.27a.75.75 0 0 1 0-1.06Z" />
          </svg>
          {t("transactions.filters.title")}
          {count > 0 ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">{count}</span>
              <span className="sr-only">{t("transactions.filters.activeCount", { count })}</span>
            </span>
          ) : null}
          {applying ? <Spinner className="ml-auto h-4 w-4" /> : null}
        </summary>
        <div className="grid gap-4 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-5 dark:border-slate-700">
          <div>
            <label htmlFor="filter-type" className={label}>
              {t("transactions.filters.type")}
            </label>
            <select id="filter-type" name="type" defaultValue={query.type?.toLowerCase() ?? ""} className={inputClass}>
              <option value="">{t("transactions.filters.allTypes")}</option>
              <option value="income">{t("money.types.INCOME")}</option>
              <option value="expense">{t("money.types.EXPENSE")}</option>
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className={label}>
              {t("transactions.filters.from")}
            </label>
            <input id="filter-from" type="date" name="from" defaultValue={query.from ?? ""} className={inputClass} />
          </div>
          <div>
            <label htmlFor="filter-to" className={label}>
              {t("transactions.filters.to")}
            </label>
            <input id="filter-to" type="date" name="to" defaultValue={query.to ?? ""} className={inputClass} />
          </div>
          <div>
            <label htmlFor="filter-category" className={label}>
              {t("transactions.filters.category")}
            </label>
            <select id="filter-category" name="category" defaultValue={query.category ?? ""} className={inputClass}>
              <option value="">{t("transactions.filters.allCategories")}</option>
              <optgroup label={t("transactions.filters.expenseCategories")}>
                {expenseCategories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t("transactions.filters.incomeCategories")}>
                {incomeCategories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c)}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <div>
            <label htmlFor="filter-currency" className={label}>
              {t("transactions.filters.currency")}
            </label>
            <select id="filter-currency" name="currency" defaultValue={query.currency ?? ""} className={inputClass}>
              <option value="">{t("transactions.filters.allCurrencies")}</option>
              {currencyChoices.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} · {c.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset
            className="sm:col-span-2 lg:col-span-5"
            aria-describedby={query.tooManyTags ? "filter-tags-hint filter-tags-error" : "filter-tags-hint"}
          >
            <legend className={label}>{t("transactions.filters.tags")}</legend>
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
                      className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 dark:peer-checked:border-blue-400 dark:peer-checked:bg-blue-950 dark:peer-checked:text-blue-100 dark:peer-focus-visible:ring-offset-slate-900"
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
                className="text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300"
              >
                {t("transactions.filters.reset")}
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
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

function Totals({ totals, total, filtered }: { totals: LoaderData["totals"]; total: number; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const tiles = [
    { key: "income", label: t("transactions.totals.income"), cents: totals.incomeUsdCents, tone: "text-green-700 dark:text-green-300" },
    { key: "expenses", label: t("transactions.totals.expenses"), cents: totals.expenseUsdCents, tone: "text-red-700 dark:text-red-300" },
    {
      key: "net",
      label: t("transactions.totals.net"),
      cents: totals.netUsdCents,
      tone: totals.netUsdCents < 0 ? "text-red-700 dark:text-red-300" : "text-green-700 dark:text-green-300",
    },
  ];
  return (
    <section aria-labelledby="transaction-totals-heading">
      <h2 id="transaction-totals-heading" className="mb-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        {filtered ? t("transactions.totals.title", { total: n.format(total) }) : t("transactions.totals.titleAll")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{tile.label}</dt>
            <dd className={`mt-1 text-xl font-bold tabular-nums sm:text-2xl ${tile.tone}`}>{formatMinor(tile.cents, USD, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function EmptyState({ query, filtered }: { query: ListQuery; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="px-4 py-12 text-center">
      <p className="font-semibold">{filtered ? t("transactions.empty.filteredTitle") : t("transactions.empty.title")}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{filtered ? t("transactions.empty.filteredText") : t("transactions.empty.text")}</p>
      {filtered ? (
        <Link to={listHref(withoutFilters(query))} className={`${buttonClass.secondary} mt-4`}>
          {t("transactions.filters.reset")}
        </Link>
      ) : (
        <Link to="/expenses/new" className={`${buttonClass.primary} mt-4`}>
          {t("transactions.empty.action")}
        </Link>
      )}
    </div>
  );
}

const sortLinkClass =
  "inline-flex items-center gap-1 rounded hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:text-white";

function SortArrow({ direction }: { direction: "asc" | "desc" | null }) {
  return (
    <span aria-hidden="true" className={direction ? "text-brand-700 dark:text-blue-300" : "text-slate-400 dark:text-slate-500"}>
      {direction === "asc" ? "↑" : direction === "desc" ? "↓" : "↕"}
    </span>
  );
}

function SortLink({ query, column, label }: { query: ListQuery; column: SortColumn; label: string }) {
  const { t } = useTranslation();
  const active = query.sort === column ? query.order : null;
  return (
    <Link to={listHref(query, { ...nextSort(query, column), page: 1 })} preventScrollReset className={sortLinkClass}>
      {label}
      {active ? <span className="sr-only">({t(active === "asc" ? "transactions.list.ascending" : "transactions.list.descending")})</span> : null}
      <SortArrow direction={active} />
    </Link>
  );
}

/** On a phone the table's header row is hidden (rows become cards), so the sort links sit above the list. */
function MobileSort({ query }: { query: ListQuery }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-4 border-b border-slate-200 px-4 py-2 text-sm font-medium text-slate-700 md:hidden dark:border-slate-800 dark:text-slate-200">
      <span>{t("transactions.list.sortHint")}</span>
      <SortLink query={query} column="date" label={t("transactions.columns.date")} />
      <SortLink query={query} column="amount" label={t("transactions.columns.amount")} />
    </div>
  );
}

function TransactionTable({ data: loaderData, deleteId }: { data: LoaderData; deleteId: string | null }) {
  const { t } = useTranslation();
  const { query, rows, currencies } = loaderData;
  const ariaSort = (column: SortColumn) => (query.sort === column ? (query.order === "asc" ? "ascending" : "descending") : undefined);
  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">{t("transactions.list.title")}</caption>
      <thead className="hidden bg-slate-50 md:table-header-group dark:bg-slate-800">
        <tr>
          <HeaderCell aria-sort={ariaSort("date")}>
            <SortLink query={query} column="date" label={t("transactions.columns.date")} />
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.description")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.category")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.currency")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.payment")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.tags")}
          </HeaderCell>
          <HeaderCell align="right" aria-sort={ariaSort("amount")}>
            <SortLink query={query} column="amount" label={t("transactions.columns.amount")} />
          </HeaderCell>
          <HeaderCell align="right">
            <span className="sr-only">{t("transactions.columns.actions")}</span>
          </HeaderCell>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-800">
        {rows.map((row) => (
          <TransactionRow key={row.id} row={row} query={query} currencies={currencies} confirming={deleteId === row.id} />
        ))}
      </tbody>
    </table>
  );
}

function currencyOf(currencies: CurrencyView[], code: string) {
  const found = currencies.find((c) => c.code === code);
  return found ? { symbol: found.symbol, decimals: found.decimals } : { symbol: code, decimals: 2 };
}

function TransactionRow({
  row,
  query,
  currencies,
  confirming,
}: {
  row: Row;
  query: ListQuery;
  currencies: CurrencyView[];
  confirming: boolean;
}) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const deleting = useIsPending({ intent: DELETE });
  const locale = i18n.language;
  const income = row.type === "INCOME";
  const tone = income ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300";
  const multi = row.payments.length > 1;
  const single = row.payments[0];
  const codes = [...new Set(row.payments.map((p) => p.currencyCode))];
  const signed = (cents: number, currency: { symbol: string; decimals: number }) => {
    const text = formatMinor(signedAmount(row.type, cents), currency, locale);
    return income ? `+${text}` : text;
  };
  const shownTags = row.tags.slice(0, 2);
  const moreTags = row.tags.length - shownTags.length;
  const cell = "md:px-4 md:py-3 md:table-cell";
  const small = "rounded-md border px-2.5 py-1 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
  return (
    <>
      <tr
        data-transaction-id={row.id}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 align-middle md:table-row md:p-0"
      >
        <td className={`col-start-1 row-start-2 text-xs whitespace-nowrap text-slate-600 md:text-sm md:text-slate-700 dark:text-slate-300 md:dark:text-slate-200 ${cell}`}>
          <time dateTime={row.date}>{formatDate(dayToDate(row.date), locale)}</time>
        </td>
        <td className={`col-start-1 row-start-1 min-w-0 font-medium break-words ${cell}`}>{row.description}</td>
        <td className={`col-start-1 row-start-3 ${cell}`}>
          {row.category ? (
            <span className="inline-flex items-center gap-2">
              <CategoryBadge icon={row.category.icon} color={row.category.color} size="sm" />
              <span>{categoryName(row.category)}</span>
            </span>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">{t("transactions.row.uncategorized")}</span>
          )}
        </td>
        <td className={`hidden whitespace-nowrap ${cell}`}>{codes.join(", ")}</td>
        <td className={`col-start-1 row-start-4 text-xs text-slate-700 md:text-sm dark:text-slate-200 ${cell}`}>
          {multi
            ? t("transactions.row.multi", { count: row.payments.length })
            : t(`money.paymentMethods.${single?.method ?? DEFAULT_PAYMENT_METHOD}`, { defaultValue: t(`money.paymentMethods.${DEFAULT_PAYMENT_METHOD}`) })}
        </td>
        <td className={`col-span-2 row-start-5 ${cell}`}>
          {row.tags.length === 0 ? (
            <span className="sr-only">{t("transactions.row.noTags")}</span>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {shownTags.map((tag) => (
                <li
                  key={tag.id}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                >
                  <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: tag.color }} />
                  {tag.name}
                </li>
              ))}
              {moreTags > 0 ? (
                <li className="rounded-full px-1 py-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">
                  {t("transactions.row.moreTags", { count: moreTags })}
                </li>
              ) : null}
            </ul>
          )}
        </td>
        <td className={`col-start-2 row-span-2 row-start-1 text-right whitespace-nowrap tabular-nums ${cell}`}>
          <span className="sr-only">{t(`money.types.${row.type}`)}: </span>
          {multi || !single ? (
            <>
              <span className={`block font-semibold ${tone}`}>{signed(row.usdCents, USD)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">{t("transactions.row.multi", { count: row.payments.length })}</span>
            </>
          ) : (
            <>
              <span className={`block font-semibold ${tone}`}>{signed(single.amountMinor, currencyOf(currencies, single.currencyCode))}</span>
              {single.currencyCode !== USD.code ? (
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {t("transactions.row.usdLine", { amount: signed(single.usdCents, USD) })}
                </span>
              ) : null}
            </>
          )}
        </td>
        <td className={`col-start-2 row-span-2 row-start-3 self-end text-right md:text-right ${cell}`}>
          {confirming ? null : (
            <div className="flex justify-end gap-2">
              <Link
                to={`/expenses/edit/${row.id}`}
                aria-label={t("transactions.row.editLabel", { description: row.description })}
                className={`${small} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`}
              >
                {t("transactions.row.edit")}
              </Link>
              <Link
                to={listHref(query, {}, { delete: row.id })}
                preventScrollReset
                aria-label={t("transactions.row.deleteLabel", { description: row.description })}
                className={`${small} border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950`}
              >
                {t("transactions.row.delete")}
              </Link>
            </div>
          )}
        </td>
      </tr>
      {confirming ? (
        <tr className="block md:table-row">
          <td colSpan={8} className="block px-4 pb-4 md:table-cell">
            <ConfirmPanel
              question={t("transactions.confirmDelete.question")}
              detail={t("transactions.confirmDelete.detail", { description: row.description })}
              action={listHref(query)}
              hidden={{ intent: DELETE, id: row.id }}
              confirmLabel={t("transactions.confirmDelete.confirm")}
              pendingLabel={t("transactions.confirmDelete.deleting")}
              pending={deleting}
              cancelTo={listHref(query)}
              cancelLabel={t("transactions.confirmDelete.cancel")}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Pagination({ query, total }: { query: ListQuery; total: number }) {
  const { t, i18n } = useTranslation();
  const last = pageCount(total);
  if (last <= 1) return null;
  const n = new Intl.NumberFormat(i18n.language);
  const current = query.page;
  const base =
    "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
  const idle = "border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
  const disabled = "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400";
  const step = (page: number, label: string) =>
    page < 1 || page > last ? (
      <span aria-disabled="true" className={`${base} ${disabled}`}>
        {label}
      </span>
    ) : (
      <Link to={listHref(query, { page })} preventScrollReset className={`${base} ${idle}`}>
        {label}
      </Link>
    );
  return (
    <nav
      aria-label={t("transactions.pagination.label")}
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row dark:border-slate-800"
    >
      <ShowingText page={current} total={total} />
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{step(current - 1, t("transactions.pagination.previous"))}</li>
        {pageWindow(current, last).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="px-1 text-slate-600 dark:text-slate-300">
              <span aria-hidden="true">…</span>
              <span className="sr-only">{t("transactions.pagination.gap")}</span>
            </li>
          ) : (
            <li key={page}>
              <Link
                to={listHref(query, { page })}
                preventScrollReset
                aria-current={page === current ? "page" : undefined}
                aria-label={t("transactions.pagination.page", { page: n.format(page) })}
                className={`${base} ${page === current ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700" : idle}`}
              >
                {n.format(page)}
              </Link>
            </li>
          ),
        )}
        <li>{step(current + 1, t("transactions.pagination.next"))}</li>
      </ul>
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadTransactions" />;
}
