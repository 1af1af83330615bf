import type { PeriodError } from "./period";

// A refused report period reads alike on every face (the /reports page, the API, the web
// export): the message key of each reason readRange gives.

export const periodErrorMessages: Record<PeriodError, string> = {
  dateInvalid: "validation.dateInvalid",
  dateRangeInvalid: "errors.dateRangeInvalid",
  rangeTooLong: "errors.rangeTooLong",
};
