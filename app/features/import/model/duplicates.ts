import { foldForSearch } from "~/text/search-text";
import type { ImportCandidate } from "./candidates";

// Issue 26, "Duplicates count occurrences". Pure: the flow reads the stored transactions' keys
// (or ids) and asks which candidates are duplicates. Decision 036.

/** What makes two single-payment transactions "the same" for a file from a bank or another app. */
export type DuplicateKeyParts = { date: string; currency: string; amountMinor: number; type: string; description: string };

/** (date, currency, amount in minor units, type, folded description): case, accents and runs of spaces do not count. */
export function duplicateKey(parts: DuplicateKeyParts): string {
  const description = foldForSearch(parts.description).trim().replace(/\s+/gu, " ");
  return JSON.stringify([parts.date, parts.currency, parts.amountMinor, parts.type, description]);
}

/** A foreign file's candidate has one payment: its key. */
export function candidateKey(candidate: ImportCandidate): string {
  const payment = candidate.payments[0]!;
  return duplicateKey({ ...candidate, currency: payment.currency, amountMinor: payment.amountMinor });
}

/**
 * Which candidates are duplicates, counting occurrences: the nth candidate with a key matches
 * the nth stored transaction with it, if there is one; the rest are new. Three identical
 * coffees in a file and none stored: three new. The same file again: all duplicates. `storedKeys`
 * is a list (one entry per stored transaction), not a set. In file order.
 */
export function markDuplicates(candidateKeys: readonly string[], storedKeys: readonly string[]): boolean[] {
  const left = new Map<string, number>();
  for (const key of storedKeys) left.set(key, (left.get(key) ?? 0) + 1);
  return candidateKeys.map((key) => {
    const count = left.get(key) ?? 0;
    if (count === 0) return false;
    left.set(key, count - 1);
    return true;
  });
}

/** Our own export: a candidate whose transaction_id is already in the account is a duplicate. */
export function markOwnExportDuplicates(candidates: readonly ImportCandidate[], existingIds: ReadonlySet<string>): boolean[] {
  return candidates.map((candidate) => candidate.transactionId !== null && existingIds.has(candidate.transactionId));
}
