/**
 * The form of a name that uniqueness is judged on: trimmed, Unicode-normalised and
 * lower-cased, so "Travel", " travel " and "TRAVEL" are one name. Computed here rather
 * than with SQL lower(), which folds ASCII only ("Ñandú" vs "ñandú").
 */
export function nameKey(name: string): string {
  return name.normalize("NFC").trim().toLowerCase();
}

/**
 * The form of a name that "looks the same" is judged on: nameKey without accents and with one
 * space between words, so "Educación", "EDUCACION" and " educacion " are one name. A user's
 * category may not take a default's name this way (issue 23: two "Educación" in a select).
 */
export function nameFold(name: string): string {
  return nameKey(name).normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC").replace(/\s+/gu, " ");
}
