import { Zip, ZipDeflate } from "fflate";
import { currencyDecimals, type Decimals, type PaymentExportRow } from "~/features/transactions/queries.server";
import { minorToDecimalString, signedAmount } from "~/money/amounts";
import { decimalsOf } from "~/money/currencies";
import type { Db } from "~/platform/db/client.server";
import type { Translate } from "~/locales/translator";
import type { ReportPeriod } from "../model/period";
import { XLSX_CONTENT_TYPE } from "../model/formats";
import { packageParts, SHEET_END, sheetRow, sheetStart, STYLE, workbookStyles, type XlsxCell } from "../model/xlsx";
import { EXPORT_CHUNK, exportChunkReader, exportColumns, exportFilename, type ExportOptions } from "./export.server";

// The spreadsheet export (issue 26, decision 038): the CSV's rows and columns (one row per
// payment, the same period and options, the same owner) as an .xlsx workbook in the reader's
// language: translated headers, types and default category names; amounts, rates and USD as
// number cells with number formats, dates as date cells, so Excel and LibreOffice show them in the
// reader's own separators and date order and can add them up. The CSV stays the format for
// re-import (decision 020); this file is for people.
//
// Streamed like the CSV: the sheet's XML is made EXPORT_CHUNK transactions at a time and
// deflated into the zip as the reader pulls, so memory is one chunk whatever the period.
// fflate's synchronous ZipDeflate only: its asynchronous API starts workers, which Workers lack.

type Column = { cell: (row: PaymentExportRow, t: Translate, amountStyle: (decimals: number) => number, decimals: Decimals) => XlsxCell; width: number };

const text = (value: string | null | undefined): XlsxCell => ({ kind: "text", value: value ?? "" });

/**
 * A default category's name in the reader's language, as the pages show it (default categories
 * are stored in English and translated by their "default-…" id, components/category-name.ts);
 * the user's own categories keep the name they typed.
 */
function categoryLabel(row: PaymentExportRow, t: Translate): string {
  if (row.categoryId?.startsWith("default-")) return t(`categoryNames.${row.categoryId}`, { defaultValue: row.categoryName ?? "" });
  return row.categoryName ?? "";
}

/** The cells of each CSV column (by its stable name): the CSV decides which columns there are. */
const CELLS: Record<string, Column> = {
  date: { cell: (r) => ({ kind: "date", value: r.date }), width: 12 },
  description: { cell: (r) => text(r.description), width: 36 },
  type: { cell: (r, t) => text(t(`money.types.${r.type}`)), width: 10 },
  category: { cell: (r, t) => text(categoryLabel(r, t)), width: 20 },
  tags: { cell: (r) => text(r.tagNames.join(", ")), width: 20 },
  currency: { cell: (r) => text(r.currencyCode), width: 9 },
  original_amount: {
    cell: (r, _t, amountStyle, decimals) => {
      const places = decimalsOf(r.currencyCode, decimals);
      return { kind: "number", value: minorToDecimalString(signedAmount(r.type, r.amountMinor), places), style: amountStyle(places) };
    },
    width: 16,
  },
  exchange_rate: { cell: (r) => ({ kind: "number", value: r.rate, style: STYLE.rate }), width: 14 },
  rate_date: { cell: (r) => (r.rateDate ? { kind: "date", value: r.rateDate } : null), width: 12 },
  rate_source: { cell: (r) => text(r.rateSource), width: 12 },
  usd_amount: { cell: (r) => ({ kind: "number", value: minorToDecimalString(signedAmount(r.type, r.usdCents), 2), style: STYLE.usd }), width: 14 },
  transaction_id: { cell: (r) => text(r.transactionId), width: 38 },
};

/** The spreadsheet's columns for the options: the CSV's, in the CSV's order, each with its header's message key. */
export function spreadsheetColumns(options: ExportOptions): { name: string; header: string; column: Column }[] {
  return exportColumns(options).map(({ name }) => {
    const column = CELLS[name];
    if (!column) throw new Error(`no spreadsheet cell for the CSV column ${name}`);
    return { name, header: `reports.spreadsheet.columns.${name}`, column };
  });
}

/** The file's name names the period, as the CSV's does: tallyworth-2026-11-01_2026-11-30.xlsx. */
export function spreadsheetFilename(period: ReportPeriod): string {
  return exportFilename(period).replace(/\.csv$/, ".xlsx");
}

/**
 * The export of a period as a streaming .xlsx response, in the language of `t`. As with the CSV,
 * the currencies' decimals and the first chunk are read before the response is made, so a
 * database that is down throws here; a failure later errors the stream (a failed download).
 */
export async function xlsxExport(
  db: Db,
  userId: string,
  period: ReportPeriod,
  options: ExportOptions,
  t: Translate,
  chunkSize = EXPORT_CHUNK,
): Promise<Response> {
  const columns = spreadsheetColumns(options);
  const [decimals, readChunk] = await Promise.all([currencyDecimals(db), exportChunkReader(db, userId, period, chunkSize)]);
  const styles = workbookStyles(decimals.values());
  const encoder = new TextEncoder();

  let line = 1;
  let sheet: ZipDeflate;
  let zip: Zip;
  let produced = false;
  let finished = false;

  const rowsXml = (rows: readonly PaymentExportRow[]) => {
    let xml = "";
    for (const row of rows) xml += sheetRow(++line, columns.map(({ column }) => column.cell(row, t, styles.amountStyle, decimals)));
    return xml;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          produced = true;
          controller.enqueue(chunk);
          if (final) {
            finished = true;
            controller.close();
          }
        });
        const add = (path: string, content: string) => {
          const file = new ZipDeflate(path, { level: 6 });
          zip.add(file);
          file.push(encoder.encode(content), true);
        };
        for (const [path, content] of Object.entries(packageParts(t("reports.spreadsheet.sheet")))) add(path, content);
        add("xl/styles.xml", styles.xml);
        sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
        zip.add(sheet);
        const header = sheetRow(1, columns.map(({ header }) => ({ kind: "text", value: t(header), style: STYLE.header })));
        sheet.push(encoder.encode(sheetStart(columns.map(({ column }) => column.width)) + header));
      },
      async pull(controller) {
        try {
          // Deflate may keep a small chunk to itself: read on until the zip gives something out.
          produced = false;
          while (!produced && !finished) {
            const { rows, done } = await readChunk();
            sheet.push(encoder.encode(rowsXml(rows) + (done ? SHEET_END : "")), done);
            if (done) zip.end();
          }
        } catch (error) {
          console.error("Spreadsheet export failed while streaming", error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );

  return new Response(body, {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${spreadsheetFilename(period)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
