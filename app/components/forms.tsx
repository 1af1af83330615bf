import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import type { Translate } from "~/locales/translator";
import { useTranslation } from "~/locales/use-translation";
import { useNavigation } from "react-router";
import { splitMessage } from "~/text/message";

/** An error as a form carries it (a message key, maybe with values: ~/text/message) in the page's language. */
function translateError(t: Translate, message: string, extraValues?: Record<string, unknown>) {
  const { key, values } = splitMessage(message);
  return t(key, { ...values, ...extraValues });
}

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** Renders translated error keys; always takes its line so errors appearing do not shift the layout. */
export function ErrorList({ id, errors, reserve = true }: { id?: string; errors?: ListOfErrors; reserve?: boolean }) {
  const { t } = useTranslation();
  const shown = errors?.filter(Boolean) ?? [];
  // `reserve` keeps a line for the error so live validation moves nothing; a list whose errors
  // come only with a submit (which redraws the form anyway) may take no room until then.
  return (
    <div id={id} className={`${reserve ? "min-h-5 " : ""}text-sm text-red-700 dark:text-red-300`} aria-live="polite">
      {shown.map((e) => (
        <p key={e}>{translateError(t, e!)}</p>
      ))}
    </div>
  );
}

export const inputClass =
  "block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 sm:min-h-0 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400";

/** A control's id (the given one, or a generated one) and its invalid state and description, for a labelled field. */
function useControlIds(givenId: string | undefined, givenDescribedBy: string | undefined, errors: ListOfErrors) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return { id, invalid: errorId ? (true as const) : undefined, describedBy: describedBy(givenDescribedBy, errorId) };
}

/**
 * A field's label above its control, the hint and the error line under it. `reserve` (ErrorList's):
 * false for a form whose errors come only with a submit, which redraws it anyway.
 */
function FieldFrame({
  id,
  label,
  hint,
  errors,
  reserve,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  reserve?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint}
      <ErrorList id={`${id}-error`} errors={errors} reserve={reserve} />
    </div>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
  reserve,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  reserve?: boolean;
}) {
  const { id, invalid, describedBy } = useControlIds(inputProps.id, inputProps["aria-describedby"], errors);
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} reserve={reserve}>
      <input {...inputProps} id={id} className={inputClass} aria-invalid={invalid} aria-describedby={describedBy} />
    </FieldFrame>
  );
}

/** A labelled select with its error line, like Field. */
export function SelectField({
  label,
  selectProps,
  errors,
  hint,
  reserve,
  children,
}: {
  label: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
  reserve?: boolean;
  children: ReactNode;
}) {
  const { id, invalid, describedBy } = useControlIds(selectProps.id, selectProps["aria-describedby"], errors);
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} reserve={reserve}>
      <select {...selectProps} id={id} className={inputClass} aria-invalid={invalid} aria-describedby={describedBy}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A password field whose show/hide button appears once JavaScript runs (it cannot work without it). */
export function PasswordField({
  label,
  inputProps,
  errors,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          {...inputProps}
          id={id}
          type={visible ? "text" : "password"}
          className={`${inputClass} pr-20`}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy(inputProps["aria-describedby"], errorId)}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-blue-300 dark:hover:bg-slate-800"
          >
            {visible ? t("auth.hidePassword") : t("auth.showPassword")}
          </button>
        ) : null}
      </div>
      {hint}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Keeps the caller's description (e.g. a rules checklist) and adds the error list when there is one. */
function describedBy(...ids: Array<string | undefined>) {
  // Conform's props already name the error line when the field is invalid: each id once.
  const joined = [...new Set(ids.flatMap((id) => id?.split(" ") ?? []).filter(Boolean))].join(" ");
  return joined || undefined;
}

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** True while this form's own submission is in flight (matched by its intent or action). */
export function useIsPending({ formAction, intent }: { formAction?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formMethod || navigation.formMethod === "GET") return false;
  if (formAction && navigation.formAction !== formAction) return false;
  if (intent && navigation.formData?.get("intent") !== intent) return false;
  return true;
}

export const buttonClass = {
  primary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md sm:min-h-0 bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-slate-900",
  secondary:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md sm:min-h-0 border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  /** A Delete that asks first: red like every delete, outlined because it is not the last step. */
  dangerOutline:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md sm:min-h-0 border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:opacity-60 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950",
  danger:
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md sm:min-h-0 bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-60",
};

/**
 * A row's small actions (Edit, Delete): at least 44 px square on a phone, where a thumb taps them,
 * compact from sm up. Delete is red wherever it appears, and keeps a wider gap (ml-2 on top of the
 * row's gap) from its neighbours so a thumb does not hit it by mistake.
 */
