import chunks from "virtual:message-chunks";
import type { Language } from "./languages";

/**
 * The URL of a language's messages chunk, which entry.client.tsx imports before hydrating: the
 * document modulepreloads it so the browser fetches it beside the entry instead of after it
 * (scripts/vite-message-chunks.ts, docs/decisions/017).
 */
export function messagesChunkUrl(language: Language): string | undefined {
  return (chunks as Partial<Record<string, string>>)[language];
}
