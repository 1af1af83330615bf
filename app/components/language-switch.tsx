import { useTranslation } from "~/locales/use-translation";
import { Form, useLocation } from "react-router";
import { supportedLanguages } from "~/locales/languages";

/** A plain form: each language is a submit button, so switching works without JavaScript. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/resources/language" preventScrollReset className="flex items-center">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <fieldset className="flex overflow-hidden rounded-md border border-slate-300 text-xs font-semibold dark:border-slate-600">
        <legend className="sr-only">{t("common.language.label")}</legend>
        {supportedLanguages.map((lng) => {
          const current = i18n.language === lng;
          return (
            <button
              key={lng}
              type="submit"
              name="lng"
              value={lng}
              lang={lng}
              aria-pressed={current}
              title={t("common.language.switchTo", { language: t(`common.language.${lng}`) })}
              className={`min-h-11 min-w-11 px-2 py-1 uppercase sm:min-h-8 sm:min-w-9 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 ${
                current
                  ? "bg-brand-600 text-white"
                  : "bg-white text-slate-700 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
              }`}
            >
              {lng}
            </button>
          );
        })}
      </fieldset>
    </Form>
  );
}
