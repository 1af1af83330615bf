import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * `column = userId` as a check on rows found some other way, never as the way to find them.
 *
 * Without ANALYZE statistics (D1 keeps none, and neither does a new Turso database) SQLite
 * guesses that an equality on an indexed column is selective, so `payments.user_id = ?` made
 * it read every payment the user ever recorded (payments_user_currency_idx) instead of looking
 * up the few transaction ids or the date range already in hand: 99 ms instead of 8 for the
 * dashboard's currency card over 50,000 transactions. SQLite's unary `+` keeps the column out
 * of index selection; the condition still filters every row, so ownership is checked as before.
 */
export function ownerCheck(column: Column, userId: string): SQL {
  return sql`+${column} = ${userId}`;
}
