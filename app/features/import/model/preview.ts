import { defaultNamed } from "~/features/categories/model";
import { fixedBaseRate, type KnownRate, type RateNeed } from "~/features/rates/model";
import { categoryTypeFor, typedRateStored } from "~/features/transactions/model/transaction";
import { MAX_USER_TOTAL_MINOR } from "~/money/amounts";
import { BASE_CURRENCY, isBaseCurrency } from "~/money/currencies";
import { toUsdCents } from "~/money/rates";
import { nameKey } from "~/text/name-key";
import type { ApplyResult, ImportCandidate } from "./candidates";
import { candidateKey, markDuplicates, markOwnExportDuplicates } from "./duplicates";
import type { ImportMessage } from "./read";
import type { ImportRowStatus, StagedPayment, StagedRowData, StoredRateChoice } from "./staged";

// Issue 26, step 4: the preview's classification. Pure: the staging reads the facts (the user's
// categories and tags, the stored duplicate keys or ids, the rates on or before each day, the
// nearest rates) and this gives every record its status, its payments' stored rates and USD
// cents (computed once, here), its category and the tags the commit creates. Decision 039.

export type PreviewCategory = { id: string; name: string; type: "expense" | "income"; isDefault: boolean };

export type PreviewFacts = {
  /** Our own export: duplicates are judged on transaction_id, not on the five-part key. */
  ownExport: boolean;
  /** The user's categories and the defaults, in listCategories' order (the default category is the first of a type). */
  categories: readonly PreviewCategory[];
  /** A default category's name in each language (the locale files' categoryNames, by id): "Comida y restaurantes" is the default too. */
  defaultNamesByLanguage: readonly Readonly<Record<string, string>>[];
  /**
   * The category a row without one goes into, in the user's language ("Uncategorized", "Sin
   * categoría"): matched by name as any other, created at the commit when missing. Not the
   * first category of the type, which would file a whole bank statement under "Education".
   */
  uncategorizedName: string;
  /** The user's tags. */
  tags: readonly { id: string; name: string }[];
  /** duplicateKey of each stored single-payment transaction in the file's date range, one entry per transaction. */
  storedKeys: readonly string[];
  /** Which of the file's transaction_ids are already the user's (our own export). */
  existingIds: ReadonlySet<string>;
  /** The rate on or before the day, keyed `${currency}:${date}` (rateKey). */
  ratesOnFile: ReadonlyMap<string, KnownRate>;
  /** Where none is on file: the nearest known rate, keyed the same. */
  suggestions: ReadonlyMap<string, KnownRate>;
  /** The user ticked "apply the suggested rate to all such rows". */
  applySuggestedRates: boolean;
  /** Decimals of every currency a payment may be in. */
  decimals: ReadonlyMap<string, number>;
  /**
   * The user's kept USD total (decision 011). The reader holds each currency's amounts to the
   * limit but knows no rates; here the rows' USD cents are added to this in line order, so the
   * preview's USD totals, as the commit's, stay within MAX_USER_TOTAL_MINOR (under 2^53).
   */
  storedUsdCents: bigint;
};

/** One row as staged (import_rows). */
export type StagedRow = { line: number; status: ImportRowStatus; included: boolean; data: StagedRowData };

export const rateKey = (currency: string, date: string) => `${currency}:${date}`;

/**
 * The (currency, day) pairs whose rate the staging looks up: every non-USD payment without a
 * rate from the file, and every one with a bare file rate (a mapped column), whose stored date
 * and source depend on whether it is exactly the rate on file (typedRateStored). Without
 * `fileRates`, only the payments the file gives no rate for: what the history provider is asked.
 */
export function rateNeeds(candidates: readonly ImportCandidate[], { fileRates = true }: { fileRates?: boolean } = {}): RateNeed[] {
  const seen = new Map<string, RateNeed>();
  for (const candidate of candidates) {
    for (const payment of candidate.payments) {
      if (isBaseCurrency(payment.currency) || (payment.rate && (payment.rate.date !== null || !fileRates))) continue;
      seen.set(rateKey(payment.currency, candidate.date), { currencyCode: payment.currency, date: candidate.date });
    }
  }
  return [...seen.values()];
}

/** The candidates' date range (what the stored duplicate keys are read over), or null when there are none. */
export function dateRange(candidates: readonly ImportCandidate[]): { from: string; to: string } | null {
  if (candidates.length === 0) return null;
  let from = candidates[0]!.date;
  let to = from;
  for (const c of candidates) {
    if (c.date < from) from = c.date;
    if (c.date > to) to = c.date;
  }
  return { from, to };
}

