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

/** Which of the per-user limits of decision 011 a write would have passed. */
export type UserTotalLimit = "usd" | "currency";

/**
 * The per-user total a failed write would have taken past its limit, from the CHECK on the running
 * totals (schema.ts: paymentTotals, paymentCurrencyTotals), or undefined for any other failure.
 */
export function userTotalLimitViolated(error: unknown): UserTotalLimit | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const message = String(e instanceof Error ? e.message : e);
    if (/CHECK constraint failed: payment_totals_usd_limit/i.test(message)) return "usd";
    if (/CHECK constraint failed: payment_currency_totals_amount_limit/i.test(message)) return "currency";
    e = e instanceof Error ? e.cause : undefined;
  }
  return undefined;
}

/** Thrown by the transaction writes when the database refused them for passing a per-user limit; nothing was written. */
export class UserTotalLimitError extends Error {
  readonly limit: UserTotalLimit;
  constructor(limit: UserTotalLimit, options?: { cause?: unknown }) {
    super(`the write would take the user's ${limit} total past its limit`, options);
    this.name = "UserTotalLimitError";
    this.limit = limit;
  }
}

/** True when a write failed on the named CHECK constraint (searched through the cause chain, as above). */
export function checkViolated(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (String(e instanceof Error ? e.message : e).includes(`CHECK constraint failed: ${constraint}`)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}
