import { useTranslation } from "~/locales/use-translation";
import { Link } from "react-router";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { CONFIRM_ANCHOR, ConfirmPanel } from "~/components/confirm-panel";
import { rowButtonClass, useIsPending } from "~/components/forms";
import { RepeatsSign } from "~/components/repeats-sign";
import { DataCell, DataRow, DataTable, FullWidthRow, type Column } from "~/components/table";
import { DEFAULT_PAYMENT_METHOD, intentValue, paymentPartsByCurrency } from "~/features/transactions/model/transaction";
import { listHref, sortedBy, type ListQuery, type SortColumn } from "~/features/transactions/model/list-query";
import type { TransactionType } from "~/features/transactions/model/transaction";
import type { TagChoice } from "~/features/transactions/ui/form-fields";
import { MobileSort, SortLink } from "~/features/transactions/ui/sort-links";
import { dayToDate } from "~/calendar/days";
import { formatDate } from "~/calendar/format";
import { signedAmount } from "~/money/amounts";
import { Money, MoneyParts } from "~/components/money";
import { USD } from "~/money/currencies";

// The list's rows in the shared responsive table (components/table.tsx): a table on wide
// screens, a card per row on a phone. Deleting asks first in a panel under the row (?delete=id), so it works without
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
  /** The schedule that posted it (issue 24), for the "repeats" sign; null for any other transaction. */
  recurringId: string | null;
};

export type TableData = { query: ListQuery; rows: readonly ListRow[]; currencies: readonly ListCurrency[] };

export function TransactionTable({ data, deleteId }: { data: TableData; deleteId: string | null }) {
  const { t } = useTranslation();
  const { query, rows, currencies } = data;
  const ariaSort = (column: SortColumn) => {
    const order = sortedBy(query, column);
    return order ? (order === "asc" ? "ascending" : "descending") : undefined;
  };
  const label = {
    date: t("transactions.columns.date"),
    description: t("transactions.columns.description"),
    category: t("transactions.columns.category"),
    currency: t("transactions.columns.currency"),
    payment: t("transactions.columns.payment"),
    tags: t("transactions.columns.tags"),
    amount: t("transactions.columns.amount"),
    actions: t("transactions.columns.actions"),
  };
  const columns: Column[] = [
    { key: "date", label: <SortLink query={query} column="date" label={label.date} />, ariaSort: ariaSort("date") },
    { key: "description", label: label.description },
    { key: "category", label: label.category },
    { key: "currency", label: label.currency },
    { key: "payment", label: label.payment },
    { key: "tags", label: label.tags },
    { key: "amount", label: <SortLink query={query} column="amount" label={label.amount} />, align: "right", ariaSort: ariaSort("amount") },
    { key: "actions", label: <span className="sr-only">{label.actions}</span>, align: "right" },
  ];
  return (
    <DataTable inset wideAt="lg" caption={t("transactions.list.title")} columns={columns} narrowHeader={<MobileSort query={query} />}>
      {rows.map((row) => (
        <TransactionRow key={row.id} row={row} query={query} currencies={currencies} label={label} confirming={deleteId === row.id} />
      ))}
    </DataTable>
  );
}

function currencyOf(currencies: readonly ListCurrency[], code: string) {
  const found = currencies.find((c) => c.code === code);
  return found ? { code, symbol: found.symbol, decimals: found.decimals } : { code, decimals: 2 };
}

