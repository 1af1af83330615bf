import { acceptedDays, dayRangeMessage } from "~/calendar/range";
import type { PeriodError } from "./period";

// A refused report period reads alike on every face (the /reports page, the API, the web
// export): the message of each reason readRange gives.

const periodErrorKeys: Record<Exclude<PeriodError, "dateOutOfRange">, string> = {
  dateInvalid: "validation.dateInvalid",
  dateRangeInvalid: "errors.dateRangeInvalid",
  rangeTooLong: "errors.rangeTooLong",
};

/** The message (a locale key, maybe with values: ~/text/message) for a refused period on `today`. */
export function periodErrorMessage(error: PeriodError, today: string): string {
  return error === "dateOutOfRange" ? dayRangeMessage(acceptedDays(today)) : periodErrorKeys[error];
}
