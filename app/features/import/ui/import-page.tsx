import { Form, Link, useSubmit } from "react-router";
import { dayToDate } from "~/calendar/days";
import { formatDate, formatDateTime } from "~/calendar/format";
import { Card } from "~/components/card";
import { Alert, buttonClass, ErrorList, Field, SelectField, SubmitButton, useIsPending } from "~/components/forms";
import { Money } from "~/components/money";
import { PageHeader } from "~/components/page-header";
import { DataCell, DataRow, DataTable, type Column } from "~/components/table";
import { useTranslation } from "~/locales/use-translation";
import type { MoneyCurrency } from "~/money/amounts";
import { USD } from "~/money/currencies";
import { formatCount } from "~/text/count";
import { IMPORT_ENCODINGS } from "../model/encoding";
import { DATE_FORMATS, readDate, type DateFormat } from "../model/dates";
import type { MappingField, MappingFormValues } from "../model/mapping-form";
import type { ImportMessage } from "../model/read";
import type { ImportRowView, ImportSummary, MappingSample } from "../model/staged";
import type { ImportActionError, ImportPageData } from "../page.server";
import { DELIMITER_CHOICES, IMPORT_INTENTS, IMPORT_ROW_FILTERS, importHref, PREVIEW_PAGE_SIZE } from "./intents";
import { useImportMessage } from "./message";
import { ImportResultStep } from "./result";

// /import/{id}: the mapping step, the preview, or the result, as the import's state says.

type PageData = ImportPageData & { today: string };
type Currencies = PageData["currencies"];

export function ImportPage({ data, actionData }: { data: PageData; actionData: ImportActionError | undefined }) {
  const { t } = useTranslation();
  const message = useImportMessage();
  const { summary } = data;
  // A refusal with no field to stand beside (a field's own is shown beside it).
  const pageError = actionData?.error ? message(actionData.error) : null;
  return (
    <div className="space-y-4 sm:space-y-6">
      {/* A long file name wraps anywhere rather than widening the page on a phone. */}
      <div className="[overflow-wrap:anywhere]">
        <PageHeader back={{ to: "/import", label: t("import.page.back") }} title={summary.fileName} subtitle={t(`import.page.status.${summary.status}`)} />
      </div>
      {pageError ? (
        <Alert tone="error" focusFor={actionData}>
          {pageError}
        </Alert>
      ) : null}
      {data.step === "result" ? (
        <ImportResultStep summary={summary} />
      ) : (
        <>
          {data.step === "mapping" ? (
            <MappingStep summary={summary} sample={data.sample} values={actionData?.values ?? data.values} actionData={actionData} currencies={data.currencies} today={data.today} />
          ) : (
            <PreviewStep data={data} />
          )}
          {summary.ownExport ? null : <ReadOptions summary={summary} mapping={data.step === "mapping"} />}
        </>
      )}
    </div>
  );
}

