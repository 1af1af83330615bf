// The zod-free part of the tags model (model.ts re-exports it): the tag form imports this and
// fetches its schema only when the user starts on it (docs/decisions/017).

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
