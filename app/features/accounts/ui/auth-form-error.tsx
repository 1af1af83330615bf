import { ErrorSummary, type ListOfErrors } from "~/components/forms";

/**
 * The sign-in and registration forms' error summary above the fields. The slot keeps its height
 * when empty so the fields do not jump; a throttled answer fills in its wait (60 s before the server says).
 */
export function AuthFormError({
  formId,
  errorId,
  errors,
  result,
  retryAfter,
}: {
  formId: string;
  errorId: string;
  errors: Record<string, ListOfErrors>;
  result: unknown;
  retryAfter: number | null | undefined;
}) {
  return (
    <div className="min-h-12 pb-2">
      <ErrorSummary formId={formId} errors={errors} result={result} formErrorId={errorId} formErrorValues={{ seconds: retryAfter ?? 60 }} />
    </div>
  );
}
