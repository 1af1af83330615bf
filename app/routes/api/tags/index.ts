import { createTagOperation, listTagsOperation, toApiTag } from "~/features/tags/api";
import { createTag } from "~/features/tags/commands.server";
import { tagApiError } from "~/features/tags/errors";
import { listTagsWithUsage } from "~/features/tags/queries.server";
import { listedTwice } from "~/platform/http/operation";
import { apiRoute, endpoint } from "~/platform/http/handler.server";
import { dbContext } from "~/context.server";

// Named exports, not a destructuring: React Router's build must see `loader` and `action` by name.
const route = apiRoute([
  endpoint(listTagsOperation, async ({ context, auth }) => {
    const tags = await listTagsWithUsage(context.get(dbContext), auth.user.id);
    return listedTwice("tags", tags.map(toApiTag));
  }),
  endpoint(createTagOperation, async ({ context, actor, body }) => {
    const outcome = await createTag(context.get(dbContext), actor, body);
    if (outcome.kind !== "ok") throw tagApiError(outcome.kind);
    return { tag: toApiTag(outcome.tag) };
  }),
]);

export const loader = route.loader;
export const action = route.action;
