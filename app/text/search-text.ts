// Search compares folded text: lower-cased, decomposed (NFD) and without combining marks, so
// "CAFÉ", "Café" and "cafe" are one word. Rows store the folded copy of what is searched
// (transactions.search_text, users.search_text) and the query is folded the same way; the
// database then only looks for a substring (instr), which has no pattern length limit, unlike
// LIKE on D1 (50 bytes). SQL's lower() folds ASCII only, so the folding happens here.

/** Longest search accepted, in characters (the web lists say so and ignore it; the API answers 400). */
export const SEARCH_MAX = 100;

/** "CAFÉ Ñandú" → "cafe nandu". */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
}

/** What a transaction's search matches: its description. */
export function transactionSearchText(description: string): string {
  return foldForSearch(description);
}

/**
 * What the admin user search matches: the full name and the email. A line break separates them
 * so a search cannot match across the two (the search box is one line).
 */
export function userSearchText(user: { firstName: string; lastName: string; email: string }): string {
  return foldForSearch(`${user.firstName} ${user.lastName}\n${user.email}`);
}
