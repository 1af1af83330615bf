import { addDays, dayParts } from "~/calendar/days";
import { addMonths, monthEndOf, monthStartOf, type MonthStart } from "~/calendar/months";
import type { Language } from "~/locales/languages";
import type { PaymentMethod, TransactionType } from "~/features/transactions/model/transaction";

// "Explore with sample data" (issue 27, decision 040): a labelled sample month the user can take
// away again. What it holds is decided here, without I/O; commands.server.ts writes it through the
// transactions door and the budgets, goals and tags features' statements.

/** The kinds of rows sample_records lists; "set" is the one row per user that makes a second set impossible. */
export type SampleKind = "set" | "transaction" | "budget" | "goal" | "tag";
/** The marker row's (kind, record_id): its primary key refuses a second set, even from two requests at once. */
export const SAMPLE_SET_MARKER = { kind: "set", recordId: "sample" } as const satisfies { kind: SampleKind; recordId: string };

/** The tag every sample transaction carries, in the user's language (created when the user has none of that name). */
export const SAMPLE_TAG_NAME: Record<Language, string> = { en: "Sample", es: "Muestra" };
export const SAMPLE_TAG_COLOR = "#F59E0B";

/** The currencies the sample shows besides USD; each is used only on days it has a rate on file, else that row is in USD. */
export const SAMPLE_FOREIGN_CURRENCIES = ["EUR", "VES", "COP"] as const;

type Words = Record<Language, string>;
/** One sample row: which month (0 this, 1 the previous), its day in that month, and its amount in a currency and in USD. */
type Template = {
  month: 0 | 1;
  day: number;
  type: TransactionType;
  categoryId: string;
  description: Words;
  method: PaymentMethod;
  /** Minor units of `currency` (every sample currency has 2 decimals). */
  amount: { currency: "USD" | (typeof SAMPLE_FOREIGN_CURRENCIES)[number]; minor: number };
  /** The same purchase in USD cents, used when `currency` has no rate on file on the row's date. */
  usdMinor: number;
};

const w = (en: string, es: string): Words => ({ en, es });

const TEMPLATES: readonly Template[] = [
  // This month, up to today (a day after today moves to today).
  { month: 0, day: 1, type: "INCOME", categoryId: "default-salary", description: w("Salary", "Sueldo"), method: "bank_transfer", amount: { currency: "USD", minor: 320000 }, usdMinor: 320000 },
  { month: 0, day: 1, type: "EXPENSE", categoryId: "default-housing", description: w("Rent", "Alquiler"), method: "bank_transfer", amount: { currency: "USD", minor: 85000 }, usdMinor: 85000 },
  { month: 0, day: 2, type: "EXPENSE", categoryId: "default-food", description: w("Groceries", "Mercado"), method: "debit_card", amount: { currency: "USD", minor: 6420 }, usdMinor: 6420 },
  { month: 0, day: 3, type: "EXPENSE", categoryId: "default-food", description: w("Coffee", "Café"), method: "cash", amount: { currency: "EUR", minor: 380 }, usdMinor: 440 },
  { month: 0, day: 4, type: "EXPENSE", categoryId: "default-transport", description: w("Bus pass", "Pasaje de autobús"), method: "cash", amount: { currency: "VES", minor: 185000 }, usdMinor: 800 },
  { month: 0, day: 6, type: "EXPENSE", categoryId: "default-food", description: w("Lunch with friends", "Almuerzo con amigos"), method: "credit_card", amount: { currency: "EUR", minor: 2750 }, usdMinor: 3190 },
  { month: 0, day: 8, type: "EXPENSE", categoryId: "default-utilities", description: w("Electricity", "Electricidad"), method: "bank_transfer", amount: { currency: "VES", minor: 924000 }, usdMinor: 4000 },
  { month: 0, day: 10, type: "EXPENSE", categoryId: "default-entertainment", description: w("Cinema", "Cine"), method: "credit_card", amount: { currency: "EUR", minor: 1800 }, usdMinor: 2090 },
  { month: 0, day: 12, type: "EXPENSE", categoryId: "default-health", description: w("Pharmacy", "Farmacia"), method: "cash", amount: { currency: "COP", minor: 5800000 }, usdMinor: 1500 },
  { month: 0, day: 14, type: "EXPENSE", categoryId: "default-food", description: w("Supermarket", "Supermercado"), method: "debit_card", amount: { currency: "USD", minor: 4875 }, usdMinor: 4875 },
  { month: 0, day: 15, type: "INCOME", categoryId: "default-freelance", description: w("Freelance design", "Diseño independiente"), method: "digital_wallet", amount: { currency: "EUR", minor: 45000 }, usdMinor: 52250 },
  { month: 0, day: 16, type: "EXPENSE", categoryId: "default-food", description: w("Bakery", "Panadería"), method: "cash", amount: { currency: "VES", minor: 115500 }, usdMinor: 500 },
  { month: 0, day: 18, type: "EXPENSE", categoryId: "default-transport", description: w("Taxi", "Taxi"), method: "cash", amount: { currency: "COP", minor: 2400000 }, usdMinor: 620 },
  { month: 0, day: 20, type: "EXPENSE", categoryId: "default-food", description: w("Dinner out", "Cena fuera"), method: "credit_card", amount: { currency: "EUR", minor: 4200 }, usdMinor: 4880 },
  { month: 0, day: 22, type: "EXPENSE", categoryId: "default-education", description: w("Books", "Libros"), method: "credit_card", amount: { currency: "USD", minor: 3299 }, usdMinor: 3299 },
  // The previous month, so the charts have a trend.
  { month: 1, day: 1, type: "INCOME", categoryId: "default-salary", description: w("Salary", "Sueldo"), method: "bank_transfer", amount: { currency: "USD", minor: 320000 }, usdMinor: 320000 },
  { month: 1, day: 1, type: "EXPENSE", categoryId: "default-housing", description: w("Rent", "Alquiler"), method: "bank_transfer", amount: { currency: "USD", minor: 85000 }, usdMinor: 85000 },
  { month: 1, day: 5, type: "EXPENSE", categoryId: "default-food", description: w("Groceries", "Mercado"), method: "debit_card", amount: { currency: "USD", minor: 7130 }, usdMinor: 7130 },
  { month: 1, day: 9, type: "EXPENSE", categoryId: "default-utilities", description: w("Electricity", "Electricidad"), method: "bank_transfer", amount: { currency: "VES", minor: 890000 }, usdMinor: 3850 },
  { month: 1, day: 12, type: "EXPENSE", categoryId: "default-food", description: w("Dinner out", "Cena fuera"), method: "credit_card", amount: { currency: "EUR", minor: 3500 }, usdMinor: 4060 },
  { month: 1, day: 18, type: "INCOME", categoryId: "default-freelance", description: w("Freelance design", "Diseño independiente"), method: "digital_wallet", amount: { currency: "COP", minor: 120000000 }, usdMinor: 31000 },
  { month: 1, day: 20, type: "EXPENSE", categoryId: "default-food", description: w("Supermarket", "Supermercado"), method: "debit_card", amount: { currency: "USD", minor: 5510 }, usdMinor: 5510 },
  { month: 1, day: 24, type: "EXPENSE", categoryId: "default-health", description: w("Gym", "Gimnasio"), method: "debit_card", amount: { currency: "USD", minor: 4000 }, usdMinor: 4000 },
  { month: 1, day: 26, type: "EXPENSE", categoryId: "default-food", description: w("Coffee", "Café"), method: "cash", amount: { currency: "EUR", minor: 420 }, usdMinor: 490 },
  { month: 1, day: 28, type: "EXPENSE", categoryId: "default-shopping", description: w("Online shopping", "Compras en línea"), method: "credit_card", amount: { currency: "USD", minor: 8990 }, usdMinor: 8990 },
];

