import { env } from "cloudflare:test";
import { beforeAll, expect, test } from "vitest";
import { api, registerViaApi, type ApiAccount } from "./api-client";
import { diffDumps, dumpDatabase } from "./db-dump";
import { ORIGIN } from "./helpers";
import { SELF } from "cloudflare:test";

// Issue 26 through the JSON API: /api/imports, from the upload to the commit and its undo.

/** A US bank's statement: dates MM/dd/yyyy, separate debit and credit columns, amounts with grouping. */
const BANK_CSV = [
  "Date,Description,Debit,Credit",
  "03/01/2026,COFFEE SHOP #12,4.75,",
  '03/02/2026,PAYROLL ACME INC,,"2,500.00"',
  '03/15/2026,"RENT, MARCH","1,200.00",',
].join("\r\n");

const BANK_MAPPING = {
  date: { column: 0, format: "MM/dd/yyyy" },
  description: 1,
  amount: { kind: "debitCredit", debit: 2, credit: 3, decimalSign: "." },
  type: { kind: "amount" },
  currency: { kind: "fixed", code: "USD" },
};

const MARCH = "startDate=2026-03-01&endDate=2026-03-31";

beforeAll(async () => {
  // The first request loads the whole app into workerd.
  await SELF.fetch(`${ORIGIN}/`);
});

function uploadCsv(account: ApiAccount, csv: string, fileName = "bank.csv", headers: Record<string, string> = {}) {
  return api(`/api/imports?fileName=${encodeURIComponent(fileName)}`, {
    method: "POST",
    token: account.accessToken,
    headers: { "Content-Type": "text/csv", ...headers },
    body: csv,
  });
}

