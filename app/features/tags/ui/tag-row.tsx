import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { RowDeleteConfirm, RowEditDeleteLinks } from "~/components/editable-list";
import { focusRing } from "~/components/focus-ring";
import { rowButtonClass } from "~/components/forms";
import type { TagUsageView, TagView } from "~/features/tags/model";
import { Money } from "~/components/money";
import { USD } from "~/money/currencies";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";

/** A tag with its usage count, its links (usage, edit, delete), and under it the delete question or the usage panel. */
export function TagRow({ tag, confirming, usage }: { tag: TagView; confirming: boolean; usage: TagUsageView | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-words">{tag.name}</h3>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {t("tags.row.uses", { count: tag.usageCount })}
              </span>
            </div>
            {tag.description ? <p className="mt-1 text-sm text-slate-700 break-words dark:text-slate-200">{tag.description}</p> : null}
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              {t("tags.row.created", { date: formatDate(new Date(tag.createdAt), i18n.language) })}
            </p>
          </div>
        </div>
        {confirming ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={usage ? "/tags" : `/tags?usage=${tag.id}`}
              preventScrollReset
              aria-expanded={Boolean(usage)}
              aria-label={usage ? undefined : t("tags.row.viewUsageLabel", { name: tag.name })}
              className={rowButtonClass.plain}
            >
              {usage ? t("tags.row.hideUsage") : t("tags.row.viewUsage")}
            </Link>
            <RowEditDeleteLinks page="/tags" id={tag.id} name={tag.name} messages="tags.row" />
          </div>
        )}
      </div>
      {confirming ? <RowDeleteConfirm page="/tags" id={tag.id} name={tag.name} messages="tags.confirmDelete" /> : null}
      {usage ? <UsagePanel tag={tag} usage={usage} /> : null}
    </div>
  );
}

function UsagePanel({ tag, usage }: { tag: TagView; usage: TagUsageView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h4 className="text-sm font-semibold">{t("tags.usage.title", { name: tag.name })}</h4>
      {usage.transactions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("tags.usage.empty")}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {usage.transactions.map((tx) => (
              <li key={tx.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
                <span className="min-w-0 break-words">
                  <time dateTime={tx.date} className="mr-2 text-slate-600 dark:text-slate-300">
                    {formatDate(dayToDate(tx.date), i18n.language)}
                  </time>
                  {/* Each use opens its transaction (the list's edit screen), a thumb's height on a phone. */}
                  <Link
                    to={`/expenses/edit/${tx.id}`}
                    className={`inline-flex min-h-11 min-w-11 items-center rounded font-medium text-brand-700 underline underline-offset-4 sm:inline sm:min-h-0 sm:min-w-0 dark:text-blue-300 ${focusRing}`}
                  >
                    {tx.description}
                  </Link>
                </span>
                <span>
                  <span className="sr-only">{t(tx.type === "INCOME" ? "tags.usage.income" : "tags.usage.expense")} </span>
                  <Money minor={tx.type === "INCOME" ? tx.usdCents : -tx.usdCents} currency={USD} sign="always" tone="signed" />
                </span>
              </li>
            ))}
          </ul>
          {usage.count > usage.transactions.length ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
              {t("tags.usage.more", { shown: usage.transactions.length, count: usage.count })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
