import type { PaymentMethod, TransactionType } from "~/features/transactions/model/transaction";
import type { Frequency } from "../model";

// What the /recurring page's forms post and where a write lands (shared by the page and its action).

export const RECURRING_INTENTS = {
  create: "create",
  update: "update",
  delete: "delete",
  skip: "skip",
  postNow: "post-now",
  pause: "pause",
  resume: "resume",
  savedPrefix: "",
} as const;

/** A schedule's card is `recurring-<id>`; a delete lands at the list's heading. */
export const RECURRING_ANCHORS = { item: "recurring", list: "recurring-list-heading" };

/** The ?saved= flags and their banners. */
export const SAVED_MESSAGES: Record<string, string> = {
  created: "recurring.messages.created",
  updated: "recurring.messages.updated",
  deleted: "recurring.messages.deleted",
  skipped: "recurring.messages.skipped",
  posted: "recurring.messages.posted",
  paused: "recurring.messages.paused",
  resumed: "recurring.messages.resumed",
};

export type ScheduleView = {
  id: string;
  type: TransactionType;
  description: string;
  categoryId: string | null;
  tagIds: string[];
  payments: { currencyCode: string; amount: string; amountMinor: number; decimals: number; method: PaymentMethod }[];
  frequency: Frequency;
  interval: number;
  startDate: string;
  endDate: string | null;
  occurrenceLimit: number | null;
  nextDate: string | null;
  upcoming: string[];
  paused: boolean;
  heldCurrency: string | null;
  /** The next occurrence the transactions door refused: its date and the refusal's message key (decision 033). */
  hold: { date: string; message: string } | null;
};

/** A new schedule's form filled from a transaction ("Repeat…"). */
export type ScheduleDraft = {
  type: TransactionType;
  description: string;
  categoryId: string;
  tagIds: string[];
  /** Every payment of the transaction, in order (none when it has none). */
  payments: { currencyCode: string; amount: string; method: PaymentMethod }[];
  frequency: Frequency;
  startDate: string;
};
