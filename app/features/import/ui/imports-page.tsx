import { Form, Link } from "react-router";
import { formatDate, formatDateTime } from "~/calendar/format";
import { Card } from "~/components/card";
import { Alert, ErrorList, inputClass, SubmitButton, useIsPending } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { DataCell, DataRow, DataTable, type Column } from "~/components/table";
import { useFlashParam } from "~/components/use-flash-param";
import { useTranslation } from "~/locales/use-translation";
import { formatCount } from "~/text/count";
import type { ImportActionError, ImportListItem } from "../page.server";
import { IMPORT_INTENTS } from "./intents";
import { useImportMessage } from "./message";
import { ResultLine, UndoImportButton } from "./result";

// /import: the upload form (step 1) and the user's recent imports, each with its state and, while
// it can be undone, "Undo this import".

export function ImportsPage({ imports, actionData }: { imports: ImportListItem[]; actionData: ImportActionError | undefined }) {
  const { t, i18n } = useTranslation();
  const message = useImportMessage();
  const discarded = useFlashParam("discarded");
  const undone = useFlashParam("undone");
  const uploading = useIsPending({ intent: IMPORT_INTENTS.upload });
  const uploadError = actionData?.intent === IMPORT_INTENTS.upload && actionData.error ? message(actionData.error) : null;
  const otherError = actionData && actionData.intent !== IMPORT_INTENTS.upload && actionData.error ? message(actionData.error) : null;
  const removed = Number(undone);
  return (
    <div className="space-y-4 sm:space-y-6">
      <PageHeader title={t("import.page.title")} subtitle={t("import.page.subtitle")} />
      <div aria-live="polite" className="empty:hidden">
        {discarded ? <Alert tone="success">{t("import.page.outcome.discarded")}</Alert> : null}
        {undone && Number.isInteger(removed) ? (
          <Alert tone="success">{t("import.page.result.undoneNow", { count: removed, number: formatCount(removed, i18n.language) })}</Alert>
        ) : null}
      </div>
      {otherError ? <Alert tone="error" focusFor={actionData}>{otherError}</Alert> : null}
      <Card id="import-upload-heading" title={t("import.page.upload.heading")}>
        <Form method="post" encType="multipart/form-data" className="space-y-3">
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
              {t("import.page.upload.file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              required
              accept=".csv,text/csv"
              aria-describedby={`import-file-hint${uploadError ? " import-file-error" : ""}`}
              aria-invalid={uploadError ? true : undefined}
              className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold dark:file:bg-slate-800 dark:file:text-slate-100`}
            />
            <div id="import-file-hint" className="mt-1 space-y-1 text-sm text-slate-600 dark:text-slate-300">
              <p>{t("import.page.upload.limits")}</p>
              <p>{t("import.page.upload.ownExport")}</p>
            </div>
            <ErrorList id="import-file-error" errors={uploadError ? [uploadError] : []} />
          </div>
          <SubmitButton name="intent" value={IMPORT_INTENTS.upload} pending={uploading} pendingLabel={t("import.page.upload.pending")}>
            {t("import.page.upload.submit")}
          </SubmitButton>
        </Form>
      </Card>
      <Card id="import-list-heading" title={t("import.page.list.heading")} flush titleSize="base">
        {imports.length === 0 ? (
          <p className="px-4 py-6 text-slate-600 dark:text-slate-300">{t("import.page.list.empty")}</p>
        ) : (
          <ImportsTable imports={imports} />
        )}
      </Card>
    </div>
  );
}

function ImportsTable({ imports }: { imports: ImportListItem[] }) {
  const { t, i18n } = useTranslation();
  const label = {
    file: t("import.page.list.file"),
    date: t("import.page.list.date"),
    status: t("import.page.list.status"),
    result: t("import.page.list.result"),
    actions: t("import.page.list.view"),
  };
  const columns: Column[] = [
    { key: "file", label: label.file },
    { key: "date", label: label.date },
    { key: "status", label: label.status },
    { key: "result", label: label.result },
    { key: "actions", label: <span className="sr-only">{label.actions}</span>, align: "right" },
  ];
  return (
    <DataTable columns={columns} labelledBy="import-list-heading" inset>
      {imports.map((item) => (
        <DataRow key={item.id} data-import={item.id}>
          <DataCell label={label.file} place="title" header className="text-left [overflow-wrap:anywhere]">
            <Link to={`/import/${item.id}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-blue-300">
              {item.fileName}
            </Link>
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
              {t("import.page.list.rows", { count: item.rowCount, number: formatCount(item.rowCount, i18n.language) })}
            </span>
          </DataCell>
          <DataCell label={label.date} place="subtitle">
            <time dateTime={new Date(item.createdAt).toISOString()} title={formatDateTime(new Date(item.createdAt), i18n.language)}>
              {formatDate(new Date(item.createdAt), i18n.language)}
            </time>
          </DataCell>
          <DataCell label={label.status}>{t(`import.page.status.${item.status}`)}</DataCell>
          <DataCell label={label.result}>{item.result && item.status === "committed" ? <ResultLine result={item.result} /> : "—"}</DataCell>
          <DataCell label={label.actions} place="actions" align="right">
            {item.status === "staged" ? (
              <Link to={`/import/${item.id}`} className="text-sm font-semibold text-brand-700 hover:underline dark:text-blue-300">
                {t("import.page.list.continue")}
              </Link>
            ) : item.undoUntil ? (
              <UndoImportButton id={item.id} compact />
            ) : null}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