const rowButtonBase =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-3 py-1.5 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60 sm:min-h-8 sm:min-w-0";
export const rowButtonClass = {
  plain: `${rowButtonBase} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`,
  danger: `${rowButtonBase} ml-2 border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950`,
};

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  variant = "primary",
  className = "",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  pendingLabel: ReactNode;
  variant?: keyof typeof buttonClass;
}) {
  return (
    <button
      type="submit"
      {...props}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={`${buttonClass[variant]} ${className}`}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** "Loading…" beside a spinner while a page's data reloads: a status, so it is announced once. */
export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" role="status">
      <Spinner />
      {children}
    </p>
  );
}

/**
 * A banner. `focusFor`: the answer to a submit that has no fields to point at (a row action's
 * refusal); the banner takes focus when it shows that answer, as the error summary does, so a
 * screen reader reads it, and without JavaScript the page opens at it (autofocus). A new answer
 * object, even with the same message, moves focus again.
 */
export function Alert({ tone, children, focusFor }: { tone: "error" | "success" | "info"; children: ReactNode; focusFor?: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const takeFocus = focusFor !== undefined;
  useEffect(() => {
    if (focusFor !== undefined) ref.current?.focus();
  }, [focusFor]);
  const styles = {
    error: "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
    success: "border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200",
    info: "border-blue-300 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200",
  }[tone];
  return (
    <div
      ref={ref}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={takeFocus ? -1 : undefined}
      autoFocus={takeFocus}
      className={`rounded-md border px-4 py-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900 ${styles}`}
    >
      {children}
    </div>
  );
}

/**
 * GOV.UK's error summary: after a failed submit, the form's problems at its top (the form's own
 * error first, then each field's as a link to the field) and focus on it, so a screen reader
 * reads them and the keyboard starts there. Without JavaScript the page that answers the POST
 * focuses it on load (autofocus, when `result` came from the server); with it, it takes focus
 * after each submit the browser refuses (listening to the form's submit event) and each answer
 * the server refuses (`result` changes). It shows nothing before the first submit, so errors
 * found while typing (live validation) never move focus.
 *
 * `errors` is Conform's form.allErrors (field name → message keys, "" for the form's own);
 * `fieldId` names the input each field's link points at (Conform's `${formId}-${name}` unless
 * the form gives its fields other ids).
 */
export function ErrorSummary({
  formId,
  errors,
  result,
  formErrorId,
  formErrorValues,
  fieldId = (name) => `${formId}-${name}`,
  takeFocus = true,
}: {
  formId: string;
  errors: Record<string, ListOfErrors> | undefined;
  /** The server's answer to the last submit (Conform's lastResult), when it refused it. */
  result: unknown;
  /** The id the form's aria-describedby names for its own error (Conform's form.errorId). */
  formErrorId?: string;
  formErrorValues?: Record<string, unknown>;
  fieldId?: (name: string) => string;
  /** False for an answer that should land elsewhere (a payment intent's row): shown, not focused. */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submitted, setSubmitted] = useState(false);
  // Set by a submit or a new answer, cleared once the summary has taken focus. A ref, because
  // React may render between the submit event's listeners, before Conform has found the errors.
  const focusPending = useRef(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const onSubmit = () => {
      focusPending.current = true;
      setSubmitted(true);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formId]);
  useEffect(() => {
    if (result && takeFocus) focusPending.current = true;
  }, [result, takeFocus]);
  // After every render: the first one that shows the errors moves focus (Conform has focused the first field by then).
  useEffect(() => {
    if (!focusPending.current || !summaryRef.current) return;
    focusPending.current = false;
    summaryRef.current.focus();
  });

  const formError = errors?.[""]?.find(Boolean);
  const fields = Object.entries(errors ?? {}).flatMap(([name, messages]) => {
    const message = name ? messages?.find(Boolean) : undefined;
    return message ? [{ name, message }] : [];
  });
  if ((!submitted && !result) || (!formError && fields.length === 0)) return null;
  return (
    <div
      ref={summaryRef}
      role="alert"
      tabIndex={-1}
      autoFocus={!hydrated && Boolean(result) && takeFocus}
      aria-labelledby={`${formId}-error-summary-title`}
      className="rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 dark:border-red-400 dark:bg-red-950 dark:text-red-100 dark:focus-visible:ring-offset-slate-900"
    >
      <h2 id={`${formId}-error-summary-title`} className="font-semibold">
        {t("common.errorSummary.title")}
      </h2>
      {formError ? (
        <p id={formErrorId} className="mt-1">
          {translateError(t, formError, formErrorValues)}
        </p>
      ) : null}
      {fields.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {fields.map(({ name, message }) => (
            <li key={name}>
              <a
                href={`#${fieldId(name)}`}
                onClick={(event) => {
                  // The link scrolls to the field by itself; with JavaScript it also puts the cursor in it.
                  const field = document.getElementById(fieldId(name));
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: "center" });
                }}
                className="font-medium underline underline-offset-2 hover:no-underline"
              >
                {translateError(t, message)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
