/**
 * True when a write failed on a UNIQUE index. Drizzle wraps the driver's error
 * (D1 and libSQL word it alike) in its own, so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (/UNIQUE constraint failed/i.test(String(e instanceof Error ? e.message : e))) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}
