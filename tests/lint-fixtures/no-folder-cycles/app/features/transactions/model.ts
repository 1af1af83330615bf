import { MANUAL_SOURCE } from "~/features/rates/model";
export const isIsoDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
export const typedRateSource = MANUAL_SOURCE;
