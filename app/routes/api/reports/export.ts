import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { askedPeriod, reportExportOperation } from "~/features/reports/api";
import { csvExport } from "~/features/reports/queries/export.server";
import { dbContext } from "~/context.server";

// The CSV file itself, not an envelope. A database failure before the first row answers the
// usual 500 envelope (the handler's catch); see features/reports/queries/export.server.ts for a failure mid-stream.
const route = apiRoute([
  endpoint(reportExportOperation, async ({ context, auth, query: { period, options } }) =>
    csvExport(context.get(dbContext), auth.user.id, askedPeriod(period, auth.user), options),
  ),
]);

export const loader = route.loader;
export const action = route.action;
