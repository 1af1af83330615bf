import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.server";

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

/** Characters of JSON per statement of insertFromJson: each piece stays well under D1's 2 MB per value whatever its text. */
export const JSON_ROWS_CHUNK_CHARS = 500_000;

/**
 * INSERTs of many rows that bind one parameter each, however many rows: the rows go in as JSON
 * arrays (one per row, in the table's column order) that `INSERT … SELECT … FROM json_each(?)`
 * reads, a piece of at most JSON_ROWS_CHUNK_CHARS characters per statement. 20,000 transactions
 * are a handful of statements instead of one per 7 rows (insertChunks), which D1's statements
 * per invocation would not allow. Rows are inserted in order, so row triggers run as they would
 * for the rows one by one. A column a row leaves out takes its `$defaultFn` value, or NULL; one
 * with a SQL default must be given. Run the inserts in one batch so the write stays atomic.
 */
export function insertFromJson(db: Db, table: SQLiteTable, rows: readonly Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table));
  const select = sql.raw(columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", "));
  const statements: Parameters<Db["batch"]>[0][number][] = [];
  let piece: string[] = [];
  let size = 0;
  const flush = () => {
    if (piece.length === 0) return;
    statements.push(db.insert(table).select(sql`select ${select} from json_each(${`[${piece.join(",")}]`})`));
    piece = [];
    size = 0;
  };
  for (const row of rows) {
    const values = columns.map(([key, column]) => {
      let value = row[key];
      if (value === undefined) {
        if (column.defaultFn) value = column.defaultFn();
        else if (column.hasDefault) throw new Error(`insertFromJson: ${column.name} has a SQL default; give it a value`);
        else value = null;
      }
      if (value instanceof Date) return value.getTime();
      if (typeof value === "boolean") return value ? 1 : 0;
      return value;
    });
    const item = JSON.stringify(values);
    if (size + item.length > JSON_ROWS_CHUNK_CHARS) flush();
    piece.push(item);
    size += item.length + 1;
  }
  flush();
  return statements;
}
