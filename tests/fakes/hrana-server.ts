import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, send } from "./http.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";

// A libSQL server for tests, on loopback only: Hrana 2 over HTTP (libSQL's docs/HTTP_V2_SPEC.md,
// the protocol `@libsql/client/web` speaks to Turso) on the real libSQL engine (the `libsql`
// package), since no sqld installs here (decision 027). Each stream is a connection of its own to
// one database file, named by a baton that changes with every answer; an idle stream closes.
//
//   GET  /v2                 200: this server speaks version 2 (anything else, e.g. /v3-protobuf, is 404)
//   POST /v2/pipeline        {baton, requests}: execute, batch, sequence, describe, store_sql,
//                            close_sql, get_autocommit, close; answers {baton, base_url, results}
//
// On the wire integers are strings and blobs base64, as the spec says.

type Value =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
type Stmt = { sql?: string; sql_id?: number; args?: Value[]; named_args?: { name: string; value: Value }[]; want_rows?: boolean };
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type Request = { type: string; stmt?: Stmt; batch?: { steps: { condition?: Cond | null; stmt: Stmt }[] }; sql?: string | null; sql_id?: number | null };
type Stream = { conn: Database.Database; sqls: Map<number, string>; timer?: NodeJS.Timeout };

export type HranaServer = {
  /** http://127.0.0.1:<port>, no trailing slash: a `TURSO_DATABASE_URL`. */
  url: string;
  /** How many pipeline requests it has answered (a test can see that its client reached it). */
  pipelines(): number;
  close(): Promise<void>;
};

class HranaError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

