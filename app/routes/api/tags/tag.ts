import { apiRoute, endpoint } from "~/api/handler.server";
import { deleteTagOperation, updateTagOperation } from "~/api/operations/tags";
import { tagApiError, toApiTag } from "~/api/tag-json";
import { deleteTag, updateTag } from "~/db/tags.server";
import { dbContext } from "~/middleware/db";

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
