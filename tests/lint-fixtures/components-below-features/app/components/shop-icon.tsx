import { DEFAULT_ICON } from "~/features/shop/rules";

export function ShopIcon({ name }: { name?: string }) {
  return <span>{name ?? DEFAULT_ICON}</span>;
}
