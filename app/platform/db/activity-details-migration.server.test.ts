import { createClient } from "@libsql/client";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";

// Migration 0007 (decision 025) over a database that has entries written before it: each old
// English description becomes the entry's values where it can be read back, and stays as it was.

async function applyMigrations(client: ReturnType<typeof createClient>, which: (file: string) => boolean) {
  const files = readdirSync("migrations").filter((f) => f.endsWith(".sql") && which(f)).sort();
  for (const file of files) {
    for (const statement of readFileSync(join("migrations", file), "utf8").split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean)) {
      await client.execute(statement);
    }
  }
}

test("migration 0007 turns old English activity rows into key and values, and leaves unreadable ones as stored", async () => {
  const client = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), "activity-0007-")), "test.db")}` });
  await applyMigrations(client, (f) => f < "0007");
  // Raw SQL on purpose: these rows are written to the tables as they were before migration 0007,
  // which the current schema (and so the row writer, tests/setup/rows.ts) no longer describes.
  await client.execute(
    "insert into users (id, email, password_hash, first_name, last_name, role, search_text) values ('u1', 'a@example.com', 'x', 'A', 'B', 'user', 'a b')",
  );
  const old: [string, string][] = [
    ["sign_up", "Account created"],
    ["login_failed", "Failed sign-in attempt"],
    ["login_failed", "Sign-in attempt on a deactivated account"],
    ["profile_update", "Profile updated"],
    ["profile_update", "Profile updated by an administrator"],
    ["role_change", "Role changed to superadmin"],
    ["account_deactivated", "Account deactivated by an administrator"],
    ["transaction_create", "Coffee, with milk"],
    ["transactions_create", "12"],
    ["transactions_create", "twelve"],
    ["exchange_rate_manual", "EUR 0.92 (2026-01-05)"],
    ["currency_activate", "EUR"],
    ["budget_update", "Food, drinks, 2026-01"],
    ["budget_copy", "3, 2026-01 → 2026-02"],
    ["budget_copy", "copied"],
    ["goal_progress", "Holiday"],
  ];
  for (const [index, [action, description]] of old.entries()) {
    await client.execute({
      sql: "insert into activity_log (id, user_id, action, description, created_at) values (?, 'u1', ?, ?, ?)",
      args: [`a${index}`, action, description, index],
    });
  }
  await applyMigrations(client, (f) => f.startsWith("0007"));
  const { rows } = await client.execute("select action, description, details from activity_log order by created_at");
  expect(rows.map((r) => [r.action, r.description, r.details === null ? null : JSON.parse(String(r.details))])).toEqual([
    ["sign_up", "Account created", {}],
    ["login_failed", "Failed sign-in attempt", { reason: "wrongPassword" }],
    ["login_failed", "Sign-in attempt on a deactivated account", { reason: "deactivated" }],
    ["profile_update", "Profile updated", {}],
    ["profile_update", "Profile updated by an administrator", { by: "admin" }],
    ["role_change", "Role changed to superadmin", { role: "superadmin" }],
    ["account_deactivated", "Account deactivated by an administrator", {}],
    ["transaction_create", "Coffee, with milk", { description: "Coffee, with milk" }],
    ["transactions_create", "12", { count: 12 }],
    ["transactions_create", "twelve", null],
    ["exchange_rate_manual", "EUR 0.92 (2026-01-05)", { currency: "EUR", rate: "0.92", date: "2026-01-05" }],
    ["currency_activate", "EUR", { currency: "EUR" }],
    ["budget_update", "Food, drinks, 2026-01", { category: "Food, drinks", month: "2026-01" }],
    ["budget_copy", "3, 2026-01 → 2026-02", { count: 3, from: "2026-01", to: "2026-02" }],
    ["budget_copy", "copied", null],
    ["goal_progress", "Holiday", { name: "Holiday" }],
  ]);
});
