import { env } from "cloudflare:test";
import { transactionSearchText } from "~/text/search-text";

// Rows the API under test does not create yet (transactions, budgets), written straight into D1.

export type TransactionRow = {
  userId: string;
  categoryId?: string | null;
  tagIds?: string[];
  description?: string;
  date?: string;
  type?: "INCOME" | "EXPENSE";
  usdCents?: number;
  /** Payments in any currency; the transaction's USD total is then the sum of theirs. Default: one USD cash payment of usdCents. */
  payments?: PaymentRow[];
  createdAt?: number;
};

export type PaymentRow = { currencyCode: string; amountMinor: number; usdCents: number; method?: string; rate?: string };

/** A transaction with its payments (default one USD payment) and transaction_tags links; returns its id. */
export async function insertTransaction(row: TransactionRow): Promise<string> {
  const id = crypto.randomUUID();
  const date = row.date ?? "2026-11-02";
  const payments: PaymentRow[] = row.payments ?? [
    { currencyCode: "USD", amountMinor: row.usdCents ?? 1250, usdCents: row.usdCents ?? 1250 },
  ];
  const usdCents = payments.reduce((sum, p) => sum + p.usdCents, 0);
  const statements = [
    env.DB.prepare(
      "insert into transactions (id, user_id, type, description, search_text, date, category_id, usd_cents, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(id, row.userId, row.type ?? "EXPENSE", row.description ?? "Groceries", transactionSearchText(row.description ?? "Groceries"), date, row.categoryId ?? null, usdCents, row.createdAt ?? Date.now()),
    ...payments.map((p, position) =>
      env.DB.prepare(
        "insert into payments (id, transaction_id, user_id, position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'snapshot', ?)",
      ).bind(crypto.randomUUID(), id, row.userId, position, p.currencyCode, p.amountMinor, p.method ?? "cash", p.rate ?? "1", date, p.usdCents),
    ),
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
