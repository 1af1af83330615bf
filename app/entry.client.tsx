import { createInstance } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/locales/languages";
import { messagesBackend, wantSections } from "~/locales/messages.client";
import { isPageSection } from "~/locales/sections";

async function hydrate() {
  const lang = document.documentElement.lang;
  // The sections of messages this page shows besides the shell (root.tsx writes them).
  wantSections((document.documentElement.dataset.messages ?? "").split(" ").filter(isPageSection));
  const i18n = createInstance();
  // Only the page's language is loaded: no fallback language to fetch as well (the server
  // fills every key in both, and a unit test keeps them so).
  await i18n.use(initReactI18next).use(messagesBackend).init({
    lng: isLanguage(lang) ? lang : "en",
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
