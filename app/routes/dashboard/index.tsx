import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { CategoryBadge } from "~/components/category-icon";
import { useCategoryName } from "~/components/category-name";
import { RoleBadge } from "~/components/role-badge";
import { TableHead } from "~/components/table";
import { useUser } from "~/components/use-user";
import { listCurrencies } from "~/features/rates/currencies.server";
import { dashboardMoney } from "~/features/dashboard/queries.server";
import { formatPercentChange, monthRange, netChangeTenthsOfPercent } from "~/features/dashboard/model";
import { formatDate, formatMonthYear } from "~/money/dates";
import { formatMinor, signedAmount, USD } from "~/money/amounts";
import { dbContext } from "~/context.server";
import { getInstance, getLocale } from "~/middleware/i18n";
import type { Route } from "./+types/index";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const now = new Date();
  // Calendar months in UTC, as yyyy-MM-dd bounds, like the stored dates.
  const [money, currencyList] = await Promise.all([
    dashboardMoney(db, session.user.id, { current: monthRange(now), previous: monthRange(now, 1) }),
    listCurrencies(db, { activeOnly: false }),
  ]);
  const used = new Set([...money.byCurrency.map((c) => c.currencyCode), ...money.recent.flatMap((r) => r.payments.map((p) => p.currencyCode))]);
  return {
    title: getInstance(context).t("dashboard.metaTitle"),
    month: formatMonthYear(now, getLocale(context)),
    current: money.current,
    changeTenths: shownChange(netChangeTenthsOfPercent(money.current.netUsdCents, money.previous.netUsdCents)),
    byCurrency: money.byCurrency,
    recent: money.recent,
    currencies: currencyList
      .filter((c) => used.has(c.code))
      .map((c) => ({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces })),
  };
}

/** Spec section 2: the change against last month is shown only when non-zero (it rounds to 0.0 % too). */
function shownChange(tenths: number | null): number | null {
  return tenths === 0 ? null : tenths;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const memberSince = formatMonthYear(new Date(user.createdAt), i18n.language);
  const quick = [
    { to: "/expenses/new", label: t("dashboard.quick.newTransaction"), primary: true },
    { to: "/expenses", label: t("dashboard.quick.viewAll") },
    { to: "/reports", label: t("dashboard.quick.reports") },
    { to: "/budgets", label: t("dashboard.quick.budgets") },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("dashboard.greeting", { name: user.firstName })}</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("dashboard.overview", { month: loaderData.month })}</p>
        </div>
        <section
          aria-label={user.name}
          className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-semibold">
              <span className="truncate">{user.name}</span>
              <RoleBadge isAdmin={user.isAdmin} short />
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("dashboard.memberSince", { date: memberSince })}</p>
          </div>
          <Link
            to="/profile"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t("dashboard.profileButton")}
          </Link>
        </section>
      </div>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="sr-only">
          {t("dashboard.quick.title")}
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {quick.map((q) => (
            <Link
              key={q.to}
              to={q.to}
              className={`rounded-lg px-4 py-3 text-center text-sm font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-950 ${
                q.primary
                  ? "bg-brand-600 text-white hover:bg-brand-700"
                  : "border border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
              }`}
            >
              {q.label}
            </Link>
          ))}
        </div>
      </section>
      <MoneyCards data={loaderData} />
      {loaderData.byCurrency.length > 1 ? <ByCurrency data={loaderData} /> : null}
      <RecentTransactions data={loaderData} />
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function currencyOf(currencies: LoaderData["currencies"], code: string) {
  const found = currencies.find((c) => c.code === code);
  return found ? { symbol: found.symbol, decimals: found.decimals } : { symbol: code, decimals: 2 };
}

const panel = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
const green = "text-green-700 dark:text-green-300";
const red = "text-red-700 dark:text-red-300";

