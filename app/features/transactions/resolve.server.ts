import { eq } from "drizzle-orm";
import { findCategoriesQuery, type Category } from "~/features/categories/queries.server";
import { currencyFactsQuery, findRatesOnQuery } from "~/features/rates/queries.server";
import { ownedTagIdsQuery } from "~/features/tags/queries.server";
import { BASE_CURRENCY } from "~/money/currencies";
import type { TransactionInput } from "~/features/transactions/schemas/transaction";
import type { Db } from "~/platform/db/client.server";
import { paymentCurrencyTotals, paymentTotals } from "~/platform/db/schema";
import { resolveTransaction, type RateOnFile, type RecordedTransaction, type Resolution, type ResolveFacts } from "./model/resolve";

// The database side of resolving transactions (resolve.ts): what their rules need, read in one
// batch (one round trip on D1) before they run, once however many inputs a write carries. The
// categories, tags, currencies and rates come through their owners' queries.server.ts.

/** What a user has recorded so far, as the running totals of decision 011 hold it. */
export type UserTotals = { usdCents: bigint; byCurrency: Map<string, bigint> };

/** The facts of a batch of inputs, each input's own picked out by factsFor. */
export type BatchFacts = {
  factsFor: (input: TransactionInput, recorded?: RecordedTransaction) => ResolveFacts & { category: Category | undefined };
  totals: UserTotals;
};

type BatchItem = Parameters<Db["batch"]>[0][number];

/** The user's running totals (decision 011) as two keyed reads, for a caller's batch. */
export function userTotalsQueries(db: Db, userId: string) {
  return [
    db.select({ usdCents: paymentTotals.usdCents }).from(paymentTotals).where(eq(paymentTotals.userId, userId)),
    db
      .select({ currencyCode: paymentCurrencyTotals.currencyCode, amountMinor: paymentCurrencyTotals.amountMinor })
      .from(paymentCurrencyTotals)
      .where(eq(paymentCurrencyTotals.userId, userId)),
  ] as const;
}

export function toUserTotals(usd: { usdCents: number }[], byCurrency: { currencyCode: string; amountMinor: number }[]): UserTotals {
  return {
    usdCents: BigInt(usd[0]?.usdCents ?? 0),
    byCurrency: new Map(byCurrency.map((r) => [r.currencyCode, BigInt(r.amountMinor)])),
  };
}

/**
 * Every input's categories, which of their tags are the user's, every currency, the rates on
 * file for each (currency, date) pair, and the user's running totals: one batch for all.
 */
export async function loadBatchFacts(db: Db, userId: string, inputs: readonly TransactionInput[]): Promise<BatchFacts> {
  const categoryIds = [...new Set(inputs.map((i) => i.categoryId))];
  const tagIds = [...new Set(inputs.flatMap((i) => i.tagIds))];
  // USD's rate is the rule's own (1, fixed), never looked up. One lookup per date, for that date's currencies.
  const codesByDate = new Map<string, Set<string>>();
  for (const input of inputs) {
    for (const p of input.payments) {
      if (p.currencyCode === BASE_CURRENCY) continue;
      const codes = codesByDate.get(input.date) ?? new Set<string>();
      codes.add(p.currencyCode);
      codesByDate.set(input.date, codes);
    }
  }
  const dates = [...codesByDate.keys()];
  const [totalsUsd, totalsByCurrency] = userTotalsQueries(db, userId);
  const queries: [BatchItem, ...BatchItem[]] = [
    findCategoriesQuery(db, userId, categoryIds),
    ownedTagIdsQuery(db, userId, tagIds),
    currencyFactsQuery(db),
    totalsUsd,
    totalsByCurrency,
    ...dates.map((date) => findRatesOnQuery(db, [...codesByDate.get(date)!], date)),
  ];
  const [categoryRows, ownedTags, currencyRows, usdRows, currencyTotalRows, ...rateRows] = (await db.batch(queries)) as unknown as [
    Category[],
    { id: string }[],
    { code: string; decimalPlaces: number; isActive: boolean }[],
    { usdCents: number }[],
    { currencyCode: string; amountMinor: number }[],
    ...{ currencyCode: string; rate: string; date: string; source: string }[][],
  ];
  const categories = new Map(categoryRows.map((c) => [c.id, c]));
  const owned = new Set(ownedTags.map((t) => t.id));
  const ratesByDate = new Map<string, Map<string, RateOnFile>>(
    dates.map((date, i) => [date, new Map(rateRows[i]!.map((r) => [r.currencyCode, { rate: r.rate, date: r.date, source: r.source }]))]),
  );
  const noRates = new Map<string, RateOnFile>();
  return {
    factsFor: (input, recorded) => ({
      category: categories.get(input.categoryId),
      ownedTagIds: owned,
      currencies: currencyRows,
      ratesOnDate: ratesByDate.get(input.date) ?? noRates,
      recorded,
    }),
    totals: toUserTotals(usdRows, currencyTotalRows),
  };
}

/**
 * The input's category (the whole row, which a caller may also show), which of its tags are
 * the user's, every currency, and the rates on the input's date.
 */
export async function loadResolveFacts(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded?: RecordedTransaction,
): Promise<ResolveFacts & { category: Category | undefined }> {
  return (await loadBatchFacts(db, userId, [input])).factsFor(input, recorded);
}

/** Reads the facts, then resolves the input against them. */
export async function loadAndResolveTransaction(
  db: Db,
  userId: string,
  input: TransactionInput,
  recorded?: RecordedTransaction,
): Promise<Resolution> {
  return resolveTransaction(input, await loadResolveFacts(db, userId, input, recorded));
}
