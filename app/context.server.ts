import { createContext } from "react-router";
import type { ValidSession } from "~/auth/session.server";
import type { AppEnv } from "~/env.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/locales/languages";

// Every per-request key in one place (CONVENTIONS.md "Per-request services"): workers/app.ts
// sets the raw bindings, the middleware of root.tsx turns them into the typed services below,
// and loaders and actions read them with context.get(…).

/** The raw Worker bindings; only workers/app.ts sets it, middleware turns it into typed services. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** The parsed environment (env.server.ts), set by the db middleware. */
export const envContext = createContext<AppEnv>();

/** The request's database client, set by the db middleware. */
export const dbContext = createContext<Db>();

/** The signed-in web session, or null for a guest. Never set for /api requests. */
export const sessionContext = createContext<ValidSession | null>(null);

/** The per-request CSP nonce; entry.server hands it to React for every inline script. */
export const nonceContext = createContext<string>("");

export type ThemeChoice = "light" | "dark";

/** The stored theme, or null to follow the system preference. */
export const themeContext = createContext<ThemeChoice | null>(null);

/**
 * The request's language, set by the i18n middleware (middleware/i18n.ts) from the cookie or
 * Accept-Language. English where the middleware did not run (an early 404, a refused request).
 * Its translator is translatorFor(context) (locales/server-translators.ts).
 */
export const languageContext = createContext<Language>("en");
