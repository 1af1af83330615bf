import { useTranslation } from "~/locales/use-translation";
import { useHydrated } from "~/components/forms";
import { passwordRules } from "~/features/accounts/model";

/** Without JavaScript the rules are a plain list; with it each one shows whether it is met. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const live = useHydrated();
  return (
    <div id="password-rules" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
      <p>{t("auth.register.rules.title")}</p>
      <ul className="mt-1 space-y-0.5" aria-live={live ? "polite" : undefined}>
        {passwordRules.map((rule) => {
          const met = live && rule.test(password);
          return (
            <li key={rule.key} className={`flex items-center gap-2 ${met ? "text-green-700 dark:text-green-400" : ""}`}>
              <span aria-hidden="true">{live ? (met ? "✓" : "○") : "•"}</span>
              {t(`auth.register.rules.${rule.key}`)}
              {live ? <span className="sr-only">({met ? t("auth.register.rules.met") : t("auth.register.rules.unmet")})</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
