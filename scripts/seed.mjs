// Demo data for a newcomer: a demo user and a demo superadmin, four months of
// transactions in several currencies with categories and tags, a budget and a goal.
// Idempotent: every row has a fixed id and is inserted with INSERT OR IGNORE.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/auth/password.server.ts";
import { toUsdCents } from "../app/money/rates.ts";
import { transactionSearchText, userSearchText } from "../app/text/search-text.ts";
import { bin, persistArgs, run } from "./lib.mjs";
import { insertSql } from "./sql-rows.mjs";

export const demoAccounts = {
  user: { email: "demo@example.com", password: "DemoPass123", firstName: "Dana", lastName: "Demo", role: "user" },
  admin: { email: "admin@example.com", password: "AdminPass123", firstName: "Ada", lastName: "Admin", role: "superadmin" },
};

const insert = (table, row) => insertSql(table, [row], { orIgnore: true })[0];

// The offline snapshot rates of migrations/0001 (units per USD).
const snapshot = { USD: ["1", 2], EUR: ["0.8612", 2], VES: ["231.0475", 2], COP: ["3871.25", 2], MXN: ["18.4215", 2] };

function isoDate(d) {
  return d.toISOString().slice(0, 10);
}

export async function buildSeedSql(today = new Date()) {
  const statements = [];
  const now = Date.now();
  const userId = "demo-user";
  const adminId = "demo-admin";
  for (const [id, a] of [
    [userId, demoAccounts.user],
    [adminId, demoAccounts.admin],
  ]) {
    statements.push(
      insert("users", {
        id,
        email: a.email,
        first_name: a.firstName,
        last_name: a.lastName,
        search_text: userSearchText(a),
        password_hash: await hashPassword(a.password),
        role: a.role,
        is_active: 1,
        // The demo accounts have months of data: the first-run checklist (issue 27) is for new users.
        onboarding_dismissed_at: now,
        created_at: now - 120 * 86_400_000,
        updated_at: now,
      }),
    );
  }
  const tags = [
    ["demo-tag-work", "Work", "#3B82F6", "Billable to clients"],
    ["demo-tag-family", "Family", "#EC4899", null],
    ["demo-tag-travel", "Trip 2026", "#14B8A6", "Summer trip"],
  ];
  for (const [id, name, color, description] of tags) {
    statements.push(insert("tags", { id, user_id: userId, name, name_key: name.toLowerCase(), color, description, created_at: now, updated_at: now }));
  }
  statements.push(
    insert("categories", {
      id: "demo-cat-coffee",
      user_id: userId,
      name: "Coffee",
      name_key: "coffee",
      type: "expense",
      color: "#F59E0B",
      icon: "Utensils",
      is_default: 0,
      created_at: now,
      updated_at: now,
    }),
  );
  // [day offset, type, description, category, [[currency, amount minor, method]], tags]
  const monthly = [
    [1, "INCOME", "Monthly salary", "default-salary", [["USD", 420000, "bank_transfer"]], ["demo-tag-work"]],
    [3, "EXPENSE", "Rent", "default-housing", [["USD", 95000, "bank_transfer"]], []],
    [5, "EXPENSE", "Groceries", "default-food", [["VES", 1850050, "debit_card"]], ["demo-tag-family"]],
    [8, "INCOME", "Website project", "default-freelance", [["COP", 250000000, "bank_transfer"]], ["demo-tag-work"]],
    [10, "EXPENSE", "Electricity and water", "default-utilities", [["USD", 6420, "debit_card"]], []],
    [12, "EXPENSE", "Dinner out", "default-food", [["USD", 2000, "cash"], ["VES", 462095, "digital_wallet"]], ["demo-tag-family"]],
    [15, "EXPENSE", "Coffee beans", "demo-cat-coffee", [["MXN", 34900, "credit_card"]], []],
    [18, "EXPENSE", "Bus pass", "default-transport", [["COP", 15000000, "cash"]], []],
    [22, "EXPENSE", "Streaming", "default-entertainment", [["EUR", 1299, "credit_card"]], []],
    [25, "EXPENSE", "Pharmacy", "default-health", [["USD", 3150, "cash"]], ["demo-tag-family"]],
  ];
  let n = 0;
  for (let back = 3; back >= 0; back--) {
    const base = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    for (const [day, type, description, categoryId, pays, tagIds] of monthly) {
      const date = new Date(base.getTime() + (day - 1) * 86_400_000);
      if (date > today) continue;
      n++;
      const id = `demo-tx-${String(n).padStart(3, "0")}`;
      const payments = pays.map(([currency, amount, method], position) => {
        const [rate, decimals] = snapshot[currency];
        return { currency, amount, method, position, rate, usd: toUsdCents(amount, decimals, rate) };
      });
      const usdCents = payments.reduce((s, p) => s + p.usd, 0);
      statements.push(
        insert("transactions", {
          id,
          user_id: userId,
          type,
          description,
          search_text: transactionSearchText(description),
          date: isoDate(date),
          category_id: categoryId,
          usd_cents: usdCents,
          created_at: date.getTime(),
          updated_at: date.getTime(),
        }),
      );
      for (const p of payments) {
        statements.push(
          insert("payments", {
            id: `${id}-p${p.position}`,
            transaction_id: id,
            user_id: userId,
            position: p.position,
            currency_code: p.currency,
            amount_minor: p.amount,
            method: p.method,
            rate: p.rate,
            rate_date: "2026-11-01",
            rate_source: "snapshot",
            usd_cents: p.usd,
          }),
        );
      }
      for (const tagId of tagIds) statements.push(insert("transaction_tags", { transaction_id: id, tag_id: tagId }));
    }
  }
  const month = `${isoDate(today).slice(0, 7)}-01`;
  statements.push(
    insert("budgets", {
      id: "demo-budget-food",
      user_id: userId,
      category_id: "default-food",
      amount_usd_cents: 25000,
      month,
      alert_threshold: 80,
      created_at: now,
      updated_at: now,
    }),
  );
  // Goals keep a history of entries; the saved amount is their sum (issue 12).
  const goal = (id, name, currency, targetMinor, targetDate, description, entries) => {
    statements.push(
      insert("savings_goals", {
        id,
        user_id: userId,
        name,
        currency_code: currency,
        target_minor: targetMinor,
        saved_minor: entries.reduce((sum, [, amount]) => sum + amount, 0),
        target_date: targetDate,
        description,
        created_at: now,
        updated_at: now,
      }),
    );
    entries.forEach(([daysAgo, amount, note], index) =>
      statements.push(
        insert("goal_entries", {
          id: `${id}-entry-${index + 1}`,
          goal_id: id,
          user_id: userId,
          date: isoDate(new Date(today.getTime() - daysAgo * 86_400_000)),
          amount_minor: amount,
          note,
          created_at: now,
        }),
      ),
    );
  };
  goal("demo-goal-laptop", "New laptop", "USD", 150000, isoDate(new Date(Date.UTC(today.getUTCFullYear() + 1, 5, 30))), "For freelance work", [
    [60, 30000, "First savings"],
    [20, 12000, null],
  ]);
  goal("demo-goal-trip", "Trip to Cartagena", "COP", 400000000, null, null, [[10, 75000000, null]]);
  return statements.join("\n") + "\n";
}

export async function seedLocal() {
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, await buildSeedSql());
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", ...persistArgs(), `--file=${file}`], {
    env: { CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    quiet: true,
  });
  console.log(
    `Demo accounts: ${demoAccounts.user.email} / ${demoAccounts.user.password} (user), ${demoAccounts.admin.email} / ${demoAccounts.admin.password} (superadmin)`,
  );
}
