import { expect, test } from "vitest";
import { modulepreloadsAfterContent } from "./document-stream.server";

/** Pipes the document through the transform in the given pieces; the text and how many pieces came out. */
async function through(pieces: readonly (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === "string" ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
  const out: Uint8Array[] = [];
  const reader = source.pipeThrough(modulepreloadsAfterContent()).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
  const bytes = new Uint8Array(out.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of out) (bytes.set(chunk, at), (at += chunk.length));
  return new TextDecoder().decode(bytes);
}

const head =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style data-href="app-css">body{}</style>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><title>Página</title>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>';
const content = '<body><main><h1>Gastos</h1><p>€ 12,50</p></main>';
const scripts = '<script nonce="n">window.x=1</script><script type="module" async="">import "/assets/a.js";</script></body></html>';

test("the modulepreloads leave <head> for the end of the page's content, in their order, before its first script", async () => {
  const html = await through([head + content + scripts]);
  expect(html).toBe(
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><style data-href="app-css">body{}</style><title>Página</title>' +
      '<link rel="icon" href="/favicon.svg"/></head>' +
      content +
      '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/b.js" nonce="n"/>' +
      scripts,
  );
});

test("the document may arrive in any pieces, even one character's bytes split between two", async () => {
  const whole = new TextEncoder().encode(head + content + scripts);
  const expected = await through([whole]);
  for (const size of [1, 7, 100, 2048]) {
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < whole.length; at += size) pieces.push(whole.slice(at, at + size));
    expect(await through(pieces), `pieces of ${size} bytes`).toBe(expected);
  }
  expect(expected).toContain("Página");
  expect(expected).toContain("€ 12,50");
});

test("what streams in after the shell passes on unchanged, modulepreloads included", async () => {
  const later = '<script>enqueue("…")</script><link rel="modulepreload" href="/assets/c.js"/>';
  const html = await through([head + content + scripts.replace("</body></html>", ""), later, "</body></html>"]);
  expect(html.endsWith(later + "</body></html>")).toBe(true);
  expect(html.indexOf("/assets/a.js")).toBeGreaterThan(html.indexOf("</main>"));
});

test("a document without a script after its head is passed on as it was", async () => {
  for (const html of [head + content + "</body></html>", "<p>no head</p>", ""]) expect(await through([html])).toBe(html);
});
