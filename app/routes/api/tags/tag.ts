import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { deleteTagOperation, updateTagOperation } from "~/features/tags/api";
import { tagApiError, toApiTag } from "~/features/tags/api-json";
import { deleteTag, updateTag } from "~/features/tags/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(updateTagOperation, async ({ context, params, auth, body }) => {
    const outcome = await updateTag(context.get(dbContext), auth.user.id, params.id ?? "", body);
    if (!outcome.ok) throw tagApiError(outcome.error);
    return { tag: toApiTag(outcome.tag) };
  }),
  endpoint(deleteTagOperation, async ({ context, params, auth, t }) => {
    const outcome = await deleteTag(context.get(dbContext), auth.user.id, params.id ?? "");
    if (!outcome.ok) throw tagApiError(outcome.error);
    return { id: outcome.tag.id, message: t("tags.saved.deleted") };
  }),
]);

export const loader = route.loader;
export const action = route.action;
