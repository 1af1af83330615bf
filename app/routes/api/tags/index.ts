import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { createTagOperation, listTagsOperation } from "~/features/tags/api";
import { tagApiError, toApiTag } from "~/features/tags/api-json";
import { createTag, listTagsWithUsage } from "~/features/tags/commands.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listTagsOperation, async ({ context, auth }) => {
    const tags = (await listTagsWithUsage(context.get(dbContext), auth.user.id)).map(toApiTag);
    // Spec section 7: the client reads data.tags, or data.data.tags.
    return { tags, data: { tags } };
  }),
  endpoint(createTagOperation, async ({ context, auth, body }) => {
    const outcome = await createTag(context.get(dbContext), auth.user.id, body);
    if (!outcome.ok) throw tagApiError(outcome.error);
    return { tag: toApiTag(outcome.tag) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
