// npm run bench -- --recurring (issue 24, decision 033): the schedules' figures.
//  (a) The hourly job over 1,000 users with 10 schedules each and a month of missed occurrences
//      (1 daily, 3 weekly and 6 monthly schedules a user, started 29 days ago: 51 occurrences a
//      user, 51,000 in all). The job function (postDue, what the scheduled handler runs) is called
//      directly on real libSQL in Node (a `file:` database migrated like the tests'), through a
//      client that counts the statements it sends: time of each run, statements and batches per
//      run, and how many runs until nothing is due. Plain Node loads the app's TypeScript through
//      a resolve hook for its `~/` alias and extension-less imports.
//  (b) /recurring p50/p95 for a signed-in user with 200 schedules, through the production build
//      in workerd on D1 (scripts/e2e-server.mjs), like the other page figures.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { registerHooks } from "node:module";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { benchAccount, benchUserSql } from "./bench-data.mjs";
import { findSqlite, signIn, waitForServer } from "./bench-http.mjs";
import { migrateLocal, root } from "./lib.mjs";
import { insertSql } from "./sql-rows.mjs";

export const JOB_USERS = 1_000;
export const PAGE_SCHEDULES = 200;

/** Resolves the app's `~/…` and extension-less relative imports to their .ts/.tsx files, as Vite does. */
export function loadAppTypeScript() {
  const app = pathToFileURL(join(root, "app/")).href;
  registerHooks({
    resolve(specifier, context, next) {
      const fromApp = context.parentURL?.startsWith(app) && specifier.startsWith(".");
      if (!specifier.startsWith("~/") && !fromApp) return next(specifier, context);
      const aliased = specifier.startsWith("~/") ? new URL(specifier.slice(2), app).href : specifier;
      const url = new URL(aliased, context.parentURL);
      const path = fileURLToPath(url);
      if (!existsSync(path) || !/\.[cm]?[jt]sx?$/.test(path)) {
        for (const ext of [".ts", ".tsx", "/index.ts"]) if (existsSync(path + ext)) return next(pathToFileURL(path + ext).href, context);
      }
      return next(url.href, context);
    },
  });
}

const isoDay = (date) => date.toISOString().slice(0, 10);
const daysBefore = (day, n) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000));

/** One user's ten schedules, all behind by a month: rows for recurring_transactions and recurring_payments. */
function scheduleRows(userId, prefix, today, count = 10) {
  const now = Date.now();
  const start = daysBefore(today, 29);
  const shapes = [
    ["daily", 0, "USD", 450],
    ["weekly", 0, "USD", 6_500],
    ["weekly", 1, "EUR", 2_999],
    ["weekly", 2, "USD", 12_000],
    ["monthly", 0, "USD", 120_000],
    ["monthly", 3, "EUR", 1_599],
    ["monthly", 6, "USD", 4_500],
    ["monthly", 9, "USD", 8_000],
    ["monthly", 12, "USD", 2_000],
    ["monthly", 15, "USD", 30_000],
  ];
  const schedules = [];
  const payments = [];
  for (let i = 0; i < count; i++) {
    const [frequency, offset, currency, amount] = shapes[i % shapes.length];
    const id = `${prefix}-rec-${i}`;
    const startDate = daysBefore(start, -offset);
    schedules.push({
      id,
      user_id: userId,
      type: "EXPENSE",
      description: `Schedule ${i}`,
      category_id: "default-housing",
      frequency,
      interval: 1,
      start_date: startDate,
      end_date: null,
      occurrence_limit: null,
      next_date: startDate,
      paused_at: null,
      created_at: now,
      updated_at: now,
    });
    payments.push({ recurring_id: id, position: 0, currency_code: currency, amount_minor: amount, method: "bank_transfer" });
  }
  return { schedules, payments };
}

/** A provider's EUR rate for every day of the month behind (each occurrence posts at its own date's). */
function monthOfRates(today) {
  return Array.from({ length: 32 }, (_, i) => {
    const date = daysBefore(today, i);
    return { id: `bench-eur-${date}`, currency_code: "EUR", date, rate: (0.85 + (i % 7) / 1000).toFixed(4), source: "provider", fetched_at: Date.parse(`${date}T00:00:00Z`) };
  });
}

