import { robotsTxt } from "~/features/landing/model/crawlers";

// /robots.txt: plain text, the same for everyone, so it may be cached.
export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