/** The detected (or chosen) encoding and separator, changeable: the file is read again with them. */
function ReadOptions({ summary, mapping }: { summary: ImportSummary; mapping: boolean }) {
  const { t } = useTranslation();
  const pending = useIsPending({ intent: IMPORT_INTENTS.read });
  return (
    <Card id="import-read-heading" title={t("import.page.read.heading")} titleSize="base">
      <Form method="post" action={mapping ? importHref(summary.id, { step: "mapping" }) : undefined} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField label={t("import.page.read.encoding")} selectProps={{ id: "import-encoding", name: "encoding", defaultValue: summary.encoding }} reserve={false}>
          {IMPORT_ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {t(`import.encoding.${encoding}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("import.page.read.delimiter")} selectProps={{ id: "import-delimiter", name: "delimiter", defaultValue: summary.delimiter }} reserve={false}>
          {DELIMITER_CHOICES.map((delimiter) => (
            <option key={delimiter.name} value={delimiter.value}>
              {t(`import.delimiter.${delimiter.name}`)}
            </option>
          ))}
        </SelectField>
        <SubmitButton name="intent" value={IMPORT_INTENTS.read} variant="secondary" pending={pending} pendingLabel={t("import.page.read.pending")}>
          {t("import.page.read.submit")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

// --- Step 3: the mapping ---

function MappingStep({
  summary,
  sample,
  values,
  actionData,
  currencies,
  today,
}: {
  summary: ImportSummary;
  sample: MappingSample;
  values: MappingFormValues;
  actionData: ImportActionError | undefined;
  currencies: Currencies;
  today: string;
}) {
  const { t, i18n } = useTranslation();
  const message = useImportMessage();
  const pending = useIsPending({ intent: IMPORT_INTENTS.map });
  const errorsOf = (field: MappingField) => (actionData?.fieldErrors?.[field] ?? []).map(message);
  const columnValues = (index: number) => sample.rows.map((row) => row.cells[index]?.trim() ?? "").filter(Boolean);
  const columnOptions = (optional: boolean) => (
    <>
      <option value="">{optional ? t("import.page.mapping.none") : t("import.page.mapping.none")}</option>
      {sample.header.map((name, index) => (
        <option key={index} value={String(index)}>
          {t("import.page.mapping.column", { name: name || "—", number: index + 1 })}
        </option>
      ))}
    </>
  );
  const select = (field: MappingField, label: string, optional = false) => {
    const id = `mapping-${field}`;
    const chosen = values[field];
    const examples = chosen ? columnValues(Number(chosen)).slice(0, 3) : [];
    return (
      <SelectField
        label={
          <>
            {label}
            {optional ? <span className="font-normal text-slate-600 dark:text-slate-300"> ({t("import.page.mapping.optional")})</span> : null}
          </>
        }
        selectProps={{ id, name: field, defaultValue: chosen ?? "", "aria-describedby": examples.length ? `${id}-examples` : undefined }}
        errors={errorsOf(field)}
        hint={
          examples.length ? (
            <p id={`${id}-examples`} className="mt-1 break-words text-xs text-slate-600 dark:text-slate-300">
              {t("import.page.mapping.examples", { values: examples.join(" · ") })}
            </p>
          ) : null
        }
        reserve={false}
      >
        {columnOptions(optional)}
      </SelectField>
    );
  };
  const radio = (field: MappingField, value: string, label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
      <input type="radio" name={field} value={value} defaultChecked={(values[field] ?? "") === value} className="h-4 w-4" />
      {label}
    </label>
  );
  const text = (field: MappingField, label: string) => (
    <Field label={label} inputProps={{ id: `mapping-${field}`, name: field, defaultValue: values[field] ?? "", maxLength: 500 }} errors={errorsOf(field)} reserve={false} />
  );
  const dateColumn = values.dateColumn ? Number(values.dateColumn) : null;
  const formats = dateColumn === null ? null : (sample.dateFormats[dateColumn] ?? []);
  const dateValues = dateColumn === null ? [] : columnValues(dateColumn).slice(0, 3);
  const mappingErrors = (actionData?.fieldErrors?.mapping ?? []).map(message);
  const saveAsErrors = (actionData?.fieldErrors?.saveMappingAs ?? []).map(message);
  const fieldset = "space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700";
  const legend = "px-1 text-sm font-semibold";
  return (
    <>
      <Card id="import-sample-heading" title={t("import.page.mapping.samples")} titleSize="base">
        <dl className="space-y-2 text-sm">
          {sample.header.map((name, index) => (
            <div key={index} className="min-w-0">
              <dt className="font-medium break-words">{t("import.page.mapping.column", { name: name || "—", number: index + 1 })}</dt>
              <dd className="break-words text-slate-600 dark:text-slate-300">{columnValues(index).join(" · ") || "—"}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card id="import-mapping-heading" title={t("import.page.mapping.heading")}>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("import.page.mapping.intro")}</p>
        {sample.saved && !summary.mapping ? (
          <div className="mb-4">
            <Alert tone="info">{t("import.page.mapping.savedApplied", { name: sample.saved.name })}</Alert>
          </div>
        ) : null}
        {mappingErrors.length ? <ErrorList errors={mappingErrors} reserve={false} /> : null}
        {/* Posted to the mapping step's own address, so a refusal shows this form again with its errors. */}
        <Form method="post" action={importHref(summary.id, { step: "mapping" })} className="space-y-4" noValidate>
          <fieldset className={fieldset}>
            <legend className={legend}>{t("import.page.mapping.date")}</legend>
            {select("dateColumn", t("import.page.mapping.date"))}
            <SelectField
              label={t("import.page.mapping.dateFormat")}
              selectProps={{ id: "mapping-dateFormat", name: "dateFormat", defaultValue: values.dateFormat ?? "" }}
              errors={errorsOf("dateFormat")}
              hint={
                formats && formats.length > 1 ? (
                <div className="mt-2 text-xs text-slate-600 dark:text-slate-300">
                  <p>{t("import.page.mapping.dateAmbiguous")}</p>
                  <ul className="mt-1 space-y-0.5">
                    {formats.filter((f): f is DateFormat => (DATE_FORMATS as readonly string[]).includes(f)).map((format) => (
                      <li key={format}>
                        <span className="font-mono">{format}</span>:{" "}
                        {dateValues.map((value) => {
                          const day = readDate(value, format, today);
                          return day ? formatDate(dayToDate(day), i18n.language) : value;
                        }).join(" · ")}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : formats && formats.length === 0 && dateValues.length ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t("import.page.mapping.dateNoFormat")}</p>
              ) : null
              }
              reserve={false}
            >
              <option value="">{t("import.page.mapping.dateFormatChoose")}</option>
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </SelectField>
          </fieldset>
          {select("description", t("import.page.mapping.description"))}
          <fieldset className={fieldset}>
            <legend className={legend}>{t("import.page.mapping.amount")}</legend>
            <div className="space-y-1">
              {radio("amountKind", "signed", t("import.page.mapping.amountSigned"))}
              {radio("amountKind", "debitCredit", t("import.page.mapping.amountDebitCredit"))}
            </div>
            {select("amountColumn", t("import.page.mapping.amountColumn"))}
            <div className="grid gap-3 sm:grid-cols-2">
              {select("debitColumn", t("import.page.mapping.debitColumn"))}
              {select("creditColumn", t("import.page.mapping.creditColumn"))}
            </div>
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{t("import.page.mapping.decimalSign")}</legend>
              <div className="flex flex-wrap gap-x-4">
                {radio("decimalSign", ".", t("import.page.mapping.decimalPoint"))}
                {radio("decimalSign", ",", t("import.page.mapping.decimalComma"))}
              </div>
              <ErrorList id="mapping-decimalSign-error" errors={errorsOf("decimalSign")} reserve={false} />
            </fieldset>
          </fieldset>
          <fieldset className={fieldset}>
            <legend className={legend}>{t("import.page.mapping.type")}</legend>
            <div className="space-y-1">
              {radio("typeKind", "amount", t("import.page.mapping.typeFromAmount"))}
              {radio("typeKind", "column", t("import.page.mapping.typeFromColumn"))}
            </div>
            {select("typeColumn", t("import.page.mapping.typeColumn"))}
            <div className="grid gap-3 sm:grid-cols-2">
              {text("incomeValues", t("import.page.mapping.incomeValues"))}
              {text("expenseValues", t("import.page.mapping.expenseValues"))}
            </div>
          </fieldset>
          <fieldset className={fieldset}>
            <legend className={legend}>{t("import.page.mapping.currency")}</legend>
            <div className="space-y-1">
              {radio("currencyKind", "fixed", t("import.page.mapping.currencyFixed"))}
              {radio("currencyKind", "column", t("import.page.mapping.currencyFromColumn"))}
            </div>
            <SelectField
              label={t("import.page.mapping.currencyCode")}
              selectProps={{ id: "mapping-currencyCode", name: "currencyCode", defaultValue: values.currencyCode ?? "USD" }}
              errors={errorsOf("currencyCode")}
              reserve={false}
            >
              {currencies
                .filter((c) => c.isActive || c.code === values.currencyCode)
                .map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code}
                  </option>
                ))}
            </SelectField>
            {select("currencyColumn", t("import.page.mapping.currencyColumn"))}
          </fieldset>
          {select("categoryColumn", t("import.page.mapping.category"), true)}
          {select("tagsColumn", t("import.page.mapping.tags"), true)}
          {select("rateColumn", t("import.page.mapping.rate"), true)}
          <Field
            label={t("import.page.mapping.saveAs")}
            inputProps={{ id: "mapping-saveAs", name: "saveMappingAs", maxLength: 50, defaultValue: actionData?.saveMappingAs ?? sample.saved?.name ?? "", "aria-describedby": "mapping-saveAs-hint" }}
            hint={
              <p id="mapping-saveAs-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {t("import.page.mapping.saveAsHint")}
              </p>
            }
            errors={saveAsErrors}
            reserve={false}
          />
          <SubmitButton name="intent" value={IMPORT_INTENTS.map} pending={pending} pendingLabel={t("import.page.mapping.pending")}>
            {t("import.page.mapping.submit")}
          </SubmitButton>
        </Form>
      </Card>
    </>
  );
}

// --- Step 4: the preview ---

function PreviewStep({ data }: { data: Extract<PageData, { step: "preview" }> }) {
  const { t, i18n } = useTranslation();
  const { summary } = data;
  const committing = useIsPending({ intent: IMPORT_INTENTS.commit });
  const discarding = useIsPending({ intent: IMPORT_INTENTS.discard });
  const n = (count: number) => ({ count, number: formatCount(count, i18n.language) });
  const currencyOf = useCurrencyOf(data.currencies);
  const counts = summary.counts;
  return (
    <>
      <Card id="import-preview-heading" title={t("import.page.preview.heading")}>
        <div className="space-y-4">
          <div>
            <h3 className="text-sm font-semibold">{t("import.page.preview.counts")}</h3>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-import-counts="">
              <li>{t("import.page.preview.new", n(counts.new))}</li>
              <li>{t("import.page.preview.duplicate", n(counts.duplicate))}</li>
              <li>{t("import.page.preview.error", n(counts.error))}</li>
            </ul>
          </div>
          <Totals summary={summary} currencyOf={currencyOf} />
          {summary.categoriesToCreate.length || summary.tagsToCreate.length ? (
            <div>
              <h3 className="text-sm font-semibold">{t("import.page.preview.toCreate")}</h3>
              <dl className="mt-1 space-y-1 text-sm">
                {summary.categoriesToCreate.length ? (
                  <div>
                    <dt className="inline font-medium">{t("import.page.preview.categoriesToCreate")}: </dt>
                    <dd className="inline break-words">
                      {summary.categoriesToCreate.map((c) => t("import.page.preview.categoryType", { name: c.name, type: t(`money.types.${c.type}`) })).join(", ")}
                    </dd>
                  </div>
                ) : null}
                {summary.tagsToCreate.length ? (
                  <div>
                    <dt className="inline font-medium">{t("import.page.preview.tagsToCreate")}: </dt>
                    <dd className="inline break-words">{summary.tagsToCreate.join(", ")}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          ) : null}
          {summary.suggestible > 0 || summary.applySuggestedRates ? <SuggestedRates summary={summary} /> : null}
          <Form method="post" className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <SubmitButton
              name="intent"
              value={IMPORT_INTENTS.commit}
              pending={committing}
              pendingLabel={t("import.page.preview.commitPending")}
              disabled={counts.included === 0 || discarding}
              aria-describedby={counts.included === 0 ? "import-nothing" : undefined}
            >
              {t("import.page.preview.commit", n(counts.included))}
            </SubmitButton>
            <SubmitButton name="intent" value={IMPORT_INTENTS.discard} variant="secondary" pending={discarding} pendingLabel={t("import.page.preview.discardPending")} disabled={committing}>
              {t("import.page.preview.discard")}
            </SubmitButton>
            {summary.ownExport ? null : (
              <Link to={importHref(summary.id, { step: "mapping" })} className="text-sm font-semibold text-brand-700 hover:underline dark:text-blue-300">
                {t("import.page.mapping.change")}
              </Link>
            )}
            {counts.included === 0 ? (
              <p id="import-nothing" className="w-full text-sm text-slate-600 dark:text-slate-300">
                {t("import.page.preview.nothingIncluded")}
              </p>
            ) : null}
            <p className="w-full text-xs text-slate-600 dark:text-slate-300">
              {t("import.page.preview.expires", { date: formatDateTime(new Date(summary.expiresAt), i18n.language) })}
            </p>
          </Form>
        </div>
      </Card>
      <PreviewRows data={data} currencyOf={currencyOf} />
    </>
  );
}

function useCurrencyOf(currencies: Currencies) {
  return (code: string): MoneyCurrency => {
    const found = currencies.find((c) => c.code === code);
    return found ? { code: found.code, symbol: found.symbol, decimals: found.decimals } : { code, decimals: 2 };
  };
}

function Totals({ summary, currencyOf }: { summary: ImportSummary; currencyOf: (code: string) => MoneyCurrency }) {
  const { t } = useTranslation();
  const { byCurrency, usd } = summary.totals;
  if (byCurrency.length === 0) return null;
  const label = { currency: t("import.page.preview.currency"), income: t("import.page.preview.income"), expense: t("import.page.preview.expense") };
  const columns: Column[] = [
    { key: "currency", label: label.currency },
    { key: "income", label: label.income, align: "right" },
    { key: "expense", label: label.expense, align: "right" },
  ];
  return (
    <div>
      <h3 id="import-totals-heading" className="text-sm font-semibold">
        {t("import.page.preview.totals")}
      </h3>
      <DataTable columns={columns} labelledBy="import-totals-heading" wideAt="sm" compact>
        {byCurrency.map((row) => (
          <DataRow key={row.currencyCode}>
            <DataCell label={label.currency} place="title" header className="text-left">
              {row.currencyCode}
            </DataCell>
            <DataCell label={label.income} align="right">
              <Money minor={row.incomeMinor} currency={currencyOf(row.currencyCode)} tone="income" />
            </DataCell>
            <DataCell label={label.expense} align="right">
              <Money minor={row.expenseMinor} currency={currencyOf(row.currencyCode)} tone="expense" />
            </DataCell>
          </DataRow>
        ))}
        <DataRow data-import-usd="">
          <DataCell label={label.currency} place="title" header className="text-left">
            {t("import.page.preview.usd")}
          </DataCell>
          <DataCell label={label.income} align="right">
            <Money minor={usd.incomeCents} currency={USD} tone="income" />
          </DataCell>
          <DataCell label={label.expense} align="right">
            <Money minor={usd.expenseCents} currency={USD} tone="expense" />
          </DataCell>
        </DataRow>
      </DataTable>
    </div>
  );
}

/** "Apply the suggested rate to all such rows": only when the user ticks it (decision 037). */
function SuggestedRates({ summary }: { summary: ImportSummary }) {
  const { t, i18n } = useTranslation();
  const pending = useIsPending({ intent: IMPORT_INTENTS.suggested });
  if (summary.applySuggestedRates) {
    return (
      <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
        <p>{t("import.page.preview.suggestedApplied")}</p>
        <input type="hidden" name="apply" value="0" />
        <SubmitButton name="intent" value={IMPORT_INTENTS.suggested} variant="secondary" pending={pending} pendingLabel={t("import.page.preview.savingChoices")}>
          {t("import.page.preview.unapplySuggested")}
        </SubmitButton>
      </Form>
    );
  }
  return (
    <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <label className="flex items-start gap-2">
        <input type="checkbox" name="apply" value="1" required className="mt-1 h-4 w-4 shrink-0" aria-describedby="import-suggested-hint" />
        <span>{t("import.page.preview.applySuggested", { count: summary.suggestible, number: formatCount(summary.suggestible, i18n.language) })}</span>
      </label>
      <p id="import-suggested-hint" className="text-xs text-slate-600 dark:text-slate-300">
        {t("import.page.preview.applySuggestedHint")}
      </p>
      <SubmitButton name="intent" value={IMPORT_INTENTS.suggested} variant="secondary" pending={pending} pendingLabel={t("import.page.preview.savingChoices")}>
        {t("import.page.preview.applySuggestedSubmit")}
      </SubmitButton>
    </Form>
  );
}

function PreviewRows({ data, currencyOf }: { data: Extract<PageData, { step: "preview" }>; currencyOf: (code: string) => MoneyCurrency }) {
  const { t, i18n } = useTranslation();
  const message = useImportMessage();
  const { summary, rows, total, filter, page } = data;
  const saving = useIsPending({ intent: IMPORT_INTENTS.rows });
  const submit = useSubmit();
  // With JavaScript a tick saves at once (the same POST as the button, which stays for a page without it).
  const saveOnChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    const target = event.target as unknown;
    if (!(target instanceof HTMLInputElement) || target.name !== "include") return;
    const choices = new FormData(event.currentTarget);
    choices.set("intent", IMPORT_INTENTS.rows);
    void submit(choices, { method: "post", preventScrollReset: true });
  };
  const choosable = rows.filter((row) => row.status !== "error");
  const label = {
    line: t("import.page.preview.line"),
    date: t("import.page.preview.date"),
    description: t("import.page.preview.description"),
    amount: t("import.page.preview.amount"),
    status: t("import.page.preview.status"),
    include: t("import.page.preview.include"),
  };
  const columns: Column[] = [
    { key: "include", label: label.include },
    { key: "line", label: label.line },
    { key: "date", label: label.date },
    { key: "description", label: label.description },
    { key: "amount", label: label.amount, align: "right" },
    { key: "status", label: label.status },
  ];
  const counts: Record<string, number> = { all: summary.counts.total, new: summary.counts.new, duplicate: summary.counts.duplicate, error: summary.counts.error };
  const filterLink = (status: string | null) => {
    const key = status ?? "all";
    const current = (filter ?? null) === status;
    return (
      <Link
        key={key}
        to={importHref(summary.id, { status: status ?? undefined })}
        preventScrollReset
        aria-current={current ? "page" : undefined}
        className={`inline-flex min-h-11 items-center rounded-full border px-3 py-1 text-sm sm:min-h-0 ${current ? "border-brand-600 bg-brand-50 font-semibold text-brand-800 dark:border-blue-400 dark:bg-slate-800 dark:text-blue-200" : "border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"}`}
      >
        {t(`import.page.preview.filter.${key}`)} ({formatCount(counts[key] ?? 0, i18n.language)})
      </Link>
    );
  };
  const last = Math.max(1, Math.ceil(total / PREVIEW_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * PREVIEW_PAGE_SIZE + 1;
  const to = Math.min(total, page * PREVIEW_PAGE_SIZE);
  const pageLink = (target: number, text: string) =>
    target < 1 || target > last ? (
      <span aria-disabled="true" className={`${buttonClass.secondary} cursor-not-allowed opacity-60`}>
        {text}
      </span>
    ) : (
      <Link to={importHref(summary.id, { status: filter ?? undefined, page: target })} preventScrollReset className={buttonClass.secondary}>
        {text}
      </Link>
    );
  return (
    <Card
      id="import-rows-heading"
      title={t("import.page.preview.rows")}
      flush
      titleSize="base"
      toolbar={
        <nav aria-label={t("import.page.preview.filterLabel")} className="flex flex-wrap gap-2">
          {[null, ...IMPORT_ROW_FILTERS].map((status) => filterLink(status))}
        </nav>
      }
    >
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-slate-600 dark:text-slate-300">{t("import.page.preview.noRows")}</p>
      ) : (
        <Form method="post" preventScrollReset onChange={saveOnChange}>
          {choosable.map((row) => (
            <input key={row.line} type="hidden" name="line" value={row.line} />
          ))}
          <DataTable columns={columns} labelledBy="import-rows-heading" wideAt="lg" inset>
            {rows.map((row) => (
              <PreviewRow key={row.line} row={row} label={label} currencyOf={currencyOf} message={message} />
            ))}
          </DataTable>
          <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("import.page.preview.choicesHint")}</p>
            {choosable.length ? (
              <SubmitButton name="intent" value={IMPORT_INTENTS.rows} variant="secondary" pending={saving} pendingLabel={t("import.page.preview.savingChoices")}>
                {t("import.page.preview.saveChoices")}
              </SubmitButton>
            ) : null}
          </div>
        </Form>
      )}
      {total > 0 ? (
        <nav aria-label={t("import.page.preview.pages")} className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("import.page.preview.showing", { from: formatCount(from, i18n.language), to: formatCount(to, i18n.language), total: formatCount(total, i18n.language) })}
          </p>
          {last > 1 ? (
            <div className="flex gap-2">
              {pageLink(page - 1, t("import.page.preview.previous"))}
              {pageLink(page + 1, t("import.page.preview.next"))}
            </div>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}

function PreviewRow({
  row,
  label,
  currencyOf,
  message,
}: {
  row: ImportRowView;
  label: Record<"line" | "date" | "description" | "amount" | "status" | "include", string>;
  currencyOf: (code: string) => MoneyCurrency;
  message: (m: ImportMessage) => string;
}) {
  const { t, i18n } = useTranslation();
  const statusTone = { new: "text-green-800 dark:text-green-300", duplicate: "text-amber-800 dark:text-amber-300", error: "text-red-700 dark:text-red-300" }[row.status];
  const sign = row.type === "EXPENSE" ? -1 : 1;
  return (
    <DataRow data-import-line={String(row.line)} data-import-status={row.status}>
      <DataCell label={label.include} place="actions" className="@3xl:w-16">
        {row.status === "error" ? (
          <span className="sr-only">—</span>
        ) : (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm @3xl:min-h-0">
            <input type="checkbox" name="include" value={row.line} defaultChecked={row.included} className="h-5 w-5" />
            <span className="sr-only">{t("import.page.preview.includeRow", { line: row.line })}</span>
            <span aria-hidden="true" className="@3xl:hidden">
              {label.include}
            </span>
          </label>
        )}
      </DataCell>
      <DataCell label={label.line}>
        <span className="tabular-nums">{row.lines.length > 1 ? t("import.page.preview.lines", { lines: row.lines.join(", ") }) : row.line}</span>
      </DataCell>
      <DataCell label={label.date} place="subtitle">
        {row.date ? formatDate(dayToDate(row.date), i18n.language) : "—"}
      </DataCell>
      <DataCell label={label.description} place="title" header className="text-left break-words">
        {row.description ?? t("import.page.preview.lines", { lines: row.lines.join(", ") })}
      </DataCell>
      <DataCell label={label.amount} place="headline" align="right">
        {row.payments?.map((payment, index) => (
          <Money key={index} minor={sign * payment.amountMinor} currency={currencyOf(payment.currency)} sign="always" tone="signed" className="block" />
        ))}
        {row.usdCents !== undefined && row.usdCents !== null && row.payments?.some((p) => p.currency !== USD.code) ? (
          <Money minor={sign * row.usdCents} currency={USD} sign="always" className="block text-xs text-slate-600 dark:text-slate-300" />
        ) : null}
      </DataCell>
      <DataCell label={label.status}>
        <span className={`font-semibold ${statusTone}`}>{t(`import.page.preview.rowStatus.${row.status}`)}</span>
        {row.reason ? <span className="block text-xs text-slate-700 dark:text-slate-200">{message(row.reason)}</span> : null}
      </DataCell>
    </DataRow>
  );
}
