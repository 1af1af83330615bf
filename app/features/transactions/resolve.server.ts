import { and } from "drizzle-orm";
import { findCategoryQuery, type Category } from "~/features/categories/queries.server";
import { findRatesOnQuery } from "~/features/rates/queries.server";
import { BASE_CURRENCY } from "~/money/currencies";
import type { TransactionInput } from "~/features/transactions/model";
import { inList } from "~/platform/db/bound-lists.server";
import type { Db } from "~/platform/db/client.server";
import { ownerCheck } from "~/platform/db/owner-check.server";
import { currencies, tags } from "~/platform/db/schema";
import { resolveTransaction, type RecordedTransaction, type Resolution, type ResolveFacts } from "./resolve";

// The database side of resolving a transaction (resolve.ts): what its rules need, read in one
// batch (one round trip on D1) before they run.

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
  const tagIds = [...new Set(input.tagIds)];
  // USD's rate is the rule's own (1, fixed), never looked up.
  const codes = [...new Set(input.payments.map((p) => p.currencyCode))].filter((code) => code !== BASE_CURRENCY);
  const [[category], ownedTags, currencyRows, rates] = await db.batch([
    findCategoryQuery(db, userId, input.categoryId),
    db
      .select({ id: tags.id })
      .from(tags)
      // Found by id (the list), checked for owner: an indexed user equality would walk all the user's tags.
      .where(and(ownerCheck(tags.userId, userId), inList(tags.id, tagIds))),
    db.select({ code: currencies.code, decimalPlaces: currencies.decimalPlaces, isActive: currencies.isActive }).from(currencies),
    findRatesOnQuery(db, codes, input.date),
  ]);
  return {
    category,
    ownedTagIds: new Set(ownedTags.map((t) => t.id)),
    currencies: currencyRows,
    ratesOnDate: new Map(rates.map((r) => [r.currencyCode, r])),
    recorded,
  };
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
