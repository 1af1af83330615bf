import { expect, test } from "vitest";
import {
  activeFilters,
  activeFilterCount,
  expensesHref,
  isFiltered,
  listHref,
  listParamsFromFields,
  listQueryToParams,
  nextSort,
  pageCount,
  pageWindow,
  parseListQuery,
  shownRange,
  sortedBy,
  UNCATEGORISED,
  withoutFilters,
} from "./list-query";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

test("an empty URL is the unfiltered list, newest first, page 1", () => {
  expect(parse("")).toEqual({ q: "", tags: [], sort: "date", order: "desc", page: 1 });
});

test("every parameter is read", () => {
  expect(
    parse("q=+coffee+&type=income&from=2026-10-01&to=2026-10-31&category=default-food&currency=eur&tag=a&tag=b&sort=amount&order=asc&page=3"),
  ).toEqual({
    q: "coffee",
    type: "INCOME",
    from: "2026-10-01",
    to: "2026-10-31",
    category: "default-food",
    currency: "EUR",
    tags: ["a", "b"],
    sort: "amount",
    order: "asc",
    page: 3,
  });
});

test("bad values are ignored one by one, never an error", () => {
  expect(
    parse("type=transfer&from=2026-02-30&to=yesterday&currency=e1&sort=name&order=up&page=-2&category=&tag=&tag=x"),
  ).toEqual({ q: "", tags: ["x"], sort: "date", order: "desc", page: 1 });
  expect(parse("page=2.5").page).toBe(1);
  expect(parse("page=abc").page).toBe(1);
  expect(parse("page=99999999999").page).toBe(1);
  expect(parse(`category=${"x".repeat(101)}`).category).toBeUndefined();
});

test("a search over 100 characters is not applied and is flagged, so the page can say why; repeated tags count once", () => {
  expect(parse(`q=${encodeURIComponent(` ${"é".repeat(100)} `)}`)).toMatchObject({ q: "é".repeat(100) });
  expect(parse(`q=${"a".repeat(100)}`).searchTooLong).toBeUndefined();
  const tooLong = parse(`q=${"a".repeat(101)}&type=income`);
  expect(tooLong).toMatchObject({ q: "", searchTooLong: true, type: "INCOME" });
  expect(listQueryToParams(tooLong).toString()).toBe("type=income");
  expect(parse("tag=a&tag=a&tag=b").tags).toEqual(["a", "b"]);
  expect(parse(Array.from({ length: 30 }, (_, i) => `tag=t${i}`).join("&"))).toMatchObject({ tags: Array.from({ length: 20 }, (_, i) => `t${i}`), tooManyTags: true });
  expect(parse(Array.from({ length: 20 }, (_, i) => `tag=t${i}`).join("&")).tooManyTags).toBeUndefined();
});

test("the URL leaves out defaults and round-trips", () => {
  const query = parse("q=rent&type=EXPENSE&tag=a&tag=b&sort=amount&order=desc&page=2");
  expect(listQueryToParams(query).toString()).toBe("q=rent&type=expense&tag=a&tag=b&sort=amount&order=desc&page=2");
  expect(parse(listQueryToParams(query).toString())).toEqual(query);
  expect(listHref(parse("sort=date&order=desc&page=1"))).toBe("/expenses");
  expect(listHref(query, { page: 1 }, { delete: "t1" })).toBe("/expenses?q=rent&type=expense&tag=a&tag=b&sort=amount&order=desc&delete=t1");
});

test("the first click on a new column sorts descending, a repeat click toggles", () => {
  expect(nextSort({ sort: "date", order: "desc" }, "amount")).toEqual({ sort: "amount", order: "desc" });
  expect(nextSort({ sort: "date", order: "asc" }, "amount")).toEqual({ sort: "amount", order: "desc" });
  expect(nextSort({ sort: "amount", order: "desc" }, "amount")).toEqual({ sort: "amount", order: "asc" });
  expect(nextSort({ sort: "amount", order: "asc" }, "amount")).toEqual({ sort: "amount", order: "desc" });
  expect(nextSort({ sort: "date", order: "desc" }, "date")).toEqual({ sort: "date", order: "asc" });
});

test("the badge counts type, dates, category, currency and tags (as one); the search is not in the panel", () => {
  expect(activeFilterCount(parse(""))).toBe(0);
  expect(activeFilterCount(parse("q=x"))).toBe(0);
  expect(isFiltered(parse("q=x"))).toBe(true);
  expect(activeFilterCount(parse("type=expense&from=2026-01-01&to=2026-02-01&category=c&currency=USD&tag=a&tag=b"))).toBe(6);
  expect(withoutFilters(parse("q=x&type=income&tag=a&sort=amount&order=asc&page=4"))).toEqual({
    q: "",
    tags: [],
    sort: "amount",
    order: "asc",
    page: 1,
  });
});

