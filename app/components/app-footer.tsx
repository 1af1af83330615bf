import { useTranslation } from "~/locales/use-translation";

/** Footer columns of spec section 2; the links are anchors on the landing page or plain text until those pages exist. */
export function AppFooter() {
  const { t } = useTranslation();
  const columns = [
    { title: t("common.footer.company"), items: [t("common.footer.about"), t("common.footer.careers"), t("common.footer.blog")] },
    { title: t("common.footer.product"), items: [t("common.footer.features"), t("common.footer.pricing"), t("common.footer.security")] },
    { title: t("common.footer.support"), items: [t("common.footer.helpCenter"), t("common.footer.contact"), t("common.footer.privacy")] },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6 lg:px-8">
        {columns.map((c) => (
          <div key={c.title}>
            <h2 className="text-sm font-semibold">{c.title}</h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
              {c.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="pb-6 text-center text-xs text-slate-600 dark:text-slate-400">
        {t("common.footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
