import { z } from "zod";
import { defineOperation } from "~/platform/http/operation";
import { apiCurrencySchema } from "./api-json";

export const listCurrenciesOperation = defineOperation({
  operationId: "listCurrencies",
  method: "GET",
  path: "/api/currencies",
  summary: "The active currencies, by code",
  description: "The built-in list of spec section 3 unless a superadmin changed it.",
  tag: "currencies",
  access: "user",
  response: z.object({ currencies: z.array(apiCurrencySchema) }),
});

export const getCurrencyOperation = defineOperation({
  operationId: "getCurrency",
  method: "GET",
  path: "/api/currencies/{code}",
  summary: "One currency, active or not",
  tag: "currencies",
  access: "user",
  params: { code: "The currency code, in any letter case" },
  response: z.object({ currency: apiCurrencySchema }),
  errorStatuses: [404],
});

export const currencyOperations = [listCurrenciesOperation, getCurrencyOperation];
