// The raw SQL of the load bench's pages (scripts/bench-load.mjs): the same query shapes as the
// features' queries (and as scripts/bench.mjs's heavy-user figures), run with node:sqlite straight on
// the local D1's SQLite file, without the Worker. Run as a worker thread, it repeats one page's
// queries for a number of seconds on its own connection and posts back each repetition's time, so
// N threads are the raw SQL at N concurrent connections.
import { DatabaseSync } from "node:sqlite";
import { isMainThread, parentPort, workerData } from "node:worker_threads";

const monthEnd = (first) => `${first.slice(0, 8)}31`;
const isoDaysBefore = (today, days) => new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10);

/** Each page's queries for `user` on `today` (yyyy-MM-dd), by the name the load bench uses. */
/** The report queries, as the reports page and the /api/reports/* reads make them. */
export function rawReports(raw, user) {
  const range = (from, to) => `date >= '${from}' and date <= '${to}'`;
  return {
    summary: (from, to) => {
      raw.prepare(`select count(*), sum(case when type='INCOME' then usd_cents else 0 end), sum(case when type='EXPENSE' then usd_cents else 0 end) from transactions where user_id='${user}' and ${range(from, to)}`).get();
      raw.prepare(`select p.currency_code, sum(case when t.type='INCOME' then p.amount_minor else 0 end), sum(case when t.type='EXPENSE' then p.amount_minor else 0 end), sum(case when t.type='INCOME' then p.usd_cents else 0 end), sum(case when t.type='EXPENSE' then p.usd_cents else 0 end) from payments p join transactions t on t.id = p.transaction_id where +p.user_id='${user}' and t.user_id='${user}' and t.${range(from, to)} group by p.currency_code`).all();
    },
    categories: (from, to) =>
      raw.prepare(`select t.category_id, c.name, c.color, sum(t.usd_cents) s from transactions t left join categories c on c.id = t.category_id where t.user_id='${user}' and t.type='EXPENSE' and t.${range(from, to)} group by t.category_id order by s desc`).all(),
    trend: (from, to) =>
      raw.prepare(`select date, sum(case when type='INCOME' then usd_cents else 0 end), sum(case when type='EXPENSE' then usd_cents else 0 end) from transactions where user_id='${user}' and ${range(from, to)} group by date`).all(),
  };
}

export function rawPages(raw, user, today) {
  const month = `${today.slice(0, 7)}-01`;
  const previousMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
  const range = (from, to) => `date >= '${from}' and date <= '${to}'`;
  const budgetMonth = (first) =>
    raw
      .prepare(
        `select b.*, c.name, c.icon, c.color, coalesce(s.spent, 0) from budgets b join categories c on c.id = b.category_id left join (select category_id, sum(usd_cents) spent from transactions where user_id='${user}' and type='EXPENSE' and ${range(first, monthEnd(first))} group by category_id) s on s.category_id = b.category_id where b.user_id='${user}' and b.month='${first}' order by c.name_key`,
      )
      .all();
  const list = (limit) => {
    // All the user's rows: the kept totals (migration 0014), as listTransactions reads them.
    raw.prepare(`select income_count + expense_count, income_usd_cents, expense_usd_cents from transaction_totals where user_id='${user}'`).get();
    // `date >= ''`: the app's way into the (user, date) index in order (transactions/queries.server.ts, inDateOrder).
    const ids = raw.prepare(`select id from transactions where user_id='${user}' and date >= '' order by date desc, created_at desc, id desc limit ${limit}`).all().map((r) => r.id);
    raw.prepare(`select * from payments where +user_id='${user}' and transaction_id in (${ids.map((id) => `'${id}'`).join(",")})`).all();
    raw.prepare(`select * from transaction_tags where transaction_id in (${ids.map((id) => `'${id}'`).join(",")})`).all();
  };
  const { summary, categories, trend } = rawReports(raw, user);
  return {
    dashboard: () => {
      raw.prepare(`select sum(case when type='INCOME' then usd_cents else 0 end), sum(case when type='EXPENSE' then usd_cents else 0 end) from transactions where user_id='${user}' and ${range(previousMonth, monthEnd(month))}`).get();
      raw.prepare(`select p.currency_code, count(distinct t.id), sum(case when t.type='INCOME' then p.amount_minor end), sum(case when t.type='EXPENSE' then p.usd_cents end) from transactions t join payments p on p.transaction_id = t.id and +p.user_id='${user}' where t.user_id='${user}' and t.${range(month, monthEnd(month))} group by p.currency_code`).all();
      raw.prepare(`select * from transactions t join payments p on p.transaction_id = t.id and +p.user_id='${user}' where +t.user_id='${user}' and t.id in (select id from transactions where user_id='${user}' and date >= '' order by date desc, created_at desc, id desc limit 5)`).all();
    },
    expenses: () => list(10),
    budgets: () => {
      budgetMonth(month);
      budgetMonth(previousMonth);
      raw.prepare(`select * from categories where user_id='${user}' or (user_id is null and is_default = 1)`).all();
      raw.prepare(`select * from savings_goals where user_id='${user}'`).all();
      raw.prepare(`select * from goal_entries where user_id='${user}' and goal_id in (select id from savings_goals where user_id='${user}')`).all();
    },
    // The page reads the three together (reportData) for this month.
    reports: () => (summary(month, monthEnd(month)), categories(month, monthEnd(month)), trend(month, monthEnd(month))),
    apiTransactions: () => list(50),
    apiSummary: () => summary(isoDaysBefore(today, 29), today),
  };
}

if (!isMainThread && workerData?.rawPage) {
  const { file, user, today, rawPage, seconds } = workerData;
  const raw = new DatabaseSync(file, { readOnly: true });
  // A database server keeps its working set in memory. SQLite's default 2 MB page cache re-reads a
  // month of the 50,000-row user from the OS on every query, which made the raw month queries grow
  // with the file rather than with the rows (60 ms instead of 4: docs/benchmarks.md).
  raw.exec("PRAGMA cache_size = -262144");
  const run = rawPages(raw, user, today)[rawPage];
  const times = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  raw.close();
  parentPort.postMessage(times);
}
