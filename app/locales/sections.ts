// The browser loads a language's messages in parts (docs/decisions/017): the shell, which every
// page may show (navigation, forms, errors, amounts, default category names), and one section per page
// that only its route shows. A route names its sections in its `handle` (routeMessages) and loads
// them before a client navigation renders it (withMessages); the document lists the page's
// sections on <html data-messages> for the entry, which loads them before hydrating.

/** The top-level message keys that belong to one kind of page, not to the shell. */
export const pageSections = [
  "auth",
  "landing",
  "dashboard",
  "transactions",
  "transactionForm",
  "categories",
  "tags",
  "profile",
  "admin",
  "settings",
  "budgets",
  "reports",
  "recurring",
  "help",
  "import",
] as const;
export type PageSection = (typeof pageSections)[number];

/** Message groups only the server sends (the JSON API's, mailed messages'): never in the shell, never a page's section. */
export const serverOnlyGroups = ["api", "mail"] as const;

export type MessagesHandle = { messages: readonly PageSection[] };

export function isPageSection(value: string): value is PageSection {
  return (pageSections as readonly string[]).includes(value);
}

/** A route's handle naming the sections of messages it shows. */
export function routeMessages(...messages: PageSection[]): MessagesHandle {
  return { messages };
}

/** The sections the matched routes show, each once, in route order. */
export function sectionsOf(matches: readonly { handle?: unknown }[]): PageSection[] {
  const sections = matches.flatMap((match) => {
    const handle = match.handle as Partial<MessagesHandle> | undefined;
    return Array.isArray(handle?.messages) ? handle.messages.filter(isPageSection) : [];
  });
  return [...new Set(sections)];
}
