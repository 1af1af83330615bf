import { SEARCH_MAX } from "~/text/search-text";
import { isoDay } from "~/calendar/days";
import { acceptedDays, isDayInRange, type DayRange } from "~/calendar/range";
import { isCurrencyCode } from "~/money/currencies";
import { MAX_TAGS, TRANSACTION_TYPES, type TransactionType } from "./transaction";

// The state of the transaction list (/expenses) lives in its URL, so the page works without
// JavaScript and can be bookmarked: q, type, from, to, category (an id, or `none` for no category), currency, tag (repeatable),
// sort, order, page. A value that does not parse is ignored (as if absent), never an error, and
// so is a date outside the accepted dates (1900-01-01 to ten years after today, decision 022); a
// search over SEARCH_MAX characters is ignored too, and the page says so (searchTooLong).

/** Spec section 9: the list screen shows 10 rows a page. */
export const LIST_PAGE_SIZE = 10;
/**
 * The category filter's value for transactions with no category (a report's "No category" slice):
 * `?category=none`. Category ids are UUIDs or `default-…`, so it names none of them.
 */
export const UNCATEGORISED = "none";
/** A transaction carries at most MAX_TAGS tags, so an all-of filter over more could match nothing. */
export const TAG_FILTER_MAX = MAX_TAGS;
/** Far beyond any real list; keeps the SQL offset a small integer. */
const PAGE_MAX = 1_000_000;

export type SortColumn = "date" | "amount";
export type SortOrder = "asc" | "desc";

export type ListQuery = {
  q: string;
  /** The URL's search was over SEARCH_MAX characters and was not applied. */
  searchTooLong?: boolean;
  /** The URL chose more than TAG_FILTER_MAX tags; only the first were applied. */
  tooManyTags?: boolean;
  type?: TransactionType;
  from?: string;
  to?: string;
  category?: string;
  currency?: string;
  tags: string[];
  sort: SortColumn;
  order: SortOrder;
  page: number;
};

export const DEFAULT_SORT: { sort: SortColumn; order: SortOrder } = { sort: "date", order: "desc" };

// Plain functions rather than zod: the filter form cleans its query in the browser
// (listParamsFromFields), and the list page ships no schema library (docs/decisions/017).
const SORT_COLUMNS: readonly SortColumn[] = ["date", "amount"];
const SORT_ORDERS: readonly SortOrder[] = ["asc", "desc"];
const ID_MAX = 100;

/** An id as the URL carries it: trimmed, 1 to ID_MAX characters, else undefined. */
function idParam(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= ID_MAX ? trimmed : undefined;
}

function oneOf<T extends string>(choices: readonly T[], value: string | undefined): T | undefined {
  return choices.find((choice) => choice === value);
}

const field = {
  type: (value: string | undefined) => oneOf(TRANSACTION_TYPES, value?.trim().toUpperCase()),
  date: (value: string | undefined, accepted: DayRange) => {
    const trimmed = value?.trim();
    return trimmed !== undefined && isDayInRange(trimmed, accepted) ? trimmed : undefined;
  },
  currency: (value: string | undefined) => {
    const code = value?.trim().toUpperCase();
    return code !== undefined && isCurrencyCode(code) ? code : undefined;
  },
  page: (value: string | undefined) => {
    // As Number() reads it (surrounding spaces allowed), a whole number from 1 to PAGE_MAX.
    const page = value === undefined ? 1 : Number(value);
    return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
  },
};

/** The first value of a parameter, or undefined; an empty field of a GET form counts as absent. */
function first(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value === null || value.trim() === "" ? undefined : value;
}

/** The list's state from its URL; `today` (the user's, decision 032) bounds the dates it accepts. */
export function parseListQuery(params: URLSearchParams, today = isoDay()): ListQuery {
  const accepted = acceptedDays(today);
  const chosenTags = [...new Set(params.getAll("tag").flatMap((t) => idParam(t) ?? []))];
  const tags = chosenTags.slice(0, TAG_FILTER_MAX);
  const q = (params.get("q") ?? "").trim();
  const searchTooLong = q.length > SEARCH_MAX;
  return {
    q: searchTooLong ? "" : q,
    ...(searchTooLong ? { searchTooLong } : {}),
    ...(chosenTags.length > TAG_FILTER_MAX ? { tooManyTags: true } : {}),
    type: field.type(first(params, "type")),
    from: field.date(first(params, "from"), accepted),
    to: field.date(first(params, "to"), accepted),
    category: idParam(first(params, "category")),
    currency: field.currency(first(params, "currency")),
    tags,
    sort: oneOf(SORT_COLUMNS, first(params, "sort")) ?? DEFAULT_SORT.sort,
    order: oneOf(SORT_ORDERS, first(params, "order")) ?? DEFAULT_SORT.order,
    page: field.page(first(params, "page")),
  };
}

/**
 * The query as URL parameters, in a stable order, leaving out what is at its default
 * (no filter, date descending, page 1) so that links stay short and equal states have equal URLs.
 */
export function listQueryToParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.type) params.set("type", query.type.toLowerCase());
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.category) params.set("category", query.category);
  if (query.currency) params.set("currency", query.currency);
  for (const tag of query.tags) params.append("tag", tag);
  if (query.sort !== DEFAULT_SORT.sort || query.order !== DEFAULT_SORT.order) {
    params.set("sort", query.sort);
    params.set("order", query.order);
  }
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/**
 * The filter form's fields as a clean query (spec section 4): empty fields left out, values
 * trimmed, page back to 1, the same parameters a link to that state would carry.
 */
