import { type Column, type SQL, sql } from "drizzle-orm";
import { transactions } from "./schema";

type TransactionType = (typeof transactions.$inferSelect)["type"];

/**
 * The sum of a column over the rows of one transaction type (and, when given, one more
 * condition), 0 when there are none: the income and expense figures of every total.
 *
 * The type is written into the SQL, not bound: it is one of two fixed words, and a bound
 * parameter would count against D1's 100 per statement. Each sum carries its own alias
 * because D1 returns batch rows keyed by column name (docs/decisions/004).
 */
export function sumOfType(type: TransactionType, column: Column, alias: string, also?: SQL) {
  const when = also ? sql`${transactions.type} = ${sql.raw(`'${type}'`)} and ${also}` : sql`${transactions.type} = ${sql.raw(`'${type}'`)}`;
  return sql<number>`coalesce(sum(case when ${when} then ${column} else 0 end), 0)`.as(alias);
}
