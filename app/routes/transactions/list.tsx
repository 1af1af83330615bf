import { useTranslation } from "~/locales/use-translation";
import { useEffect, useRef } from "react";
import { data, redirect, useLocation, useNavigation } from "react-router";
import { requireActor, requireSession } from "~/auth/guards.server";
import { Card } from "~/components/card";
import { Alert, LoadingNote } from "~/components/forms";
import { LoadError } from "~/components/load-error";
import { useExpiring, useFlashParam } from "~/components/use-flash-param";
import { listCategories } from "~/features/categories/queries.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { isFiltered, LIST_PAGE_SIZE, listHref, pageCount, parseListQuery, UNCATEGORISED, type ListQuery } from "~/features/transactions/model/list-query";
import { EmptyState } from "~/features/transactions/ui/list-empty";
import { Filters } from "~/features/transactions/ui/list-filters";
import { ImportLink, ListHeader } from "~/features/transactions/ui/list-header";
import { TransactionTable } from "~/features/transactions/ui/list-table";
import { Totals } from "~/features/transactions/ui/list-totals";
import { Pagination, reachedByListLink, ShowingText } from "~/features/transactions/ui/pagination";
import { deleteIntent } from "~/features/transactions/page.server";
import { transactionFailures, transactionRefusals } from "~/features/transactions/errors";
import { listTransactions, type TransactionFilter } from "~/features/transactions/queries.server";
import { acceptedDays } from "~/calendar/range";
import { dbContext } from "~/context.server";
import { withoutEmptyParams } from "~/platform/http/get-form";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/list";
import { UndoBanner } from "~/components/undo-banner";
import { hasSampleData } from "~/features/sample-data/queries.server";
import { SampleDataNotice } from "~/features/sample-data/ui/sample-data";
import { UNDO_PARAM } from "~/components/undo";
import { restoreTransaction } from "~/features/transactions/commands.server";
import { undoRefusals } from "~/platform/http/undo-refusals";
import type { Db } from "~/platform/db/client.server";
import type { Actor } from "~/platform/db/activity.server";
import { catchUpSchedules } from "~/features/recurring/commands.server";
import { userToday } from "~/calendar/time-zones";

// /expenses (spec section 2, Transaction list). The whole state of the page (search, filters,
// sort, page) is its URL: a GET form and plain links, so it works without JavaScript and can be
// bookmarked; with JavaScript the same URLs are client navigations. Filtering, sorting, paging
// and the totals run in SQL (listTransactions); this module only reads the URL and shapes rows.

const DELETE = "delete";
/** The banner's Undo after a delete (issue 27, decision 035). */
const UNDO = "undo";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("transactions");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const userId = session.user.id;
  const db = context.get(dbContext);
  const url = new URL(request.url);
  // The filter form without JavaScript: its empty fields out of the address.
  const clean = withoutEmptyParams(url);
  if (clean) throw redirect(clean);
  // Occurrences of the user's schedules that are due and not yet posted, before the page reads (issue 24).
  await catchUpSchedules(db, session.user.id);
  const params = url.searchParams;
  const [categoryList, currencyList, tagList, exploringSample] = await Promise.all([
    listCategories(db, userId),
    listCurrencies(db, { activeOnly: false }),
    listTagChoices(db, userId),
    // Issue 27: the list says when some rows are sample data (decision 040).
    hasSampleData(db, userId),
  ]);
  // A filter naming something the user cannot see (another user's category or tag, an unknown
  // currency) is ignored like any other bad value.
  const today = userToday(session.user);
  const parsed = parseListQuery(params, today);
  const query: ListQuery = {
    ...parsed,
    category: parsed.category === UNCATEGORISED || categoryList.some((c) => c.id === parsed.category) ? parsed.category : undefined,
    currency: currencyList.some((c) => c.code === parsed.currency) ? parsed.currency : undefined,
    tags: parsed.tags.filter((id) => tagList.some((tag) => tag.id === id)),
  };
  const filter: TransactionFilter = {
    search: query.q || undefined,
    type: query.type,
    startDate: query.from,
    endDate: query.to,
    categoryId: query.category === UNCATEGORISED ? undefined : query.category,
    uncategorised: query.category === UNCATEGORISED,
    currencyCode: query.currency,
    tagIds: query.tags.length ? query.tags : undefined,
  };
  const sort = { by: query.sort, order: query.order } as const;
  let page = await listTransactions(db, userId, filter, sort, { page: query.page, limit: LIST_PAGE_SIZE });
  // A page beyond the last (an old bookmark, or the last row of the last page deleted) shows the last page.
  const last = pageCount(page.total);
  if (query.page > last) {
    query.page = last;
    if (page.total > 0) page = await listTransactions(db, userId, filter, sort, { page: last, limit: LIST_PAGE_SIZE });
  }
  const rows = page.transactions.map((tx) => ({
    id: tx.id,
    type: tx.type,
    description: tx.description,
    date: tx.date,
    category: tx.category ? { id: tx.category.id, name: tx.category.name, color: tx.category.color, icon: tx.category.icon } : null,
    usdCents: tx.usdCents,
    payments: tx.payments.map((p) => ({ currencyCode: p.currencyCode, amountMinor: p.amountMinor, method: p.method, usdCents: p.usdCents })),
    // By name, like the filter's chips, so 'the first two' are always the same two.
    tags: tagList.filter((tag) => tx.tagIds.includes(tag.id)),
    recurringId: tx.recurringId,
  }));
  const deleteParam = params.get("delete");
  return {
    title: translatorFor(context).t("transactions.metaTitle"),
    query,
    rows,
    total: page.total,
    totals: page.totals,
    categories: categoryList.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    currencies: currencyList.map((c) => ({ code: c.code, name: c.name, symbol: c.symbol, decimals: c.decimalPlaces, isActive: c.isActive })),
    tags: tagList,
    deleteId: rows.some((r) => r.id === deleteParam) ? deleteParam : null,
    accepted: acceptedDays(today),
    today,
    exploringSample,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireActor(context, request);
  const db = context.get(dbContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === UNDO) return undoAction(db, actor, String(formData.get("id") ?? ""), request);
  if (intent !== DELETE) throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  const id = String(formData.get("id") ?? "");
  const outcome = await deleteIntent(db, actor, id);
  // Another user's transaction is "not found", exactly like a missing one.
  const failure = outcome.kind === "failed" ? { status: 500, message: transactionFailures.delete } : outcome.kind === "notFound" ? transactionRefusals.notFound : undefined;
  if (failure) return data({ intent: DELETE, id, error: failure.message }, { status: failure.status });
  // Post/redirect/get back to the same list (filters, sort and page kept), with a banner.
  const query = parseListQuery(new URL(request.url).searchParams, userToday(actor));
  return redirect(listHref(query, {}, { saved: "deleted", [UNDO_PARAM]: `transaction:${id}` }));
}

