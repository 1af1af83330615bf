import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/locales/use-translation";
import { Link, useLocation, useSearchParams } from "react-router";
import { CONFIRM_ANCHOR, ConfirmPanel } from "./confirm-panel";
import { Alert, buttonClass, ErrorSummary, rowButtonClass, SubmitButton, useHydrated, useIsPending, type ListOfErrors } from "./forms";
import { useExpiring, useFlashParam } from "./use-flash-param";

// A page that lists a user's own items with a create form, an edit form in place of a row
// (?edit=id) and a delete confirmation under it (?delete=id): categories, tags, and the two
// lists of /budgets. Every state is in the URL or the action's answer, so the page works
// without JavaScript.

/**
 * The intent values one list's forms post, and the prefix of its ?saved= flag. A page with two
 * lists gives each its own (listIntentsFor), so their answers never mix.
 */
export type ListIntents = { create: string; update: string; delete: string; savedPrefix: string; undo?: string };

export const listIntents = { create: "create", update: "update", delete: "delete", savedPrefix: "", undo: "undo" } as const satisfies ListIntents;

/** The intents of a list named `noun` on a page with more than one ("budget-create", ?saved=budget-created). */
export function listIntentsFor(noun: string): ListIntents {
  return { create: `${noun}-create`, update: `${noun}-update`, delete: `${noun}-delete`, savedPrefix: `${noun}-`, undo: `${noun}-undo` };
}

/**
 * Where a write lands (issue 23): the redirect names the row just created or changed (?item=id)
 * and carries its element's id as the fragment (#budget-<id>), so the page opens at that row,
 * with and without JavaScript, and its banner is drawn beside it; a delete lands at the list's
 * heading, with the banner at the list's top.
 */
export const ITEM_PARAM = "item";
/** The parameters that go with a ?saved= flag (useFlashParam's companions). */
export const LANDING_PARAMS = [ITEM_PARAM] as const;

/** The id of the element a list's row is drawn in: `prefix` names the list ("budget", "tag"). */
export function itemAnchor(prefix: string, id: string): string {
  return `${prefix}-${id}`;
}

/** What the page's action answers when it does not redirect; `intent` is the posted value, `op` what it asked for. */
export type ListActionResult =
  | { intent: string; op: "create" | "update"; id: string | null; result: SubmissionResult<string[]> }
  | { intent: string; op: "delete"; id: string; error: string; facts?: Record<string, unknown> };

/** The page's state from the URL and the last action's answer, for the list whose intents are given. */
export function useEditableList(actionData: unknown, rows: { id: string }[], editId: string | null, intents: ListIntents = listIntents) {
  const saved = useFlashParam("saved", LANDING_PARAMS);
  const [searchParams] = useSearchParams();
  const answer = isListAnswer(actionData, intents) ? actionData : undefined;
  const deleteError = useExpiring(answer?.op === "delete" ? answer : null);
  const createResult = answer?.op === "create" ? answer.result : undefined;
  const updateResult = answer?.op === "update" ? answer.result : undefined;
  // A refused edit keeps its row open even when posted from a URL without ?edit=…
  const editing = answer?.op === "update" ? answer.id : editId;
  // An update of an item that is not in the list (another user's, or gone) has no row to show its error on.
  const rowlessError = answer?.op === "update" && !rows.some((row) => row.id === answer.id) ? answer.result.error?.[""]?.[0] : undefined;
  const notice = saved?.startsWith(intents.savedPrefix) ? saved.slice(intents.savedPrefix.length) : null;
  const savedNotice = notice === "created" || notice === "updated" || notice === "deleted" || notice === "restored" ? notice : null;
  // The row the banner stands beside; a banner whose row is not in the list shows at the list's top.
  const item = savedNotice && savedNotice !== "deleted" ? searchParams.get(ITEM_PARAM) : null;
  const landedId = item && rows.some((row) => row.id === item) ? item : null;
  return { saved, savedNotice, landedId, deleteError, createResult, updateResult, editing, rowlessError };
}

function isListAnswer(actionData: unknown, intents: ListIntents): actionData is ListActionResult {
  if (typeof actionData !== "object" || actionData === null) return false;
  const { intent, op } = actionData as { intent?: unknown; op?: unknown };
  return typeof op === "string" && (intent === intents.create || intent === intents.update || intent === intents.delete || (intents.undo !== undefined && intent === intents.undo));
}

/**
 * A write's success banner where the write landed: beside its row, or at its list's top. It
 * takes focus (the form that was saved is gone), so it is read out and the keyboard goes on from
 * the row; without JavaScript through autofocus.
 */
export function LandedBanner({ message, className = "" }: { message: string | null; className?: string }) {
  // Each landing takes focus again, also the same banner after a second save of the same row.
  const visit = useLocation().key;
  if (!message) return null;
  return (
    <div className={className}>
      <Alert tone="success" focusFor={visit}>
        {message}
      </Alert>
    </div>
  );
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

/**
 * A row's edit and delete links; `messages` is the locale prefix of edit, editLabel, delete and
 * deleteLabel. `params` keeps the page's other state (the month of /budgets); `keys` names the
 * edit and delete parameters on a page with two lists.
 */
export function RowEditDeleteLinks({
  page,
  id,
  name,
  messages,
  params = "",
  keys = { edit: "edit", delete: "delete" },
}: {
  page: string;
  id: string;
  name: string;
  messages: string;
  params?: string;
  keys?: { edit: string; delete: string };
}) {
  const { t } = useTranslation();
  const prefix = params ? `${page}?${params}&` : `${page}?`;
  return (
    <>
      <Link to={`${prefix}${keys.edit}=${id}`} preventScrollReset aria-label={t(`${messages}.editLabel`, { name })} className={rowButtonClass.plain}>
        {t(`${messages}.edit`)}
      </Link>
      <Link
        to={`${prefix}${keys.delete}=${id}#${CONFIRM_ANCHOR}`}
        preventScrollReset
        aria-label={t(`${messages}.deleteLabel`, { name })}
        className={rowButtonClass.danger}
      >
        {t(`${messages}.delete`)}
      </Link>
    </>
  );
}

/**
 * The delete confirmation under a row; `messages` is the locale prefix of question, detail,
 * confirm, deleting and cancel. `back` is where the form posts and cancel goes (the page with
 * its other state); `intent` the list's delete intent.
 */
export function RowDeleteConfirm({
  page,
  id,
  name,
  messages,
  back = page,
  intent = listIntents.delete,
}: {
  page: string;
  id: string;
  name: string;
  messages: string;
  back?: string;
  intent?: string;
}) {
  const { t } = useTranslation();
  const deleting = useIsPending({ intent });
  return (
    <ConfirmPanel
      question={t(`${messages}.question`, { name })}
      detail={t(`${messages}.detail`, { name })}
      action={back}
      hidden={{ intent, id }}
      pending={deleting}
      cancelTo={back}
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
  intent: string;
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
