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
  /** The per-currency table's columns (the dashboard's month, the reports' period). */
  /** A transaction's delete question, on the list and on its edit page. */
  deleteTransaction: {
    question: "Are you sure you want to delete this transaction?",
    detail: "“{{description}}” and its payments will be removed. This cannot be undone.",
  },
  byCurrency: { currency: "Currency", income: "Income", expenses: "Expenses", net: "Net", count: "Transactions" },
  /** An old rate, said before the user saves with it (RATE_STALE_AFTER_DAYS). */
  staleRate_one: "Rate from {{date}}, {{count}} day old",
  staleRate_other: "Rate from {{date}}, {{count}} days old",
  rateAge_zero: "today",
  rateAge_one: "{{count}} day old",
  rateAge_other: "{{count}} days old",
  rateSources: { fixed: "Fixed", manual: "Entered by hand", snapshot: "Built-in snapshot", provider: "Rate provider" },
  /** The built-in currencies by code; a currency an admin adds shows its stored name. */
  currencyNames: {
    USD: "US Dollar",
    EUR: "Euro",
    VES: "Venezuelan Bolívar",
    COP: "Colombian Peso",
    MXN: "Mexican Peso",
    GBP: "British Pound",
    JPY: "Japanese Yen",
    CAD: "Canadian Dollar",
    AUD: "Australian Dollar",
  },
  /** A known rate offered where no source has one for the day, never applied by itself (decision 037). */
  rateSuggestion: {
    earlier_one: "Rate of {{date}}, {{count}} day earlier — edit if needed",
    earlier_other: "Rate of {{date}}, {{count}} days earlier — edit if needed",
    later_one: "Rate of {{date}}, {{count}} day later — edit if needed",
    later_other: "Rate of {{date}}, {{count}} days later — edit if needed",
    sameDay: "Rate of {{date}} — edit if needed",
    use: "Use this rate",
  },
};
