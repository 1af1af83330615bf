import { isbot } from "isbot";
import { preloadModule } from "react-dom";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { modulepreloadsAfterContent } from "~/document-stream.server";
import { languageContext, nonceContext } from "~/context.server";
import { messagesChunkUrls } from "~/locales/message-chunks.server";
import { sectionsOf } from "~/locales/sections";
import { serverTranslator } from "~/locales/server-translators";
import { fixedSource, TranslationProvider } from "~/locales/use-translation";
import appCssText from "./app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const nonce = loadContext.get(nonceContext);
  // An early 404 or a refused request skips the i18n middleware: the page is then in English
  // (languageContext's default).
  const language = loadContext.get(languageContext);

  // The page's messages (its language's shell and the sections its routes show, as root.tsx
  // lists them for the entry): fetched beside the entry rather than one round trip after it.
  const matches = routerContext.staticHandlerContext.matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle }));
  const messages = messagesChunkUrls(language, sectionsOf(matches));

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <TranslationProvider source={fixedSource(serverTranslator(language))}>
        <InlineStylesheet css={import.meta.env.DEV ? "" : appCssText} nonce={nonce} />
        <PreloadModules hrefs={messages} nonce={nonce} />
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body.pipeThrough(modulepreloadsAfterContent()), { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Decision 030: the whole stylesheet in the document, so the first paint waits for the document
 * alone (no second round trip, no sharing the link with the scripts). With a precedence React
 * writes it at the top of <head>, before every preload; on the client it is a resource React
 * leaves in place, so its text never ships in JavaScript. In development root.tsx links the
 * stylesheet instead (Vite updates it on edit); under Vitest CSS is stubbed and there is none.
 */
function InlineStylesheet({ css, nonce }: { css: string; nonce: string | undefined }) {
  if (!css) return null;
  return (
    <style href="app-css" precedence="default" nonce={nonce}>
      {css}
    </style>
  );
}

/** Emits `<link rel="modulepreload">` (React's resource API; modulepreloadsAfterContent moves them after the page's content); renders nothing. */
function PreloadModules({ hrefs, nonce }: { hrefs: readonly string[]; nonce: string | undefined }) {
  for (const href of hrefs) preloadModule(href, { as: "script", nonce });
  return null;
}
