import { transactions } from "~/platform/db/schema";
import type { Actor } from "~/platform/db/schema";
import { findCategory } from "~/features/categories/queries.server";

// The transactions feature reads its own table; a type from the schema is no table access.
// It reads a category through the categories' queries, while the categories' commands ask
// transactions' queries whether a category is in use: no folder cycle, the kinds differ.
export const owned = (actor: Actor) => [transactions, actor, findCategory];
export const listTransactions = () => [];