/** Undo of a delete: back on the same list with the transaction there and "restored", or the reason it cannot be. */
async function undoAction(db: Db, actor: Actor, id: string, request: Request) {
  const outcome = await restoreTransaction(db, actor, { id });
  if (outcome.kind !== "restored") {
    const { status, message } = undoRefusals[outcome.kind];
    return data({ intent: UNDO, id, error: message }, { status });
  }
  const query = parseListQuery(new URL(request.url).searchParams, userToday(actor));
  return redirect(listHref(query, {}, { saved: "restored" }));
}

export default function TransactionList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, rows, total, totals, deleteId } = loaderData;
  const navigation = useNavigation();
  const saved = useFlashParam("saved");
  const deleteError = useExpiring(actionData ?? null);
  // With JavaScript, the results show that they are being reloaded.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/expenses";
  const filtered = isFiltered(query);
  // Paging and sorting with JavaScript: the new rows' top in view (the links kept the scroll position).
  const location = useLocation();
  const listRef = useRef<HTMLElement>(null);
  const shownKey = useRef(location.key);
  useEffect(() => {
    // Not on the first render: a reload keeps the history state but restores its own scroll.
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (reachedByListLink(location.state)) listRef.current?.scrollIntoView({ block: "start" });
  }, [location.key, location.state]);
  return (
    <div className="space-y-4 sm:space-y-6">
      <ListHeader query={query} loading={loading} />
      <UndoBanner intents={{ transaction: UNDO }} />
      {loaderData.exploringSample ? <SampleDataNotice /> : null}
      <div aria-live="polite" className="empty:hidden">
        {saved === "created" || saved === "updated" || saved === "deleted" || saved === "restored" ? (
          <Alert tone="success">{t(`transactions.saved.${saved}`)}</Alert>
        ) : null}
      </div>
      {deleteError ? <Alert tone="error">{t(deleteError.error)}</Alert> : null}
      <Filters data={loaderData} />
      <Totals totals={totals} total={total} filtered={filtered} />
      <Card
        ref={listRef}
        id="transaction-list-heading"
        title={t("transactions.list.title")}
        flush
        titleSize="base"
        busy={loading}
        actions={
          loading ? (
            <LoadingNote>{t("transactions.list.loading")}</LoadingNote>
          ) : total > 0 ? (
            <ShowingText page={query.page} total={total} />
          ) : null
        }
      >
        {rows.length === 0 ? (
          <EmptyState query={query} filtered={filtered} />
        ) : (
          <div className={loading ? "opacity-60" : undefined}>
            <TransactionTable data={loaderData} deleteId={deleteId} />
            <Pagination query={query} total={total} />
          </div>
        )}
      </Card>
      <ImportLink />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} titleKey="errors.failedToLoadTransactions" />;
}
