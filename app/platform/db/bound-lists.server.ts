import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

// D1 refuses a statement with more than 100 bound parameters; local SQLite and libSQL accept
// thousands, so only the Worker on D1 shows it (a page of 100 rows answered 500). A query built
// from a list never binds one parameter per item: the list goes in as one JSON array read by
// json_each (both drivers ship SQLite's JSON functions), and multi-row inserts are split.

export const D1_MAX_BOUND_PARAMETERS = 100;

/** The list as one bound parameter: a JSON array that json_each turns into rows. */
export function jsonList(values: readonly string[]): SQL {
  return sql`${JSON.stringify(values)}`;
}

/**
 * `column IN (values)` with one parameter however long the list. SQLite still looks each value
 * up in the column's index (the plan shows the index, then `LIST SUBQUERY` over json_each).
 */
export function inList(column: Column | SQL, values: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${jsonList(values)}))`;
}

/**
 * Rows split so that each INSERT binds at most D1's limit: every column of the table may be a
 * parameter (the ones a row leaves out get their default function's value). Run the inserts in
 * one batch so the write stays atomic.
 */
export function insertChunks<T>(table: SQLiteTable, rows: readonly T[]): T[][] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / perRow));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