/** Every record of the applied file as a staged row, in line order. */
export function classifyRows(applied: Pick<ApplyResult, "candidates" | "errors">, facts: PreviewFacts): StagedRow[] {
  const duplicates = duplicatesOf(applied.candidates, facts);
  const resolveCategory = categoryResolver(facts);
  const tagKeys = new Set(facts.tags.map((t) => nameKey(t.name)));
  const withinUsdLimit = usdLimit(facts.storedUsdCents);
  const rows: StagedRow[] = applied.candidates.map((read, i) => {
    const candidate = read.categoryName === null ? { ...read, categoryName: facts.uncategorizedName } : read;
    const payments = candidate.payments.map((p) => stagePayment(candidate.date, p, facts));
    const category = resolveCategory(candidate);
    const tagsToCreate = candidate.tagNames.filter((name) => !tagKeys.has(nameKey(name)));
    const error = category.kind === "error" ? category.error : (rateError(candidate.date, payments) ?? withinUsdLimit(payments));
    const data: StagedRowData = {
      kind: "candidate",
      candidate: { ...candidate, payments },
      categoryId: category.kind === "ok" ? category.id : null,
      tagsToCreate,
      ...(error ? { error } : {}),
    };
    if (error) return { line: candidate.line, status: "error", included: false, data };
    if (duplicates[i]) return { line: candidate.line, status: "duplicate", included: false, data: { ...data, duplicateBy: duplicates[i] } };
    return { line: candidate.line, status: "new", included: true, data };
  });
  for (const error of applied.errors) {
    rows.push({ line: error.line, status: "error", included: false, data: { kind: "error", error: { key: error.key, ...(error.values ? { values: error.values } : {}) } } });
  }
  rows.sort((a, b) => a.line - b.line);
  // Two records on one line cannot happen (a line starts one record); a parse problem is reported
  // at the line a record would start on, which may be a refused record's: keep the first.
  return rows.filter((row, i) => i === 0 || rows[i - 1]!.line !== row.line);
}

/**
 * Decision 011 in USD, as the reader holds each currency: a row whose USD cents would take the
 * running total past MAX_USER_TOTAL_MINOR is an error row and is not counted. Every row that may
 * be included counts (a duplicate too: the user may include it), so any choice of rows stays
 * within the limit. In BigInt: the stored total plus a file's rows may pass 2^53 before the check.
 */
function usdLimit(stored: bigint): (payments: readonly StagedPayment[]) => ImportMessage | undefined {
  let total = stored;
  return (payments) => {
    const next = payments.reduce((sum, p) => sum + BigInt(p.usdCents ?? 0), total);
    if (next > BigInt(MAX_USER_TOTAL_MINOR)) return { key: "import.row.overUserLimit", values: { currency: BASE_CURRENCY } };
    total = next;
    return undefined;
  };
}

/**
 * Which candidates are duplicates, and by what. A foreign file: the five-part key, occurrences
 * counted (decision 036). Our own export: a transaction_id already in the account; and, for a
 * single-payment transaction whose id is not (the file was exported from another account, or
 * imported here before, which gave its transactions new ids), the same key, counted among the
 * stored transactions that no id of the file already matched: our export imported twice into a
 * new account imports nothing the second time.
 */
function duplicatesOf(candidates: readonly ImportCandidate[], facts: PreviewFacts): ("transactionId" | "key" | null)[] {
  if (!facts.ownExport) {
    return markDuplicates(
      candidates.map((c) => candidateKey(c)),
      facts.storedKeys,
    ).map((duplicate) => (duplicate ? "key" : null));
  }
  const byId = markOwnExportDuplicates(candidates, facts.existingIds);
  const single = (c: ImportCandidate) => c.payments.length === 1;
  const pool = new Map<string, number>();
  for (const key of facts.storedKeys) pool.set(key, (pool.get(key) ?? 0) + 1);
  // A stored transaction matched by its id is not there to match another row by its key.
  candidates.forEach((c, i) => {
    if (!byId[i] || !single(c)) return;
    const key = candidateKey(c);
    if ((pool.get(key) ?? 0) > 0) pool.set(key, pool.get(key)! - 1);
  });
  return candidates.map((c, i) => {
    if (byId[i]) return "transactionId";
    if (!single(c)) return null;
    const key = candidateKey(c);
    const left = pool.get(key) ?? 0;
    if (left === 0) return null;
    pool.set(key, left - 1);
    return "key";
  });
}

