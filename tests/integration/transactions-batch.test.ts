import { env } from "cloudflare:test";
import { expect, test } from "vitest";
import { createTransactions } from "~/features/transactions/commands.server";
import { transactionInputSchema } from "~/features/transactions/schemas/transaction";
import { createDb } from "~/platform/db/client.server";
import { idempotencyKeys } from "~/platform/db/schema";
import { api, registerViaApi, type ApiAccount } from "./api-client";

// The transactions door in batch form (decision 024) on D1, where a statement binds at most 100
// parameters: 100 transactions with 3 payments and 3 tags each in one call, every row and
// conversion as a single create stores it, one activity entry, a refused input among them, and
// a failing statement of the caller's that leaves nothing written. What an import or the
// recurring job will do, through the app's own database client on the Worker's binding.

const db = () => createDb({ DB: env.DB });

async function newTags(account: ApiAccount, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const { status, body } = await api("/api/tags", { token: account.accessToken, json: { name } });
    expect(status, JSON.stringify(body)).toBe(201);
    ids.push(body.data.tag.id);
  }
  return ids;
}

/** USD cents of an amount at a rate, in exact integers: round(minor × 10^(2 − decimals) ÷ rate), half away from zero. */
function expectedCents(amountMinor: number, decimals: number, rate: string): number {
  const [whole, fraction = ""] = rate.split(".");
  const rateUnits = BigInt(whole + fraction);
  const scaled = BigInt(amountMinor) * 10n ** BigInt(fraction.length + 2 - decimals);
  const cents = scaled / rateUnits;
  const remainder2 = (scaled % rateUnits) * 2n;
  return Number(remainder2 >= rateUnits ? cents + 1n : cents);
}

function inputs(tagIds: string[], count: number, refusedAt?: number) {
  return Array.from({ length: count }, (_, i) =>
    transactionInputSchema.parse({
      type: "EXPENSE",
      description: `Imported ${i}`,
      date: `2026-11-${String((i % 25) + 1).padStart(2, "0")}`,
      categoryId: "default-food",
      tagIds: i === refusedAt ? ["not-a-tag-of-mine"] : tagIds,
      multi: true,
      payments: [
        { currencyCode: "USD", amount: `${i + 1}.00`, method: "cash" },
        { currencyCode: "EUR", amount: `${i + 1}.37`, method: "credit_card" },
        { currencyCode: "JPY", amount: `${(i + 1) * 101}`, method: "bank_transfer" },
      ],
    }),
  );
}

type Row = { id: string; description: string; date: string; usd_cents: number; category_id: string };
type PaymentRow = { transaction_id: string; position: number; currency_code: string; amount_minor: number; method: string; rate: string; rate_date: string; rate_source: string; usd_cents: number };

