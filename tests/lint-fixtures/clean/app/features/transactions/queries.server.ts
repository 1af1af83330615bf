export const listTransactions = () => [];
