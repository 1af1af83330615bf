import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { useCurrencyName } from "~/components/currency-name";
import { CardTable } from "~/components/table";
import { isRateSource, type LatestRateRow } from "~/features/rates/model";
import { formatRate } from "~/money/rates";
import { DayTime } from "./run-text";

/** Each active currency's latest rate today, how old it is, and where it came from. */
export function LatestRates({ rates }: { rates: LatestRateRow[] }) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  return (
    <Card id="latest-rates" title={t("settings.rates.title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.rates.caption")}</p>
      <CardTable
        labelledBy="latest-rates"
        minWidth="min-w-[36rem]"
        columns={[
          { key: "code", label: t("settings.rates.columns.code") },
          { key: "name", label: t("settings.rates.columns.name") },
          { key: "rate", label: t("settings.rates.columns.rate"), align: "right" },
          { key: "date", label: t("settings.rates.columns.date") },
          { key: "source", label: t("settings.rates.columns.source") },
        ]}
      >
        {rates.map((row) => (
          <tr key={row.code}>
            <th scope="row" className="px-4 py-2.5 text-left font-mono font-semibold">
              {row.code}
            </th>
            <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">{currencyName({ code: row.code, name: row.name })}</td>
            {row.rate ? (
              <>
                <td className="px-4 py-2.5 text-right font-mono tabular-nums">{formatRate(row.rate, i18n.language)}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-slate-700 dark:text-slate-200">
                  <DayTime day={row.date} />
                  {row.ageDays !== null ? (
                    <span
                      data-testid={`rate-age-${row.code}`}
                      className={`block text-xs ${row.stale ? "font-medium text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-300"}`}
                    >
                      {row.stale ? <span aria-hidden="true">⚠ </span> : null}
                      {t("money.rateAge", { count: row.ageDays })}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2.5 text-slate-700 dark:text-slate-200">
                  {row.source && isRateSource(row.source) ? t(`money.rateSources.${row.source}`) : row.source}
                </td>
              </>
            ) : (
              <td colSpan={3} className="px-4 py-2.5 text-red-700 dark:text-red-300">
                {t("settings.rates.none")}
              </td>
            )}
          </tr>
        ))}
      </CardTable>
    </Card>
  );
}
