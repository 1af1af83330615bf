import { nameFold } from "~/text/name-key";

// The categories model without zod (the schema is in schemas.ts): a page that shows a category's
// icon imports this and downloads no schema library.

// Spec section 9: the 14 icons and 17 named colours of the category form, and their defaults.
// Colours are Tailwind's 500 shades, stored as upper-case hex.

export const CATEGORY_ICONS = [
  "ShoppingCart",
  "Home",
  "Utensils",
  "Droplet",
  "Lightbulb",
  "Tv",
  "Car",
  "HeartPulse",
  "Briefcase",
  "GraduationCap",
  "Plane",
  "Gift",
  "Wallet",
  "CreditCard",
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export const CATEGORY_COLORS = [
  { name: "red", hex: "#EF4444" },
  { name: "orange", hex: "#F97316" },
  { name: "amber", hex: "#F59E0B" },
  { name: "yellow", hex: "#EAB308" },
  { name: "lime", hex: "#84CC16" },
  { name: "green", hex: "#22C55E" },
  { name: "emerald", hex: "#10B981" },
  { name: "teal", hex: "#14B8A6" },
  { name: "cyan", hex: "#06B6D4" },
  { name: "sky", hex: "#0EA5E9" },
  { name: "blue", hex: "#3B82F6" },
  { name: "indigo", hex: "#6366F1" },
  { name: "violet", hex: "#8B5CF6" },
  { name: "purple", hex: "#A855F7" },
  { name: "fuchsia", hex: "#D946EF" },
  { name: "pink", hex: "#EC4899" },
  { name: "rose", hex: "#F43F5E" },
] as const;

export const CATEGORY_TYPES = ["expense", "income"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const DEFAULT_CATEGORY_ICON: CategoryIcon = "ShoppingCart";
export const DEFAULT_CATEGORY_COLOR = "#3B82F6";

export const CATEGORY_NAME_MAX = 50;

/** A category as the page shows it. */
export type CategoryView = { id: string; name: string; type: CategoryType; color: string; icon: string };

export function toCategoryView(category: CategoryView): CategoryView {
  return { id: category.id, name: category.name, type: category.type, color: category.color, icon: category.icon };
}

/**
 * The default category a new name would look like (issue 23), if any: among `defaults` (of the
 * name's type), one whose stored name or whose name in any language (`namesByLanguage`: the
 * locale files' categoryNames, by id) is the same once accents, case and spacing are folded. A
 * reader of either language would otherwise see two "Educación" in one select.
 */
export function defaultNamed<T extends { id: string; name: string }>(
  name: string,
  defaults: readonly T[],
  namesByLanguage: readonly Readonly<Record<string, string>>[],
): T | undefined {
  const folded = nameFold(name);
  return defaults.find(
    (category) => nameFold(category.name) === folded || namesByLanguage.some((names) => names[category.id] !== undefined && nameFold(names[category.id]!) === folded),
  );
}

/** What uses a category: how many of the user's transactions, budgets and recurring schedules (issues 23, 24). */
export type CategoryUsage = { transactions: number; budgets: number; schedules: number };

/** The page's intents besides the list's create, update and delete: move what uses a category, then delete it. */
export const categoryIntents = { moveAndDelete: "move-delete" } as const;
