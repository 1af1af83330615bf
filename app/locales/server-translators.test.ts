import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { languageContext } from "~/context.server";
import { translatorFor } from "./server-translators";

test("a request's translator speaks the language the middleware put on the context, and English where it did not run", () => {
  const untouched = new RouterContextProvider();
  expect(translatorFor(untouched).language).toBe("en");
  expect(translatorFor(untouched).t("errors.languageUnsupported")).toBe("Choose English (en) or Spanish (es)");

  const spanish = new RouterContextProvider();
  spanish.set(languageContext, "es");
  expect(translatorFor(spanish).language).toBe("es");
  expect(translatorFor(spanish).t("tags.count", { count: 2 })).toBe("2 etiquetas");
  // Text that is not a key (a message a handler wrote) comes back whole.
  expect(translatorFor(spanish).t("Invalid input: expected string")).toBe("Invalid input: expected string");
});
