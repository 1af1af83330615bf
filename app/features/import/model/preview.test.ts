import { expect, test } from "vitest";
import { MAX_AMOUNT_WHOLE_DIGITS, MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import type { KnownRate } from "~/features/rates/model";
import type { ImportCandidate, RowError } from "./candidates";
import { classifyRows, rateKey, rateNeeds, type PreviewFacts } from "./preview";
import { candidateKey } from "./duplicates";

// The preview's classification (decision 039): each record's status, its payments' stored rates
// and USD cents, its category and the tags the commit creates, from the facts the staging reads.

const categories: PreviewFacts["categories"] = [
  { id: "default-education", name: "Education", type: "expense", isDefault: true },
  { id: "default-food", name: "Food & Dining", type: "expense", isDefault: true },
  { id: "default-freelance", name: "Freelance", type: "income", isDefault: true },
  { id: "default-salary", name: "Salary", type: "income", isDefault: true },
  { id: "mine-coffee", name: "Coffee", type: "expense", isDefault: false },
  { id: "mine-bonus", name: "Bonus", type: "income", isDefault: false },
];

const facts = (over: Partial<PreviewFacts> = {}): PreviewFacts => ({
  ownExport: false,
  categories,
  defaultNamesByLanguage: [{ "default-food": "Comida y restaurantes" }],
  uncategorizedName: "To categorize",
  tags: [{ id: "tag-trip", name: "Trip" }],
  storedKeys: [],
  existingIds: new Set(),
  ratesOnFile: new Map(),
  suggestions: new Map(),
  applySuggestedRates: false,
  storedUsdCents: 0n,
  decimals: new Map([
    ["USD", 2],
    ["EUR", 2],
    ["VES", 2],
    ["JPY", 0],
  ]),
  ...over,
});

function coffee(line: number, over: Partial<ImportCandidate> = {}): ImportCandidate {
  return {
    line,
    lines: [line],
    date: "2026-03-02",
    description: "Café Central",
    type: "EXPENSE",
    categoryName: null,
    tagNames: [],
    payments: [{ currency: "USD", amountMinor: 350, rate: null }],
    transactionId: null,
    ...over,
  };
}

const statuses = (rows: { status: string; included: boolean }[]) => rows.map((r) => `${r.status}${r.included ? "+" : ""}`);

test("three identical coffees and none stored are three new rows, each included", () => {
  const rows = classifyRows({ candidates: [coffee(2), coffee(3), coffee(4)], errors: [] }, facts());
  expect(statuses(rows)).toEqual(["new+", "new+", "new+"]);
  expect(rows.map((r) => r.line)).toEqual([2, 3, 4]);
});

test("the same file against its own stored rows is all duplicates, excluded by default", () => {
  const file = [coffee(2), coffee(3), coffee(4, { description: "Rent", payments: [{ currency: "USD", amountMinor: 70000, rate: null }] })];
  const rows = classifyRows({ candidates: file, errors: [] }, facts({ storedKeys: file.map(candidateKey) }));
  expect(statuses(rows)).toEqual(["duplicate", "duplicate", "duplicate"]);
});

test("occurrences are counted: two stored coffees make the first two of three duplicates and the third new", () => {
  const stored = [candidateKey(coffee(0)), candidateKey(coffee(0))];
  const rows = classifyRows({ candidates: [coffee(2), coffee(3), coffee(4)], errors: [] }, facts({ storedKeys: stored }));
  expect(statuses(rows)).toEqual(["duplicate", "duplicate", "new+"]);
});

test("our own export: a transaction_id already in the account is a duplicate; an identical coffee whose id is not is new (the stored one is that id's)", () => {
  const rows = classifyRows(
    { candidates: [coffee(2, { transactionId: "tx-1" }), coffee(3, { transactionId: "tx-2" })], errors: [] },
    facts({ ownExport: true, existingIds: new Set(["tx-1"]), storedKeys: [candidateKey(coffee(0))] }),
  );
  expect(statuses(rows)).toEqual(["duplicate", "new+"]);
  expect(rows.map((r) => r.data.kind === "candidate" && r.data.duplicateBy)).toEqual(["transactionId", undefined]);
});

test("our own export imported a second time into another account (new ids): its single-payment transactions are duplicates by their key, counted", () => {
  const multi = coffee(4, { transactionId: "tx-3", payments: [{ currency: "USD", amountMinor: 100, rate: null }, { currency: "USD", amountMinor: 200, rate: null }] });
  const rows = classifyRows(
    { candidates: [coffee(2, { transactionId: "tx-1" }), coffee(3, { transactionId: "tx-2" }), multi], errors: [] },
    // The first import stored both coffees under new ids.
    facts({ ownExport: true, existingIds: new Set(), storedKeys: [candidateKey(coffee(0)), candidateKey(coffee(0))] }),
  );
  expect(statuses(rows)).toEqual(["duplicate", "duplicate", "new+"]);
  expect(rows.map((r) => r.data.kind === "candidate" && r.data.duplicateBy)).toEqual(["key", "key", undefined]);
});

test("a payment in another currency takes the rate on or before its day, with that rate's day and source, and its USD cents once", () => {
  const onFile: KnownRate = { currencyCode: "EUR", rate: "0.8612", date: "2026-02-27", source: "provider" };
  const candidate = coffee(2, { payments: [{ currency: "EUR", amountMinor: 1000, rate: null }] });
  expect(rateNeeds([candidate])).toEqual([{ currencyCode: "EUR", date: "2026-03-02" }]);
  const [row] = classifyRows({ candidates: [candidate], errors: [] }, facts({ ratesOnFile: new Map([[rateKey("EUR", "2026-03-02"), onFile]]) }));
  expect(row!.status).toBe("new");
  const data = row!.data;
  if (data.kind !== "candidate") throw new Error("a candidate");
  // 10.00 EUR ÷ 0.8612 = 11.6117… USD.
  expect(data.candidate.payments[0]).toMatchObject({ stored: { rate: "0.8612", date: "2026-02-27", source: "provider" }, usdCents: 1161, suggestion: null });
});

test("no rate on file and none nearby: an error row naming the currency and day, never a rate of 1", () => {
  const candidate = coffee(7, { date: "2019-03-02", payments: [{ currency: "VES", amountMinor: 5000, rate: null }] });
  const [row] = classifyRows({ candidates: [candidate], errors: [] }, facts());
  expect(row).toMatchObject({ line: 7, status: "error", included: false });
  if (row!.data.kind !== "candidate") throw new Error("a candidate");
  expect(row!.data.error).toEqual({ key: "import.row.rateMissing", values: { currency: "VES", date: "2019-03-02" } });
  expect(row!.data.candidate.payments[0]).toMatchObject({ stored: null, usdCents: null, suggestion: null });
});

test("no rate on file but a nearest one: the error offers it, and applying suggested rates makes the row new with it as a manual rate of its day", () => {
  const candidate = coffee(7, { date: "2026-10-20", payments: [{ currency: "VES", amountMinor: 23104, rate: null }] });
  const nearest: KnownRate = { currencyCode: "VES", rate: "231.0475", date: "2026-11-01", source: "snapshot" };
  const suggestions = new Map([[rateKey("VES", "2026-10-20"), nearest]]);
  const [offered] = classifyRows({ candidates: [candidate], errors: [] }, facts({ suggestions }));
  expect(offered!.status).toBe("error");
  if (offered!.data.kind !== "candidate") throw new Error("a candidate");
  expect(offered!.data.error).toEqual({ key: "import.row.rateSuggested", values: { currency: "VES", date: "2026-10-20", rate: "231.0475", rateDate: "2026-11-01" } });
  expect(offered!.data.candidate.payments[0]!.suggestion).toEqual({ rate: "231.0475", date: "2026-11-01", source: "snapshot" });

  const [applied] = classifyRows({ candidates: [candidate], errors: [] }, facts({ suggestions, applySuggestedRates: true }));
  expect(applied).toMatchObject({ status: "new", included: true });
  if (applied!.data.kind !== "candidate") throw new Error("a candidate");
  expect(applied!.data.error).toBeUndefined();
  expect(applied!.data.candidate.payments[0]).toMatchObject({ stored: { rate: "231.0475", date: "2026-10-20", source: "manual" }, usdCents: 100 });
});

test("a mapped rate column is manual on the transaction's day, unless it is exactly the rate on file; our export's rate keeps its day and source", () => {
  const onFile: KnownRate = { currencyCode: "EUR", rate: "0.9", date: "2026-02-27", source: "provider" };
  const ratesOnFile = new Map([[rateKey("EUR", "2026-03-02"), onFile]]);
  const typed = (rate: string) => coffee(2, { payments: [{ currency: "EUR", amountMinor: 900, rate: { rate, date: null, source: null } }] });
  const payment = (candidate: ImportCandidate, over: Partial<PreviewFacts> = {}) => {
    const data = classifyRows({ candidates: [candidate], errors: [] }, facts({ ratesOnFile, ...over }))[0]!.data;
    if (data.kind !== "candidate") throw new Error("a candidate");
    return data.candidate.payments[0];
  };
  expect(payment(typed("0.95"))).toMatchObject({ stored: { rate: "0.95", date: "2026-03-02", source: "manual" } });
  expect(payment(typed("0.9"))).toMatchObject({ stored: { rate: "0.9", date: "2026-02-27", source: "provider" }, usdCents: 1000 });
  const exported = coffee(2, { transactionId: "tx-9", payments: [{ currency: "EUR", amountMinor: 900, rate: { rate: "0.92", date: "2026-03-01", source: "exchangerate-api" } }] });
  expect(rateNeeds([exported])).toEqual([]);
  // A mapped rate is looked up (is it the rate on file?) but never asked of the history provider.
  expect(rateNeeds([typed("0.95")])).toEqual([{ currencyCode: "EUR", date: "2026-03-02" }]);
  expect(rateNeeds([typed("0.95")], { fileRates: false })).toEqual([]);
  expect(payment(exported, { ownExport: true })).toMatchObject({ stored: { rate: "0.92", date: "2026-03-01", source: "exchangerate-api" }, usdCents: 978 });
});

test("categories: the user's by name, a default by its name in either language, an unknown one created, one of the other type an error, none the user's \"To categorize\" (found, or created)", () => {
  const rows = classifyRows(
    {
      candidates: [
        coffee(2, { categoryName: " COFFEE " }),
        coffee(3, { categoryName: "comida y restaurantes" }),
        coffee(4, { categoryName: "Books", tagNames: ["trip", "Work"] }),
        coffee(5, { categoryName: "Bonus" }),
        coffee(6, { categoryName: "Coffee", type: "INCOME" }),
        coffee(7),
        coffee(8, { type: "INCOME" }),
      ],
      errors: [],
    },
    facts({ categories: [...categories, { id: "mine-to-categorize", name: "to Categorize", type: "income", isDefault: false }] }),
  );
  const view = rows.map((r) => (r.data.kind === "candidate" ? { status: r.status, categoryId: r.data.categoryId, tagsToCreate: r.data.tagsToCreate, error: r.data.error?.key } : null));
  expect(view).toEqual([
    { status: "new", categoryId: "mine-coffee", tagsToCreate: [], error: undefined },
    { status: "new", categoryId: "default-food", tagsToCreate: [], error: undefined },
    { status: "new", categoryId: null, tagsToCreate: ["Work"], error: undefined },
    { status: "error", categoryId: null, tagsToCreate: [], error: "import.row.categoryIsIncome" },
    { status: "error", categoryId: null, tagsToCreate: [], error: "import.row.categoryIsExpense" },
    // No category: "To categorize" of the row's type; the user has an income one, not an expense one (created at the commit).
    { status: "new", categoryId: null, tagsToCreate: [], error: undefined },
    { status: "new", categoryId: "mine-to-categorize", tagsToCreate: [], error: undefined },
  ]);
});

test("the reader's errors are error rows at their lines, among the candidates in line order", () => {
  const errors: RowError[] = [{ line: 3, key: "import.row.amountInvalid", values: { value: "abc" } }];
  const rows = classifyRows({ candidates: [coffee(2), coffee(4)], errors }, facts());
  expect(rows.map((r) => [r.line, r.status, r.included])).toEqual([
    [2, "new", true],
    [3, "error", false],
    [4, "new", true],
  ]);
  expect(rows[1]!.data).toEqual({ kind: "error", error: { key: "import.row.amountInvalid", values: { value: "abc" } } });
});

test("rows are held to the user's USD limit in line order: reaching it exactly is allowed, a cent past it is an error row, and a duplicate counts", () => {
  const usd = (line: number, cents: number, description = `Row ${line}`) => coffee(line, { description, payments: [{ currency: "USD", amountMinor: cents, rate: null }] });
  const stored = BigInt(MAX_USER_TOTAL_MINOR) - 1_500n;
  const rows = classifyRows(
    { candidates: [usd(2, 1_000), usd(3, 400, "Stored"), usd(4, 100), usd(5, 1), usd(6, 100_000)], errors: [] },
    facts({ storedUsdCents: stored, storedKeys: [candidateKey(usd(3, 400, "Stored"))] }),
  );
  expect(statuses(rows)).toEqual(["new+", "duplicate", "new+", "error", "error"]);
  expect(rows[3]!.data.error).toEqual({ key: "import.row.overUserLimit", values: { currency: "USD" } });
  // Whatever the user includes, the preview's USD total stays within the limit (and under 2^53).
  const counted = rows.filter((r) => r.status !== "error").reduce((sum, r) => sum + BigInt(r.data.kind === "candidate" ? r.data.candidate.payments[0]!.usdCents! : 0), stored);
  expect(counted).toBe(BigInt(MAX_USER_TOTAL_MINOR));
});

test("a statement of rows near the largest amount stops at the USD limit long before its sum passes 2^53", () => {
  const largest = 10 ** MAX_AMOUNT_WHOLE_DIGITS * 100 - 1;
  const candidates = Array.from({ length: 100 }, (_, i) => coffee(i + 2, { description: `Big ${i}`, payments: [{ currency: "USD", amountMinor: largest, rate: null }] }));
  const rows = classifyRows({ candidates, errors: [] }, facts({ storedUsdCents: 0n }));
  const included = rows.filter((r) => r.included);
  expect(included).toHaveLength(Math.floor(MAX_USER_TOTAL_MINOR / largest));
  expect(rows.filter((r) => r.status === "error")).toHaveLength(100 - included.length);
});
