import { thingOperations } from "~/routes/api/things";
export const operations = thingOperations;
