import { deleteTagOperation, toApiTag, updateTagOperation } from "~/features/tags/api";
import { deleteTag, updateTag } from "~/features/tags/commands.server";
import { tagApiError } from "~/features/tags/errors";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateTagOperation, async ({ context, params, actor, body }) => {
    const outcome = await updateTag(context.get(dbContext), actor, { ...body, id: params.id ?? "" });
    if (outcome.kind !== "ok") throw tagApiError(outcome.kind);
    return { tag: toApiTag(outcome.tag) };
  }),
  endpoint(deleteTagOperation, async ({ context, params, actor, t }) => {
    const outcome = await deleteTag(context.get(dbContext), actor, { id: params.id ?? "" });
    if (outcome.kind !== "ok") throw tagApiError(outcome.kind);
    return { id: outcome.tag.id, message: t("tags.saved.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
