export const DEFAULT_ICON = "cart";
