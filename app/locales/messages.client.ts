import type { BackendModule } from "i18next";
import type { Messages } from ".";
import type { Language } from "./languages";

// One chunk per language: a page downloads only the messages of its own language, and a
// language switch with JavaScript fetches the other one then (docs/decisions/017).
const messagesOf: Record<Language, () => Promise<Messages>> = {
  en: () => import("./en").then((m) => m.en),
  es: () => import("./es").then((m) => m.es),
};

/** An i18next backend that reads a language's messages from its chunk. */
export const messagesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const load = messagesOf[language as Language];
    if (!load) return callback(new Error(`no messages for ${language}`), false);
    load().then(
      (messages) => callback(null, messages),
      (error: Error) => callback(error, false),
    );
  },
};