function uploadForm(account: ApiAccount, csv: string, fields: Record<string, string> = {}, fileName = "bank.csv") {
  const form = new FormData();
  form.set("file", new File([csv], fileName, { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return api("/api/imports", { method: "POST", token: account.accessToken, body: form });
}

const commit = (account: ApiAccount, id: string) => api(`/api/imports/${id}/commit`, { method: "POST", token: account.accessToken });
const undo = (account: ApiAccount, id: string) => api(`/api/imports/${id}/undo`, { method: "POST", token: account.accessToken });

async function marchTransactions(account: ApiAccount) {
  const res = await api(`/api/transactions?${MARCH}&limit=100`, { token: account.accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transactions as { id: string; description: string; date: string; type: string; usdCents: number; payments: { currencyCode: string; amountMinor: number }[] }[];
}

const shape = (list: Awaited<ReturnType<typeof marchTransactions>>) =>
  list.map((t) => `${t.date} ${t.type} ${t.description} ${t.payments.map((p) => `${p.currencyCode} ${p.amountMinor}`).join("+")}`).sort();

test("a bank CSV: uploaded, mapped, its rows paged, a duplicate included, committed into the transactions, then undone", async () => {
  const me = await registerViaApi();
  // Already recorded: the file's coffee is a duplicate of it.
  const coffee = await api("/api/transactions", {
    token: me.accessToken,
    json: { description: "Coffee shop #12", date: "2026-03-01", type: "EXPENSE", categoryId: "default-food", amount: "4.75" },
  });
  expect(coffee.status, JSON.stringify(coffee.body)).toBe(201);

  const uploaded = await uploadCsv(me, BANK_CSV);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const staged = uploaded.body.data.import;
  expect(staged).toMatchObject({
    status: "staged",
    fileName: "bank.csv",
    encoding: "utf-8",
    delimiter: ",",
    header: ["Date", "Description", "Debit", "Credit"],
    ownExport: false,
    needsMapping: true,
    mapping: null,
    rowCount: 3,
  });
  // Not mapped, so not committable.
  expect((await commit(me, staged.id)).status).toBe(409);

  const mapped = await api(`/api/imports/${staged.id}`, { method: "PUT", token: me.accessToken, json: { mapping: BANK_MAPPING } });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  expect(mapped.body.data.import).toMatchObject({ needsMapping: false, counts: { new: 2, duplicate: 1, error: 0, included: 2, total: 3 } });
  expect(mapped.body.data.import.mapping).toMatchObject(BANK_MAPPING);
  // Totals of the included rows, in minor units and in USD cents.
  expect(mapped.body.data.import.totals).toEqual({
    byCurrency: [{ currencyCode: "USD", income: 2500, incomeMinor: 250_000, expense: 1200, expenseMinor: 120_000 }],
    usd: { income: 2500, incomeCents: 250_000, expense: 1200, expenseCents: 120_000 },
  });

  // Paged in line order.
  const first = await api(`/api/imports/${staged.id}?page=1&limit=2`, { token: me.accessToken });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
  expect(first.body.data.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
    [2, "duplicate"],
    [3, "new"],
  ]);
  expect(first.body.data.rows[1]).toMatchObject({
    included: true,
    date: "2026-03-02",
    description: "PAYROLL ACME INC",
    type: "INCOME",
    payments: [{ currencyCode: "USD", amount: 2500, amountMinor: 250_000, usdCents: 250_000 }],
    usdCents: 250_000,
  });
  const second = await api(`/api/imports/${staged.id}?page=2&limit=2`, { token: me.accessToken });
  expect(second.body.data.rows.map((r: { line: number }) => r.line)).toEqual([4]);
  const duplicates = await api(`/api/imports/${staged.id}?status=duplicate`, { token: me.accessToken });
  expect(duplicates.body.data.rows).toHaveLength(1);
  expect(duplicates.body.data.rows[0]).toMatchObject({ line: 2, status: "duplicate", included: false, reason: { code: expect.stringMatching(/^import\./) } });
  expect(duplicates.body.data.rows[0].reason.message).not.toMatch(/^import\./);

  // The user imports the duplicate anyway.
  const included = await api(`/api/imports/${staged.id}`, { method: "PUT", token: me.accessToken, json: { rows: [{ line: 2, included: true }] } });
  expect(included.status, JSON.stringify(included.body)).toBe(200);
  expect(included.body.data.import.counts).toMatchObject({ included: 3 });

  const committed = await commit(me, staged.id);
  expect(committed.status, JSON.stringify(committed.body)).toBe(200);
  expect(committed.body.data.result.imported).toBe(3);
  expect(committed.body.data.import).toMatchObject({ id: staged.id, status: "committed", result: { imported: 3 } });
  expect(committed.body.data.import.undoUntil).not.toBeNull();
  expect(shape(await marchTransactions(me))).toEqual([
    "2026-03-01 EXPENSE COFFEE SHOP #12 USD 475",
    "2026-03-01 EXPENSE Coffee shop #12 USD 475",
    "2026-03-02 INCOME PAYROLL ACME INC USD 250000",
    "2026-03-15 EXPENSE RENT, MARCH USD 120000",
  ]);
  // A committed import is neither changed, discarded nor committed again.
  expect((await commit(me, staged.id)).status).toBe(409);
  expect((await api(`/api/imports/${staged.id}`, { method: "DELETE", token: me.accessToken })).status).toBe(409);
  expect((await api(`/api/imports/${staged.id}`, { method: "PUT", token: me.accessToken, json: { rows: [{ line: 3, included: false }] } })).status).toBe(409);
  const listed = await api("/api/imports", { token: me.accessToken });
  expect(listed.body.data.imports.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[staged.id, "committed"]]);

  const undone = await undo(me, staged.id);
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  expect(undone.body.data).toMatchObject({ removed: 3, message: "Import undone: 3 transactions removed", import: { status: "undone", undoUntil: null } });
  // Exactly the import's transactions are gone: the coffee recorded by hand stays.
  expect(shape(await marchTransactions(me))).toEqual(["2026-03-01 EXPENSE Coffee shop #12 USD 475"]);
  const again = await undo(me, staged.id);
  expect(again.status).toBe(409);
  expect(again.body.message).toBe("Only a committed import can be undone");
});

test("the same file twice: the second upload finds every row a duplicate and imports nothing", async () => {
  const me = await registerViaApi();
  const once = await uploadForm(me, BANK_CSV, { mapping: JSON.stringify(BANK_MAPPING) });
  expect(once.status, JSON.stringify(once.body)).toBe(201);
  expect(once.body.data.import.counts).toMatchObject({ new: 3, duplicate: 0, included: 3 });
  expect((await commit(me, once.body.data.import.id)).body.data.result.imported).toBe(3);

  const twice = await uploadForm(me, BANK_CSV, { mapping: JSON.stringify(BANK_MAPPING) });
  expect(twice.status, JSON.stringify(twice.body)).toBe(201);
  expect(twice.body.data.import.counts).toMatchObject({ new: 0, duplicate: 3, included: 0 });
  expect(twice.body.data.rows.map((r: { status: string; included: boolean }) => [r.status, r.included])).toEqual([
    ["duplicate", false],
    ["duplicate", false],
    ["duplicate", false],
  ]);
  const refused = await commit(me, twice.body.data.import.id);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe("No row is included: there is nothing to import");
  expect(await marchTransactions(me)).toHaveLength(3);
});

test("three identical coffees import as three, and a file with them again as nothing more", async () => {
  const me = await registerViaApi();
  const coffees = ["Date,Description,Debit,Credit", ...Array.from({ length: 3 }, () => "03/01/2026,COFFEE,4.75,")].join("\n");
  const uploaded = await uploadForm(me, coffees, { mapping: JSON.stringify(BANK_MAPPING) });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  expect(uploaded.body.data.import.counts).toMatchObject({ new: 3, duplicate: 0 });
  expect((await commit(me, uploaded.body.data.import.id)).body.data.result.imported).toBe(3);
  expect(shape(await marchTransactions(me))).toEqual(Array.from({ length: 3 }, () => "2026-03-01 EXPENSE COFFEE USD 475"));

  // Four in the next statement: the first three are the ones stored, the fourth is new.
  const four = ["Date,Description,Debit,Credit", ...Array.from({ length: 4 }, () => "03/01/2026,COFFEE,4.75,")].join("\n");
  const next = await uploadForm(me, four, { mapping: JSON.stringify(BANK_MAPPING) });
  expect(next.body.data.import.counts).toMatchObject({ new: 1, duplicate: 3 });
});

test("a mapping sent with the file that does not fit it: the file is staged without it, and the answer says which field is wrong", async () => {
  const me = await registerViaApi();
  const res = await uploadForm(me, BANK_CSV, { mapping: JSON.stringify({ ...BANK_MAPPING, description: 7 }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.import).toMatchObject({ needsMapping: true, mapping: null, counts: { total: 0 } });
  expect(res.body.data.mappingErrors).toEqual([{ field: "description", code: "import.mapping.columnMissing", message: "Choose one of the file's 4 columns." }]);
});

test("a saved mapping is applied to the next file with the same header", async () => {
  const me = await registerViaApi();
  const first = await uploadCsv(me, BANK_CSV);
  // Nothing to save before the columns are mapped: refused on the name's field, nothing saved.
  const early = await api(`/api/imports/${first.body.data.import.id}`, { method: "PUT", token: me.accessToken, json: { saveMappingAs: "My bank" } });
  expect(early.status).toBe(400);
  expect(early.body.errors).toEqual({ saveMappingAs: ["There is no mapping to save: map the columns first."] });
  const saved = await api(`/api/imports/${first.body.data.import.id}`, {
    method: "PUT",
    token: me.accessToken,
    json: { mapping: BANK_MAPPING, saveMappingAs: "My bank" },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const next = await uploadCsv(me, BANK_CSV.replace("COFFEE SHOP #12", "TEA HOUSE"), "april.csv");
  expect(next.status).toBe(201);
  expect(next.body.data.import).toMatchObject({ fileName: "april.csv", needsMapping: false, counts: { new: 3 } });
  expect(next.body.data.import.mapping).toMatchObject(BANK_MAPPING);
});

test("the reader's choices: a Spanish bank's file with ; and 1.234,56, read as sent or as overridden", async () => {
  const me = await registerViaApi();
  const spanish = ["Fecha;Concepto;Importe", "05/03/2026;Nómina marzo;1.234,56", "06/03/2026;Alquiler piso;-700,00"].join("\n");
  const windows1252 = Uint8Array.from([...spanish].map((c) => (c === "ó" ? 0xf3 : c.charCodeAt(0))));
  const res = await api("/api/imports?fileName=extracto.csv", { method: "POST", token: me.accessToken, headers: { "Content-Type": "text/csv" }, body: windows1252 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.import).toMatchObject({ encoding: "windows-1252", delimiter: ";", header: ["Fecha", "Concepto", "Importe"] });
  const mapping = { ...BANK_MAPPING, date: { column: 0, format: "dd/MM/yyyy" }, amount: { kind: "signed", column: 2, decimalSign: "," }, currency: { kind: "fixed", code: "EUR" }, rate: null };
  const mapped = await api(`/api/imports/${res.body.data.import.id}?`, { method: "PUT", token: me.accessToken, json: { mapping } });
  expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
  const rows = mapped.body.data.rows as { description: string; type: string; payments: { amountMinor: number }[] }[];
  expect(rows.map((r) => [r.description, r.type, r.payments[0]!.amountMinor])).toEqual([
    ["Nómina marzo", "INCOME", 123_456],
    ["Alquiler piso", "EXPENSE", 70_000],
  ]);
  // Read as UTF-8 on request: the accent is then not a letter, and the encoding says so.
  const asUtf8 = await api(`/api/imports/${res.body.data.import.id}`, { method: "PUT", token: me.accessToken, json: { encoding: "utf-8" } });
  expect(asUtf8.status, JSON.stringify(asUtf8.body)).toBe(200);
  expect(asUtf8.body.data.import.encoding).toBe("utf-8");
});

test("our own export round-trips through the API: exported, uploaded as is into a fresh account, committed, exported again, the same rows apart from ids", async () => {
  const alice = await registerViaApi();
  const post = async (json: unknown) => {
    const res = await api("/api/transactions", { token: alice.accessToken, json });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await post({ description: "Groceries, weekly", date: "2026-03-01", type: "EXPENSE", categoryId: "default-food", amount: "45.23" });
  await post({ description: "Coffee", date: "2026-03-02", type: "EXPENSE", categoryId: "default-food", amount: "4.50" });
  await post({ description: "Coffee", date: "2026-03-02", type: "EXPENSE", categoryId: "default-food", amount: "4.50" });
  await post({
    description: "Dinner in Tokyo",
    date: "2026-03-03",
    type: "EXPENSE",
    categoryId: "default-food",
    payments: [
      { currencyCode: "EUR", amount: "50.00", exchangeRate: "0.92" },
      { currencyCode: "JPY", amount: "1500", exchangeRate: "150.25" },
    ],
  });
  const exported = async (account: ApiAccount) => {
    const res = await SELF.fetch(`${ORIGIN}/api/reports/export?format=csv&${MARCH}&includeCategories=true&includeCurrencyConversion=true`, {
      headers: { Authorization: `Bearer ${account.accessToken}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** The export's lines without the transaction_id column (the last one), sorted. */
  const withoutIds = (csv: string) =>
    csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .map((line) => line.replace(/,[^,]*$/, ""))
      .sort();
  const first = await exported(alice);
  expect(first.split(/\r?\n/)[0]).toMatch(/transaction_id$/);

  const fresh = await registerViaApi();
  const uploaded = await uploadCsv(fresh, first, "tallyworth.csv");
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  expect(uploaded.body.data.import).toMatchObject({ ownExport: true, needsMapping: false, counts: { new: 4, duplicate: 0, error: 0 } });
  expect((await commit(fresh, uploaded.body.data.import.id)).body.data.result).toEqual({ imported: 4, duplicates: 0, refused: 0 });
  expect(withoutIds(await exported(fresh))).toEqual(withoutIds(first));

  // The same export into the account it came from: every transaction_id is already there.
  const again = await uploadCsv(alice, first, "tallyworth.csv");
  expect(again.body.data.import.counts).toMatchObject({ new: 0, duplicate: 4 });
});

test("refused uploads store nothing and say why in the request's language", async () => {
  const me = await registerViaApi();
  const before = await dumpDatabase();
  const empty = await uploadCsv(me, "");
  expect(empty.status).toBe(400);
  expect(empty.body).toEqual({ status: "error", message: "The file is empty." });
  const headerOnly = await uploadCsv(me, "Date,Description,Amount\n", "bank.csv", { "Accept-Language": "es" });
  expect(headerOnly.status).toBe(400);
  expect(headerOnly.body.message).not.toBe("The file has a header line but no rows.");
  expect(headerOnly.body.message).not.toMatch(/^import\./);
  const json = await api("/api/imports", { token: me.accessToken, json: { csv: BANK_CSV } });
  expect(json.status).toBe(415);
  expect(json.body.message).toBe("Send the file as text/csv, or as multipart/form-data with the file in a field named file");
  const noFile = await api("/api/imports", { method: "POST", token: me.accessToken, body: (() => { const f = new FormData(); f.set("mapping", "{}"); return f; })() });
  expect(noFile.status).toBe(400);
  expect(noFile.body.errors).toEqual({ file: ["Send the CSV file in a field named file"] });
  const badMapping = await uploadForm(me, BANK_CSV, { mapping: "{not json" });
  expect(badMapping.status).toBe(400);
  expect(Object.keys(badMapping.body.errors ?? {})).toEqual(["mapping"]);
  const badEncoding = await api("/api/imports?encoding=latin-9", { method: "POST", token: me.accessToken, headers: { "Content-Type": "text/csv" }, body: BANK_CSV });
  expect(badEncoding.status).toBe(400);
  expect(badEncoding.body.message).toBe("encoding must be utf-8, utf-16le, utf-16be or windows-1252");
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
});

test("another user's import answers 404 to every operation, as an unknown one does, and nothing changes", async () => {
  const owner = await registerViaApi();
  const other = await registerViaApi();
  const staged = (await uploadForm(owner, BANK_CSV, { mapping: JSON.stringify(BANK_MAPPING) })).body.data.import.id as string;
  const committedUpload = await uploadForm(owner, BANK_CSV.replace("COFFEE SHOP", "TEA SHOP"), { mapping: JSON.stringify(BANK_MAPPING) });
  const committed = committedUpload.body.data.import.id as string;
  expect((await commit(owner, committed)).status).toBe(200);

  const before = await dumpDatabase();
  for (const id of [staged, committed, crypto.randomUUID()]) {
    const answers = [
      await api(`/api/imports/${id}`, { token: other.accessToken }),
      await api(`/api/imports/${id}`, { method: "PUT", token: other.accessToken, json: { rows: [{ line: 2, included: false }] } }),
      await api(`/api/imports/${id}`, { method: "DELETE", token: other.accessToken }),
      await commit(other, id),
      await undo(other, id),
    ];
    expect(answers.map((a) => a.status), id).toEqual([404, 404, 404, 404, 404]);
    for (const a of answers) expect(a.body).toEqual({ status: "error", message: "Not found" });
  }
  expect((await api("/api/imports", { token: other.accessToken })).body.data.imports).toEqual([]);
  expect(diffDumps(before, await dumpDatabase())).toEqual({});
  // The owner's staged import is still theirs to discard.
  const discarded = await api(`/api/imports/${staged}`, { method: "DELETE", token: owner.accessToken });
  expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
  expect((await api(`/api/imports/${staged}`, { token: owner.accessToken })).status).toBe(404);
  const rows = await env.DB.prepare("select count(*) n from import_rows where import_id = ?").bind(staged).first<{ n: number }>();
  expect(rows?.n).toBe(0);
});
