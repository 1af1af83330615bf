import { languageContext } from "~/context.server";
import { serverTranslator } from "~/locales/server-translators";
import { THEME_COLORS } from "~/theme-colors";
import type { Route } from "./+types/manifest";

// /manifest.webmanifest (issue 27, "Installable"): what a phone needs to add the app to its home
// screen, in the language the request asks for. It opens on the dashboard, with a shortcut to a
// new transaction. No service worker and no offline promise: a page still needs the network.
export function loader({ context }: Route.LoaderArgs) {
  const language = context.get(languageContext);
  const { t } = serverTranslator(language);
  const manifest = {
    id: "/dashboard",
    name: t("common.appName"),
    short_name: t("common.appName"),
    description: t("landing.metaDescription"),
    lang: language,
    dir: "ltr",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    // A manifest has one pair of colours; the page's <meta name="theme-color"> gives each theme its own.
    theme_color: THEME_COLORS.light,
    background_color: THEME_COLORS.light,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      {
        name: t("transactions.newTransaction"),
        url: "/expenses/new",
        icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // The language comes from the request's cookie or Accept-Language.
      "Cache-Control": "private, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
