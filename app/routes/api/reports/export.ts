import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { askedPeriod, reportExportOperation } from "~/features/reports/api";
import { csvExport } from "~/features/reports/queries/export.server";
import { dbContext } from "~/context.server";

// The CSV file itself, not an envelope; with format=xlsx the spreadsheet, in the request's language
// (its writer is loaded only here, on demand: no other route carries it). A database failure
// before the first row answers the usual 500 envelope (the handler's catch); see
// features/reports/queries/export.server.ts for a failure mid-stream.
const route = apiRoute([
  endpoint(reportExportOperation, async ({ context, auth, t, query: { period, format, options } }) => {
    const db = context.get(dbContext);
    const asked = askedPeriod(period, auth.user);
    if (format === "xlsx") {
      const { xlsxExport } = await import("~/features/reports/queries/export-xlsx.server");
      return xlsxExport(db, auth.user.id, asked, options, t);
    }
    return csvExport(db, auth.user.id, asked, options);
  }),
]);

export const loader = route.loader;
export const action = route.action;
