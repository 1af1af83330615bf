// npm run bench -- --import (issue 26, decision 039): a bank statement of 20,000 rows, the most one
// file may hold, from its upload to its preview, its commit and its undo.
//  (a) Through the production build in workerd on D1 (scripts/e2e-server.mjs), over HTTP as a
//      client of the API would: POST /api/imports (multipart: the file and its mapping) until the
//      preview is staged, GET the first page of the preview, POST …/commit, POST …/undo. Each step
//      is timed, and workerd's resident memory (summed over its processes, /proc/<pid>/status VmRSS)
//      is sampled every 25 ms during it: its peak, against what it was before the step (the
//      server's descendant processes named workerd, found through /proc by parent). That is
//      the whole runtime's memory (workerd, miniflare's SQLite, the isolate), not the isolate's heap
//      alone, which workerd does not report.
//  (b) The same three commands called directly on real libSQL in Node (a `file:` database migrated
//      like the tests'), through a client that counts what it sends (as the recurring bench does,
//      decision 033): statements, batches, and calls (each execute or batch is one call; D1 counts
//      calls against its 1,000 per invocation), with Node's peak heap during each.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadAppTypeScript } from "./bench-recurring.mjs";
import { waitForServer } from "./bench-http.mjs";
import { migrateLocal, root } from "./lib.mjs";
import { insertSql } from "./sql-rows.mjs";

export const IMPORT_ROWS = 20_000;

/** The statement's mapping: a US bank's columns, with EUR rows carrying their own rate (so no rate is looked up from a provider). */
export const BENCH_MAPPING = {
  date: { column: 0, format: "MM/dd/yyyy" },
  description: 1,
  amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "column", column: 4 },
  category: 5,
  rate: 6,
};

/**
 * A statement of `rows` rows over the last year: nine in ten expenses, one in ten incomes, one in
 * five in EUR at a rate the file gives, eleven category names (the ones the user lacks are created
 * by the commit), and a few identical rows on the same day (counted, not merged).
 */
