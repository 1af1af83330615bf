import { addSampleDataOperation, removeSampleDataOperation } from "~/features/sample-data/api";
import { addSampleData, removeSampleData } from "~/features/sample-data/commands.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext, languageContext } from "~/context.server";

// Issue 27, decision 040. Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(addSampleDataOperation, async ({ context, actor, t }) => {
    const outcome = await addSampleData(context.get(dbContext), actor, { language: context.get(languageContext) });
    return outcome.kind === "added"
      ? { changed: true, transactions: outcome.transactions, message: t("dashboard.sampleData.added") }
      : { changed: false, transactions: 0, message: t("dashboard.sampleData.alreadyAdded") };
  }),
  endpoint(removeSampleDataOperation, async ({ context, actor, t }) => {
    const outcome = await removeSampleData(context.get(dbContext), actor);
    return outcome.kind === "removed"
      ? { changed: true, transactions: outcome.transactions, message: t("dashboard.sampleData.removed") }
      : { changed: false, transactions: 0, message: t("dashboard.sampleData.nothingToRemove") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
