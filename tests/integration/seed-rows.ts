import { env } from "cloudflare:test";

// Rows the API under test does not create yet (transactions, budgets), written straight into D1.

export type TransactionRow = {
  userId: string;
  categoryId?: string | null;
  tagIds?: string[];
  description?: string;
  date?: string;
  type?: "INCOME" | "EXPENSE";
  usdCents?: number;
};

/** A one-payment USD transaction, with its transaction_tags links; returns its id. */
export async function insertTransaction(row: TransactionRow): Promise<string> {
  const id = crypto.randomUUID();
  const usdCents = row.usdCents ?? 1250;
  const date = row.date ?? "2026-11-02";
  const statements = [
    env.DB.prepare(
      "insert into transactions (id, user_id, type, description, date, category_id, usd_cents) values (?, ?, ?, ?, ?, ?, ?)",
    ).bind(id, row.userId, row.type ?? "EXPENSE", row.description ?? "Groceries", date, row.categoryId ?? null, usdCents),
    env.DB.prepare(
      "insert into payments (id, transaction_id, user_id, position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents) values (?, ?, ?, 0, 'USD', ?, 'cash', '1', ?, 'snapshot', ?)",
    ).bind(crypto.randomUUID(), id, row.userId, usdCents, date, usdCents),
    ...(row.tagIds ?? []).map((tagId) =>
      env.DB.prepare("insert into transaction_tags (transaction_id, tag_id) values (?, ?)").bind(id, tagId),
    ),
  ];
  await env.DB.batch(statements);
  return id;
}

export async function insertBudget(userId: string, categoryId: string, month = "2026-11-01"): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into budgets (id, user_id, category_id, amount_usd_cents, month) values (?, ?, ?, ?, ?)")
    .bind(id, userId, categoryId, 50000, month)
    .run();
  return id;
}
