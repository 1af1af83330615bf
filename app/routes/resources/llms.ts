import { llmsTxt } from "~/features/landing/model/crawlers";
import { MAX_REQUEST_BODY_LABEL } from "~/platform/http/body-limit";
import type { Route } from "./+types/llms";

// /llms.txt: what the app is and where its API is described, for automated clients.
export function loader({ request }: Route.LoaderArgs) {
  return new Response(llmsTxt(new URL(request.url).origin, MAX_REQUEST_BODY_LABEL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
