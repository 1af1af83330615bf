import {
  Briefcase,
  Car,
  CreditCard,
  Droplet,
  Gift,
  GraduationCap,
  HeartPulse,
  House,
  Lightbulb,
  Plane,
  ShoppingCart,
  Tv,
  Utensils,
  Wallet,
  type LucideIcon,
} from "lucide-react";

// The 14 icons of spec section 9, by the names the API stores (the categories feature's
// CATEGORY_ICONS; its test checks the two lists agree, so this component imports no feature).
// Imported one by one so the bundle carries only these.
const icons = {
  ShoppingCart,
  Home: House,
  Utensils,
  Droplet,
  Lightbulb,
  Tv,
  Car,
  HeartPulse,
  Briefcase,
  GraduationCap,
  Plane,
  Gift,
  Wallet,
  CreditCard,
} satisfies Record<string, LucideIcon>;

/** The names this component draws, as stored. */
export const CATEGORY_ICON_NAMES = Object.keys(icons);
/** What an unknown name is drawn as: the categories' default icon (DEFAULT_CATEGORY_ICON). */
export const FALLBACK_CATEGORY_ICON = "ShoppingCart" satisfies keyof typeof icons;

/** A category's icon; decorative, since the category's name is always next to it. */
export function CategoryIcon({ name, className = "h-5 w-5" }: { name: string; className?: string }) {
  const Icon = (icons as Record<string, LucideIcon>)[name] ?? icons[FALLBACK_CATEGORY_ICON];
  return <Icon className={className} aria-hidden="true" focusable="false" />;
}

/** The icon on a disc of the category's colour, white on colour for contrast in both themes. */
export function CategoryBadge({ icon, color, size = "md" }: { icon: string; color: string; size?: "sm" | "md" }) {
  const box = size === "sm" ? "h-8 w-8" : "h-10 w-10";
  return (
    <span className={`inline-flex shrink-0 items-center justify-center rounded-full text-white ${box}`} style={{ backgroundColor: color }}>
      <CategoryIcon name={icon} className={size === "sm" ? "h-4 w-4" : "h-5 w-5"} />
    </span>
  );
}
