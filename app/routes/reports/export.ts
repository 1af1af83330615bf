import { redirect } from "react-router";
import { dbContext } from "~/context.server";
import { requireSession } from "~/auth/guards.server";
import { csvExport } from "~/features/reports/queries/export.server";
import { readPagePeriod } from "~/features/reports/model/period";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/export";
import { userToday } from "~/calendar/time-zones";

// GET /reports/export?from=yyyy-MM-dd&to=yyyy-MM-dd (or ?month=yyyy-MM, or nothing for this
// month): the Export CSV link of /reports, with the session cookie, so it works without
// JavaScript. With &format=xlsx, the Spreadsheet link beside it: the same rows as an .xlsx
// workbook in the page's language (decision 038), its writer loaded only here, on demand.
// It sits under the app layout, whose guard sends a guest to sign in and back here,
// like every page (not a 401 as /expenses/rate answers a script: this is a link a person follows).
// When the period is refused or the database fails before the first row, it goes back to the
// report of the same period with exportFailed=1, and the page says 'Failed to export data'.
// A resource route: no default export.

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const params = new URL(request.url).searchParams;
  const back = () => {
    const page = new URLSearchParams([...params].filter(([key]) => ["month", "from", "to", "chart"].includes(key)));
    page.set("exportFailed", "1");
    return redirect(`/reports?${page.toString()}`);
  };
  const read = readPagePeriod(params, userToday(session.user));
  if (!read.ok) return back();
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "xlsx") return back();
  const db = context.get(dbContext);
  const options = { includeCategories: true, includeCurrencyConversion: true };
  try {
    if (format === "xlsx") {
      const { xlsxExport } = await import("~/features/reports/queries/export-xlsx.server");
      return await xlsxExport(db, session.user.id, read.period, options, translatorFor(context).t);
    }
    return await csvExport(db, session.user.id, read.period, options);
  } catch (error) {
    console.error(format === "xlsx" ? "Spreadsheet export failed" : "CSV export failed", error);
    return back();
  }
}
