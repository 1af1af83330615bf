import type { RouterContextProvider } from "react-router";
import { translatorContext } from "~/context.server";
import type { Translate } from "./envelope";

/**
 * The request's translator (the i18n middleware detected the language from the cookie or
 * Accept-Language and put it on the context). Text that is not a locale key comes back unchanged.
 */
export function translatorFor(context: Readonly<RouterContextProvider>): Translate {
  return context.get(translatorContext);
}
