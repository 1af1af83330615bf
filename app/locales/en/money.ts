// Words about money shared by the transaction list, form, dashboard and reports.
export const money = {
  types: { INCOME: "Income", EXPENSE: "Expense" },
  paymentMethods: {
    cash: "Cash",
    credit_card: "Credit Card",
    debit_card: "Debit Card",
    bank_transfer: "Bank Transfer",
    digital_wallet: "Digital Wallet",
    check: "Check",
    other: "Other",
  },
  rateSources: { fixed: "Fixed", manual: "Entered by hand", snapshot: "Built-in snapshot", provider: "Rate provider" },
};
