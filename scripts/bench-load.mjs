// npm run bench -- --load | --growth | --users | --writes [--seconds N] (issue 22, docs/benchmarks.md):
//  --load    each main page and the main API reads at 1, 4 and 16 concurrent connections on a user
//            with 50,000 transactions: requests/s, p50, p95, p99, errors, next to the raw SQL of the
//            same page at the same concurrency (scripts/bench-raw.mjs, node:sqlite worker threads on
//            the same SQLite file, without the Worker);
//  --growth  the same pages, one connection, for a user with 5,000, 50,000 and 200,000 transactions
//            (each alone in a fresh database), and the ratio 200k/5k per page;
//  --users   a user of 5,000 transactions among 200 such users (one million transactions in one
//            database) against the same user alone;
//  --writes  POST /api/transactions at 1 and 16 concurrent connections (bearer token, the per-user
//            totals triggers on), then checks the kept totals against fresh sums.
// Each measurement lasts `--seconds` (default 20). Every table is printed as Markdown with the
// machine's load average before and after it: the machine is shared, so figures are noisy.
// Users are written straight into the local D1's SQLite file before the server starts
// (seedBenchFile), then the production build is served by wrangler dev (scripts/e2e-server.mjs).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { benchAccount, seedBenchFile } from "./bench-data.mjs";
import { apiToken, findSqlite, signIn, waitForServer } from "./bench-http.mjs";
import { migrateLocal, root } from "./lib.mjs";

const CONCURRENCY = [1, 4, 16];
const GROWTH = [5_000, 50_000, 200_000];
const MANY_USERS = 200;
const MANY_USERS_SIZE = 5_000;
const WRITE_CONCURRENCY = [1, 16];

