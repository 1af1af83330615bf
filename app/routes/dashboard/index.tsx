import { useTranslation } from "~/locales/use-translation";
import { data, Link, redirect } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { cardClass } from "~/components/card";
import { PageHeader } from "~/components/page-header";
import { RoleBadge } from "~/components/role-badge";
import { monthPeriod } from "~/features/reports/model/period";
import { expenseCategories, reportTrend } from "~/features/reports/queries/report.server";
import { DashboardCharts } from "~/features/reports/ui/dashboard-charts";
import { loadBudgetAlerts } from "~/features/budgets/page.server";
import { BudgetAlerts } from "~/features/budgets/ui/budget-alerts";
import { useUser } from "~/components/use-user";
import { firstRunChecklist, monthRange, netChangeTenthsOfPercent, netDifferenceCents, shownChange, usedCurrencies } from "~/features/dashboard/model";
import { dashboardMoney } from "~/features/dashboard/queries.server";
import { ByCurrency } from "~/features/dashboard/ui/by-currency";
import { MoneyCards } from "~/features/dashboard/ui/money-cards";
import { RecentTransactions } from "~/features/dashboard/ui/recent-transactions";
import { listCurrencies } from "~/features/rates/queries.server";
import { hasVisitedBefore } from "~/features/accounts/queries.server";
import { dismissOnboarding, resendVerification } from "~/features/accounts/commands.server";
import { hasAnyBudget } from "~/features/budgets/queries.server";
import { hasAnyGoal } from "~/features/goals/queries.server";
import { currenciesUsed } from "~/features/transactions/queries.server";
import { DISMISS_CHECKLIST, FirstRunChecklist } from "~/features/dashboard/ui/first-run-checklist";
import type { Db } from "~/platform/db/client.server";
import { addDays, dayToDate } from "~/calendar/days";
import { monthStartOf } from "~/calendar/months";
import { formatMonthYear } from "~/calendar/format";
import { userToday } from "~/calendar/time-zones";
import { dbContext, languageContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/index";
import { catchUpSchedules } from "~/features/recurring/commands.server";
import { comingUp, hasAnySchedule } from "~/features/recurring/queries.server";
import { ComingUp } from "~/features/dashboard/ui/coming-up";
import { isSecure } from "~/auth/session-cookie.server";
import { Alert } from "~/components/forms";
import { useFlashParam } from "~/components/use-flash-param";
import { accountFormRefusal } from "~/features/accounts/errors";
import { dismissVerifyBannerCookie, verifyBannerDismissed } from "~/features/accounts/page.server";
import { DISMISS_VERIFICATION, RESEND_VERIFICATION, VerifyBanner } from "~/features/accounts/ui/verify-banner";
import { contextMailer } from "~/platform/mail/context-mailer.server";
import { addSampleData, removeSampleData } from "~/features/sample-data/commands.server";
import { hasSampleData } from "~/features/sample-data/queries.server";
import { ADD_SAMPLE_DATA, ExploreSampleData, REMOVE_SAMPLE_DATA, SampleDataBanner } from "~/features/sample-data/ui/sample-data";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("dashboard", "budgets", "reports");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  // Occurrences of the user's schedules that are due and not yet posted, before the page reads (issue 24).
  await catchUpSchedules(db, session.user.id);
  // The user's today (decision 032): this month and the last 7 days are theirs, as yyyy-MM-dd bounds like the stored dates.
  const today = userToday(session.user);
  const month = monthPeriod(monthStartOf(today));
  const week = { startDate: addDays(today, -6), endDate: today };
  const [money, currencyList, budgetAlerts, monthCategories, lastWeek, returning, dueSoon, checklist, exploringSample] = await Promise.all([
    dashboardMoney(db, session.user.id, { current: monthRange(today), previous: monthRange(today, 1) }),
    listCurrencies(db, { activeOnly: false }),
    loadBudgetAlerts(db, session.user.id, monthStartOf(today)),
    // Spec section 2: the month's expenses by category, and the last 7 days' income and expenses.
    expenseCategories(db, session.user.id, month),
    reportTrend(db, session.user.id, { ...week, month: null }, "daily"),
    hasVisitedBefore(db, session.user.id),
    // Issue 24: what the user's schedules post from today through today + 6, estimated at today's rate.
    comingUp(db, session.user.id, today),
    // Issue 27: a new user's first steps, until dismissed.
    session.user.onboardingDismissedAt ? null : loadChecklist(db, session.user.id),
    // Issue 27: whether the user is exploring sample data (decision 040).
    hasSampleData(db, session.user.id),
  ]);
  const dueSoonCodes = new Set(dueSoon.flatMap((item) => item.payments.map((p) => p.currencyCode)));
  return {
    title: translatorFor(context).t("dashboard.metaTitle"),
    returning,
    month: formatMonthYear(dayToDate(monthStartOf(today)), context.get(languageContext)),
    current: money.current,
    changeTenths: shownChange(netChangeTenthsOfPercent(money.current.netUsdCents, money.previous.netUsdCents)),
    differenceCents: netDifferenceCents(money.current.netUsdCents, money.previous.netUsdCents),
    byCurrency: money.byCurrency,
    recent: money.recent,
    currencies: usedCurrencies(money, currencyList),
    comingUp: dueSoon,
    comingUpCurrencies: currencyList.filter((c) => dueSoonCodes.has(c.code)).map((c) => ({ code: c.code, symbol: c.symbol, decimals: c.decimalPlaces })),
    budgetAlerts,
    monthCategories,
    lastWeek,
    // The days the pie and the bars count, which their slices, bars and rows link to (issue 27).
    monthSpan: { startDate: month.startDate, endDate: month.endDate },
    weekSpan: week,
    currentMonth: month.month!,
    checklist: checklist && {
      items: firstRunChecklist({ ...checklist, hasTransaction: money.recent.length > 0 }),
      currencies: checklist.currencies,
      // "Explore with sample data" for a user with no transactions yet.
      offerSample: money.recent.length === 0 && !exploringSample,
    },
    exploringSample,
    // Issue 25: the reminder to confirm the address, until it is confirmed or this browser dismissed it.
    verifyBanner: !session.user.emailVerifiedAt && !(await verifyBannerDismissed(request, session.user.id)),
  };
}

