import { useTranslation } from "~/locales/use-translation";
import { Card } from "~/components/card";
import { useCurrencyName } from "~/components/currency-name";
import { DataCell, DataRow, DataTable, type Column } from "~/components/table";
import type { LatestRateRow } from "~/features/rates/model";
import { isRateSource } from "~/features/rates/model";
import { formatRate } from "~/money/rates";
import { DayTime } from "./run-text";

/** Each active currency's latest rate today, how old it is, and where it came from. */
export function LatestRates({ rates }: { rates: LatestRateRow[] }) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  const label = {
    code: t("settings.rates.columns.code"),
    name: t("settings.rates.columns.name"),
    rate: t("settings.rates.columns.rate"),
    date: t("settings.rates.columns.date"),
    source: t("settings.rates.columns.source"),
  };
  const columns: Column[] = [
    { key: "code", label: label.code },
    { key: "name", label: label.name },
    { key: "rate", label: label.rate, align: "right" },
    { key: "date", label: label.date },
    { key: "source", label: label.source },
  ];
  return (
    <Card id="latest-rates" title={t("settings.rates.title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.rates.caption")}</p>
      <DataTable wideAt="sm" labelledBy="latest-rates" compact columns={columns}>
        {rates.map((row) => (
          <DataRow key={row.code}>
            <DataCell label={label.code} place="title" header className="text-left font-mono font-semibold">
              {row.code}
            </DataCell>
            <DataCell label={label.name} className="text-slate-700 dark:text-slate-200">{currencyName({ code: row.code, name: row.name })}</DataCell>
            {row.rate ? (
              <>
                <DataCell label={label.rate} align="right" className="font-mono">{formatRate(row.rate, i18n.language)}</DataCell>
                <DataCell label={label.date} className="whitespace-nowrap text-slate-700 dark:text-slate-200">
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
                </DataCell>
                <DataCell label={label.source} className="text-slate-700 dark:text-slate-200">
                  {row.source && isRateSource(row.source) ? t(`money.rateSources.${row.source}`) : row.source}
                </DataCell>
              </>
            ) : (
              <DataCell label={label.rate} colSpan={3} className="text-red-700 dark:text-red-300">
                {t("settings.rates.none")}
              </DataCell>
            )}
          </DataRow>
        ))}
      </DataTable>
    </Card>
  );
}
