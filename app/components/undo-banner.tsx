import { Form } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { buttonClass, useIsPending } from "./forms";
import { readUndo, UNDO_PARAM, type UndoKind } from "./undo";
import { UNDO_BANNER_MS, useFlashParam } from "./use-flash-param";

const NONE: readonly string[] = [];

/**
 * "Deleted — Undo" after a delete (issue 27, decision 035): drawn by the server from the
 * redirect's ?undo=<kind>:<id>, so without JavaScript it stays until the next page; with it,
 * UNDO_BANNER_MS (at least 10 s). Undo is a plain POST form with the page's intent for that kind
 * and the record's id. A polite live region that is always there, so the banner is announced and
 * its arrival moves nothing that was already drawn.
 */
export function UndoBanner({ intents }: { intents: Partial<Record<UndoKind, string>> }) {
  const { t } = useTranslation();
  const flag = readUndo(useFlashParam(UNDO_PARAM, NONE, UNDO_BANNER_MS));
  const intent = flag ? intents[flag.kind] : undefined;
  const pending = useIsPending({ intent: intent ?? UNDO_PARAM });
  return (
    <div aria-live="polite" className="empty:hidden">
      {flag && intent ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm text-slate-800 shadow-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          data-undo={flag.kind}
        >
          <span className="font-semibold">{t("common.undo.deleted")}</span>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={flag.id} />
            <button type="submit" className={buttonClass.secondary} disabled={pending} aria-busy={pending || undefined}>
              {t("common.undo.action")}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
