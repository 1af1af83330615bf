import { dbContext } from "~/context.server";
import { importRefusal, undoImportOperation } from "~/features/import/api";
import { undoImport } from "~/features/import/commands.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { importSummary } from "./view.server";

// Issue 26: Undo this import, within 7 days of its commit: its transactions go, nothing else.
// Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(undoImportOperation, async ({ context, params, auth, actor, t }) => {
    const id = params.id ?? "";
    const outcome = await undoImport(context.get(dbContext), actor, { id });
    if (outcome.kind !== "undone") throw importRefusal(outcome);
    const summary = await importSummary(context, t, auth.user.id, id);
    return { import: summary, removed: outcome.removed, message: t("api.importUndone", { count: outcome.removed }) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
