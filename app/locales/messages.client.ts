import type { Language } from "./languages";
import type { PageSection } from "./sections";
import { createTranslator, type MessageTree, type Translator } from "./translator";
import type { TranslationSource } from "./use-translation";

// A page downloads only its own language, and of it only the shell and the sections its routes
// show (locales/sections.ts); a language switch with JavaScript fetches the other language's
// parts then (docs/decisions/017). Each import is a chunk of its own.
const shellOf: Record<Language, () => Promise<MessageTree>> = {
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
    recurring: () => import("./en/recurring").then((m) => m.recurring),
    help: () => import("./en/help").then((m) => m.help),
    import: () => import("./en/import").then((m) => m.importFile),
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
    recurring: () => import("./es/recurring").then((m) => m.recurring),
    help: () => import("./es/help").then((m) => m.help),
    import: () => import("./es/import").then((m) => m.importFile),
  },
};

/** The sections the pages shown so far need: a language loaded later brings them too. */
const wanted = new Set<PageSection>();
/** The languages whose messages this page has asked for. */
const languages = new Set<Language>();
/** Each language's messages as loaded so far: the shell's groups and the sections beside them. */
const trees: Partial<Record<Language, MessageTree>> = {};
/** Each language's shell and sections, loading or loaded, by "language:part". */
const added = new Map<string, Promise<void>>();

const treeOf = (language: Language) => (trees[language] ??= {});

/** Loads a part of a language once: the shell (several top-level groups) or one section. */
function addPart(language: Language, part: PageSection | "shell"): Promise<void> {
  const key = `${language}:${part}`;
  let adding = added.get(key);
  if (!adding) {
    adding =
      part === "shell"
        ? shellOf[language]().then((shell) => void Object.assign(treeOf(language), shell))
        : sectionsOf[language][part]().then((tree) => void (treeOf(language)[part] = tree));
    // A failed download (offline) is tried again by the next navigation that needs it.
    adding.catch(() => added.delete(key));
    added.set(key, adding);
  }
  return adding;
}

/** Names the sections the first page shows, before its language loads (entry.client.tsx). */
export function wantSections(sections: Iterable<PageSection>) {
  for (const section of sections) wanted.add(section);
}

/**
 * Loads sections into every language this page has: a route's clientLoader (withMessages), so a
 * client navigation renders with its messages in place.
 */
export async function loadSections(sections: readonly PageSection[]) {
  wantSections(sections);
  await Promise.all([...languages].flatMap((language) => sections.map((section) => addPart(language, section))));
}

/** The route's data once the sections its handle names are loaded: a route's clientLoader. */
export async function withMessages<Data>(handle: { messages: readonly PageSection[] }, data: Promise<Data>): Promise<Data> {
  const [loaded] = await Promise.all([data, loadSections(handle.messages)]);
  return loaded;
}

/** Loads a language's shell and every section wanted so far: the first page, a language switch. */
export async function loadLanguage(language: Language) {
  languages.add(language);
  await Promise.all([addPart(language, "shell"), ...[...wanted].map((section) => addPart(language, section))]);
}

const translators = new Map<Language, Translator>();
let shown: Language = "en";
const listeners = new Set<() => void>();

function translatorOf(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) translators.set(language, (translator = createTranslator(language, treeOf(language))));
  return translator;
}

/** The page's messages for components (use-translation.tsx): the language shown, loaded first. */
export const browserMessages: TranslationSource = {
  current: () => translatorOf(shown),
  subscribe(onChange) {
    listeners.add(onChange);
    return () => void listeners.delete(onChange);
  },
};

/** Shows the page in a loaded language: every component using `t` renders again. */
export function showLanguage(language: Language) {
  if (language === shown) return;
  shown = language;
  for (const onChange of listeners) onChange();
}
