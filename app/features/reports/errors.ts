import type { Refusal } from "~/platform/http/envelope";
import { acceptedDays, dayRangeMessage } from "~/calendar/range";
import type { PeriodError } from "./model/period";

// A refused report period answers alike on every face (the /reports page, the API, the web
// export): a 400 on the end date with the message of the reason readRange gives. The shape of
// every feature's refusals; a function of `today` because one message names the accepted range.

export type ReportRefusal = PeriodError;

const reportRefusals: Record<Exclude<ReportRefusal, "dateOutOfRange">, Refusal<"endDate">> = {
  dateInvalid: { status: 400, message: "validation.dateInvalid", field: "endDate" },
  dateRangeInvalid: { status: 400, message: "errors.dateRangeInvalid", field: "endDate" },
  rangeTooLong: { status: 400, message: "errors.rangeTooLong", field: "endDate" },
};

/** A refused period on `today`; its message is a locale key, maybe with values (~/text/message). */
export function reportRefusal(refusal: ReportRefusal, today: string): Refusal<"endDate"> {
  if (refusal === "dateOutOfRange") return { status: 400, message: dayRangeMessage(acceptedDays(today)), field: "endDate" };
  return reportRefusals[refusal];
}