export async function runLoadBench({ modes, seconds, port }) {
  const base = `http://127.0.0.1:${port}`;
  const today = new Date().toISOString().slice(0, 10);
  const out = [];
  const print = (lines) => {
    console.log(lines.join("\n") + "\n");
    out.push(...lines, "");
  };
  const pages = [
    ["/dashboard", "/dashboard", "dashboard", "web"],
    ["/expenses", "/expenses", "expenses", "web"],
    ["/budgets", "/budgets", "budgets", "web"],
    ["/reports", "/reports", "reports", "web"],
    ["GET /api/transactions", "/api/transactions", "apiTransactions", "api"],
    ["GET /api/reports/summary (30 days)", `/api/reports/summary?startDate=${isoDaysBefore(today, 29)}&endDate=${today}`, "apiSummary", "api"],
  ];
  // Sign-ins are throttled (5 a minute per account, decision 002): one session per account and
  // database, and an access token renewed before its 15 minutes run out.
  const signedIn = new Map();
  async function credentials(account) {
    let entry = signedIn.get(account.email);
    if (!entry) signedIn.set(account.email, (entry = { cookie: await signIn(base, account) }));
    if (!entry.token || performance.now() - entry.tokenAt > 10 * 60_000) Object.assign(entry, { token: await apiToken(base, account), tokenAt: performance.now() });
    return entry;
  }
  const serve = (users, fn) => withDatabase(port, users, (database) => (signedIn.clear(), fn(database)));
  /** One page at `concurrency` through the Worker and as raw SQL, for the user signed in as `account`. */
  async function measure(file, user, account, [, path, rawName, face], concurrency) {
    const { cookie, token } = await credentials(account);
    const headers = face === "web" ? { Cookie: cookie } : { Authorization: `Bearer ${token}` };
    const warm = await fetch(`${base}${path}`, { headers });
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}`);
    const worker = await httpLoad(seconds, concurrency, () => fetch(`${base}${path}`, { headers }));
    const raw = await rawLoad(seconds, concurrency, { file, user, today, rawPage: rawName });
    return { worker, raw };
  }
  const loadNote = (before) => `Load average (1, 5, 15 min) ${before} before, ${loadAverage()} after; ${seconds} s per figure.`;

  const wanted = (mode) => modes.includes(mode);
  const growth = new Map();

  if (wanted("--load") || wanted("--writes") || wanted("--growth")) {
    await serve([{ transactions: 50_000 }], async ({ file, seedSeconds }) => {
      if (wanted("--load")) {
        const before = loadAverage();
        const lines = [
          `### Concurrency: 50,000 transactions (seeded in ${seedSeconds.toFixed(1)} s)`,
          "",
          "| page | conns | req/s | p50 ms | p95 ms | p99 ms | errors | raw req/s | raw p50 | raw p95 | raw p99 |",
          "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
        ];
        for (const page of pages) {
          for (const concurrency of CONCURRENCY) {
            const { worker: w, raw: r } = await measure(file, "bench-user", benchAccount, page, concurrency);
            lines.push(`| ${page[0]} | ${concurrency} | ${w.rps.toFixed(1)} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${w.errors} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`);
            console.error(lines.at(-1));
          }
        }
        print([...lines, "", loadNote(before)]);
      }
      if (wanted("--growth")) growth.set(50_000, await growthFigures(file));
      if (wanted("--writes")) print(await writeFigures(file));
    });
  }

  async function growthFigures(file) {
    const figures = [];
    for (const page of pages) figures.push(await measure(file, "bench-user", benchAccount, page, 1));
    return { figures, load: loadAverage() };
  }

  let alone;
  if (wanted("--growth") || wanted("--users")) {
    await serve([{ transactions: 5_000 }], async ({ file }) => {
      alone = await growthFigures(file);
      growth.set(5_000, alone);
    });
  }
  if (wanted("--growth")) {
    await serve([{ transactions: 200_000 }], async ({ file }) => growth.set(200_000, await growthFigures(file)));
    const lines = [
      "### Growth: one user alone with 5,000, 50,000 and 200,000 transactions (p50 ms, one connection)",
      "",
      "| page | 5k | 50k | 200k | 200k/5k | p95 5k | p95 200k | raw 5k | raw 50k | raw 200k | raw 200k/5k |",
      "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ];
    pages.forEach(([name], i) => {
      const [small, mid, big] = GROWTH.map((size) => growth.get(size).figures[i]);
      lines.push(
        `| ${name} | ${ms(small.worker.p50)} | ${ms(mid.worker.p50)} | ${ms(big.worker.p50)} | ${(big.worker.p50 / small.worker.p50).toFixed(1)}× | ${ms(small.worker.p95)} | ${ms(big.worker.p95)} | ${ms(small.raw.p50)} | ${ms(mid.raw.p50)} | ${ms(big.raw.p50)} | ${(big.raw.p50 / small.raw.p50).toFixed(1)}× |`,
      );
    });
    print([...lines, "", `Load average after each size (5k, 50k, 200k): ${GROWTH.map((size) => growth.get(size).load).join("; ")}; ${seconds} s per figure.`]);
  }

  if (wanted("--users")) {
    const users = Array.from({ length: MANY_USERS }, (_, n) => ({
      userId: `bench-u${n}`,
      email: `bench${n}@example.com`,
      prefix: `bench-u${n}`,
      transactions: MANY_USERS_SIZE,
    }));
    const measured = users[MANY_USERS / 2];
    await serve(users, async ({ file, seedSeconds }) => {
      const before = loadAverage();
      const account = { email: measured.email, password: benchAccount.password };
      const among = [];
      for (const page of pages) among.push(await measure(file, measured.userId, account, page, 1));
      const db = new DatabaseSync(file, { readOnly: true });
      const counts = db.prepare("select (select count(*) from users) users, (select count(*) from transactions) transactions, (select count(*) from payments) payments").get();
      db.close();
      const lines = [
        `### Many users: a user of 5,000 transactions alone, and among ${MANY_USERS} such users (p50 ms, one connection)`,
        "",
        `The shared database: ${counts.users} users, ${counts.transactions.toLocaleString("en")} transactions, ${counts.payments.toLocaleString("en")} payments, written in ${seedSeconds.toFixed(0)} s.`,
        "",
        "| page | alone p50 | among 200 p50 | ratio | alone p95 | among 200 p95 | raw alone | raw among 200 |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
      ];
      pages.forEach(([name], i) => {
        const [a, b] = [alone.figures[i], among[i]];
        lines.push(`| ${name} | ${ms(a.worker.p50)} | ${ms(b.worker.p50)} | ${(b.worker.p50 / a.worker.p50).toFixed(2)}× | ${ms(a.worker.p95)} | ${ms(b.worker.p95)} | ${ms(a.raw.p50)} | ${ms(b.raw.p50)} |`);
      });
      print([...lines, "", `Load average: alone ${alone.load} after; among 200 ${before} before, ${loadAverage()} after; ${seconds} s per figure.`]);
    });
  }

  /** Transactions created per second through the API, then the kept totals against fresh sums. */
  async function writeFigures(file) {
    const before = loadAverage();
    const lines = [
      "### Writes: POST /api/transactions on the user with 50,000 transactions (per-user totals triggers on)",
      "",
      "| conns | created/s | p50 ms | p95 ms | p99 ms | errors |",
      "|--:|--:|--:|--:|--:|--:|",
    ];
    let n = 0;
    for (const concurrency of WRITE_CONCURRENCY) {
      const headers = { Authorization: `Bearer ${(await credentials(benchAccount)).token}`, "Content-Type": "application/json" };
      const w = await httpLoad(seconds, concurrency, () => {
        const i = n++;
        // Every other write has two payments, one of them in euros at the rate on file.
        const body =
          i % 2 === 0
            ? { type: "EXPENSE", description: `Bench write ${i}`, date: today, categoryId: "default-food", amount: "12.34", currencyCode: "USD" }
            : { type: "EXPENSE", description: `Bench write ${i}`, date: today, categoryId: "default-food", payments: [{ currencyCode: "USD", amount: "10.00" }, { currencyCode: "EUR", amount: "5.50" }] };
        return fetch(`${base}/api/transactions`, { method: "POST", headers, body: JSON.stringify(body) });
      }, 201);
      lines.push(`| ${concurrency} | ${w.rps.toFixed(1)} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${w.errors} |`);
      console.error(lines.at(-1));
    }
    const db = new DatabaseSync(file, { readOnly: true });
    const check = db
      .prepare(
        `select (select usd_cents from payment_totals where user_id = 'bench-user') kept, (select sum(usd_cents) from payments where user_id = 'bench-user') summed, (select count(*) from transactions where user_id = 'bench-user') count,
          (select (income_count + expense_count) || ' ' || income_usd_cents || ' ' || expense_usd_cents from transaction_totals where user_id = 'bench-user') listKept,
          (select count(*) || ' ' || sum(case when type = 'INCOME' then usd_cents else 0 end) || ' ' || sum(case when type = 'EXPENSE' then usd_cents else 0 end) from transactions where user_id = 'bench-user') listSummed`,
      )
      .get();
    db.close();
    const held = check.kept === check.summed ? "equal" : "DIFFERENT";
    const listHeld = check.listKept === check.listSummed ? "equal" : "DIFFERENT";
    return [
      ...lines,
      "",
      `${n} writes sent; the user now has ${check.count.toLocaleString("en")} transactions; kept USD total ${check.kept} and fresh sum ${check.summed}: ${held}; the list's kept count and totals and fresh ones (${check.listKept}): ${listHeld}. ${loadNote(before)}`,
    ];
  }

  return out.join("\n");
}