export function listParamsFromFields(fields: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of fields) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
  }
  return listQueryToParams(parseListQuery(params));
}

export function listHref(query: ListQuery, changes: Partial<ListQuery> = {}, extra: Record<string, string> = {}): string {
  const params = listQueryToParams({ ...query, ...changes });
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `/expenses?${search}` : "/expenses";
}

/**
 * The set of transactions behind a figure (issue 27): a pie slice and its row, a budget's spent,
 * a budget alert, a report's category row, a trend bucket. `categoryId: null` is "no category"
 * (UNCATEGORISED); left out, any category.
 */
export type FigureFilter = {
  type?: TransactionType;
  categoryId?: string | null;
  from?: string;
  to?: string;
  currency?: string;
};

/**
 * /expenses filtered to exactly a figure's transactions: the one address every face links to, so
 * the list's total (stored USD cents, summed by SQL like the figure) is the figure that was clicked.
 */
export function expensesHref(figure: FigureFilter): string {
  const category = figure.categoryId === null ? UNCATEGORISED : figure.categoryId;
  return listHref({ q: "", tags: [], ...DEFAULT_SORT, page: 1, type: figure.type, category, from: figure.from, to: figure.to, currency: figure.currency });
}

/** The direction the list is sorted by this column, or null when it is sorted by another. */
export function sortedBy(query: Pick<ListQuery, "sort" | "order">, column: SortColumn): SortOrder | null {
  return query.sort === column ? query.order : null;
}

/** Spec section 2: the first click on a new column sorts descending; a repeat click toggles. */
export function nextSort(query: Pick<ListQuery, "sort" | "order">, column: SortColumn): { sort: SortColumn; order: SortOrder } {
  if (query.sort !== column) return { sort: column, order: "desc" };
  return { sort: column, order: query.order === "desc" ? "asc" : "desc" };
}

/** The badge on the filter panel: type, from, to, category, currency, and the tags (one filter however many are chosen). */
export function activeFilterCount(query: ListQuery): number {
  return [query.type, query.from, query.to, query.category, query.currency, query.tags.length > 0 ? "tags" : undefined].filter(
    Boolean,
  ).length;
}

/** One filter in use, as a removable chip shows it: which, its value, and the list's address without it. */
export type ActiveFilter = {
  name: "q" | "type" | "from" | "to" | "category" | "currency" | "tag";
  value: string;
  /** The same list without this one filter (sort kept, back to page 1). */
  without: string;
};

/** Every filter in use, the search first, each tag on its own (removing one keeps the others). */
export function activeFilters(query: ListQuery): ActiveFilter[] {
  const without = (changes: Partial<ListQuery>) => listHref(query, { ...changes, page: 1 });
  const chips: ActiveFilter[] = [];
  if (query.q) chips.push({ name: "q", value: query.q, without: without({ q: "" }) });
  if (query.type) chips.push({ name: "type", value: query.type, without: without({ type: undefined }) });
  if (query.from) chips.push({ name: "from", value: query.from, without: without({ from: undefined }) });
  if (query.to) chips.push({ name: "to", value: query.to, without: without({ to: undefined }) });
  if (query.category) chips.push({ name: "category", value: query.category, without: without({ category: undefined }) });
  if (query.currency) chips.push({ name: "currency", value: query.currency, without: without({ currency: undefined }) });
  for (const tag of query.tags) chips.push({ name: "tag", value: tag, without: without({ tags: query.tags.filter((t) => t !== tag) }) });
  return chips;
}

export function isFiltered(query: ListQuery): boolean {
  return Boolean(query.q) || activeFilterCount(query) > 0;
}

/** The query without its filters and search; sort is kept, page returns to 1. */
export function withoutFilters(query: ListQuery): ListQuery {
  return { q: "", tags: [], sort: query.sort, order: query.order, page: 1 };
}

export function pageCount(total: number, size = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** 'Showing x to y of z' for a page: 0 to 0 of 0 when there is nothing. */
export function shownRange(page: number, total: number, size = LIST_PAGE_SIZE): { from: number; to: number; total: number } {
  if (total === 0) return { from: 0, to: 0, total: 0 };
  const from = (page - 1) * size + 1;
  return { from: Math.min(from, total), to: Math.min(page * size, total), total };
}

/**
 * The numbered page links: always the first and last, and the pages around the current one;
 * null marks a gap (rendered as an ellipsis). Short lists show every page.
 */
export function pageWindow(current: number, last: number, around = 1): Array<number | null> {
  if (last <= 5 + 2 * around) return Array.from({ length: last }, (_, i) => i + 1);
  let start = Math.max(2, Math.min(current - around, last - 2 - 2 * around));
  let end = Math.min(last - 1, Math.max(current + around, 3 + 2 * around));
  // An ellipsis standing for a single page is no shorter than the page itself.
  if (start === 3) start = 2;
  if (end === last - 2) end = last - 1;
  const pages: Array<number | null> = [1];
  if (start > 2) pages.push(null);
  for (let p = start; p <= end; p++) pages.push(p);
  if (end < last - 1) pages.push(null);
  pages.push(last);
  return pages;
}
