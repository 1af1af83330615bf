import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CONFIRM_ANCHOR, ConfirmPanel } from "./confirm-panel";
import { Alert, buttonClass, ErrorSummary, rowButtonClass, SubmitButton, useHydrated, useIsPending, type ListOfErrors } from "./forms";
import { useExpiring, useFlashParam } from "./use-flash-param";

// A page that lists a user's own items with a create form, an edit form in place of a row
// (?edit=id) and a delete confirmation under it (?delete=id): categories and tags. Every state
// is in the URL or the action's answer, so the page works without JavaScript.

export const listIntents = { create: "create", update: "update", delete: "delete" } as const;

/** What the page's action answers when it does not redirect. */
export type ListActionResult =
  | { intent: typeof listIntents.create | typeof listIntents.update; id: string | null; result: SubmissionResult<string[]> }
  | { intent: typeof listIntents.delete; id: string; error: string };

/** The page's state from the URL and the last action's answer. */
export function useEditableList(actionData: ListActionResult | undefined, rows: { id: string }[], editId: string | null) {
  const saved = useFlashParam("saved");
  const deleteError = useExpiring(actionData?.intent === listIntents.delete ? actionData : null);
  const createResult = actionData?.intent === listIntents.create ? actionData.result : undefined;
  const updateResult = actionData?.intent === listIntents.update ? actionData.result : undefined;
  // A refused edit keeps its row open even when posted from a URL without ?edit=…
  const editing = actionData?.intent === listIntents.update ? actionData.id : editId;
  // An update of an item that is not in the list (another user's, or gone) has no row to show its error on.
  const rowlessError =
    actionData?.intent === listIntents.update && !rows.some((row) => row.id === actionData.id) ? actionData.result.error?.[""]?.[0] : undefined;
  const savedNotice = saved === "created" || saved === "updated" || saved === "deleted" ? saved : null;
  return { saved, savedNotice, deleteError, createResult, updateResult, editing, rowlessError };
}

/** A refused delete, and a refused update that has no row to show on. */
export function ListErrors({ deleteError, rowlessError }: { deleteError: { error: string } | null; rowlessError: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {deleteError ? <Alert tone="error">{t(deleteError.error)}</Alert> : null}
      {rowlessError ? <Alert tone="error">{t(rowlessError)}</Alert> : null}
    </>
  );
}

/** A row's edit and delete links; `messages` is the locale prefix of edit, editLabel, delete and deleteLabel. */
export function RowEditDeleteLinks({ page, id, name, messages }: { page: string; id: string; name: string; messages: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to={`${page}?edit=${id}`} preventScrollReset aria-label={t(`${messages}.editLabel`, { name })} className={rowButtonClass.plain}>
        {t(`${messages}.edit`)}
      </Link>
      <Link
        to={`${page}?delete=${id}#${CONFIRM_ANCHOR}`}
        preventScrollReset
        aria-label={t(`${messages}.deleteLabel`, { name })}
        className={rowButtonClass.danger}
      >
        {t(`${messages}.delete`)}
      </Link>
    </>
  );
}

/** The delete confirmation under a row; `messages` is the locale prefix of question, detail, confirm, deleting and cancel. */
export function RowDeleteConfirm({ page, id, name, messages }: { page: string; id: string; name: string; messages: string }) {
  const { t } = useTranslation();
  const deleting = useIsPending({ intent: listIntents.delete });
  return (
    <ConfirmPanel
      question={t(`${messages}.question`, { name })}
      detail={t(`${messages}.detail`, { name })}
      action={page}
      hidden={{ intent: listIntents.delete, id }}
      confirmLabel={t(`${messages}.confirm`)}
      pendingLabel={t(`${messages}.deleting`)}
      pending={deleting}
      cancelTo={page}
      cancelLabel={t(`${messages}.cancel`)}
    />
  );
}

/** The top of an edit form in place of its row: its heading, and the id the action updates. */
export function EditingHeading({ heading, id }: { heading: string; id: string }) {
  return (
    <>
      <h3 className="font-medium">{heading}</h3>
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** A create or edit form's error summary (its own error keeps the id the form's aria-describedby names). */
export function FormErrorAlert({
  form,
  result,
}: {
  form: { id: string; errorId: string; allErrors: Record<string, ListOfErrors> };
  result: unknown;
}) {
  return <ErrorSummary formId={form.id} errors={form.allErrors} result={result} formErrorId={form.errorId} />;
}

/**
 * Cancel (when given) and save. Save waits for a name once JavaScript runs (spec section 5);
 * the server refuses an empty one anyway.
 */
export function FormButtons({
  cancel,
  intent,
  label,
  pendingLabel,
  blank,
}: {
  cancel?: { to: string; label: string };
  intent: typeof listIntents.create | typeof listIntents.update;
  label: string;
  pendingLabel: string;
  blank: boolean;
}) {
  const hydrated = useHydrated();
  const pending = useIsPending({ intent });
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      {cancel ? (
        <Link to={cancel.to} preventScrollReset className={buttonClass.secondary}>
          {cancel.label}
        </Link>
      ) : null}
      <SubmitButton name="intent" value={intent} pending={pending} pendingLabel={pendingLabel} disabled={hydrated && blank}>
        {label}
      </SubmitButton>
    </div>
  );
}