/** What the checklist ticks itself from, besides the transactions the page reads anyway. */
async function loadChecklist(db: Db, userId: string) {
  const [currencies, hasBudget, hasGoal, hasSchedule] = await Promise.all([
    currenciesUsed(db, userId),
    hasAnyBudget(db, userId),
    hasAnyGoal(db, userId),
    hasAnySchedule(db, userId),
  ]);
  return { currencies, hasBudget, hasGoal, hasSchedule };
}

// The dashboard's forms: "Hide this list" under the first-run checklist (issue 27), "Explore with
// sample data" and "Remove sample data" (issue 27, decision 040), and the address verification
// banner's Send again and dismiss (issue 25).
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const intent = (await request.formData()).get("intent");
  switch (intent) {
    case DISMISS_CHECKLIST:
      await dismissOnboarding(context.get(dbContext), actor);
      return redirect("/dashboard");
    case RESEND_VERIFICATION: {
      const outcome = await resendVerification(context.get(dbContext), actor, contextMailer(context));
      if (!outcome.ok) {
        const refusal = accountFormRefusal(outcome);
        return data({ verification: "throttled" as const, retryAfter: refusal.retryAfter }, { status: refusal.status, headers: refusal.headers });
      }
      return redirect(`/dashboard?verification=${outcome.alreadyVerified ? "verified" : "sent"}`);
    }
    case ADD_SAMPLE_DATA:
      await addSampleData(context.get(dbContext), actor, { language: context.get(languageContext) });
      return redirect("/dashboard?sample=added");
    case REMOVE_SAMPLE_DATA:
      await removeSampleData(context.get(dbContext), actor);
      return redirect("/dashboard?sample=removed");
    case DISMISS_VERIFICATION:
      return redirect("/dashboard", { headers: { "Set-Cookie": await dismissVerifyBannerCookie(actor.userId, isSecure(request)) } });
    default:
      throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  }
}