test("page arithmetic: count, the shown range and its edges", () => {
  expect(pageCount(0)).toBe(1);
  expect(pageCount(10)).toBe(1);
  expect(pageCount(11)).toBe(2);
  expect(shownRange(1, 0)).toEqual({ from: 0, to: 0, total: 0 });
  expect(shownRange(1, 39)).toEqual({ from: 1, to: 10, total: 39 });
  expect(shownRange(4, 39)).toEqual({ from: 31, to: 39, total: 39 });
});

test("numbered pages: all of a short list, else first, last and the neighbours with gaps", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
  expect(pageWindow(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  // No ellipsis standing for a single page.
  expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
  expect(pageWindow(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  for (let current = 1; current <= 50; current++) {
    const pages = pageWindow(current, 50);
    expect(pages).toContain(current);
    expect(pages[0]).toBe(1);
    expect(pages.at(-1)).toBe(50);
    expect(pages.length).toBeLessThanOrEqual(7);
  }
});

test("the filter form's fields become the clean URL: blanks dropped, values trimmed, back to page 1", () => {
  const fields: [string, string][] = [
    ["q", "  rent "],
    ["type", ""],
    ["from", "2026-01-01"],
    ["to", " "],
    ["tag", "a"],
    ["tag", "b"],
    ["sort", "amount"],
    ["order", "asc"],
  ];
  expect(listParamsFromFields(fields).toString()).toBe("q=rent&from=2026-01-01&tag=a&tag=b&sort=amount&order=asc");
  expect(listParamsFromFields([["q", ""]]).toString()).toBe("");
});

test("a column is sorted in the query's order when it is the sort column, else not at all", () => {
  const query = parse("sort=amount&order=asc");
  expect(sortedBy(query, "amount")).toBe("asc");
  expect(sortedBy(query, "date")).toBeNull();
  expect(sortedBy(parse(""), "date")).toBe("desc");
});

test("a date filter outside 1900-01-01 … ten years after today is ignored, like a date that is none", () => {
  const today = "2026-11-27";
  const read = (search: string) => parseListQuery(new URLSearchParams(search), today);
  expect(read("from=0001-01-01&to=2026-11-30")).toMatchObject({ from: undefined, to: "2026-11-30" });
  expect(read("from=1899-12-31&to=2036-11-28")).toMatchObject({ from: undefined, to: undefined });
  expect(read("from=1900-01-01&to=2036-11-27")).toMatchObject({ from: "1900-01-01", to: "2036-11-27" });
});

test("each filter in use is a chip whose link is the same list without it: sort kept, page 1, each tag alone", () => {
  const query = parseListQuery(new URLSearchParams("q=taxi&type=expense&from=2026-10-01&currency=eur&tag=a&tag=b&sort=amount&order=asc&page=3"), "2026-11-27");
  expect(activeFilters(query)).toEqual([
    { name: "q", value: "taxi", without: "/expenses?type=expense&from=2026-10-01&currency=EUR&tag=a&tag=b&sort=amount&order=asc" },
    { name: "type", value: "EXPENSE", without: "/expenses?q=taxi&from=2026-10-01&currency=EUR&tag=a&tag=b&sort=amount&order=asc" },
    { name: "from", value: "2026-10-01", without: "/expenses?q=taxi&type=expense&currency=EUR&tag=a&tag=b&sort=amount&order=asc" },
    { name: "currency", value: "EUR", without: "/expenses?q=taxi&type=expense&from=2026-10-01&tag=a&tag=b&sort=amount&order=asc" },
    { name: "tag", value: "a", without: "/expenses?q=taxi&type=expense&from=2026-10-01&currency=EUR&tag=b&sort=amount&order=asc" },
    { name: "tag", value: "b", without: "/expenses?q=taxi&type=expense&from=2026-10-01&currency=EUR&tag=a&sort=amount&order=asc" },
  ]);
  expect(activeFilters(parseListQuery(new URLSearchParams("sort=amount")))).toEqual([]);
});

test("a figure's address names exactly its filters, in the list's own order, and reads back as them", () => {
  const href = expensesHref({ categoryId: "default-food", type: "EXPENSE", from: "2026-11-01", to: "2026-11-30" });
  expect(href).toBe("/expenses?type=expense&from=2026-11-01&to=2026-11-30&category=default-food");
  const query = parse(href.split("?")[1]!);
  expect(query).toMatchObject({ type: "EXPENSE", from: "2026-11-01", to: "2026-11-30", category: "default-food", q: "", tags: [], page: 1 });
  expect(listHref(query)).toBe(href);
});

test("a figure with no category links to the uncategorised filter; one with any category leaves the category out", () => {
  expect(expensesHref({ categoryId: null, type: "EXPENSE", from: "2026-11-01", to: "2026-11-30" })).toBe(
    `/expenses?type=expense&from=2026-11-01&to=2026-11-30&category=${UNCATEGORISED}`,
  );
  expect(expensesHref({ type: "INCOME", from: "2026-11-23", to: "2026-11-29" })).toBe("/expenses?type=income&from=2026-11-23&to=2026-11-29");
  expect(expensesHref({ currency: "EUR" })).toBe("/expenses?currency=EUR");
  expect(expensesHref({})).toBe("/expenses");
});