/** Runs `request` from `concurrency` loops for `seconds`; an answer other than `ok` or a thrown fetch is an error. */
async function httpLoad(seconds, concurrency, request, ok = 200) {
  const times = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await request();
          await res.arrayBuffer();
          if (res.status === ok) times.push(performance.now() - t);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  return summary(times, (performance.now() - started) / 1000, errors);
}

/** The raw SQL of a page from `concurrency` worker threads, each with its own connection. */
async function rawLoad(seconds, concurrency, data) {
  const started = performance.now();
  const runs = await Promise.all(
    Array.from(
      { length: concurrency },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL("./bench-raw.mjs", import.meta.url), { workerData: { ...data, seconds } });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  return summary(runs.flat(), (performance.now() - started) / 1000, 0);
}

function summary(times, elapsed, errors) {
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return { rps: (times.length + errors) / elapsed, p50: pct(50), p95: pct(95), p99: pct(99), errors, count: times.length };
}

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(" ");
const isoDaysBefore = (today, days) => new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

/** A fresh migrated database with `users` written into it, served by the build while `fn` runs. */
async function withDatabase(port, users, fn) {
  const persist = mkdtempSync(join(tmpdir(), "bench-load-db-"));
  const previous = process.env.PERSIST_TO;
  process.env.PERSIST_TO = persist;
  let server;
  try {
    migrateLocal();
    const file = findSqlite(join(persist, "v3", "d1"));
    const seeding = performance.now();
    await seedBenchFile(file, users);
    const seedSeconds = (performance.now() - seeding) / 1000;
    server = spawn("node", ["scripts/e2e-server.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), PERSIST_TO: persist },
      stdio: "ignore",
      detached: true,
    });
    await waitForServer(`http://127.0.0.1:${port}`);
    return await fn({ file, seedSeconds });
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
