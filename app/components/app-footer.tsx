import { useTranslation } from "~/locales/use-translation";
import { focusRing } from "./focus-ring";
import { Logo } from "./logo";

/** Footer columns of spec section 2, each item a key of common.footer. */
const columns = [
  { title: "company", items: ["about", "careers", "blog"] },
  { title: "product", items: ["features", "pricing", "security"] },
  { title: "support", items: ["helpCenter", "contact", "privacy", "terms"] },
] as const;

export type FooterItem = (typeof columns)[number]["items"][number];

/**
 * The one footer: the landing page's and the signed-in pages'. What differs is given: the landing
 * page adds the brand column (`tagline`) and links the items that lead somewhere (its own sections,
 * the sales address); the signed-in pages list the items as text, without Terms. Items with no page
 * yet stay text rather than dead "#" links.
 */
export function AppFooter({
  tagline,
  links,
  omit = [],
}: {
  tagline?: string;
  links?: Partial<Record<FooterItem, string>>;
  omit?: readonly FooterItem[];
}) {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className={`mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:px-8 ${tagline ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3"}`}>
        {tagline ? (
          <div>
            <p className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
              <Logo />
              {t("common.appName")}
            </p>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{tagline}</p>
          </div>
        ) : null}
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t(`common.footer.${column.title}`)}</h2>
            <ul className={`mt-3 text-sm text-slate-600 dark:text-slate-300 ${links ? "sm:space-y-2" : "space-y-2"}`}>
              {column.items
                .filter((item) => !omit.includes(item))
                .map((item) => {
                  const href = links?.[item];
                  return (
                    // With links, on a phone every line is a thumb's height, so the links in it are easy to tap.
                    <li key={item} className={links ? "flex min-h-11 items-center sm:block sm:min-h-0" : undefined}>
                      {href ? (
                        <a
                          href={href}
                          className={`inline-flex min-h-11 items-center rounded underline underline-offset-4 hover:text-slate-900 sm:inline sm:min-h-0 dark:hover:text-white ${focusRing}`}
                        >
                          {t(`common.footer.${item}`)}
                        </a>
                      ) : (
                        t(`common.footer.${item}`)
                      )}
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 px-4 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {t("common.footer.rights", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
