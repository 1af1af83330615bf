// A job creates transactions through the transactions feature's door and reads its queries.
import { createTransactions } from "~/features/transactions/commands.server";
import { listTransactions } from "~/features/transactions/queries.server";
import { TRANSACTION_TYPES } from "~/features/transactions/model";
export const job = { createTransactions, listTransactions, TRANSACTION_TYPES };
