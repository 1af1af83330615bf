import type { BackendModule } from "i18next";
import { getI18n } from "react-i18next";
import type { Language } from "./languages";
import type { PageSection } from "./sections";

// A page downloads only its own language, and of it only the shell and the sections its routes
// show (locales/sections.ts); a language switch with JavaScript fetches the other language's
// parts then (docs/decisions/017). Each import is a chunk of its own.
type Tree = Record<string, unknown>;
const shellOf: Record<Language, () => Promise<Tree>> = {
  en: () => import("./en/shell").then((m) => m.shell),
  es: () => import("./es/shell").then((m) => m.shell),
};
const sectionsOf: Record<Language, Record<PageSection, () => Promise<unknown>>> = {
  en: {
    auth: () => import("./en/auth").then((m) => m.auth),
    landing: () => import("./en/landing").then((m) => m.landing),
    dashboard: () => import("./en/dashboard").then((m) => m.dashboard),
    transactions: () => import("./en/transactions").then((m) => m.transactions),
    transactionForm: () => import("./en/transaction-form").then((m) => m.transactionForm),
    categories: () => import("./en/categories").then((m) => m.categories),
    tags: () => import("./en/tags").then((m) => m.tags),
    profile: () => import("./en/profile").then((m) => m.profile),
    admin: () => import("./en/admin").then((m) => m.admin),
    settings: () => import("./en/settings").then((m) => m.settings),
    budgets: () => import("./en/budgets").then((m) => m.budgets),
    reports: () => import("./en/reports").then((m) => m.reports),
  },
  es: {
    auth: () => import("./es/auth").then((m) => m.auth),
    landing: () => import("./es/landing").then((m) => m.landing),
    dashboard: () => import("./es/dashboard").then((m) => m.dashboard),
    transactions: () => import("./es/transactions").then((m) => m.transactions),
    transactionForm: () => import("./es/transaction-form").then((m) => m.transactionForm),
    categories: () => import("./es/categories").then((m) => m.categories),
    tags: () => import("./es/tags").then((m) => m.tags),
    profile: () => import("./es/profile").then((m) => m.profile),
    admin: () => import("./es/admin").then((m) => m.admin),
    settings: () => import("./es/settings").then((m) => m.settings),
    budgets: () => import("./es/budgets").then((m) => m.budgets),
    reports: () => import("./es/reports").then((m) => m.reports),
  },
};

/** The sections the pages shown so far need: a language loaded later brings them too. */
const wanted = new Set<PageSection>();
/** The languages whose messages this page has asked for. */
const languages = new Set<Language>();
/** Each language's sections, loading or loaded into i18next, by "language:section". */
const added = new Map<string, Promise<void>>();

/** Loads a section of a language into i18next once (a top-level key beside the shell's). */
function addSection(language: Language, section: PageSection): Promise<void> {
  const key = `${language}:${section}`;
  let adding = added.get(key);
  if (!adding) {
    adding = sectionsOf[language][section]().then((tree) => {
      // The app's instance (initReactI18next registers it before any language is read).
      getI18n().addResourceBundle(language, "translation", { [section]: tree }, true, true);
    });
    // A failed download (offline) is tried again by the next navigation that needs it.
    adding.catch(() => added.delete(key));
    added.set(key, adding);
  }
  return adding;
}

/** Names the sections the first page shows, before i18next reads its language (entry.client.tsx). */
export function wantSections(sections: Iterable<PageSection>) {
  for (const section of sections) wanted.add(section);
}

/**
 * Loads sections into every language this page has: a route's clientLoader (withMessages), so a
 * client navigation renders with its messages in place.
 */
export async function loadSections(sections: readonly PageSection[]) {
  wantSections(sections);
  await Promise.all([...languages].flatMap((language) => sections.map((section) => addSection(language, section))));
}

/** The route's data once the sections its handle names are loaded: a route's clientLoader. */
export async function withMessages<Data>(handle: { messages: readonly PageSection[] }, data: Promise<Data>): Promise<Data> {
  const [loaded] = await Promise.all([data, loadSections(handle.messages)]);
  return loaded;
}

/** An i18next backend that reads a language's shell and the wanted sections from their chunks. */
export const messagesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    const shell = shellOf[language as Language];
    if (!shell) return callback(new Error(`no messages for ${language}`), false);
    languages.add(language as Language);
    // The sections go into i18next's store as they arrive; the shell completes the language.
    Promise.all([shell(), ...[...wanted].map((section) => addSection(language as Language, section))]).then(
      ([tree]) => callback(null, tree),
      (error: Error) => callback(error, false),
    );
  },
};
