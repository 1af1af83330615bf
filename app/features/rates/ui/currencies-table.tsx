import { useTranslation } from "~/locales/use-translation";
import { useCurrencyName } from "~/components/currency-name";
import { Form, useNavigation } from "react-router";
import { Card } from "~/components/card";
import { buttonClass, Spinner } from "~/components/forms";
import { DataCell, DataRow, DataTable, type Column } from "~/components/table";
import type { Currency } from "~/features/rates/model";
import { settingsIntents } from "~/features/rates/model";
import { currencySymbol } from "~/money/amounts";
import { isBaseCurrency } from "~/money/currencies";

/** Every currency, active or not, with the button that switches it (USD, the base, stays on). */
export function Currencies({ currencies }: { currencies: Currency[] }) {
  const { t, i18n } = useTranslation();
  const currencyName = useCurrencyName();
  const label = {
    code: t("settings.currencies.columns.code"),
    name: t("settings.currencies.columns.name"),
    symbol: t("settings.currencies.columns.symbol"),
    decimals: t("settings.currencies.columns.decimals"),
    status: t("settings.currencies.columns.status"),
    action: t("settings.currencies.columns.action"),
  };
  const columns: Column[] = [
    { key: "code", label: label.code },
    { key: "name", label: label.name },
    { key: "symbol", label: label.symbol },
    { key: "decimals", label: label.decimals, align: "right" },
    { key: "status", label: label.status },
    { key: "action", label: label.action },
  ];
  return (
    <Card id="currencies" title={t("settings.currencies.title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.currencies.note")}</p>
      <DataTable wideAt="sm" labelledBy="currencies" compact columns={columns}>
        {currencies.map((c) => (
          <DataRow key={c.code}>
            <DataCell label={label.code} place="title" header className="text-left font-mono font-semibold">
              {c.code}
            </DataCell>
            <DataCell label={label.name} className="text-slate-700 dark:text-slate-200">{currencyName(c)}</DataCell>
            {/* The symbol amounts show in the reader's language (one style per language, issue 23), not the stored one. */}
            <DataCell label={label.symbol} className="text-slate-700 dark:text-slate-200">
              {currencySymbol({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces }, i18n.language)}
            </DataCell>
            <DataCell label={label.decimals} align="right" className="tabular-nums">{c.decimalPlaces}</DataCell>
            <DataCell label={label.status} place="headline">
              <span
                className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${
                  c.isActive
                    ? "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-200"
                    : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
                }`}
              >
                {c.isActive ? t("settings.currencies.active") : t("settings.currencies.inactive")}
              </span>
            </DataCell>
            <DataCell label={label.action} place="actions">
              {isBaseCurrency(c.code) ? (
                <span className="text-slate-600 dark:text-slate-300">{t("settings.currencies.base")}</span>
              ) : (
                <CurrencyStatusForm code={c.code} isActive={c.isActive} />
              )}
            </DataCell>
          </DataRow>
        ))}
      </DataTable>
    </Card>
  );
}

/** One button per currency: a plain POST, so it works without JavaScript. */
function CurrencyStatusForm({ code, isActive }: { code: string; isActive: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === settingsIntents.currencyStatus && navigation.formData.get("currencyCode") === code;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="currencyCode" value={code} />
      <input type="hidden" name="active" value={isActive ? "0" : "1"} />
      <button
        type="submit"
        name="intent"
        value={settingsIntents.currencyStatus}
        disabled={pending}
        aria-label={t(isActive ? "settings.currencies.deactivateLabel" : "settings.currencies.activateLabel", { code })}
        className={isActive ? buttonClass.secondary : buttonClass.primary}
      >
        {pending ? <Spinner className="h-3.5 w-3.5" /> : null}
        {t(isActive ? "settings.currencies.deactivate" : "settings.currencies.activate")}
      </button>
    </Form>
  );
}