export function benchCsv(rows = IMPORT_ROWS, today = new Date()) {
  const categories = ["Groceries", "Dining", "Rent", "Transport", "Utilities", "Health", "Travel", "Shopping", "Books", "Coffee"];
  const lines = ["Date,Description,Debit,Credit,Currency,Category,Rate"];
  for (let i = 0; i < rows; i++) {
    const day = new Date(today.getTime() - Math.floor((i * 365) / rows + 1) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, "0")}/${String(day.getUTCDate()).padStart(2, "0")}/${day.getUTCFullYear()}`;
    const income = i % 10 === 0;
    const eur = i % 5 === 1;
    const cents = 100 + ((i * 7919) % 250_000);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    const description = i % 50 === 3 ? "COFFEE SHOP #12" : `${income ? "PAYROLL" : "CARD PURCHASE"} ${i}`;
    const category = income ? "Salary" : categories[i % categories.length];
    lines.push([date, description, income ? "" : amount, income ? amount : "", eur ? "EUR" : "USD", category, eur ? "0.9" + String(100 + (i % 900)) : ""].join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

const isoDay = (date) => date.toISOString().slice(0, 10);

/** The server's descendant processes named workerd, found through /proc by parent. */
function workerdPids(rootPid) {
  const children = new Map();
  const names = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so split after its closing parenthesis.
      const close = stat.lastIndexOf(")");
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    for (const child of children.get(pid) ?? []) queue.push(child);
    if (pid !== rootPid && names.get(pid)?.startsWith("workerd")) found.push(pid);
  }
  return found;
}

/** Their resident memory (KB), summed. */
function rssKb(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return total;
}

/** (a) Through the Worker on D1, over HTTP. */
export async function workerFigures(port, csv) {
  const base = `http://127.0.0.1:${port}`;
  const persist = mkdtempSync(join(tmpdir(), "bench-import-db-"));
  const previous = process.env.PERSIST_TO;
  process.env.PERSIST_TO = persist;
  // No rate provider beyond loopback: the file gives every non-USD rate, and a history lookup, if any, finds nothing.
  const buildVars = `${root}build/server/.dev.vars`;
  const savedVars = existsSync(buildVars) ? readFileSync(buildVars, "utf8") : null;
  const kept = (savedVars ?? "").split("\n").filter((line) => line && !line.startsWith("RATES_HISTORY_URL=") && !line.startsWith("RATES_PROVIDER_URL="));
  writeFileSync(buildVars, [...kept, "RATES_PROVIDER_URL=http://127.0.0.1:9/latest", "RATES_HISTORY_URL=http://127.0.0.1:9/history", ""].join("\n"));
  let server;
  try {
    migrateLocal();
    server = spawn("node", ["scripts/e2e-server.mjs"], { cwd: root, env: { ...process.env, PORT: String(port), PERSIST_TO: persist }, stdio: "ignore", detached: true });
    await waitForServer(base);
    const email = `bench-import-${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Bench", lastName: "Import", email, password: "BenchPass123" }),
    });
    const token = (await registered.json())?.data?.accessToken;
    if (!token) throw new Error(`registration answered ${registered.status}`);
    const auth = { Authorization: `Bearer ${token}` };

    // A warm isolate: a small import first (its own rows), so the figures are not the first request's compile.
    const warm = new FormData();
    warm.set("file", new File([benchCsv(20)], "warm.csv", { type: "text/csv" }));
    warm.set("mapping", JSON.stringify(BENCH_MAPPING));
    const warmed = await fetch(`${base}/api/imports`, { method: "POST", headers: auth, body: warm });
    if (warmed.status !== 201) throw new Error(`warm-up upload answered ${warmed.status}: ${await warmed.text()}`);
    await fetch(`${base}/api/imports/${(await warmed.json()).data.import.id}`, { method: "DELETE", headers: auth });

    const step = async (name, send, expected) => {
      const pids = workerdPids(server.pid);
      if (pids.length === 0) throw new Error("no workerd process under the server");
      const before = rssKb(pids);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pids))), 25);
      const started = performance.now();
      const res = await send();
      const body = await res.json();
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, rssKb(pids));
      if (res.status !== expected) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
      return { name, ms, beforeKb: before, peakKb: peak, body };
    };

    const form = new FormData();
    form.set("file", new File([csv], "statement.csv", { type: "text/csv" }));
    form.set("mapping", JSON.stringify(BENCH_MAPPING));
    const upload = await step("upload to preview (POST /api/imports)", () => fetch(`${base}/api/imports`, { method: "POST", headers: auth, body: form }), 201);
    const id = upload.body.data.import.id;
    const counts = upload.body.data.import.counts;
    const page = await step("a page of 50 preview rows (GET /api/imports/{id})", () => fetch(`${base}/api/imports/${id}?page=200&limit=50`, { headers: auth }), 200);
    const commit = await step("commit (POST /api/imports/{id}/commit)", () => fetch(`${base}/api/imports/${id}/commit`, { method: "POST", headers: auth }), 200);
    const undo = await step("undo (POST /api/imports/{id}/undo)", () => fetch(`${base}/api/imports/${id}/undo`, { method: "POST", headers: auth }), 200);
    return { steps: [upload, page, commit, undo], counts, result: commit.body.data.result, removed: undo.body.data.removed };
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
      await exited;
    }
    if (savedVars === null) rmSync(buildVars, { force: true });
    else writeFileSync(buildVars, savedVars);
    process.env.PERSIST_TO = previous;
    if (previous === undefined) delete process.env.PERSIST_TO;
    rmSync(persist, { recursive: true, force: true });
  }
}

/** (b) The commands on libSQL in Node, counting statements and calls. */
export async function commandFigures(csv) {
  loadAppTypeScript();
  const { createClient } = await import("@libsql/client");
  const { drizzle } = await import("drizzle-orm/libsql");
  const schema = await import(pathToFileURL(join(root, "app/platform/db/schema.ts")).href);
  const { stageImport, commitImport, undoImport } = await import(pathToFileURL(join(root, "app/features/import/commands.server.ts")).href);

  const dir = mkdtempSync(join(tmpdir(), "bench-import-"));
  try {
    const client = createClient({ url: `file:${join(dir, "import.db")}` });
    for (const name of readdirSync(join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort()) {
      for (const statement of readFileSync(join(root, "migrations", name), "utf8").split("--> statement-breakpoint")) if (statement.trim()) await client.execute(statement);
    }
    const now = Date.now();
    await client.batch(
      insertSql("users", [{ id: "bench-import-user", email: "bench-import@example.com", first_name: "Bench", last_name: "Import", search_text: "bench-import@example.com", password_hash: "x", role: "user", is_active: 1, created_at: now, updated_at: now }]),
      "write",
    );
    let counted = { statements: 0, batches: 0, calls: 0 };
    const { execute, batch } = client;
    client.execute = (statement, ...rest) => (counted.statements++, counted.calls++, execute.call(client, statement, ...rest));
    client.batch = (list, ...rest) => ((counted.statements += list.length), counted.batches++, counted.calls++, batch.call(client, list, ...rest));
    const db = drizzle(client, { schema });
    const actor = { userId: "bench-import-user", ip: "127.0.0.1", timeZone: "UTC" };
    const bytes = new TextEncoder().encode(csv);

    const step = async (name, call) => {
      counted = { statements: 0, batches: 0, calls: 0 };
      globalThis.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
      const started = performance.now();
      const outcome = await call();
      const ms = performance.now() - started;
      clearInterval(sampler);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      return { name, ms, ...counted, heapBeforeMb: heapBefore / 1048576, heapPeakMb: heapPeak / 1048576, outcome };
    };
    const staged = await step("stageImport", () => stageImport(db, actor, { fileName: "statement.csv", bytes, mapping: BENCH_MAPPING, today: isoDay(new Date()), history: null }));
    if (staged.outcome.kind !== "staged") throw new Error(`stageImport: ${JSON.stringify(staged.outcome)}`);
    const id = staged.outcome.id;
    const committed = await step("commitImport", () => commitImport(db, actor, { id }));
    if (committed.outcome.kind !== "committed") throw new Error(`commitImport: ${JSON.stringify(committed.outcome)}`);
    const undone = await step("undoImport", () => undoImport(db, actor, { id }));
    if (undone.outcome.kind !== "undone") throw new Error(`undoImport: ${JSON.stringify(undone.outcome)}`);
    client.close();
    return [staged, committed, undone];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runImportBench({ port }) {
  const csv = benchCsv();
  const kb = (Buffer.byteLength(csv) / 1024).toFixed(0);
  const commands = await commandFigures(csv);
  const worker = await workerFigures(port, csv);
  const mb = (k) => (k / 1024).toFixed(0);
  console.log(
    [
      `### Import: a statement of ${IMPORT_ROWS.toLocaleString("en")} rows (${kb} KB, one in five in EUR with its rate; eleven category names)`,
      "",
      `Preview: ${worker.counts.new.toLocaleString("en")} new, ${worker.counts.duplicate} duplicate, ${worker.counts.error} error; commit imported ${worker.result.imported.toLocaleString("en")}; undo removed ${worker.removed.toLocaleString("en")}.`,
      "",
      "Through the Worker (production build in workerd on D1, one request at a time):",
      "",
      "| step | time | workerd RSS before → peak |",
      "|---|--:|--:|",
      ...worker.steps.map((s) => `| ${s.name} | ${(s.ms / 1000).toFixed(2)} s | ${mb(s.beforeKb)} → ${mb(s.peakKb)} MB |`),
      "",
      "The same commands on libSQL in Node (statements the driver sent; calls = executes + batches, what D1 counts against its 1,000 per invocation):",
      "",
      "| command | time | statements | batches | calls | Node heap before → peak |",
      "|---|--:|--:|--:|--:|--:|",
      ...commands.map((c) => `| ${c.name} | ${(c.ms / 1000).toFixed(2)} s | ${c.statements} | ${c.batches} | ${c.calls} | ${c.heapBeforeMb.toFixed(0)} → ${c.heapPeakMb.toFixed(0)} MB |`),
      "",
    ].join("\n"),
  );
}
