import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/locales/use-translation";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { staleAfterDays } from "~/features/rates/model";
import { requireActor, requireSession } from "~/auth/guards.server";
import { MessageCard } from "~/components/load-error";
import { buttonClass } from "~/components/forms";
import { type FormActionData, TransactionEditor } from "~/features/transactions/ui/transaction-editor";
import { listCategories } from "~/features/categories/queries.server";
import { listCurrencies } from "~/features/rates/queries.server";
import { codesWithRate, deleteIntent, draftFromRecord, fillRates, repeatDraft, suggestionChoices } from "~/features/transactions/page.server";
import { listTagChoices } from "~/features/tags/queries.server";
import { transactionFailures } from "~/features/transactions/errors";
import { createTransaction, updateTransaction } from "~/features/transactions/commands.server";
import { entryMemory, getTransaction } from "~/features/transactions/queries.server";
import { toTransactionInput, transactionFormSchema } from "~/features/transactions/schemas/form";
import { applyIntent, issuesToFieldErrors, newDraft, parseFormIntent, readDraft, type Draft } from "~/features/transactions/model/form";
import { acceptedDays } from "~/calendar/range";
import { dbContext, envContext, languageContext } from "~/context.server";
import { withMessages } from "~/locales/messages.client";
import { routeMessages } from "~/locales/sections";
import { translatorFor } from "~/locales/server-translators";
import type { Route } from "./+types/form";
import { userToday } from "~/calendar/time-zones";

// /expenses/new and /expenses/edit/{id}: one screen (spec sections 2, 4 and 5), drawn by
// TransactionEditor (features/transactions/ui). The form is a plain POST that works without
// JavaScript: its intent buttons (type, mode, rows, rates) are answered here by showing the
// form again, with what was typed kept and the rates and USD amounts worked out; with
// JavaScript the same buttons change the page in place. Saving is one path for single and
// multi mode: single mode is a list of one payment.

// The error page has no loader data, and the browser holds only the page's language: the 404
// carries its own title, translated on the server.
const notFound = (context: Route.LoaderArgs["context"]) =>
  data({ message: "Transaction not found", title: translatorFor(context).t("transactionForm.notFound.title") }, { status: 404 });

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (loaderData) return [{ title: loaderData.title }];
  return [{ title: isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined }];
}

// This page's messages beside the shell (locales/sections.ts), loaded before a client navigation renders it.
export const handle = routeMessages("transactionForm");
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => withMessages(handle, serverLoader());

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const userId = session.user.id;
  const id = "id" in params && params.id ? params.id : null;
  // "Repeat today" links here with the transaction to copy (issue 27).
  const from = id ? null : new URL(request.url).searchParams.get("from");
  const [categories, tags, currencies, record, source, memory] = await Promise.all([
    listCategories(db, userId),
    listTagChoices(db, userId),
    listCurrencies(db, { activeOnly: false }),
    id ? getTransaction(db, userId, id) : Promise.resolve(undefined),
    from ? getTransaction(db, userId, from) : Promise.resolve(undefined),
    id ? Promise.resolve(undefined) : entryMemory(db, userId),
  ]);
  // As "Repeat…" on /recurring: another user's transaction, or one since deleted, is not found.
  if ((id && !record) || (from && !source)) throw notFound(context);
  const today = userToday(session.user);
  const locale = context.get(languageContext);
  const draft = record
    ? draftFromRecord(record, currencies, locale)
    : source
      ? (await fillRates(db, repeatDraft(source, currencies, locale, today), { locale })).draft
      : newDraft(categories, today, memory?.recentExpenseCategoryId);
  return {
    title: translatorFor(context).t(id ? "transactionForm.metaTitleEdit" : "transactionForm.metaTitleNew"),
    id,
    savedDescription: record?.description ?? "",
    confirmDelete: Boolean(record) && new URL(request.url).searchParams.has("delete"),
    categories: categories.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    tags,
    currencies: currencies.map((c) => ({ code: c.code, name: c.name, decimalPlaces: c.decimalPlaces, isActive: c.isActive })),
    draft,
    suggestions: memory ? suggestionChoices(memory.suggestions, currencies, locale) : [],
    staleAfterDays: staleAfterDays(context.get(envContext)),
    accepted: acceptedDays(today),
  };
}