// Carries the action's Retry-After onto the rendered page.
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) merged.set("Retry-After", retryAfter);
  return merged;
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const memberSince = formatMonthYear(new Date(user.createdAt), i18n.language);
  const verified = useFlashParam("verified");
  const verification = useFlashParam("verification");
  const sample = useFlashParam("sample");
  const verifyNotice = actionData?.verification === "throttled"
    ? t("errors.tooManyAttempts", { seconds: actionData.retryAfter })
    : verification === "sent"
      ? t("dashboard.verifyBanner.sent", { email: user.email })
      : null;
  const quick = [
    { to: "/expenses/new", label: t("dashboard.quick.newTransaction"), primary: true },
    { to: "/expenses", label: t("dashboard.quick.viewAll") },
    { to: "/reports", label: t("dashboard.quick.reports") },
    { to: "/budgets", label: t("dashboard.quick.budgets") },
  ];
  return (
    <div className="space-y-6">
      {verified === "email" || verified === "changed" ? (
        <Alert tone="success">{t(verified === "changed" ? "dashboard.verifyBanner.doneChanged" : "dashboard.verifyBanner.doneEmail")}</Alert>
      ) : null}
      {verification === "verified" ? <Alert tone="success">{t("dashboard.verifyBanner.alreadyVerified")}</Alert> : null}
      {sample === "added" || sample === "removed" ? <Alert tone="success">{t(sample === "added" ? "dashboard.sampleData.added" : "dashboard.sampleData.removed")}</Alert> : null}
      {loaderData.exploringSample ? <SampleDataBanner /> : null}
      {loaderData.verifyBanner ? <VerifyBanner email={user.email} notice={verifyNotice} /> : null}
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <PageHeader title={t(loaderData.returning ? "dashboard.greeting" : "dashboard.greetingFirst", { name: user.firstName })} subtitle={t("dashboard.overview", { month: loaderData.month })} />
        <section aria-label={user.name} className={`flex items-center gap-4 p-4 ${cardClass}`}>
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-semibold">
              <span className="truncate">{user.name}</span>
              <RoleBadge isAdmin={user.isAdmin} short />
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("dashboard.memberSince", { date: memberSince })}</p>
          </div>
          <Link
            to="/profile"
            className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold sm:min-h-0 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:hover:bg-slate-800"
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
      {loaderData.checklist ? <FirstRunChecklist
          items={loaderData.checklist.items}
          currencies={loaderData.checklist.currencies}
          extra={loaderData.checklist.offerSample ? <ExploreSampleData /> : null}
        /> : null}
      <BudgetAlerts alerts={loaderData.budgetAlerts} month={loaderData.currentMonth} />
      <ComingUp items={loaderData.comingUp} currencies={loaderData.comingUpCurrencies} />
      <MoneyCards current={loaderData.current} changeTenths={loaderData.changeTenths} differenceCents={loaderData.differenceCents} byCurrency={loaderData.byCurrency} month={loaderData.month} />
      {loaderData.byCurrency.length > 1 ? <ByCurrency byCurrency={loaderData.byCurrency} currencies={loaderData.currencies} /> : null}
      <DashboardCharts monthCategories={loaderData.monthCategories} lastWeek={loaderData.lastWeek} month={loaderData.monthSpan} week={loaderData.weekSpan} />
      <RecentTransactions recent={loaderData.recent} currencies={loaderData.currencies} />
    </div>
  );
}
