import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/locales/languages";
import { browserMessages, loadLanguage, showLanguage, wantSections } from "~/locales/messages.client";
import { isPageSection } from "~/locales/sections";
import { TranslationProvider } from "~/locales/use-translation";

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
