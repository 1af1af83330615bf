import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import type { Translate, Translator } from "./translator";

/**
 * Where components get the page's translator: a fixed one on the server (entry.server.tsx), the
 * browser's messages in the browser (messages.client.ts), which change language after a switch.
 */
export interface TranslationSource {
  current(): Translator;
  subscribe(onChange: () => void): () => void;
}

const SourceContext = createContext<TranslationSource | null>(null);

export function TranslationProvider({ source, children }: { source: TranslationSource; children: ReactNode }) {
  return <SourceContext.Provider value={source}>{children}</SourceContext.Provider>;
}

/** A source that never changes language: a server render. */
export function fixedSource(translator: Translator): TranslationSource {
  return { current: () => translator, subscribe: () => () => {} };
}

/** The page's `t` and its translator (`i18n.language` is the language the page is shown in). */
export function useTranslation(): { t: Translate; i18n: Translator } {
  const source = useContext(SourceContext);
  if (!source) throw new Error("useTranslation needs a TranslationProvider (entry.server.tsx, entry.client.tsx)");
  const translator = useSyncExternalStore(source.subscribe, source.current, source.current);
  return { t: translator.t, i18n: translator };
}