/**
 * A payment's stored rate (ARCHITECTURE.md 4, decision 037): USD is 1 (fixed); our own export's
 * rate keeps its date and source; a mapped rate column's is the rate on file's date and source
 * when it is exactly that rate, else manual on the transaction's day; no file rate: the rate on
 * or before the day, else nothing (never 1), with the nearest known rate offered, and taken as
 * manual on the transaction's day only when the user ticked "apply suggested rates".
 */
export function stagePayment(date: string, payment: ImportCandidate["payments"][number], facts: Pick<PreviewFacts, "ratesOnFile" | "suggestions" | "applySuggestedRates" | "decimals">): StagedPayment {
  const decimals = facts.decimals.get(payment.currency) ?? 2;
  const withRate = (stored: StoredRateChoice | null, suggestion: StoredRateChoice | null = null): StagedPayment => ({
    ...payment,
    stored,
    usdCents: stored ? toUsdCents(payment.amountMinor, decimals, stored.rate) : null,
    suggestion,
  });
  if (isBaseCurrency(payment.currency)) {
    const fixed = fixedBaseRate(date);
    return withRate({ rate: fixed.rate, date: fixed.date, source: fixed.source });
  }
  const key = rateKey(payment.currency, date);
  const onFile = facts.ratesOnFile.get(key);
  if (payment.rate) {
    if (payment.rate.date !== null && payment.rate.source !== null) return withRate({ rate: payment.rate.rate, date: payment.rate.date, source: payment.rate.source });
    return withRate(typedRateStored(payment.rate.rate, date, onFile));
  }
  if (onFile) return withRate({ rate: onFile.rate, date: onFile.date, source: onFile.source });
  const nearest = facts.suggestions.get(key);
  const suggestion = nearest ? { rate: nearest.rate, date: nearest.date, source: nearest.source } : null;
  if (suggestion && facts.applySuggestedRates) return withRate(typedRateStored(suggestion.rate, date, null), suggestion);
  return withRate(null, suggestion);
}

/**
 * A candidate whose payment has no rate is an error row: "No USD rate for VES on 2019-03-02"
 * (import.row.rateMissing), or, when every such payment has a nearest rate to offer,
 * import.row.rateSuggested: the rows "apply the suggested rate to all" fixes (counted as
 * `suggestible`).
 */
function rateError(date: string, payments: readonly StagedPayment[]): ImportMessage | undefined {
  const missing = payments.filter((p) => p.stored === null);
  if (missing.length === 0) return undefined;
  const first = missing[0]!;
  const values = { currency: first.currency, date };
  if (missing.every((p) => p.suggestion !== null)) {
    return { key: "import.row.rateSuggested", values: { ...values, rate: first.suggestion!.rate, rateDate: first.suggestion!.date } };
  }
  return { key: "import.row.rateMissing", values };
}

type CategoryChoice = { kind: "ok"; id: string } | { kind: "create" } | { kind: "error"; error: ImportMessage };

/**
 * A candidate's category: by name (nameKey, the categories feature's rule) among the user's
 * categories of its type, then the defaults of its type as the categories feature judges a name
 * to be a default's (defaultNamed: folded, in either language), so the commit never tries to
 * create a category the feature would refuse; unknown: created at the commit (categoryId null).
 * A name that exists only as the other type is an error row. No category cell: the user's
 * "Uncategorized" of that type (uncategorizedName), found or created like any name.
 */
function categoryResolver(facts: PreviewFacts): (candidate: ImportCandidate) => CategoryChoice {
  const own = new Map<string, string>();
  for (const c of facts.categories) if (!c.isDefault) own.set(`${c.type}:${nameKey(c.name)}`, c.id);
  const defaults = {
    expense: facts.categories.filter((c) => c.isDefault && c.type === "expense"),
    income: facts.categories.filter((c) => c.isDefault && c.type === "income"),
  };
  const find = (name: string, type: "expense" | "income") => own.get(`${type}:${nameKey(name)}`) ?? defaultNamed(name, defaults[type], facts.defaultNamesByLanguage)?.id;
  return (candidate) => {
    const type = categoryTypeFor(candidate.type);
    const name = candidate.categoryName ?? facts.uncategorizedName;
    const id = find(name, type);
    if (id) return { kind: "ok", id };
    const other = type === "expense" ? "income" : "expense";
    // The fallback is made for either type (a name may be both an expense and an income category).
    if (name !== facts.uncategorizedName && find(name, other)) {
      return { kind: "error", error: { key: other === "income" ? "import.row.categoryIsIncome" : "import.row.categoryIsExpense", values: { name } } };
    }
    return { kind: "create" };
  };
}
