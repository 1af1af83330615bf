import { Form, Link } from "react-router";
import { formatDateTime } from "~/calendar/format";
import { Card } from "~/components/card";
import { Alert, buttonClass, rowButtonClass, SubmitButton, useIsPending } from "~/components/forms";
import { useFlashParam } from "~/components/use-flash-param";
import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import type { ImportResult, ImportSummary } from "../model/staged";
import { IMPORT_INTENTS } from "./intents";

// Step 5's answer: how many rows were imported, skipped as duplicates and refused, and "Undo
// this import" (a POST) while it can be undone; after an undo, a clear state.

export function ResultLine({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation();
  const n = (count: number) => ({ count, number: formatCount(count, i18n.language) });
  return (
    <span>
      {t("import.page.result.imported", n(result.imported))} · {t("import.page.result.duplicates", n(result.duplicates))} · {t("import.page.result.refused", n(result.refused))}
    </span>
  );
}

/** "Undo this import": posts to the import's own page (or the list's, from the list). */
export function UndoImportButton({ id, compact = false }: { id: string; compact?: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: IMPORT_INTENTS.undo });
  return (
    <Form method="post" action={compact ? "/import" : undefined}>
      <input type="hidden" name="id" value={id} />
      <SubmitButton
        name="intent"
        value={IMPORT_INTENTS.undo}
        variant="dangerOutline"
        className={compact ? rowButtonClass.danger.replace("ml-2", "") : ""}
        pending={pending}
        pendingLabel={t("import.page.result.undoPending")}
      >
        {t("import.page.result.undo")}
      </SubmitButton>
    </Form>
  );
}

export function ImportResultStep({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation();
  const done = useFlashParam("done");
  const undone = useFlashParam("undone");
  const removed = Number(undone);
  const n = (count: number) => ({ count, number: formatCount(count, i18n.language) });
  return (
    <div className="space-y-4">
      <div aria-live="polite" className="empty:hidden">
        {undone && Number.isInteger(removed) ? <Alert tone="success">{t("import.page.result.undoneNow", n(removed))}</Alert> : null}
        {done === "committed" && summary.result ? (
          <Alert tone="success">{t("import.page.result.imported", n(summary.result.imported))}</Alert>
        ) : null}
      </div>
      <Card id="import-result-heading" title={t(`import.page.status.${summary.status}`)}>
        {summary.result ? (
          <ul className="space-y-1" data-import-result="">
            <li>{t("import.page.result.imported", n(summary.result.imported))}</li>
            <li>{t("import.page.result.duplicates", n(summary.result.duplicates))}</li>
            <li>{t("import.page.result.refused", n(summary.result.refused))}</li>
          </ul>
        ) : null}
        {summary.status === "undone" ? <p className="mt-3 text-slate-700 dark:text-slate-200">{t("import.page.result.undone")}</p> : null}
        {summary.status === "committed" && summary.undoUntil ? (
          <div className="mt-4 space-y-2">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("import.page.result.undoUntil", { date: formatDateTime(new Date(summary.undoUntil), i18n.language) })}
            </p>
            <UndoImportButton id={summary.id} />
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to="/expenses" className={buttonClass.secondary}>
            {t("import.page.result.toTransactions")}
          </Link>
          <Link to="/import" className={buttonClass.secondary}>
            {t("import.page.result.another")}
          </Link>
        </div>
      </Card>
    </div>
  );
}
