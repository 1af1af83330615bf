import { daysBetween } from "~/calendar/days";

// The zod-free part of the rates model (model.ts re-exports it): the transaction form and the
// admin settings page import this and fetch the schemas only when a form is used (docs/decisions/017).

/** Where a stored rate came from. A provider run stores "provider"; USD is "fixed" and never stored as a lookup. */
export const RATE_SOURCES = ["manual", "provider", "snapshot", "fixed"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const PROVIDER_SOURCE: RateSource = "provider";
export const MANUAL_SOURCE: RateSource = "manual";
export const FIXED_SOURCE: RateSource = "fixed";

/** A source the app knows how to name (the pages translate these; anything else is shown as stored). */
export function isRateSource(source: string): source is RateSource {
  return (RATE_SOURCES as readonly string[]).includes(source);
}

/** Whole calendar days from a rate's date to the day it is used on; 0 when used on or before its own day. */
export function rateAgeDays(rateDate: string, usedOn: string): number {
  const days = daysBetween(rateDate, usedOn);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** A payment's rate's age on the day it is used. A rate typed by the user is theirs for the day and USD is always 1: neither ages. */
export function paymentRateAgeDays(rate: { date: string; source: string }, usedOn: string): number {
  return rate.source === MANUAL_SOURCE || rate.source === FIXED_SOURCE ? 0 : rateAgeDays(rate.date, usedOn);
}

/** The age of a rate worth warning about ("rate from 1 Nov 2026, 22 days old"), or null. */
export function staleRateAge(rate: { date: string; source: string }, usedOn: string, staleAfterDays: number): number | null {
  const age = paymentRateAgeDays(rate, usedOn);
  return age > staleAfterDays ? age : null;
}

/** The admin settings page's three forms, told apart by the submit button's `intent`. */
export const settingsIntents = { manualRate: "manual-rate", refresh: "refresh", currencyStatus: "currency-status" } as const;

