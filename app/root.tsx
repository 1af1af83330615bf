import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { ThemeProvider, useTheme, type Theme } from "remix-themes";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { useNonce } from "./components/nonce";
import { useFocusHeadingOnNavigate } from "./components/use-focus-heading";
import { csrfMiddleware } from "./middleware/csrf";
import { dbMiddleware } from "./middleware/db";
import { i18nMiddleware } from "./middleware/i18n";
import { securityHeadersMiddleware } from "./middleware/security-headers";
import { sessionMiddleware } from "./middleware/session";
import { languageContext, sessionContext, themeContext } from "./context.server";
import { themeMiddleware } from "./middleware/theme";
import { toPublicUser } from "./auth/public-user";
import { loadLanguage, showLanguage } from "./locales/messages.client";
import { sectionsOf } from "./locales/sections";
import { useTranslation } from "./locales/use-translation";
import { THEME_COLORS } from "./theme-colors";

// ARCHITECTURE.md section 1: the order matters (headers wrap everything, CSRF refuses before any work).
export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  csrfMiddleware,
  dbMiddleware,
  sessionMiddleware,
  i18nMiddleware,
  themeMiddleware,
];

export function loader({ context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  return data({
    locale: context.get(languageContext),
    theme: context.get(themeContext),
    user: session ? toPublicUser(session.user) : null,
  });
}

// The browser holds only the page's language (entry.client.tsx). After a language switch with
// JavaScript the root revalidates: fetch the new language's messages before the page renders in it.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const rootData = await serverLoader();
  await loadLanguage(rootData.locale);
  return rootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    // Decision 026: remix-themes holds the theme in effect. Its setter (the toggle, with JavaScript)
    // switches at once, posts the choice to the theme action and tells the user's other tabs.
    <ThemeProvider specifiedTheme={(rootData?.theme ?? null) as Theme | null} themeAction="/resources/theme">
      <Document>{children}</Document>
    </ThemeProvider>
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = rootData?.locale ?? "en";
  // A stored choice is on <html> from the server on; with none, app.css follows the system's
  // preference by its media query, before any script and without one (so no flash of the other theme).
  const [theme, , { definedBy }] = useTheme();
  const chosen = definedBy === "USER" && theme ? theme : undefined;
  // The sections of messages the page shows besides the shell, for the entry to load before it
  // hydrates (entry.server.tsx modulepreloads them).
  const messages = sectionsOf(useMatches()).join(" ") || undefined;
  return (
    <html lang={locale} data-theme={chosen} data-messages={messages} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={chosen ?? "light dark"} />
        {/* Decision 030: a built page carries the stylesheet inline (entry.server.tsx). The dev
            server links it, so that Vite can update it on edit; with a precedence React writes it
            at the top of <head>. (Vitest stubs CSS: its URL is then empty, and there is no link.) */}
        {import.meta.env.DEV && appCss ? <link rel="stylesheet" href={appCss} precedence="default" nonce={nonce || undefined} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* The browser bar takes the page's background in the theme shown: the stored choice, else the system's. */}
        {chosen ? (
          <meta name="theme-color" content={THEME_COLORS[chosen === "dark" ? "dark" : "light"]} />
        ) : (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
          </>
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Effects run only in the browser: the server rendered in this language already.
  useEffect(() => showLanguage(loaderData.locale), [loaderData.locale]);
  useFocusHeadingOnNavigate();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/** With JavaScript, a thin bar at the top while a page loads or a form submits. */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-500"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t("common.notFound.title") : t("common.error.title")}</h1>
      <p className="text-slate-600 dark:text-slate-300">
        {notFound ? t("common.notFound.body") : forbidden ? t("common.error.forbidden") : t("common.error.body")}
      </p>
      <a className="text-brand-600 underline dark:text-blue-300" href="/">
        {t("common.notFound.home")}
      </a>
    </main>
  );
}