type ActionData = FormActionData;

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = requireSession(context);
  const db = context.get(dbContext);
  const userId = session.user.id;
  const id = "id" in params && params.id ? params.id : null;
  // Another user's transaction is not found, exactly like a missing one, whatever the intent.
  const existing = id ? await getTransaction(db, userId, id) : undefined;
  if (id && !existing) throw notFound(context);
  const formData = await request.formData();
  const intent = parseFormIntent(formData.get("intent"));
  if (!intent || (intent.kind === "delete" && !existing)) {
    throw data({ message: `Unknown intent: ${String(formData.get("intent"))}` }, { status: 400 });
  }
  const actor = requireActor(context, request);
  const locale = context.get(languageContext);

  if (intent.kind === "delete") {
    const outcome = await deleteIntent(db, actor, existing!.id);
    if (outcome.kind === "failed") return data<ActionData>({ kind: "delete", error: transactionFailures.delete }, { status: 500 });
    if (outcome.kind === "notFound") throw notFound(context);
    return redirect("/expenses?saved=deleted");
  }

  if (intent.kind !== "save") {
    // No write: the form comes back changed, with the rates for its date filled in.
    const categories = await listCategories(db, userId);
    let added = 0;
    const changed = applyIntent(readDraft(formData), intent, categories, () => `row-added-${added++}`);
    const filled = await fillRates(db, changed.draft, { refreshIndex: intent.kind === "refresh" ? intent.index : undefined, recorded: existing, locale });
    const fieldErrors = { ...changed.fieldErrors, ...filled.fieldErrors };
    const failed = Boolean(changed.formError) || Object.keys(fieldErrors).length > 0;
    const result: SubmissionResult<string[]> | undefined = failed
      ? { status: "error", error: { ...(changed.formError ? { "": [changed.formError] } : {}), ...fieldErrors } }
      : undefined;
    return data<ActionData>({ kind: "form", draft: rekey(filled.draft), result, save: false }, { status: failed ? 400 : 200 });
  }

  const posted = readDraft(formData);
  const refuse = async (result: SubmissionResult<string[]>, status: number) => {
    const filled = await fillRates(db, posted, { recorded: existing, locale });
    return data<ActionData>({ kind: "form", draft: filled.draft, result, save: true }, { status });
  };
  // The checks before the write could not read what they need: nothing was written, and the
  // form comes back as posted (filling its rates would need the same database).
  const unreadable = (cause: unknown) => {
    console.error("transaction save failed before writing", cause);
    const result: SubmissionResult<string[]> = { status: "error", error: { "": [transactionFailures.unreadable] } };
    return data<ActionData>({ kind: "form", draft: posted, result, save: true }, { status: 500 });
  };
  let submission;
  try {
    const currencies = await listCurrencies(db, { activeOnly: false });
    const known = await codesWithRate(db, posted.payments.map((p) => p.currencyCode), posted.date);
    submission = parseWithZod(formData, { schema: transactionFormSchema({ currencies, rateKnown: (code) => known.has(code), locale }) });
  } catch (cause) {
    return unreadable(cause);
  }
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const input = toTransactionInput(submission.value, locale);
  let outcome;
  try {
    // An edit may keep a currency that has since been turned off, as the API allows (resolveTransaction).
    outcome = existing
      ? await updateTransaction(db, actor, { id: existing.id, input, recorded: existing })
      : await createTransaction(db, actor, { input });
  } catch (cause) {
    console.error(`transaction ${existing ? "update" : "create"} failed`, cause);
    return refuse(submission.reply({ formErrors: [existing ? transactionFailures.update : transactionFailures.create] }), 500);
  }
  if (outcome.kind === "unreadable") return unreadable(outcome.cause);
  if (outcome.kind === "invalid") return refuse(submission.reply({ fieldErrors: issuesToFieldErrors(outcome.issues) }), 400);
  if (outcome.kind === "overLimit") return refuse(submission.reply({ fieldErrors: issuesToFieldErrors([outcome.issue]) }), 400);
  if (outcome.kind === "notFound") throw notFound(context);
  return redirect(`/expenses?saved=${existing ? "updated" : "created"}`);
}

function rekey(draft: Draft): Draft {
  return { ...draft, payments: draft.payments.map((p, i) => ({ ...p, key: `row-${i}` })) };
}

export default function TransactionFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  // A new visit (another transaction, or new after edit) starts from its own data.
  return <TransactionEditor key={loaderData.id ?? "new"} data={loaderData} actionData={actionData as ActionData | undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <MessageCard
      title={t(missing ? "transactionForm.notFound.title" : "transactionForm.error.title")}
      body={t(missing ? "transactionForm.notFound.body" : "transactionForm.error.body")}
    >
      <Link to="/expenses" className={`${buttonClass.primary} mt-4`}>
        {t("transactionForm.back")}
      </Link>
    </MessageCard>
  );
}
