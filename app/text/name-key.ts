/**
 * The form of a name that uniqueness is judged on: trimmed, Unicode-normalised and
 * lower-cased, so "Travel", " travel " and "TRAVEL" are one name. Computed here rather
 * than with SQL lower(), which folds ASCII only ("Ñandú" vs "ñandú").
 */
export function nameKey(name: string): string {
  return name.normalize("NFC").trim().toLowerCase();
}
