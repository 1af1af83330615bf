import type { SubmissionResult } from "@conform-to/react";
import type { ListOfErrors } from "./forms";

/**
 * A form the server alone validates (budgets, goals): no form library in the page. What Conform
 * would give such a form, read straight from the action's answer (Conform's SubmissionResult,
 * which the server's parseWithZod … reply() makes): each field's id (Conform's scheme,
 * `${formId}-${name}`, which the error summary links to), the value to show (what the user typed
 * when the server refused it, else the default) and its errors; and the form's own errors.
 */
export function serverForm<Name extends string>(formId: string, lastResult: SubmissionResult<string[]> | undefined, defaults: Partial<Record<Name, string>> = {}) {
  const typed = lastResult?.initialValue as Record<string, unknown> | null | undefined;
  const errors = (lastResult?.error ?? {}) as Record<string, ListOfErrors>;
  return {
    form: { id: formId, errorId: `${formId}-error`, allErrors: errors },
    field(name: Name) {
      const value = typed && name in typed ? typed[name] : defaults[name];
      return { input: { id: `${formId}-${name}`, name, defaultValue: typeof value === "string" ? value : "" }, errors: errors[name] ?? undefined };
    },
  };
}
