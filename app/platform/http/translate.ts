import type { RouterContextProvider } from "react-router";
import { getInstance } from "~/middleware/i18n";
import type { Translate } from "./envelope";

/**
 * The request's translator (the i18n middleware detected the language from the
 * cookie or Accept-Language). Text that is not a locale key, such as a message a
 * handler wrote itself, comes back unchanged.
 */
export function translatorFor(context: Readonly<RouterContextProvider>): Translate {
  let i18n: ReturnType<typeof getInstance>;
  try {
    i18n = getInstance(context);
  } catch {
    // Only reachable if a handler runs outside the root middleware; keys are still better than a crash.
    return (key) => key;
  }
  // With the values: a plural key exists only as key_one/key_other, which exists() finds through count.
  return (key, values) => (i18n.exists(key, values) ? i18n.t(key, values) : key);
}