export async function startHranaServer({ host = "127.0.0.1", idleMs = 10_000 }: { host?: string; idleMs?: number } = {}): Promise<HranaServer> {
  const dir = mkdtempSync(join(tmpdir(), "hrana-"));
  const file = join(dir, "db.sqlite");
  new Database(file).exec("PRAGMA journal_mode = WAL");
  const streams = new Map<string, Stream>();
  let pipelines = 0;

  const closeStream = (stream: Stream) => {
    clearTimeout(stream.timer);
    if (stream.conn.open) stream.conn.close();
  };

  function pipeline(body: { baton?: string | null; requests: Request[] }) {
    let stream: Stream | undefined;
    if (body.baton) {
      stream = streams.get(body.baton);
      if (!stream) throw new HranaError("Unknown or expired baton", "STREAM_EXPIRED");
      streams.delete(body.baton);
      clearTimeout(stream.timer);
    } else {
      const conn = new Database(file);
      conn.defaultSafeIntegers(true);
      stream = { conn, sqls: new Map() };
    }
    const open = stream;
    let closed = false;
    const results = body.requests.map((request) => {
      try {
        if (closed) throw new HranaError("The stream is closed", "STREAM_CLOSED");
        if (request.type === "close") closed = true;
        return { type: "ok", response: { type: request.type, ...handle(open, request) } };
      } catch (error) {
        return { type: "error", error: toProtoError(error) };
      }
    });
    if (closed) {
      closeStream(open);
      return { baton: null, base_url: null, results };
    }
    const baton = randomUUID();
    open.timer = setTimeout(() => streams.delete(baton) && closeStream(open), idleMs).unref();
    streams.set(baton, open);
    return { baton, base_url: null, results };
  }

  function handle(stream: Stream, request: Request): object {
    switch (request.type) {
      case "close":
        return {};
      case "execute":
        return { result: execute(stream, request.stmt!) };
      case "batch":
        return { result: batch(stream, request.batch!.steps) };
      case "sequence":
        stream.conn.exec(sqlOf(stream, request));
        return {};
      case "describe":
        return { result: describe(stream, sqlOf(stream, request)) };
      case "store_sql":
        stream.sqls.set(request.sql_id!, request.sql!);
        return {};
      case "close_sql":
        stream.sqls.delete(request.sql_id!);
        return {};
      case "get_autocommit":
        return { is_autocommit: !stream.conn.inTransaction };
      default:
        throw new HranaError(`Unknown request type ${request.type}`, "PROTO_ERROR");
    }
  }

  function sqlOf(stream: Stream, { sql, sql_id }: { sql?: string | null; sql_id?: number | null }): string {
    if (sql != null) return sql;
    const stored = sql_id == null ? undefined : stream.sqls.get(sql_id);
    if (stored === undefined) throw new HranaError(`No SQL text stored as ${sql_id}`, "SQL_NOT_FOUND");
    return stored;
  }

  function execute({ conn, sqls }: Stream, stmt: Stmt) {
    const prepared = conn.prepare(sqlOf({ conn, sqls }, stmt));
    const args = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map(({ name, value }) => [name.replace(/^[:@$]/, ""), fromProto(value)]))
      : (stmt.args ?? []).map(fromProto);
    const cols = prepared.columns().map(({ name, type }) => ({ name, decltype: type }));
    // libsql's `run(x)` reads a lone object as named arguments, so positional ones go as one array.
    if (!prepared.reader) {
      const { changes, lastInsertRowid } = prepared.run(args);
      return { cols, rows: [], affected_row_count: changes, last_insert_rowid: String(lastInsertRowid) };
    }
    const scalar = (sql: string) => (conn.prepare(sql).raw().get() as unknown[])[0];
    const before = scalar("select total_changes()");
    const rows = (prepared.raw().all(args) as unknown[][]).map((row) => row.map(toProto));
    // A reader that wrote (INSERT … RETURNING) counts its rows like any write; a SELECT counts none.
    const wrote = scalar("select total_changes()") !== before;
    return {
      cols,
      rows: stmt.want_rows === false ? [] : rows,
      affected_row_count: wrote ? Number(scalar("select changes()")) : 0,
      last_insert_rowid: String(scalar("select last_insert_rowid()")),
    };
  }

  function batch(stream: Stream, steps: { condition?: Cond | null; stmt: Stmt }[]) {
    const results: (object | null)[] = [];
    const errors: (object | null)[] = [];
    const holds = (cond: Cond): boolean => {
      switch (cond.type) {
        case "ok":
          return results[cond.step] != null;
        case "error":
          return errors[cond.step] != null;
        case "not":
          return !holds(cond.cond);
        case "and":
          return cond.conds.every(holds);
        case "or":
          return cond.conds.some(holds);
        case "is_autocommit":
          return !stream.conn.inTransaction;
      }
    };
    for (const { condition, stmt } of steps) {
      let result: object | null = null;
      let error: object | null = null;
      if (!condition || holds(condition)) {
        try {
          result = execute(stream, stmt);
        } catch (caught) {
          error = toProtoError(caught);
        }
      }
      results.push(result);
      errors.push(error);
    }
    return { step_results: results, step_errors: errors };
  }

  function describe({ conn }: Stream, sql: string) {
    const prepared = conn.prepare(sql);
    // The engine names no parameters, so they are read from the text (outside quotes and comments).
    const params: { name: string | null }[] = [];
    for (const [token] of sql.matchAll(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\?\d*|[:@$][A-Za-z_]\w*/g)) {
      if (token.startsWith("?")) params.push({ name: token.length > 1 ? token : null });
      else if (/^[:@$]/.test(token)) params.push({ name: token });
    }
    const explain = /^\s*explain\b/i.test(sql);
    // Read-only: its program opens no write transaction and no table for writing.
    const program = explain ? [] : (conn.prepare(`explain ${sql}`).raw().all() as unknown[][]);
    const writes = program.some(([, opcode, , p2]) => (opcode === "Transaction" && p2 !== 0n) || opcode === "OpenWrite");
    return {
      params,
      cols: prepared.columns().map(({ name, type }) => ({ name, decltype: type })),
      is_explain: explain,
      is_readonly: !writes,
    };
  }

  const server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (req.method === "GET" && path === "/v2") return send(res, 200, "text/plain", "");
    if (req.method !== "POST" || path !== "/v2/pipeline") return send(res, 404, "text/plain", "not found");
    try {
      const body = JSON.parse(await readBody(req)) as { baton?: string | null; requests: Request[] };
      pipelines += 1;
      send(res, 200, "application/json", JSON.stringify(pipeline(body)));
    } catch (error) {
      send(res, 400, "application/json", JSON.stringify(toProtoError(error)));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    pipelines: () => pipelines,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          for (const stream of streams.values()) closeStream(stream);
          streams.clear();
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

function fromProto(value: Value): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
  }
}

function toProto(value: unknown): Value {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: String(value) };
  if (typeof value === "number") return { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  return { type: "blob", base64: Buffer.from(value as Uint8Array).toString("base64") };
}

function toProtoError(error: unknown) {
  const { message = String(error), code } = error as { message?: string; code?: string };
  return { message, code: code ?? null };
}
