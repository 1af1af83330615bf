// The rates model reads a calendar rule through the transactions model, which reads the rates model.
import { isIsoDate } from "~/features/transactions/model";
export const MANUAL_SOURCE = "manual";
export const rateDayValid = isIsoDate;
