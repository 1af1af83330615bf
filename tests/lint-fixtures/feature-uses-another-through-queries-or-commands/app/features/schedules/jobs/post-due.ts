import { TransactionsTable } from "~/features/transactions/ui/transactions-table";
export const view = TransactionsTable;
