import { dbContext } from "~/context.server";
import { commitImportOperation, importRefusal } from "~/features/import/api";
import { commitImport } from "~/features/import/commands.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { importSummary } from "./view.server";

// Issue 26: write exactly the included staged rows, all or nothing.
// Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(commitImportOperation, async ({ context, params, auth, actor, t }) => {
    const id = params.id ?? "";
    const outcome = await commitImport(context.get(dbContext), actor, { id });
    if (outcome.kind !== "committed") throw importRefusal(outcome);
    const summary = await importSummary(context, t, auth.user.id, id);
    return { import: summary, result: outcome.result, message: t("api.importCommitted", { ...outcome.result }) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
