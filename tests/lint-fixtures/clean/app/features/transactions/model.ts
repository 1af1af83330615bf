export const TRANSACTION_TYPES = ["expense", "income"] as const;
