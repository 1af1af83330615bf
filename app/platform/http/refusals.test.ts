import { expect, test } from "vitest";
import { en } from "~/locales/en";
import { es } from "~/locales/es";
import { accountRefusals } from "~/features/accounts/errors";
import { budgetFailures, budgetRefusals } from "~/features/budgets/errors";
import { categoryFailures, categoryRefusals } from "~/features/categories/errors";
import { goalFailures, goalRefusals } from "~/features/goals/errors";
import { rateRefusals } from "~/features/rates/errors";
import { reportRefusal, type ReportRefusal } from "~/features/reports/errors";
import { tagFailures, tagRefusals } from "~/features/tags/errors";
import { transactionFailures, transactionRefusals } from "~/features/transactions/errors";
import type { Refusal } from "./envelope";

// Every feature's errors.ts (decision 014): each refusal is a status and a message key, and each
// key is worded in English and Spanish, so a refused write reads in the user's language on both faces.

const refusals: Record<string, Record<string, Refusal>> = {
  accountRefusals,
  budgetRefusals,
  categoryRefusals,
  goalRefusals,
  rateRefusals,
  tagRefusals,
  transactionRefusals,
  reportRefusals: Object.fromEntries(
    (["dateInvalid", "dateRangeInvalid", "rangeTooLong"] satisfies ReportRefusal[]).map((r) => [r, reportRefusal(r, "2026-11-27")]),
  ),
};
const failures: Record<string, Record<string, string>> = { budgetFailures, categoryFailures, goalFailures, tagFailures, transactionFailures };

const wording = (tree: object, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

test("every refusal of every feature is a 4xx with a message key worded in English and Spanish", () => {
  for (const [map, entries] of Object.entries(refusals))
    for (const [refusal, { status, message }] of Object.entries(entries)) {
      const where = `${map}.${refusal}: ${message}`;
      expect(status >= 400 && status < 500, where).toBe(true);
      expect(typeof wording(en, message), where).toBe("string");
      expect(typeof wording(es, message), where).toBe("string");
    }
});

test("every failure a page shows (a 500) is a message key worded in English and Spanish", () => {
  for (const [map, entries] of Object.entries(failures))
    for (const [failure, message] of Object.entries(entries)) {
      expect(typeof wording(en, message), `${map}.${failure}`).toBe("string");
      expect(typeof wording(es, message), `${map}.${failure}`).toBe("string");
    }
});
