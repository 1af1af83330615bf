// Decision 030: the order in which a page's bytes reach a slow phone.

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Moves the document's `<link rel="modulepreload">` from `<head>` to the end of the page's
 * content, just before its first `<script>` (React Router's, after the page).
 *
 * React hoists every modulepreload into `<head>`, where the browser finds them before the body has
 * arrived: over HTTP/1.1 (and through DevTools' throttling) some fifteen scripts then share the link
 * with the rest of the document, and the page's content, which is all the first paint needs,
 * arrives later. After the content the scripts are still asked for as soon as the document is in,
 * all in parallel, so hydration does not wait for a round trip more. React finds the links where
 * they are when it hydrates.
 *
 * The shell arrives in one go (React writes it at once), so holding it until the first `<script>`
 * delays nothing; what comes after is passed on as it comes (decoded and encoded again, so that a
 * character split between two chunks stays whole). A document without `</head>` or
 * without a script after it is passed on unchanged.
 */
export function modulepreloadsAfterContent(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = "";
  let moved = false;
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      if (moved) {
        if (text) controller.enqueue(encoder.encode(text));
        return;
      }
      held += text;
      const headEnd = held.indexOf("</head>");
      const firstScript = headEnd === -1 ? -1 : held.indexOf("<script", headEnd);
      if (firstScript === -1) return;
      const links: string[] = [];
      const head = held.slice(0, headEnd).replace(MODULEPRELOAD, (link) => (links.push(link), ""));
      controller.enqueue(encoder.encode(head + held.slice(headEnd, firstScript) + links.join("") + held.slice(firstScript)));
      held = "";
      moved = true;
    },
    flush(controller) {
      const text = (moved ? "" : held) + decoder.decode();
      if (text) controller.enqueue(encoder.encode(text));
    },
  });
}
