export const createTransactions = () => [];
