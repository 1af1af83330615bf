// The scripts' one way of writing rows as SQL text (the demo seed, the bench data, admin:create),
// for `wrangler d1 execute --file`, which takes SQL with its values written in, no bound
// parameters. Tests write rows with tests/setup/rows.ts (Drizzle over the schema's types); the
// scripts cannot import it: plain Node loads the schema's TypeScript only when every relative
// import names its .ts file, and app/platform/db/schema.ts imports without extensions (drizzle-kit
// and Vite resolve them; Node does not).

/** A value as an SQL literal: NULL, a number, true/false as 1/0, or a quoted string. */
export function sqlValue(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * INSERT statements for rows of one table (snake_case keys, every row with the first row's keys),
 * `rowsPerStatement` rows each so no statement grows past D1's statement size;
 * `orIgnore` keeps an existing row with the same key (an idempotent seed).
 */
export function insertSql(table, rows, { orIgnore = false, rowsPerStatement = 400 } = {}) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const statements = [];
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const values = rows.slice(i, i + rowsPerStatement).map((row) => `(${columns.map((column) => sqlValue(row[column])).join(", ")})`);
    statements.push(`INSERT${orIgnore ? " OR IGNORE" : ""} INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")};`);
  }
  return statements;
}
