import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { ConfirmPanel } from "~/components/confirm-panel";
import { useIsPending } from "~/components/forms";
import { HeaderCell } from "~/components/table";
import { DEFAULT_PAYMENT_METHOD, intentValue } from "~/features/transactions/rules";
import { listHref, sortedBy, type ListQuery, type SortColumn } from "~/features/transactions/list-query";
import type { TransactionType } from "~/features/transactions/model";
import type { TagChoice } from "~/features/transactions/ui/form-fields";
import { SortLink } from "~/features/transactions/ui/sort-links";
import { dayToDate, formatDate } from "~/money/dates";
import { formatMinor, signedAmount } from "~/money/amounts";
import { USD } from "~/money/currencies";

// The list's rows: a table on wide screens, a card per row on a phone (the same cells placed by
// grid classes). Deleting asks first in a panel under the row (?delete=id), so it works without
// JavaScript and posts the list's delete intent back to the same URL.

export type ListCurrency = { code: string; name: string; symbol: string; decimals: number; isActive: boolean };

export type ListRow = {
  id: string;
  type: TransactionType;
  description: string;
  date: string;
  category: { id: string; name: string; color: string; icon: string } | null;
  usdCents: number;
  payments: { currencyCode: string; amountMinor: number; method: string; usdCents: number }[];
  /** By name, like the filter's chips, so 'the first two' are always the same two. */
  tags: TagChoice[];
};

export type TableData = { query: ListQuery; rows: readonly ListRow[]; currencies: readonly ListCurrency[] };

export function TransactionTable({ data, deleteId }: { data: TableData; deleteId: string | null }) {
  const { t } = useTranslation();
  const { query, rows, currencies } = data;
  const ariaSort = (column: SortColumn) => {
    const order = sortedBy(query, column);
    return order ? (order === "asc" ? "ascending" : "descending") : undefined;
  };
  return (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">{t("transactions.list.title")}</caption>
      <thead className="hidden bg-slate-50 md:table-header-group dark:bg-slate-800">
        <tr>
          <HeaderCell aria-sort={ariaSort("date")}>
            <SortLink query={query} column="date" label={t("transactions.columns.date")} />
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.description")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.category")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.currency")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.payment")}
          </HeaderCell>
          <HeaderCell>
            {t("transactions.columns.tags")}
          </HeaderCell>
          <HeaderCell align="right" aria-sort={ariaSort("amount")}>
            <SortLink query={query} column="amount" label={t("transactions.columns.amount")} />
          </HeaderCell>
          <HeaderCell align="right">
            <span className="sr-only">{t("transactions.columns.actions")}</span>
          </HeaderCell>
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-200 md:table-row-group dark:divide-slate-800">
        {rows.map((row) => (
          <TransactionRow key={row.id} row={row} query={query} currencies={currencies} confirming={deleteId === row.id} />
        ))}
      </tbody>
    </table>
  );
}

function currencyOf(currencies: readonly ListCurrency[], code: string) {
  const found = currencies.find((c) => c.code === code);
  return found ? { symbol: found.symbol, decimals: found.decimals } : { symbol: code, decimals: 2 };
}