/** Spec section 2: income, expenses and net balance for the current month, in USD. */
function MoneyCards({ data: loaderData }: { data: LoaderData }) {
  const { t, i18n } = useTranslation();
  const { current, changeTenths, byCurrency, month } = loaderData;
  const locale = i18n.language;
  const others = byCurrency.map((c) => c.currencyCode).filter((code) => code !== USD.code);
  const cards = [
    { key: "income", label: t("dashboard.money.income"), cents: current.incomeUsdCents, tone: green },
    { key: "expenses", label: t("dashboard.money.expenses"), cents: current.expenseUsdCents, tone: red },
    { key: "net", label: t("dashboard.money.net"), cents: current.netUsdCents, tone: current.netUsdCents < 0 ? red : green },
  ];
  return (
    <section aria-labelledby="month-money">
      <h2 id="month-money" className="sr-only">
        {t("dashboard.money.title")}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => (
          <div key={card.key} className={panel}>
            <h3 className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</h3>
            <p className={`mt-2 text-2xl font-bold tabular-nums sm:text-3xl ${card.tone}`}>{formatMinor(card.cents, USD, locale)}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("dashboard.money.period", { month })}</p>
            {card.key === "net" ? (
              <>
                {others.length > 0 ? (
                  <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">
                    {t("dashboard.money.otherCurrencies", { codes: new Intl.ListFormat(locale, { type: "conjunction" }).format(others) })}
                  </p>
                ) : null}
                {changeTenths !== null ? (
                  <p className={`mt-1 text-sm font-medium ${changeTenths < 0 ? red : green}`}>
                    <span aria-hidden="true">{changeTenths < 0 ? "▼ " : changeTenths > 0 ? "▲ " : ""}</span>
                    {t("dashboard.money.change", { percent: formatPercentChange(changeTenths, locale) })}
                  </p>
                ) : null}
              </>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

/** Spec section 2: shown only when more than one currency was used this month. */
function ByCurrency({ data: loaderData }: { data: LoaderData }) {
  const { t, i18n } = useTranslation();
  const { byCurrency, currencies } = loaderData;
  const locale = i18n.language;
  const n = new Intl.NumberFormat(locale);
  const money = (minor: number, usdCents: number, code: string) => (
    <>
      <span className="block">{formatMinor(minor, currencyOf(currencies, code), locale)}</span>
      {code !== USD.code ? (
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {t("dashboard.byCurrency.inUsd", { amount: formatMinor(usdCents, USD, locale) })}
        </span>
      ) : null}
    </>
  );
  return (
    <Card id="by-currency" title={t("dashboard.byCurrency.title")}>
      <p className="-mt-2 mb-3 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.byCurrency.subtitle")}</p>
      {/* A focusable scroll box on a phone; relative, so the screen-reader-only text inside scrolls with it instead of widening the page. */}
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby="by-currency">
        <table className="w-full min-w-[36rem] divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <TableHead compact columns={[
            { key: "currency", label: t("dashboard.byCurrency.currency") },
            { key: "income", label: t("dashboard.byCurrency.income"), align: "right" },
            { key: "expenses", label: t("dashboard.byCurrency.expenses"), align: "right" },
            { key: "net", label: t("dashboard.byCurrency.net"), align: "right" },
            { key: "count", label: t("dashboard.byCurrency.count"), align: "right" },
          ]} />
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {byCurrency.map((c) => {
              const net = c.incomeMinor - c.expenseMinor;
              const netUsd = c.incomeUsdCents - c.expenseUsdCents;
              return (
                <tr key={c.currencyCode}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    {c.currencyCode}
                  </th>
                  <td className={`px-3 py-2 text-right tabular-nums ${green}`}>{money(c.incomeMinor, c.incomeUsdCents, c.currencyCode)}</td>
                  <td className={`px-3 py-2 text-right tabular-nums ${red}`}>{money(c.expenseMinor, c.expenseUsdCents, c.currencyCode)}</td>
                  <td className="px-3 py-2 text-right font-medium tabular-nums">{money(net, netUsd, c.currencyCode)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n.format(c.count)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Spec section 2: the 5 latest by date, with a USD line under non-USD amounts. */
function RecentTransactions({ data: loaderData }: { data: LoaderData }) {
  const { t, i18n } = useTranslation();
  const categoryName = useCategoryName();
  const { recent, currencies } = loaderData;
  const locale = i18n.language;
  return (
    <Card
      id="recent-transactions"
      title={t("dashboard.recent.title")}
      actions={
        recent.length > 0 ? (
          <Link
            to="/expenses"
            className="text-sm font-medium text-brand-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300"
          >
            {t("dashboard.recent.viewAll")}
          </Link>
        ) : null
      }
    >
      {recent.length === 0 ? (
        <div className="py-6 text-center">
          <p className="font-semibold">{t("dashboard.recent.emptyTitle")}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("dashboard.recent.emptyText")}</p>
          <Link
            to="/expenses/new"
            className="mt-4 inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900"
          >
            {t("dashboard.recent.emptyAction")}
          </Link>
        </div>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby="recent-transactions">
          <table className="w-full min-w-[40rem] divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <TableHead compact columns={[
              { key: "date", label: t("dashboard.recent.date") },
              { key: "description", label: t("dashboard.recent.description") },
              { key: "category", label: t("dashboard.recent.category") },
              { key: "currency", label: t("dashboard.recent.currency") },
              { key: "amount", label: t("dashboard.recent.amount"), align: "right" },
            ]} />
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {recent.map((tx) => {
                const income = tx.type === "INCOME";
                const sign = (text: string) => (income ? `+${text}` : text);
                const single = tx.payments.length === 1 ? tx.payments[0] : undefined;
                const codes = [...new Set(tx.payments.map((p) => p.currencyCode))];
                return (
                  <tr key={tx.id}>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200">
                      <time dateTime={tx.date}>{formatDate(new Date(`${tx.date}T00:00:00Z`), locale)}</time>
                    </td>
                    <td className="px-3 py-2 font-medium">{tx.description}</td>
                    <td className="px-3 py-2">
                      {tx.category ? (
                        <span className="inline-flex items-center gap-2">
                          <CategoryBadge icon={tx.category.icon} color={tx.category.color} size="sm" />
                          {categoryName(tx.category)}
                        </span>
                      ) : (
                        <span className="text-slate-600 dark:text-slate-300">{t("dashboard.recent.uncategorized")}</span>
                      )}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{codes.join(", ")}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      <span className="sr-only">{t(`money.types.${tx.type}`)}: </span>
                      {single ? (
                        <>
                          <span className={`block font-semibold ${income ? green : red}`}>
                            {sign(formatMinor(signedAmount(tx.type, single.amountMinor), currencyOf(currencies, single.currencyCode), locale))}
                          </span>
                          {single.currencyCode !== USD.code ? (
                            <span className="block text-xs text-slate-600 dark:text-slate-300">
                              {t("dashboard.recent.usdLine", { amount: sign(formatMinor(signedAmount(tx.type, single.usdCents), USD, locale)) })}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <>
                          <span className={`block font-semibold ${income ? green : red}`}>
                            {sign(formatMinor(signedAmount(tx.type, tx.usdCents), USD, locale))}
                          </span>
                          <span className="block text-xs text-slate-600 dark:text-slate-300">
                            {t("dashboard.recent.multi", { count: tx.payments.length })}
                          </span>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
