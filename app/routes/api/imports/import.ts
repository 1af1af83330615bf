import { dbContext } from "~/context.server";
import { deleteImportOperation, getImportOperation, importRefusal, updateImportOperation } from "~/features/import/api";
import { deleteImport, updateImport } from "~/features/import/commands.server";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { importWithRows, stagingServices } from "./view.server";

// Issue 26: one import: its preview (paged rows), changes to a staged one, and discarding it.
// Another user's import answers 404, exactly like a missing one (ARCHITECTURE.md 5).
// Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(getImportOperation, async ({ context, params, auth, query, t }) => {
    return importWithRows(context, t, auth.user.id, params.id ?? "", query);
  }),
  endpoint(updateImportOperation, async ({ context, params, auth, actor, body, t }) => {
    const id = params.id ?? "";
    const outcome = await updateImport(context.get(dbContext), actor, { id, changes: body, ...stagingServices(context, auth.user) });
    if (outcome.kind !== "updated") throw importRefusal(outcome);
    return importWithRows(context, t, auth.user.id, id);
  }),
  endpoint(deleteImportOperation, async ({ context, params, actor, t }) => {
    const id = params.id ?? "";
    const outcome = await deleteImport(context.get(dbContext), actor, { id });
    if (outcome.kind !== "deleted") throw importRefusal(outcome);
    return { id, message: t("api.importDeleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