function TransactionRow({
  row,
  query,
  currencies,
  confirming,
}: {
  row: ListRow;
  query: ListQuery;
  currencies: readonly ListCurrency[];
  confirming: boolean;
}) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const deleting = useIsPending({ intent: intentValue.delete });
  const locale = i18n.language;
  const income = row.type === "INCOME";
  const tone = income ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300";
  const multi = row.payments.length > 1;
  const single = row.payments[0];
  const codes = [...new Set(row.payments.map((p) => p.currencyCode))];
  const signed = (cents: number, currency: { symbol: string; decimals: number }) => {
    const text = formatMinor(signedAmount(row.type, cents), currency, locale);
    return income ? `+${text}` : text;
  };
  const shownTags = row.tags.slice(0, 2);
  const moreTags = row.tags.length - shownTags.length;
  const cell = "md:px-4 md:py-3 md:table-cell";
  const small = "rounded-md border px-2.5 py-1 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";
  return (
    <>
      <tr
        data-transaction-id={row.id}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3 align-middle md:table-row md:p-0"
      >
        <td className={`col-start-1 row-start-2 text-xs whitespace-nowrap text-slate-600 md:text-sm md:text-slate-700 dark:text-slate-300 md:dark:text-slate-200 ${cell}`}>
          <time dateTime={row.date}>{formatDate(dayToDate(row.date), locale)}</time>
        </td>
        <td className={`col-start-1 row-start-1 min-w-0 font-medium break-words ${cell}`}>{row.description}</td>
        <td className={`col-start-1 row-start-3 ${cell}`}>
          {row.category ? (
            <span className="inline-flex items-center gap-2">
              <CategoryBadge icon={row.category.icon} color={row.category.color} size="sm" />
              <span>{categoryName(row.category)}</span>
            </span>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">{t("transactions.row.uncategorized")}</span>
          )}
        </td>
        <td className={`hidden whitespace-nowrap ${cell}`}>{codes.join(", ")}</td>
        <td className={`col-start-1 row-start-4 text-xs text-slate-700 md:text-sm dark:text-slate-200 ${cell}`}>
          {multi
            ? t("transactions.row.multi", { count: row.payments.length })
            : t(`money.paymentMethods.${single?.method ?? DEFAULT_PAYMENT_METHOD}`, { defaultValue: t(`money.paymentMethods.${DEFAULT_PAYMENT_METHOD}`) })}
        </td>
        <td className={`col-span-2 row-start-5 ${cell}`}>
          {row.tags.length === 0 ? (
            <span className="sr-only">{t("transactions.row.noTags")}</span>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {shownTags.map((tag) => (
                <li
                  key={tag.id}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                >
                  <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: tag.color }} />
                  {tag.name}
                </li>
              ))}
              {moreTags > 0 ? (
                <li className="rounded-full px-1 py-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">
                  {t("transactions.row.moreTags", { count: moreTags })}
                </li>
              ) : null}
            </ul>
          )}
        </td>
        <td className={`col-start-2 row-span-2 row-start-1 text-right whitespace-nowrap tabular-nums ${cell}`}>
          <span className="sr-only">{t(`money.types.${row.type}`)}: </span>
          {multi || !single ? (
            <>
              <span className={`block font-semibold ${tone}`}>{signed(row.usdCents, USD)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">{t("transactions.row.multi", { count: row.payments.length })}</span>
            </>
          ) : (
            <>
              <span className={`block font-semibold ${tone}`}>{signed(single.amountMinor, currencyOf(currencies, single.currencyCode))}</span>
              {single.currencyCode !== USD.code ? (
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {t("transactions.row.usdLine", { amount: signed(single.usdCents, USD) })}
                </span>
              ) : null}
            </>
          )}
        </td>
        <td className={`col-start-2 row-span-2 row-start-3 self-end text-right md:text-right ${cell}`}>
          {confirming ? null : (
            <div className="flex justify-end gap-2">
              <Link
                to={`/expenses/edit/${row.id}`}
                aria-label={t("transactions.row.editLabel", { description: row.description })}
                className={`${small} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`}
              >
                {t("transactions.row.edit")}
              </Link>
              <Link
                to={listHref(query, {}, { delete: row.id })}
                preventScrollReset
                aria-label={t("transactions.row.deleteLabel", { description: row.description })}
                className={`${small} border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950`}
              >
                {t("transactions.row.delete")}
              </Link>
            </div>
          )}
        </td>
      </tr>
      {confirming ? (
        <tr className="block md:table-row">
          <td colSpan={8} className="block px-4 pb-4 md:table-cell">
            <ConfirmPanel
              question={t("transactions.confirmDelete.question")}
              detail={t("transactions.confirmDelete.detail", { description: row.description })}
              action={listHref(query)}
              hidden={{ intent: intentValue.delete, id: row.id }}
              confirmLabel={t("transactions.confirmDelete.confirm")}
              pendingLabel={t("transactions.confirmDelete.deleting")}
              pending={deleting}
              cancelTo={listHref(query)}
              cancelLabel={t("transactions.confirmDelete.cancel")}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}
