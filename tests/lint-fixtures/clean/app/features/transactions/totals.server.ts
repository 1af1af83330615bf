import { transactions } from "~/platform/db/schema";
import type { Actor } from "~/platform/db/schema";

// The transactions feature reads its own table; a type from the schema is no table access.
export const owned = (actor: Actor) => [transactions, actor];
