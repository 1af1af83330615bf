import type { TransactionType } from "~/features/transactions/model/transaction";

// The tags model without zod: the tag form imports this and fetches its schema (schemas.ts) only
// when the user starts on it (docs/decisions/017).

// Spec section 3: the tag palette of 10 swatches; default Blue.
export const TAG_COLORS = [
  { name: "blue", hex: "#3B82F6" },
  { name: "red", hex: "#EF4444" },
  { name: "green", hex: "#22C55E" },
  { name: "yellow", hex: "#EAB308" },
  { name: "purple", hex: "#A855F7" },
  { name: "pink", hex: "#EC4899" },
  { name: "indigo", hex: "#6366F1" },
  { name: "orange", hex: "#F97316" },
  { name: "teal", hex: "#14B8A6" },
  { name: "gray", hex: "#6B7280" },
] as const;

export const DEFAULT_TAG_COLOR = "#3B82F6";
export const TAG_NAME_MAX = 50;
export const TAG_DESCRIPTION_MAX = 200;

/** A tag as the page shows it: the creation time travels as an ISO string. */
export type TagView = { id: string; name: string; color: string; description: string | null; createdAt: string; usageCount: number };

export function toTagView(tag: Omit<TagView, "createdAt"> & { createdAt: Date }): TagView {
  return { ...tag, createdAt: tag.createdAt.toISOString() };
}

/** The usage panel of one tag: how many transactions carry it, and the latest of them. */
export type TagUsageView = {
  tagId: string;
  count: number;
  transactions: { id: string; description: string; date: string; type: TransactionType; usdCents: number }[];
};
