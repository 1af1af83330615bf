import type { Client, InStatement, InValue, ResultSet } from "@libsql/client/web";

/**
 * The D1 binding's shape over a libSQL client, for the integration tests' second run
 * (vitest.libsql.config.ts): the tests read and seed the database through `env.DB` as D1's API,
 * and on that run their statements go to the same libSQL database the Worker writes through
 * `TURSO_DATABASE_URL`. Only what the tests use: prepare/bind with first, all, run and raw,
 * batch (one transaction, as D1's) and exec. Results have D1's shape; whole JS numbers are bound
 * as integers, as D1 binds them (the libSQL client sends every number as a float).
 */
export function d1OverLibsql(client: Client): D1Database {
  const toStatement = (statement: unknown): InStatement => (statement as Statement).statement;
  class Statement {
    constructor(
      readonly sql: string,
      readonly args: InValue[] = [],
    ) {}
    get statement(): InStatement {
      return { sql: this.sql, args: this.args };
    }
    bind(...values: unknown[]) {
      return new Statement(this.sql, values.map(toValue));
    }
    async first(column?: string) {
      const row = rowsOf(await client.execute(this.statement))[0];
      if (!row) return null;
      return column === undefined ? row : row[column];
    }
    async all() {
      return answerOf(await client.execute(this.statement));
    }
    async run() {
      return answerOf(await client.execute(this.statement));
    }
    async raw(options?: { columnNames?: boolean }) {
      const result = await client.execute(this.statement);
      const rows = result.rows.map((row) => result.columns.map((_, i) => row[i]));
      return options?.columnNames ? [result.columns, ...rows] : rows;
    }
  }
  const db = {
    prepare: (sql: string) => new Statement(sql),
    batch: async (statements: unknown[]) => (await client.batch(statements.map(toStatement), "write")).map(answerOf),
    exec: async (sql: string) => {
      await client.executeMultiple(sql);
      return { count: sql.split(";").filter((s) => s.trim()).length, duration: 0 };
    },
  };
  return db as unknown as D1Database;
}

function toValue(value: unknown): InValue {
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (typeof value === "boolean") return value ? 1n : 0n;
  return value as InValue;
}

function rowsOf(result: ResultSet): Record<string, unknown>[] {
  return result.rows.map((row) => Object.fromEntries(result.columns.map((name, i) => [name, row[i]])));
}

function answerOf(result: ResultSet) {
  return {
    success: true,
    results: rowsOf(result),
    meta: {
      changes: result.rowsAffected,
      last_row_id: Number(result.lastInsertRowid ?? 0),
      changed_db: result.rowsAffected > 0,
      duration: 0,
      rows_read: result.rows.length,
      rows_written: result.rowsAffected,
      size_after: 0,
    },
  };
}
