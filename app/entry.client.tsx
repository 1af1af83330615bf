import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/locales/languages";
import { browserMessages, loadLanguage, showLanguage, wantSections } from "~/locales/messages.client";
import { isPageSection } from "~/locales/sections";
import { TranslationProvider } from "~/locales/use-translation";

// A navigation that a newer one supersedes (two filters changed in quick succession, a second
// click) is aborted on purpose. React Router 8.4 decodes its data response with turbo-stream and
// leaves the promise that waits for the rest of the body without a handler: when the abort lands
// after the first line and before the end, the browser reports "BodyStreamBuffer was aborted" as
// an uncaught error although nothing failed. An AbortError is always the outcome of an abort
// someone asked for, so it is not reported; every other unhandled rejection still is.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

async function hydrate() {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : "en";
  // The sections of messages this page shows besides the shell (root.tsx writes them).
  wantSections((document.documentElement.dataset.messages ?? "").split(" ").filter(isPageSection));
  // Only the page's language is loaded: no fallback language to fetch as well (the server
  // fills every key in both, and a unit test keeps them so).
  await loadLanguage(language);
  showLanguage(language);
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider source={browserMessages}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

void hydrate();