function userRow(userId, email, passwordHash) {
  const now = Date.now();
  return { id: userId, email, first_name: "Job", last_name: "User", search_text: email, password_hash: passwordHash, role: "user", is_active: 1, created_at: now, updated_at: now };
}

/** (a) The job over 1,000 users, run until nothing is due. */
export async function jobFigures(today) {
  loadAppTypeScript();
  const { createClient } = await import("@libsql/client");
  const { drizzle } = await import("drizzle-orm/libsql");
  const schema = await import(pathToFileURL(join(root, "app/platform/db/schema.ts")).href);
  const { postDue } = await import(pathToFileURL(join(root, "app/features/recurring/commands.server.ts")).href);

  const dir = mkdtempSync(join(tmpdir(), "bench-recurring-"));
  try {
    const file = join(dir, "job.db");
    const client = createClient({ url: `file:${file}` });
    for (const name of readdirSync(join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort()) {
      for (const statement of readFileSync(join(root, "migrations", name), "utf8").split("--> statement-breakpoint")) if (statement.trim()) await client.execute(statement);
    }
    const seeding = performance.now();
    const rows = { users: [], schedules: [], payments: [] };
    for (let u = 0; u < JOB_USERS; u++) {
      const userId = `job-user-${u}`;
      rows.users.push(userRow(userId, `job-${u}@example.com`, "x"));
      const { schedules, payments } = scheduleRows(userId, `job-${u}`, today);
      rows.schedules.push(...schedules);
      rows.payments.push(...payments);
    }
    const seedStatements = [
      ...insertSql("users", rows.users),
      ...insertSql("recurring_transactions", rows.schedules),
      ...insertSql("recurring_payments", rows.payments),
      ...insertSql("exchange_rates", monthOfRates(today)),
    ];
    await client.batch(seedStatements, "write");
    const seedSeconds = (performance.now() - seeding) / 1000;

    // Every statement the job sends, counted where the driver sends it.
    // `calls` are what D1 counts against its 1,000 queries per Worker invocation: each execute and
    // each batch is one call to the database.
    let statements = 0;
    let batches = 0;
    let calls = 0;
    const { execute, batch } = client;
    client.execute = (statement, ...rest) => (statements++, calls++, execute.call(client, statement, ...rest));
    client.batch = (list, ...rest) => ((statements += list.length), batches++, calls++, batch.call(client, list, ...rest));
    const db = drizzle(client, { schema });

    const due = Number((await client.execute("select count(*) n from recurring_transactions")).rows[0].n);
    const runs = [];
    const now = new Date(`${today}T12:00:00Z`);
    for (let run = 0; run < 2_000; run++) {
      statements = 0;
      batches = 0;
      calls = 0;
      const started = performance.now();
      const outcome = await postDue(db, { now });
      runs.push({ ms: performance.now() - started, statements, batches, calls, ...outcome });
      if (process.env.BENCH_VERBOSE) console.error(`run ${run + 1}: ${runs.at(-1).ms.toFixed(0)} ms, ${statements} statements, ${calls} calls, posted ${outcome.posted}`);
      if (!outcome.more && outcome.posted === 0) break;
    }
    const posted = Number((await execute.call(client, "select count(*) n from transactions")).rows[0].n);
    const keys = Number((await execute.call(client, "select count(*) n from recurring_occurrences")).rows[0].n);
    client.close();
    return { due, runs, posted, keys, seedSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** (b) /recurring for a user with 200 schedules (and 1,000 transactions), through the Worker on D1. */
export async function pageFigures(port, today) {
  const base = `http://127.0.0.1:${port}`;
  const persist = mkdtempSync(join(tmpdir(), "bench-recurring-db-"));
  const previous = process.env.PERSIST_TO;
  process.env.PERSIST_TO = persist;
  let server;
  try {
    migrateLocal();
    const database = new DatabaseSync(findSqlite(join(persist, "v3", "d1")));
    const { hashPassword } = await import(pathToFileURL(join(root, "app/auth/password.server.ts")).href);
    const statements = benchUserSql({ passwordHash: await hashPassword(benchAccount.password), transactions: 1_000 });
    // Ten of each shape, started in the future: the page's catch-up finds nothing to post, so
    // the figure is the page's reads (the schedules, their next five dates, the form's choices).
    const { schedules, payments } = scheduleRows("bench-user", "bench", daysBefore(today, -60), PAGE_SCHEDULES);
    statements.push(...insertSql("recurring_transactions", schedules), ...insertSql("recurring_payments", payments), ...insertSql("exchange_rates", monthOfRates(today)));
    database.exec("BEGIN");
    for (const statement of statements) database.exec(statement);
    database.exec("COMMIT");
    database.close();
    server = spawn("node", ["scripts/e2e-server.mjs"], { cwd: root, env: { ...process.env, PORT: String(port), PERSIST_TO: persist }, stdio: "ignore", detached: true });
    await waitForServer(base);
    const cookie = await signIn(base, benchAccount);
    // /dashboard of the same user, timed alongside, is the yardstick on a shared machine.
    const figures = {};
    for (const path of ["/recurring", "/dashboard"]) {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
        const html = await res.text();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (path === "/recurring" && i === 0 && (html.match(/<article /g) ?? []).length < PAGE_SCHEDULES) throw new Error("/recurring does not list the 200 schedules");
        bytes = html.length;
        if (i >= 5) times.push(performance.now() - started); // the first few warm the Worker up
      }
      times.sort((a, b) => a - b);
      const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
      figures[path] = { p50: pct(50), p95: pct(95), samples: times.length, kb: bytes / 1024 };
    }
    return figures;
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
      await exited;
    }
    process.env.PERSIST_TO = previous;
    if (previous === undefined) delete process.env.PERSIST_TO;
    rmSync(persist, { recursive: true, force: true });
  }
}

export async function runRecurringBench({ port }) {
  const today = isoDay(new Date());
  const job = await jobFigures(today);
  const working = job.runs.filter((r) => r.posted > 0);
  const sorted = (key) => working.map((r) => r[key]).sort((a, b) => a - b);
  const median = (list) => list[Math.floor((list.length - 1) / 2)];
  const lines = [
    `### The hourly job: ${JOB_USERS.toLocaleString("en")} users × 10 schedules, a month behind (libSQL file in Node, postDue called directly)`,
    "",
    `${job.due.toLocaleString("en")} schedules; ${job.posted.toLocaleString("en")} transactions posted, ${job.keys.toLocaleString("en")} keys; seeded in ${job.seedSeconds.toFixed(1)} s.`,
    "",
    "| figure | value |",
    "|---|--:|",
    `| runs until nothing is due | ${working.length} (then one run that finds nothing) |`,
    `| occurrences per run (max) | ${Math.max(...working.map((r) => r.posted))} |`,
    `| time of one run, median / max | ${median(sorted("ms")).toFixed(0)} ms / ${Math.max(...sorted("ms")).toFixed(0)} ms |`,
    `| statements per run, median / max | ${median(sorted("statements"))} / ${Math.max(...sorted("statements"))} |`,
    `| database calls per run (D1 allows 1,000 an invocation), median / max | ${median(sorted("calls"))} / ${Math.max(...sorted("calls"))} |`,
    `| occurrences per run, median / min | ${median(sorted("posted"))} / ${Math.min(...sorted("posted"))} |`,
    `| refused / conflicts over all runs | ${job.runs.reduce((n, r) => n + r.refused, 0)} / ${job.runs.reduce((n, r) => n + r.conflicts, 0)} |`,
    `| the run that finds nothing | ${job.runs.at(-1).ms.toFixed(0)} ms, ${job.runs.at(-1).statements} statements, ${job.runs.at(-1).calls} calls |`,
    `| all runs together | ${(job.runs.reduce((n, r) => n + r.ms, 0) / 1000).toFixed(0)} s |`,
    "",
  ];
  console.log(lines.join("\n"));
  const page = await pageFigures(port, today);
  console.log(
    [
      `### /recurring with ${PAGE_SCHEDULES} schedules (production build in workerd on D1, one connection)`,
      "",
      ...Object.entries(page).map(
        ([path, f]) => `${path}: p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, ${f.kb.toFixed(0)} KB of HTML (${f.samples} sequential requests after 5 warm-ups)`,
      ),
      "",
    ].join("\n"),
  );
}