test("100 transactions with 3 payments and 3 tags each are created in one call, with a refused input among them left out, and one activity entry", async () => {
  const account = await registerViaApi();
  const userId = account.user.id;
  const tagIds = await newTags(account, ["Batch one", "Batch two", "Batch three"]);
  const outcomes = await createTransactions(db(), { userId, ip: "198.51.100.7" }, inputs(tagIds, 101, 50), { source: "import" });

  expect(outcomes).toHaveLength(101);
  expect(outcomes[50]).toEqual({ kind: "invalid", issues: [{ path: ["tagIds"], message: "validation.tagInvalid" }] });
  const created = outcomes.flatMap((o, i) => (o.kind === "created" ? [{ index: i, id: o.id }] : []));
  expect(created).toHaveLength(100);

  const { results: rows } = await env.DB.prepare("select id, description, date, usd_cents, category_id from transactions where user_id = ?").bind(userId).all<Row>();
  const { results: payments } = await env.DB.prepare(
    "select transaction_id, position, currency_code, amount_minor, method, rate, rate_date, rate_source, usd_cents from payments where user_id = ? order by transaction_id, position",
  )
    .bind(userId)
    .all<PaymentRow>();
  const { results: links } = await env.DB.prepare(
    "select transaction_id, tag_id from transaction_tags where transaction_id in (select id from transactions where user_id = ?)",
  )
    .bind(userId)
    .all<{ transaction_id: string; tag_id: string }>();
  expect(rows).toHaveLength(100);
  expect(payments).toHaveLength(300);
  expect(links).toHaveLength(300);

  // The rates a single create would use: the snapshot on file on or before each date.
  const { results: snapshot } = await env.DB.prepare("select currency_code, rate, date, source from exchange_rates where currency_code in ('EUR', 'JPY') and date <= '2026-11-25' order by date desc")
    .all<{ currency_code: string; rate: string; date: string; source: string }>();
  const decimals = { USD: 2, EUR: 2, JPY: 0 } as Record<string, number>;
  for (const { index, id } of created) {
    const row = rows.find((r) => r.id === id)!;
    expect(row).toMatchObject({ description: `Imported ${index}`, date: `2026-11-${String((index % 25) + 1).padStart(2, "0")}`, category_id: "default-food" });
    const mine = payments.filter((p) => p.transaction_id === id);
    expect(mine.map((p) => [p.position, p.currency_code, p.amount_minor, p.method])).toEqual([
      [0, "USD", (index + 1) * 100, "cash"],
      [1, "EUR", (index + 1) * 100 + 37, "credit_card"],
      [2, "JPY", (index + 1) * 101, "bank_transfer"],
    ]);
    for (const p of mine) {
      if (p.currency_code === "USD") {
        expect(p).toMatchObject({ rate: "1", usd_cents: p.amount_minor });
        continue;
      }
      const onFile = snapshot.find((r) => r.currency_code === p.currency_code && r.date <= row.date)!;
      expect(p).toMatchObject({ rate: onFile.rate, rate_date: onFile.date, rate_source: onFile.source });
      expect(p.usd_cents).toBe(expectedCents(p.amount_minor, decimals[p.currency_code]!, p.rate));
    }
    expect(row.usd_cents).toBe(mine.reduce((sum, p) => sum + p.usd_cents, 0));
    expect(links.filter((l) => l.transaction_id === id).map((l) => l.tag_id).sort()).toEqual([...tagIds].sort());
  }

  const { results: activity } = await env.DB.prepare("select action, description, ip_address from activity_log where user_id = ? and action like 'transaction%'")
    .bind(userId)
    .all();
  expect(activity).toEqual([{ action: "transactions_create", description: "100", ip_address: "198.51.100.7" }]);

  // The API client sees them as any other transactions, with their tags.
  const list = await api(`/api/transactions?limit=100&tagId=${tagIds[0]}`, { token: account.accessToken });
  expect(list.status).toBe(200);
  expect(list.body.data.pagination.total).toBe(100);
});

test("a statement of the caller's that fails leaves none of the batch's 100 transactions written", async () => {
  const account = await registerViaApi();
  const userId = account.user.id;
  const tagIds = await newTags(account, ["Rollback one", "Rollback two", "Rollback three"]);
  const d = db();
  const remember = () => d.insert(idempotencyKeys).values({ userId, key: "import-2026-11", requestHash: "h", responseStatus: 201, responseBody: "{}" });
  await d.insert(idempotencyKeys).values({ userId, key: "import-2026-11", requestHash: "h", responseStatus: 201, responseBody: "{}" });

  await expect(createTransactions(d, { userId, ip: null }, inputs(tagIds, 100), { source: "import", extraStatements: () => [remember()] })).rejects.toThrow();

  const counts = await env.DB.prepare(
    `select (select count(*) from transactions where user_id = ?1) as transactions, (select count(*) from payments where user_id = ?1) as payments,
      (select count(*) from transaction_tags where tag_id in (select id from tags where user_id = ?1)) as links,
      (select count(*) from activity_log where user_id = ?1 and action like 'transaction%') as activity,
      (select count(*) from payment_totals where user_id = ?1 and usd_cents <> 0) as totals`,
  )
    .bind(userId)
    .first();
  expect(counts).toEqual({ transactions: 0, payments: 0, links: 0, activity: 0, totals: 0 });
});
