import { listTransactions } from "~/features/transactions/queries.server";
import type { Actor } from "~/platform/db/schema";
// A type-only import loads nothing, so it makes no cycle either.
import type { TRANSACTION_TYPES } from "~/features/transactions/model";
export const deleteCategory = (actor: Actor, types: typeof TRANSACTION_TYPES) => [listTransactions(), actor, types];