/** A sample transaction as the transactions door takes it (amounts as decimal strings of the currency's 2 decimals). */
export type SampleTransaction = {
  type: TransactionType;
  description: string;
  date: string;
  categoryId: string;
  payments: [{ currencyCode: string; amount: string; method: PaymentMethod }];
};

const decimal = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

/**
 * The sample transactions for a user whose today is `today` (decision 032): this month's up to
 * today, and the previous month's. A foreign row whose currency has no rate on file on its date
 * (`earliestRate`: the currency's earliest rate date; absent, none at all) is in USD instead:
 * a rate is never invented.
 */
export function sampleTransactions(today: string, language: Language, earliestRate: ReadonlyMap<string, string>): SampleTransaction[] {
  const thisMonth = monthStartOf(today);
  const todayDay = dayParts(today).day;
  return TEMPLATES.map((t) => {
    const start: MonthStart = t.month === 0 ? thisMonth : addMonths(thisMonth, -1);
    const lastDay = t.month === 0 ? todayDay : dayParts(monthEndOf(start)).day;
    const date = addDays(start, Math.min(t.day, lastDay) - 1);
    const rateFrom = t.amount.currency === "USD" ? undefined : earliestRate.get(t.amount.currency);
    const inOwnCurrency = t.amount.currency === "USD" || (rateFrom !== undefined && rateFrom <= date);
    return {
      type: t.type,
      description: t.description[language],
      date,
      categoryId: t.categoryId,
      payments: [
        inOwnCurrency
          ? { currencyCode: t.amount.currency, amount: decimal(t.amount.minor), method: t.method }
          : { currencyCode: "USD", amount: decimal(t.usdMinor), method: t.method },
      ],
    };
  });
}

/** The expense categories the sample budget may be set on, in order of preference (the first the user has no budget for this month). */
export const SAMPLE_BUDGET_CATEGORIES = ["default-food", "default-transport", "default-utilities", "default-entertainment"] as const;
/** How much of the sample budget the sample's own expenses use: near its limit, past the default alert threshold (80 %). */
export const SAMPLE_BUDGET_SPENT_PERCENT = 90;
export const SAMPLE_BUDGET_ALERT_THRESHOLD = 80;

/** A budget that `spentCents` fills to SAMPLE_BUDGET_SPENT_PERCENT (rounded up to whole dollars, so a little under it). */
export function sampleBudgetCents(spentCents: number): number {
  const exact = Math.ceil((spentCents * 100) / SAMPLE_BUDGET_SPENT_PERCENT);
  return Math.ceil(exact / 100) * 100;
}

/** The sample savings goal in USD, with two entries: one in the previous month, one this month. */
export function sampleGoal(today: string, language: Language) {
  const thisMonth = monthStartOf(today);
  return {
    name: w("Emergency fund", "Fondo de emergencia")[language],
    currencyCode: "USD",
    targetMinor: 100000,
    targetDate: addDays(addMonths(thisMonth, 6), -1),
    description: null,
    entries: [
      { date: addDays(addMonths(thisMonth, -1), 14), amountMinor: 15000, note: null },
      { date: addDays(thisMonth, Math.min(5, dayParts(today).day) - 1), amountMinor: 10000, note: null },
    ],
  };
}
