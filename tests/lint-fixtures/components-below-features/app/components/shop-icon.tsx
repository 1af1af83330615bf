import { DEFAULT_ICON } from "~/features/shop/model";

export function ShopIcon({ name }: { name?: string }) {
  return <span>{name ?? DEFAULT_ICON}</span>;
}
