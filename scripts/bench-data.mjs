// The bench's heavy user (ARCHITECTURE.md 9): 50,000 transactions over three years in the
// nine built-in currencies, 1–3 payments each, some tags. Written as multi-row INSERTs into
// the throwaway database, then loaded with wrangler (the same path the demo seed takes).
// The load and growth modes (scripts/bench-load.mjs) build users of any size with the same
// generator and write them straight into the SQLite file (seedBenchFile): a million
// transactions through `wrangler d1 execute` would take longer than the measurements.
import { mkdtempSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/auth/password.server.ts";
import { toUsdCents } from "../app/money/rates.ts";
import { transactionSearchText, userSearchText } from "../app/text/search-text.ts";
import { bin, persistArgs, run } from "./lib.mjs";
import { insertSql } from "./sql-rows.mjs";

export const benchAccount = { email: "bench@example.com", password: "BenchPass123" };
export const BENCH_TRANSACTIONS = 50_000;

const currencies = [
  ["USD", 2, "1"],
  ["EUR", 2, "0.8612"],
  ["VES", 2, "231.0475"],
  ["COP", 2, "3871.25"],
  ["MXN", 2, "18.4215"],
  ["GBP", 2, "0.7598"],
  ["JPY", 0, "152.84"],
  ["CAD", 2, "1.4015"],
  ["AUD", 2, "1.5321"],
];
// The seven default expense categories and 23 of the user's own: 30, each with a budget this month and last (issue 12).
const ownCategorySuffixes = Array.from({ length: 23 }, (_, i) => `cat-${i}`);
const defaultExpenseCategories = ["default-food", "default-housing", "default-transport", "default-utilities", "default-entertainment", "default-health", "default-shopping"];
const incomeCategories = ["default-salary", "default-freelance", "default-investments"];
const methods = ["cash", "credit_card", "debit_card", "bank_transfer", "digital_wallet"];

const inserts = (table, rows) => insertSql(table, rows);

export async function buildBenchSql(today = new Date()) {
  return benchUserSql({ passwordHash: await hashPassword(benchAccount.password), today }).join("\n") + "\n";
}

/**
 * The INSERT statements of one bench user: by default the 50,000-transaction `bench-user`
 * (benchAccount); `userId`, `email` and `prefix` (of every row id) make more users in one
 * database, `transactions` another size. Every user gets the same rows for the same size.
 */
export function benchUserSql({ passwordHash, today = new Date(), userId = "bench-user", email = benchAccount.email, prefix = "bench", transactions: size = BENCH_TRANSACTIONS }) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  const ownExpenseCategories = ownCategorySuffixes.map((suffix) => `${prefix}-${suffix}`);
  const expenseCategories = [...defaultExpenseCategories, ...ownExpenseCategories];
  const statements = [
    ...inserts("users", [
      {
        id: userId,
        email,
        first_name: "Bench",
        last_name: "User",
        search_text: userSearchText({ firstName: "Bench", lastName: "User", email }),
        password_hash: passwordHash,
        role: "user",
        is_active: 1,
        created_at: now - 3 * 365 * 86_400_000,
        updated_at: now,
      },
    ]),
  ];
  const tags = Array.from({ length: 12 }, (_, i) => ({ id: `${prefix}-tag-${i}`, user_id: userId, name: `Tag ${i}`, name_key: `tag ${i}`, color: "#3B82F6", description: null, created_at: now, updated_at: now }));
  statements.push(...inserts("tags", tags));
  statements.push(
    ...inserts(
      "categories",
      ownExpenseCategories.map((id, i) => ({ id, user_id: userId, name: `Expense ${i}`, name_key: `expense ${i}`, type: "expense", color: "#3B82F6", icon: "Wallet", is_default: 0, created_at: now, updated_at: now })),
    ),
  );
  const month = (back) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
  const budgets = [0, 1].flatMap((back) =>
    expenseCategories.map((categoryId, i) => ({ id: `${prefix}-budget-${back}-${i}`, user_id: userId, category_id: categoryId, amount_usd_cents: 50_000 + i * 10_000, month: month(back), alert_threshold: 80, created_at: now, updated_at: now })),
  );
  statements.push(...inserts("budgets", budgets));
  // Three savings goals with ten entries each.
  const goals = [["USD", 500_000], ["EUR", 300_000], ["COP", 2_000_000_000]].map(([code, target], i) => ({ id: `${prefix}-goal-${i}`, user_id: userId, name: `Goal ${i}`, currency_code: code, target_minor: target, saved_minor: 10 * 1_000 * (i + 1), target_date: null, description: null, created_at: now, updated_at: now }));
  statements.push(...inserts("savings_goals", goals));
  statements.push(
    ...inserts(
      "goal_entries",
      goals.flatMap((goal, i) => Array.from({ length: 10 }, (_, e) => ({ id: `${goal.id}-entry-${e}`, goal_id: goal.id, user_id: userId, date: month(e % 3), amount_minor: 1_000 * (i + 1), note: null, created_at: now - e }))),
    ),
  );
  const transactions = [];
  const payments = [];
  const links = [];
  const days = 3 * 365;
  for (let i = 0; i < size; i++) {
    const id = `${prefix}-tx-${i}`;
    const income = random() < 0.2;
    const date = new Date(today.getTime() - Math.floor(random() * days) * 86_400_000).toISOString().slice(0, 10);
    const count = random() < 0.85 ? 1 : 2 + Math.floor(random() * 2);
    let total = 0;
    for (let p = 0; p < count; p++) {
      const [code, decimals, rate] = pick(currencies);
      const amount = 100 + Math.floor(random() * 10 ** (decimals + 4));
      const usd = toUsdCents(amount, decimals, rate);
      total += usd;
      payments.push({ id: `${id}-p${p}`, transaction_id: id, user_id: userId, position: p, currency_code: code, amount_minor: amount, method: pick(methods), rate, rate_date: "2026-11-01", rate_source: "snapshot", usd_cents: usd });
    }
    const description = `${income ? "Invoice" : "Purchase"} ${i}`;
    transactions.push({ id, user_id: userId, type: income ? "INCOME" : "EXPENSE", description, search_text: transactionSearchText(description), date, category_id: pick(income ? incomeCategories : expenseCategories), usd_cents: total, created_at: now - i, updated_at: now - i });
    if (random() < 0.3) links.push({ transaction_id: id, tag_id: pick(tags).id });
  }
  statements.push(...inserts("transactions", transactions), ...inserts("payments", payments), ...inserts("transaction_tags", links));
  return statements;
}

/**
 * Writes bench users straight into a local D1's SQLite file (the server must not be running),
 * one transaction per user, with the per-user totals triggers on as in any write. All share
 * one password hash (hashing 200 passwords would take longer than writing their rows).
 */
export async function seedBenchFile(file, users, today = new Date()) {
  const passwordHash = await hashPassword(benchAccount.password);
  const db = new DatabaseSync(file);
  try {
    for (const user of users) {
      db.exec("BEGIN");
      for (const statement of benchUserSql({ ...user, passwordHash, today })) db.exec(statement);
      db.exec("COMMIT");
    }
  } finally {
    db.close();
  }
}

export async function seedBenchData() {
  const dir = mkdtempSync(join(tmpdir(), "bench-seed-"));
  const file = join(dir, "bench.sql");
  writeFileSync(file, await buildBenchSql());
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", ...persistArgs(), `--file=${file}`], {
    env: { CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    quiet: true,
  });
}
