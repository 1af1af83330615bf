// SPEC.md section 3 (Pricing plans). Prices are whole US dollars; the landing page
// formats them for the visitor's language.

export type PlanId = "basic" | "pro" | "enterprise";

export type Plan = {
  id: PlanId;
  /** Price per month when billed monthly, in whole USD. */
  monthly: number;
  /** Price per year when billed annually, in whole USD. */
  annual: number;
  /** How many currencies the plan tracks; null means unlimited. */
  currencyLimit: number | null;
  popular: boolean;
};

export const plans = [
  { id: "basic", monthly: 9, annual: 90, currencyLimit: 3, popular: false },
  { id: "pro", monthly: 19, annual: 190, currencyLimit: null, popular: true },
  { id: "enterprise", monthly: 39, annual: 390, currencyLimit: null, popular: false },
] as const satisfies readonly Plan[];

/** What a year costs when paying month by month. */
export function yearlyCostBilledMonthly(plan: Pick<Plan, "monthly">): number {
  return plan.monthly * 12;
}

/** SPEC.md section 4: the annual saving is twelve monthly payments minus the annual price. */
export function annualSaving(plan: Pick<Plan, "monthly" | "annual">): number {
  return yearlyCostBilledMonthly(plan) - plan.annual;
}

/**
 * Whole months the annual price gives for free, counted over every plan so the
 * claim holds for each one (the spec's "save 20 percent" does not: 18 of 108 is 16.7 %).
 */
export function freeMonthsOnAnnual(allPlans: readonly Pick<Plan, "monthly" | "annual">[] = plans): number {
  if (allPlans.length === 0) return 0;
  return Math.min(...allPlans.map((plan) => Math.floor(annualSaving(plan) / plan.monthly)));
}
