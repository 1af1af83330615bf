import {
  currencyDecimals,
  paymentExportChunk,
  type DateIdCursor,
  type Decimals,
  type PaymentExportRow,
} from "~/features/transactions/queries.server";
import { minorToDecimalString, signedAmount } from "~/money/amounts";
import { decimalsOf } from "~/money/currencies";
import type { Db } from "~/platform/db/client.server";
import { CSV_BOM, csvLine, numberCell, tagsCell, textCell } from "../model/csv";
import type { ReportPeriod } from "../model/period";

// The CSV export (issue 13), for the web (session) and the API (bearer) alike: one row per
// payment, streamed. Rows are read in chunks of EXPORT_CHUNK transactions by keyset on
// (date, id) and each chunk is written to the stream only when the reader asks for more (a
// pull source with no buffer ahead), so 50,000 rows take the memory of one chunk.
//
// Signs: stored amounts are positive and the type gives the sign (ARCHITECTURE.md 3); here an
// expense is written negative in original_amount and usd_amount, so the usd_amount column adds
// up to the report's net balance (income − expenses) for the same period, to the cent.

/** Transactions read per chunk: about 1,000 payment rows, a few hundred KB of text. */
export const EXPORT_CHUNK = 500;

export type ExportOptions = { includeCategories: boolean; includeCurrencyConversion: boolean };

type Column = {
  /** Stable English header: a script importing the file keys on it. */
  name: string;
  /** Present only when this option is on. */
  option?: keyof ExportOptions;
  cell: (row: PaymentExportRow, decimals: Decimals) => string;
};

const usd = (row: PaymentExportRow) => minorToDecimalString(signedAmount(row.type, row.usdCents), 2);

/** Every column, in the file's order; the options drop some, never reorder the rest. */
const COLUMNS: readonly Column[] = [
  { name: "date", cell: (r) => textCell(r.date) },
  { name: "description", cell: (r) => textCell(r.description) },
  { name: "type", cell: (r) => textCell(r.type) },
  { name: "category", option: "includeCategories", cell: (r) => textCell(r.categoryName) },
  { name: "tags", cell: (r) => textCell(tagsCell(r.tagNames)) },
  { name: "currency", cell: (r) => textCell(r.currencyCode) },
  {
    name: "original_amount",
    cell: (r, decimals) => numberCell(minorToDecimalString(signedAmount(r.type, r.amountMinor), decimalsOf(r.currencyCode, decimals))),
  },
  { name: "exchange_rate", option: "includeCurrencyConversion", cell: (r) => numberCell(r.rate) },
  { name: "rate_date", option: "includeCurrencyConversion", cell: (r) => textCell(r.rateDate) },
  { name: "rate_source", option: "includeCurrencyConversion", cell: (r) => textCell(r.rateSource) },
  { name: "usd_amount", cell: (r) => numberCell(usd(r)) },
  { name: "transaction_id", cell: (r) => textCell(r.transactionId) },
];

export function exportColumns(options: ExportOptions): readonly Column[] {
  return COLUMNS.filter((c) => !c.option || options[c.option]);
}

/** The file's name names the period: tallyworth-2026-11-01_2026-11-30.csv. */
export function exportFilename(period: ReportPeriod): string {
  return `tallyworth-${period.startDate}_${period.endDate}.csv`;
}

function linesOf(rows: readonly PaymentExportRow[], columns: readonly Column[], decimals: Decimals): string {
  let text = "";
  for (const row of rows) text += csvLine(columns.map((c) => c.cell(row, decimals)));
  return text;
}

/**
 * Reads a period's payments for an export, EXPORT_CHUNK transactions at a time in (date, id)
 * order: the first chunk at once (so a database that is down throws before any response is
 * made), each later one when the returned function is called. `done` marks the last chunk.
 */
export async function exportChunkReader(db: Db, userId: string, period: ReportPeriod, chunkSize = EXPORT_CHUNK) {
  const range = { startDate: period.startDate, endDate: period.endDate };
  let next: PaymentExportRow[] | null = await paymentExportChunk(db, userId, range, null, chunkSize);
  let cursor: DateIdCursor | null = null;
  return async (): Promise<{ rows: PaymentExportRow[]; done: boolean }> => {
    const rows = next ?? (await paymentExportChunk(db, userId, range, cursor, chunkSize));
    next = null;
    const last = rows.at(-1);
    // A chunk with fewer transactions than asked for is the last one.
    const done = !last || new Set(rows.map((r) => r.transactionId)).size < chunkSize;
    if (last && !done) cursor = { date: last.date, id: last.transactionId };
    return { rows, done };
  };
}

/**
 * The export of a period as a streaming response. The currencies' decimals and the first chunk
 * are read before the response is made, so a database that is down throws here, where each face
 * can answer in its own way (the web redirects back, the API answers 500); a failure after the
 * first chunk ends the download with an error, which the browser reports as a failed download.
 */
export async function csvExport(
  db: Db,
  userId: string,
  period: ReportPeriod,
  options: ExportOptions,
  chunkSize = EXPORT_CHUNK,
): Promise<Response> {
  const columns = exportColumns(options);
  const [decimals, readChunk] = await Promise.all([currencyDecimals(db), exportChunkReader(db, userId, period, chunkSize)]);
  const encoder = new TextEncoder();

  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { rows, done } = await readChunk();
          const head = started ? "" : CSV_BOM + csvLine(columns.map((c) => c.name));
          started = true;
          controller.enqueue(encoder.encode(head + linesOf(rows, columns, decimals)));
          if (done) controller.close();
        } catch (error) {
          console.error("CSV export failed while streaming", error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(period)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
