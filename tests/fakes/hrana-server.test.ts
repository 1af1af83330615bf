import { createClient, LibsqlError, type Client } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHranaServer, type HranaServer } from "./hrana-server.ts";

// The test libSQL server against the client the Worker uses in production (`@libsql/client/web`,
// Hrana 2 over HTTP): whatever the app's tests learn through it, this client would see from Turso.

let server: HranaServer;
let client: Client;

beforeAll(async () => {
  server = await startHranaServer();
  client = createClient({ url: server.url });
  await client.execute("create table things (id integer primary key, name text not null unique, amount integer, ratio real, data blob)");
});
afterAll(async () => {
  client.close();
  await server.close();
});

const pipeline = async (body: unknown) => {
  const response = await fetch(`${server.url}/v2/pipeline`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { baton: string | null; results: { type: string; response?: { type: string; is_autocommit?: boolean; result?: unknown } ; error?: { message: string } }[] } };
};

describe("the Hrana 2 test server", () => {
  it("answers GET /v2 and nothing older or newer", async () => {
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it("executes with positional and named arguments, and reports affected rows and the last rowid", async () => {
    const inserted = await client.execute({ sql: "insert into things (name, amount) values (?, ?)", args: ["tea", 250] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(1n);
    const returning = await client.execute({ sql: "insert into things (name, amount) values (:name, :amount) returning id, name", args: { name: "coffee", amount: 310 } });
    expect(returning.rowsAffected).toBe(1);
    expect(returning.rows.map((row) => ({ ...row }))).toEqual([{ id: 2, name: "coffee" }]);
    const read = await client.execute({ sql: "select name, amount from things where amount > @min order by id", args: { min: 200 } });
    expect(read.columns).toEqual(["name", "amount"]);
    expect(read.columnTypes).toEqual(["TEXT", "INTEGER"]);
    expect(read.rows.map((row) => [row.name, row.amount])).toEqual([["tea", 250], ["coffee", 310]]);
    expect(read.rowsAffected).toBe(0);
  });

  it("keeps integers beyond 2^53 exact, as strings on the wire", async () => {
    const big = 9_007_199_254_740_993n;
    const bigClient = createClient({ url: server.url, intMode: "bigint" });
    await bigClient.execute({ sql: "insert into things (name, amount) values ('big', ?)", args: [big] });
    const { rows } = await bigClient.execute("select amount, amount + 1 as next from things where name = 'big'");
    expect(rows[0]).toMatchObject({ amount: big, next: big + 1n });
    bigClient.close();
    const raw = await pipeline({ baton: null, requests: [{ type: "execute", stmt: { sql: "select 9223372036854775807, 1.5" } }, { type: "close" }] });
    expect(raw.body.results[0]?.response?.result).toMatchObject({ rows: [[{ type: "integer", value: "9223372036854775807" }, { type: "float", value: 1.5 }]] });
  });

  it("binds the client's JS numbers as REAL, as sqld does (D1 binds whole ones as INTEGER: decision 027)", async () => {
    const { rows } = await client.execute({ sql: "select typeof(?) as whole, typeof(?) as big, ? * 2 as doubled", args: [5, 5n, 5] });
    expect({ ...rows[0] }).toEqual({ whole: "real", big: "integer", doubled: 10 });
    const raw = await pipeline({ baton: null, requests: [{ type: "execute", stmt: { sql: "select ? * 2", args: [{ type: "float", value: 5 }] } }, { type: "close" }] });
    expect(raw.body.results[0]?.response?.result).toMatchObject({ rows: [[{ type: "float", value: 10 }]] });
  });

  it("stores and returns blobs, as base64 on the wire", async () => {
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    await client.execute({ sql: "insert into things (name, data) values ('blob', ?)", args: [bytes] });
    const { rows } = await client.execute("select data, length(data) as size from things where name = 'blob'");
    expect(new Uint8Array(rows[0]!.data as ArrayBuffer)).toEqual(bytes);
    expect(rows[0]!.size).toBe(6);
  });

  it("rolls a batch back when one step fails: the client's batch runs its conditions", async () => {
    const before = await client.execute("select count(*) as n from things");
    const failure = await client
      .batch(["insert into things (name) values ('first')", "insert into things (name) values ('tea')", "insert into things (name) values ('third')"], "write")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LibsqlError);
    expect((failure as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect((await client.execute("select count(*) as n from things")).rows[0]!.n).toBe(before.rows[0]!.n);
    const ok = await client.batch(["insert into things (name) values ('first')", "select count(*) as n from things"], "write");
    expect(ok[1]!.rows[0]!.n).toBe(Number(before.rows[0]!.n) + 1);
  });

  it("evaluates every condition kind and skips the steps whose condition fails", async () => {
    const step = (sql: string, condition?: unknown) => ({ condition, stmt: { sql } });
    const { body } = await pipeline({
      baton: null,
      requests: [
        {
          type: "batch",
          batch: {
            steps: [
              step("select 1"),
              step("select nonsense from nowhere"),
              step("select 'ok'", { type: "ok", step: 0 }),
              step("select 'skipped'", { type: "ok", step: 1 }),
              step("select 'error'", { type: "error", step: 1 }),
              step("select 'and'", { type: "and", conds: [{ type: "ok", step: 0 }, { type: "not", cond: { type: "ok", step: 1 } }] }),
              step("select 'or'", { type: "or", conds: [{ type: "ok", step: 1 }, { type: "is_autocommit" }] }),
            ],
          },
        },
        { type: "close" },
      ],
    });
    const result = body.results[0]?.response?.result as { step_results: unknown[]; step_errors: ({ message: string } | null)[] };
    expect(result.step_results.map((r) => r !== null)).toEqual([true, false, true, false, true, true, true]);
    expect(result.step_errors.map((e) => e !== null)).toEqual([false, true, false, false, false, false, false]);
    expect(result.step_errors[1]!.message).toMatch(/no such table: nowhere/);
    expect(body.baton).toBeNull();
  });

  it("runs the client's interactive transaction on one stream: rollback forgets, commit keeps", async () => {
    const rolled = await client.transaction("write");
    await rolled.execute("insert into things (name) values ('rolled back')");
    expect((await rolled.execute("select count(*) as n from things where name = 'rolled back'")).rows[0]!.n).toBe(1);
    await rolled.rollback();
    const kept = await client.transaction("write");
    await kept.execute("insert into things (name) values ('committed')");
    await kept.commit();
    const { rows } = await client.execute("select name from things where name in ('rolled back', 'committed')");
    expect(rows.map((row) => row.name)).toEqual(["committed"]);
  });

  it("keeps a stream by its baton across requests (autocommit, stored SQL, sequence), refuses a spent baton", async () => {
    const first = await pipeline({ baton: null, requests: [{ type: "sequence", sql: "begin; insert into things (name) values ('seq1'); insert into things (name) values ('seq2');" }, { type: "get_autocommit" }, { type: "store_sql", sql_id: 7, sql: "select count(*) from things where name like 'seq%'" }] });
    expect(first.body.results.map((r) => r.type)).toEqual(["ok", "ok", "ok"]);
    expect(first.body.results[1]?.response?.is_autocommit).toBe(false);
    const second = await pipeline({ baton: first.body.baton, requests: [{ type: "execute", stmt: { sql_id: 7 } }, { type: "close_sql", sql_id: 7 }, { type: "execute", stmt: { sql_id: 7 } }, { type: "sequence", sql: "rollback" }, { type: "get_autocommit" }, { type: "close" }] });
    expect(second.body.baton).toBeNull();
    expect(second.body.results[0]?.response?.result).toMatchObject({ rows: [[{ type: "integer", value: "2" }]] });
    expect(second.body.results[2]).toMatchObject({ type: "error" });
    expect(second.body.results[4]?.response?.is_autocommit).toBe(true);
    expect((await pipeline({ baton: first.body.baton, requests: [{ type: "close" }] })).status).toBe(400);
    expect((await client.execute("select count(*) as n from things where name like 'seq%'")).rows[0]!.n).toBe(0);
  });

  it("describes a statement: its parameters, columns and whether it writes", async () => {
    const { body } = await pipeline({
      baton: null,
      requests: [
        { type: "describe", sql: "select id, name from things where name = :name and amount > ? -- ignored :x" },
        { type: "describe", sql: "update things set amount = 1 where id = ?1" },
        { type: "describe", sql: "explain select 1" },
        { type: "close" },
      ],
    });
    const [select, update, explain] = body.results.map((r) => r.response?.result);
    expect(select).toEqual({ params: [{ name: ":name" }, { name: null }], cols: [{ name: "id", decltype: "INTEGER" }, { name: "name", decltype: "TEXT" }], is_explain: false, is_readonly: true });
    expect(update).toMatchObject({ params: [{ name: "?1" }], cols: [], is_readonly: false });
    expect(explain).toMatchObject({ is_explain: true });
  });
});
