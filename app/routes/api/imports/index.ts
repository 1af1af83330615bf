import { dbContext } from "~/context.server";
import { createImportOperation, importMessageKey, listImportsOperation, mappingErrorsView, readUpload, toApiImport } from "~/features/import/api";
import { stageImport } from "~/features/import/commands.server";
import { listImports } from "~/features/import/queries.server";
import { apiErrors } from "~/platform/http/envelope";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { importView, importWithRows, stagingServices } from "./view.server";

// Issue 26: upload a CSV file (text/csv, or multipart with `file`) and stage its preview; the
// user's recent imports. Named exports: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(createImportOperation, async ({ request, context, auth, actor, query, t }) => {
    const upload = await readUpload(request, query);
    const outcome = await stageImport(context.get(dbContext), actor, {
      fileName: upload.fileName,
      bytes: upload.bytes,
      options: { encoding: upload.encoding, delimiter: upload.delimiter },
      mapping: upload.mapping,
      ...stagingServices(context, auth.user),
    });
    if (outcome.kind === "fileRefused") throw apiErrors.validation(importMessageKey(outcome.error));
    const staged = await importWithRows(context, t, auth.user.id, outcome.id);
    return outcome.mappingErrors ? { ...staged, mappingErrors: mappingErrorsView(outcome.mappingErrors, t) } : staged;
  }),
  endpoint(listImportsOperation, async ({ context, auth, query, t }) => {
    const imports = await listImports(context.get(dbContext), auth.user.id, { limit: query.limit });
    const view = await importView(context, t);
    return { imports: imports.map((summary) => toApiImport(summary, view)) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
