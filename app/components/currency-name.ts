import { useTranslation } from "~/locales/use-translation";

/**
 * A currency's name in the user's language: the built-in currencies are named by code in the
 * locale files (money.currencyNames: "Peso colombiano", not the stored "COP"); a currency an
 * admin added keeps the name stored with it.
 */
export function useCurrencyName() {
  const { t } = useTranslation();
  return (currency: { code: string; name: string }) => t(`money.currencyNames.${currency.code}`, { defaultValue: currency.name || currency.code });
}
