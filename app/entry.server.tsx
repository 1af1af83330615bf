import { isbot } from "isbot";
import { preloadModule } from "react-dom";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { languageContext, nonceContext } from "~/context.server";
import { messagesChunkUrls } from "~/locales/message-chunks.server";
import { sectionsOf } from "~/locales/sections";
import { serverTranslator } from "~/locales/server-translators";
import { fixedSource, TranslationProvider } from "~/locales/use-translation";

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
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Emits `<link rel="modulepreload">` in the document's head (React's resource API); renders nothing. */
function PreloadModules({ hrefs, nonce }: { hrefs: readonly string[]; nonce: string | undefined }) {
  for (const href of hrefs) preloadModule(href, { as: "script", nonce });
  return null;
}
