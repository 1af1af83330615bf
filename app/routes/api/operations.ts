import { authOperations, emailVerificationOperations, userOperations } from "~/features/accounts/api";
import { budgetOperations } from "~/features/budgets/api";
import { categoryOperations } from "~/features/categories/api";
import { goalOperations } from "~/features/goals/api";
import { importOperations } from "~/features/import/api";
import { recurringOperations } from "~/features/recurring/api";
import { currencyOperations, rateOperations } from "~/features/rates/api";
import { reportOperations } from "~/features/reports/api";
import { sampleDataOperations } from "~/features/sample-data/api";
import { tagOperations } from "~/features/tags/api";
import { transactionOperations } from "~/features/transactions/api";
import { buildOpenApiDocument, openApiOperation } from "~/platform/http/openapi";
import type { ApiOperation } from "~/platform/http/operation";

/**
 * The registry of documented operations, beside the routes that serve them. A new endpoint
 * defines its operations with defineOperation in its feature's api.ts and adds them here;
 * the access-matrix and bad-input suites fail until it has entries of its own there too.
 */
export const apiOperations: readonly ApiOperation[] = [
  ...authOperations,
  ...emailVerificationOperations,
  ...userOperations,
  ...categoryOperations,
  ...tagOperations,
  ...currencyOperations,
  ...rateOperations,
  ...transactionOperations,
  ...budgetOperations,
  ...goalOperations,
  ...recurringOperations,
  ...reportOperations,
  ...importOperations,
  ...sampleDataOperations,
  openApiOperation,
];

let cached: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document for the registered operations; built once per isolate, the schemas never change at run time. */
export function openApiDocument() {
  cached ??= buildOpenApiDocument(apiOperations);
  return cached;
}
