import { Link } from "react-router";
import { Card } from "~/components/card";
import { CONTACT_EMAIL } from "~/components/app-footer";
import { focusRing } from "~/components/focus-ring";
import { useTranslation } from "~/locales/use-translation";

/** The help page's topics, in the order a first visit meets them, each with the page it is about. */
const topics = [
  { key: "transactions", to: "/expenses/new" },
  { key: "currencies", to: "/expenses" },
  { key: "organise", to: "/categories" },
  { key: "budgets", to: "/budgets" },
  { key: "reports", to: "/reports" },
  { key: "import", to: "/import" },
  { key: "access", to: null },
  { key: "account", to: "/profile" },
] as const;

const linkClass = `inline-flex min-h-11 min-w-11 items-center rounded font-medium text-brand-700 underline underline-offset-4 sm:min-h-0 dark:text-blue-300 ${focusRing}`;

/** What the app does and where: a list of the topics, then each topic with a link to its page, then how to reach a person. */
export function HelpSections() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <nav aria-labelledby="help-contents">
        <h2 id="help-contents" className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t("help.contents")}
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {topics.map((topic) => (
            <li key={topic.key}>
              <a href={`#help-${topic.key}`} className={linkClass}>
                {t(`help.sections.${topic.key}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {topics.map((topic) => (
        <Card key={topic.key} id={`help-${topic.key}`} title={t(`help.sections.${topic.key}.title`)}>
          <p className="text-slate-700 dark:text-slate-200">{t(`help.sections.${topic.key}.body`)}</p>
          {topic.to ? (
            <p className="mt-3">
              <Link to={topic.to} className={linkClass}>
                {t(`help.sections.${topic.key}.link`)}
              </Link>
            </p>
          ) : null}
        </Card>
      ))}
      <Card id="help-contact" title={t("help.contact.title")}>
        <p className="text-slate-700 dark:text-slate-200">{t("help.contact.body")}</p>
        <p className="mt-3">
          <a href={CONTACT_EMAIL} className={linkClass}>
            {t("help.contact.link")}
          </a>
        </p>
      </Card>
    </div>
  );
}
