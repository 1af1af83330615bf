import { z } from "zod";
import { defineOperation } from "~/platform/http/operation";

// Sample data over the JSON API (issue 27, decision 040): the same commands as the dashboard's
// "Explore with sample data" and "Remove sample data".

const sampleResult = z.object({
  changed: z.boolean().meta({ description: "Whether this call added (POST) or removed (DELETE) a sample set; false when there was one already (POST) or none (DELETE)" }),
  transactions: z.number().int().meta({ description: "How many sample transactions this call added or removed" }),
  message: z.string().meta({ description: "What happened, in the request's language" }),
});

export const addSampleDataOperation = defineOperation({
  operationId: "addSampleData",
  method: "POST",
  path: "/api/sample-data",
  summary: "Fill the account with a labelled sample month",
  description:
    "About 25 transactions this month (up to the caller's today) and the previous one in USD, EUR, VES and COP (a currency only on dates it has a rate on file for, else USD), " +
    "each tagged Sample (Muestra in Spanish), a budget this month that the sample's expenses fill to about 90 %, and a savings goal with two entries, written together. " +
    "Idempotent: when the caller already has sample data, nothing is added (changed false).",
  tag: "sample-data",
  access: "user",
  response: sampleResult,
});

export const removeSampleDataOperation = defineOperation({
  operationId: "removeSampleData",
  method: "DELETE",
  path: "/api/sample-data",
  summary: "Remove exactly what the sample added",
  description:
    "Deletes the sample's transactions (edited since or not) with their payments and tags, its budget, its goal with its entries, and its tag when the sample created it and no transaction carries it any more. " +
    "Records the caller created are never touched. With no sample data, nothing changes (changed false).",
  tag: "sample-data",
  access: "user",
  response: sampleResult,
});

export const sampleDataOperations = [addSampleDataOperation, removeSampleDataOperation];
