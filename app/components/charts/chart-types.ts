/** What a chart draws: cents per category (pie), income and expenses per day or bucket (bar), expenses and the running balance (trend). */
export type ChartProps =
  | { kind: "pie"; locale: string; slices: { label: string; cents: number; color: string }[] }
  | { kind: "bar"; locale: string; points: { date: string; incomeCents: number; expenseCents: number }[] }
  | { kind: "trend"; locale: string; points: { date: string; expenseCents: number; balanceCents: number }[] };

export const CHART_COLORS = { income: "#16a34a", expense: "#dc2626", balance: "#2563eb" } as const;