function TransactionRow({
  row,
  query,
  currencies,
  label,
  confirming,
}: {
  row: ListRow;
  label: Record<"date" | "description" | "category" | "currency" | "payment" | "tags" | "amount" | "actions", string>;
  query: ListQuery;
  currencies: readonly ListCurrency[];
  confirming: boolean;
}) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const deleting = useIsPending({ intent: intentValue.delete });
  const locale = i18n.language;
  const multi = row.payments.length > 1;
  const single = row.payments[0];
  const codes = [...new Set(row.payments.map((p) => p.currencyCode))];
  const shownTags = row.tags.slice(0, 2);
  const moreTags = row.tags.length - shownTags.length;
  return (
    <>
      <DataRow data-transaction-id={row.id}>
        <DataCell label={label.date} place="subtitle" className="whitespace-nowrap @3xl:text-sm @3xl:text-slate-700 @3xl:dark:text-slate-200">
          <time dateTime={row.date}>{formatDate(dayToDate(row.date), locale)}</time>
        </DataCell>
        <DataCell label={label.description} place="title">
          {row.description}
          <RepeatsSign recurringId={row.recurringId} label={t("transactions.row.repeats")} />
        </DataCell>
        <DataCell label={label.category}>
          {row.category ? (
            <span className="inline-flex items-center gap-2">
              <CategoryBadge icon={row.category.icon} color={row.category.color} size="sm" />
              <span>{categoryName(row.category)}</span>
            </span>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">{t("transactions.row.uncategorized")}</span>
          )}
        </DataCell>
        {/* The amount names its currency on a card. */}
        <DataCell label={label.currency} wideOnly className="whitespace-nowrap">{codes.join(", ")}</DataCell>
        <DataCell label={label.payment} className="text-slate-700 dark:text-slate-200">
          {multi
            ? t("transactions.row.multi", { count: row.payments.length })
            : t(`money.paymentMethods.${single?.method ?? DEFAULT_PAYMENT_METHOD}`, { defaultValue: t(`money.paymentMethods.${DEFAULT_PAYMENT_METHOD}`) })}
        </DataCell>
        {/* A card leaves out an empty tags line; the wide table says "no tags" to screen readers. */}
        <DataCell label={label.tags} wideOnly={row.tags.length === 0}>
          {row.tags.length === 0 ? (
            <span className="sr-only">{t("transactions.row.noTags")}</span>
          ) : (
            <ul className="inline-flex flex-wrap justify-end gap-1 @3xl:justify-start">
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
        </DataCell>
        <DataCell label={label.amount} place="headline" align="right">
          <span className="sr-only">{t(`money.types.${row.type}`)}: </span>
          {multi || !single ? (
            <>
              <Money minor={signedAmount(row.type, row.usdCents)} currency={USD} sign="always" tone="signed" className="block font-semibold" />
              {multi ? (
                <MoneyParts
                  label={t("transactions.row.paidIn")}
                  parts={paymentPartsByCurrency(row.payments).map((p) => ({ currency: currencyOf(currencies, p.currencyCode), minor: p.amountMinor }))}
                />
              ) : null}
            </>
          ) : (
            <>
              <Money minor={signedAmount(row.type, single.amountMinor)} currency={currencyOf(currencies, single.currencyCode)} sign="always" tone="signed" className="block font-semibold" />
              {single.currencyCode !== USD.code ? (
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  <Money minor={signedAmount(row.type, single.usdCents)} currency={USD} sign="always" />
                </span>
              ) : null}
            </>
          )}
        </DataCell>
        <DataCell label={label.actions} place="actions" align="right">
          {confirming ? null : (
            <>
              <Link
                to={`/expenses/edit/${row.id}`}
                aria-label={t("transactions.row.editLabel", { description: row.description })}
                className={`${rowButtonClass.plain}`}
              >
                {t("transactions.row.edit")}
              </Link>
              <Link
                to={`/expenses/new?from=${row.id}`}
                aria-label={t("transactions.row.repeatTodayLabel", { description: row.description })}
                className={`${rowButtonClass.plain}`}
              >
                {t("transactions.row.repeatToday")}
              </Link>
              <Link
                to={`${listHref(query, {}, { delete: row.id })}#${CONFIRM_ANCHOR}`}
                preventScrollReset
                aria-label={t("transactions.row.deleteLabel", { description: row.description })}
                className={`${rowButtonClass.danger}`}
              >
                {t("transactions.row.delete")}
              </Link>
            </>
          )}
        </DataCell>
      </DataRow>
      {confirming ? (
        <FullWidthRow columns={8}>
            <ConfirmPanel
              question={t("money.deleteTransaction.question")}
              detail={t("money.deleteTransaction.detail", { description: row.description })}
              action={listHref(query)}
              hidden={{ intent: intentValue.delete, id: row.id }}
              pending={deleting}
              cancelTo={listHref(query)}
            />
        </FullWidthRow>
      ) : null}
    </>
  );
}
