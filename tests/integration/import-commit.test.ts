import { env, SELF } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { commitImport, stageImport, undoImport } from "~/features/import/commands.server";
import { findImport } from "~/features/import/queries.server";
import type { ImportMapping } from "~/features/import/model/mapping";
import { createDb, type Db } from "~/platform/db/client.server";
import { tags } from "~/platform/db/schema";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { freshIp, ORIGIN } from "./helpers";
import { parseCsv } from "../setup/parse-csv";

// Issue 26, step 5 through the Worker's D1 (decision 039, "The commit and its undo"): our own
// export round-trips to the cent into a fresh account; a failure in the middle of a commit leaves
// nothing; a second commit writes nothing; undo takes back exactly the import and the running
// totals follow; another user's import is not found. The commands are called with the app's own
// database client on the Worker's binding (the pages and the API call the same ones).

const db = () => createDb({ DB: env.DB });
const actorOf = (account: ApiAccount) => ({ userId: account.user.id, ip: "203.0.113.40" });
const TODAY = "2026-11-27";
const PERIOD = "startDate=2026-10-01&endDate=2026-11-30";

async function created(account: ApiAccount, path: string, json: unknown) {
  const res = await api(path, { token: account.accessToken, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** The CSV export as a client downloads it, without its byte-order mark. */
async function exported(account: ApiAccount): Promise<Uint8Array> {
  const res = await SELF.fetch(`${ORIGIN}/api/reports/export?format=csv&${PERIOD}&includeCategories=true&includeCurrencyConversion=true`, {
    headers: { Authorization: `Bearer ${account.accessToken}`, "CF-Connecting-IP": freshIp() },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** An export's rows as groups: each transaction's rows without its id, the groups sorted, so two exports compare apart from ids. */
function groupsOf(bytes: Uint8Array) {
  const [header, ...rows] = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, ""));
  const idAt = header!.indexOf("transaction_id");
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const key = row[idAt]!;
    groups.set(key, [...(groups.get(key) ?? []), JSON.stringify(row.filter((_, i) => i !== idAt))]);
  }
  return { header, groups: [...groups.values()].map((g) => g.join("\n")).sort() };
}

async function stage(account: ApiAccount, bytes: Uint8Array, fileName: string, mapping: ImportMapping | null = null) {
  const outcome = await stageImport(db(), actorOf(account), { fileName, bytes, mapping, today: TODAY, history: null });
  if (outcome.kind !== "staged") throw new Error(JSON.stringify(outcome));
  return outcome.id;
}

type Totals = { transactions: number; imported: number; categories: number; tags: number; usd: string | null; sum: string; byCurrency: string; sumByCurrency: string; list: string | null; listSum: string };

/** What the user holds, straight from D1, with the running totals beside the sums they must equal. */
async function totals(userId: string): Promise<Totals> {
  const row = await env.DB.prepare(
    `select
      (select count(*) from transactions where user_id = ?1) as transactions,
      (select count(*) from transactions where user_id = ?1 and import_id is not null) as imported,
      (select count(*) from categories where user_id = ?1) as categories,
      (select count(*) from tags where user_id = ?1) as tags,
      (select cast(usd_cents as text) from payment_totals where user_id = ?1) as usd,
      (select cast(coalesce(sum(usd_cents), 0) as text) from payments where user_id = ?1) as sum,
      (select coalesce(group_concat(currency_code || '=' || amount_minor, ','), '') from (select currency_code, amount_minor from payment_currency_totals where user_id = ?1 and amount_minor <> 0 order by currency_code)) as byCurrency,
      (select coalesce(group_concat(currency_code || '=' || s, ','), '') from (select currency_code, sum(amount_minor) as s from payments where user_id = ?1 group by currency_code order by currency_code)) as sumByCurrency,
      (select (income_count + expense_count) || ' ' || income_usd_cents || ' ' || expense_usd_cents from transaction_totals where user_id = ?1) as list,
      (select count(*) || ' ' || coalesce(sum(case when type = 'INCOME' then usd_cents else 0 end), 0) || ' ' || coalesce(sum(case when type = 'EXPENSE' then usd_cents else 0 end), 0) from transactions where user_id = ?1) as listSum`,
  )
    .bind(userId)
    .first<Totals>();
  return row!;
}

const BANK_MAPPING: ImportMapping = {
  date: { column: 0, format: "MM/dd/yyyy" },
  description: 1,
  amount: { kind: "signed", column: 2, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "USD" },
  category: 3,
  tags: null,
  rate: null,
};
const bank = (rows: number, description = (i: number) => `Card payment ${i}`) =>
  new TextEncoder().encode(
    ["Date,Description,Amount,Category", ...Array.from({ length: rows }, (_, i) => `11/${String((i % 26) + 1).padStart(2, "0")}/2026,${description(i)},-${(i % 97) + 1}.${String(i % 100).padStart(2, "0")},Card ${i % 3}`)].join("\n"),
  );

let alice: ApiAccount;

beforeAll(async () => {
  alice = await registerViaApi();
  const tag = await created(alice, "/api/tags", { name: "Trip, 🧳", color: "#3B82F6" });
  const work = await created(alice, "/api/tags", { name: "work", color: "#3B82F6" });
  const gigs = await created(alice, "/api/categories", { name: "Side gigs", type: "income", color: "#3B82F6", icon: "Briefcase" });
  const body = (fields: Record<string, unknown>) => ({ categoryId: "default-food", date: "2026-11-10", ...fields });
  await created(alice, "/api/transactions", body({ type: "INCOME", categoryId: "default-salary", description: "Salary", date: "2026-11-01", amount: "2500" }));
  await created(alice, "/api/transactions", body({ type: "INCOME", categoryId: gigs.category.id, description: "Logo for Ana", amount: "300.10", tags: [work.tag.id] }));
  await created(alice, "/api/transactions", body({ description: '=HYPERLINK("http://evil.example")', amount: "19.99" }));
  await created(alice, "/api/transactions", body({ description: "Lunch, \"the usual\"\nwith Ana", amount: "12.50", tags: [tag.tag.id, work.tag.id], date: "2026-11-02" }));
  await created(alice, "/api/transactions", {
    ...body({ description: "Ñandú trip", categoryId: "default-housing", date: "2026-11-03", tags: [tag.tag.id] }),
    payments: [
      { currencyCode: "EUR", amount: "45.00" },
      { currencyCode: "JPY", amount: "1529", exchangeRate: "150" },
      { currencyCode: "COP", amount: "38712.50" },
    ],
  });
  await created(alice, "/api/transactions", body({ description: "Taxi", categoryId: "default-transport", currencyCode: "MXN", amount: "100", exchangeRate: "18.5", date: "2026-10-30" }));
  await created(alice, "/api/transactions", body({ description: "Coffee", amount: "4.50", date: "2026-11-05" }));
  await created(alice, "/api/transactions", body({ description: "Coffee", amount: "4.50", date: "2026-11-05" }));
});

test("our own export round-trips: export, import into a fresh account, export again gives the same rows apart from ids, to the cent, with several payments, currencies, tags and categories", async () => {
  const first = await exported(alice);
  const fresh = await registerViaApi();
  const id = await stage(fresh, first, "tallyworth.csv");
  const summary = await findImport(db(), fresh.user.id, id);
  expect(summary).toMatchObject({ ownExport: true, needsMapping: false, counts: { new: 8, duplicate: 0, error: 0 } });

  expect(await commitImport(db(), actorOf(fresh), { id })).toEqual({ kind: "committed", result: { imported: 8, duplicates: 0, refused: 0 } });
  const second = await exported(fresh);
  const [a, b] = [groupsOf(first), groupsOf(second)];
  expect(b.header).toEqual(a.header);
  expect(a.groups).toHaveLength(8);
  expect(b.groups).toEqual(a.groups);
  // The category and both tags were created once, by name.
  expect(await totals(fresh.user.id)).toMatchObject({ transactions: 8, imported: 8, categories: 1, tags: 2 });
  const t = await totals(fresh.user.id);
  expect(t.usd).toBe(t.sum);
  expect(t.byCurrency).toBe(t.sumByCurrency);
  expect(t.list).toBe(t.listSum);
});

test("a failure in the middle of a commit's batch on D1 leaves no imported row, no category and no entry, and the import still staged", async () => {
  const account = await registerViaApi();
  const id = await stage(account, bank(30), "bank.csv", BANK_MAPPING);
  const real = db();
  const failing = new Proxy(real, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return async (queries: Parameters<Db["batch"]>[0]) => {
        if (queries.length <= 4) return target.batch(queries);
        // A statement D1 refuses (NOT NULL), halfway through the commit's own.
        const broken = target.insert(tags).values({ userId: account.user.id, name: null as unknown as string, nameKey: "broken" });
        const middle = Math.floor(queries.length / 2);
        return target.batch([...queries.slice(0, middle), broken, ...queries.slice(middle)] as unknown as Parameters<Db["batch"]>[0]);
      };
    },
  });
  await expect(commitImport(failing, actorOf(account), { id })).rejects.toThrow();
  expect(await totals(account.user.id)).toMatchObject({ transactions: 0, categories: 0, tags: 0 });
  const entries = await env.DB.prepare("select action from activity_log where user_id = ? and action like 'import%'").bind(account.user.id).all();
  expect(entries.results).toEqual([]);
  expect((await findImport(db(), account.user.id, id))?.status).toBe("staged");
});

test("a commit sent twice writes once, and undo removes exactly the import: a transaction entered by hand the same day stays, and the running totals equal the remaining payments", async () => {
  const account = await registerViaApi();
  const byHand = await created(account, "/api/transactions", { type: "EXPENSE", categoryId: "default-food", description: "Pharmacy", date: "2026-11-01", amount: "1.00" });
  const id = await stage(account, bank(1_000), "statement.csv", BANK_MAPPING);
  const [one, two] = [await commitImport(db(), actorOf(account), { id }), await commitImport(db(), actorOf(account), { id })];
  expect(one.kind).toBe("committed");
  expect(two).toEqual({ kind: "notStaged" });
  const after = await totals(account.user.id);
  expect(after).toMatchObject({ imported: 1_000, categories: 3 });
  expect(after.usd).toBe(after.sum);
  expect(after.list).toBe(after.listSum);

  expect(await undoImport(db(), actorOf(account), { id })).toEqual({ kind: "undone", removed: 1_000 });
  const undone = await totals(account.user.id);
  expect(undone).toMatchObject({ transactions: 1, imported: 0, categories: 0, usd: "100", sum: "100", byCurrency: "USD=100", sumByCurrency: "USD=100", list: undone.listSum });
  const left = await api(`/api/transactions/${byHand.transaction.id}`, { token: account.accessToken });
  expect(left.status).toBe(200);
  const log = await env.DB.prepare("select action, description from activity_log where user_id = ? and action like 'import%' order by created_at").bind(account.user.id).all();
  expect(log.results).toEqual([
    { action: "import_commit", description: "Imported 1,000 transactions from statement.csv" },
    { action: "import_undo", description: "Import undone: statement.csv" },
  ]);
});

test("another user's import: commit and undo answer notFound and change nothing", async () => {
  const owner = await registerViaApi();
  const stranger = await registerViaApi();
  const id = await stage(owner, bank(3), "bank.csv", BANK_MAPPING);
  expect(await commitImport(db(), actorOf(stranger), { id })).toEqual({ kind: "notFound" });
  expect((await findImport(db(), owner.user.id, id))?.status).toBe("staged");
  expect((await commitImport(db(), actorOf(owner), { id })).kind).toBe("committed");
  expect(await undoImport(db(), actorOf(stranger), { id })).toEqual({ kind: "notFound" });
  expect(await totals(owner.user.id)).toMatchObject({ imported: 3 });
  expect(await totals(stranger.user.id)).toMatchObject({ transactions: 0, categories: 0 });
});
