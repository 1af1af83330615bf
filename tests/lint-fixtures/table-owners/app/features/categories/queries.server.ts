import { budgets, categories } from "~/platform/db/schema";

// Whether a budget uses the category, read from the budgets feature's table instead of its queries.server.ts.
export const usedBy = [budgets, categories];
