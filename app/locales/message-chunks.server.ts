import chunkUrl from "virtual:message-chunks";
import type { Language } from "./languages";
import type { PageSection } from "./sections";

/**
 * The URLs of the parts of a language's messages a page needs, its shell and its sections, which
 * entry.client.tsx imports before hydrating: the document modulepreloads them so the browser
 * fetches them beside the entry instead of after it (scripts/vite-message-chunks.ts,
 * docs/decisions/017).
 */
export function messagesChunkUrls(language: Language, sections: readonly PageSection[]): string[] {
  // Files are named in kebab-case: transactionForm lives in transaction-form.ts.
  const stems = ["shell", ...sections.map((section) => section.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))];
  return stems.flatMap((stem) => chunkUrl(language, stem) ?? []);
}
