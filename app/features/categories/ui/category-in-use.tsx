import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { CategoryOptions } from "~/components/category-options";
import { useCategoryName } from "~/components/category-name";
import { CONFIRM_ANCHOR } from "~/components/confirm-panel";
import { buttonClass, SelectField, SubmitButton, useIsPending } from "~/components/forms";
import { categoryIntents, type CategoryUsage, type CategoryView } from "~/features/categories/model";

/**
 * What the delete of a category in use offers instead of a plain confirmation (issue 23): how
 * many of the user's transactions and budgets use it, links to them, and a form that moves them
 * to another category of the same type and then deletes it (a POST, so it works without
 * JavaScript). It takes the confirmation's place (?delete=id#confirm) and focus, as that does.
 */
export function CategoryInUsePanel({
  category,
  usage,
  targets,
  error,
}: {
  category: CategoryView;
  usage: CategoryUsage;
  /** The categories the user may move them to: the same type, not this one. */
  targets: readonly CategoryView[];
  /** A refused move's message key. */
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const displayName = useCategoryName();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  const pending = useIsPending({ intent: categoryIntents.moveAndDelete });
  const name = displayName(category);
  const parts = [
    usage.transactions > 0 ? t("categories.inUse.transactions", { count: usage.transactions }) : null,
    usage.budgets > 0 ? t("categories.inUse.budgets", { count: usage.budgets }) : null,
    usage.schedules > 0 ? t("categories.inUse.schedules", { count: usage.schedules }) : null,
  ].filter((part): part is string => part !== null);
  const items = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(parts);
  const back = "/categories";
  const questionId = `${category.id}-confirm-question`;
  const selectId = `${category.id}-move-to`;
  return (
    <div
      id={CONFIRM_ANCHOR}
      role="alertdialog"
      aria-labelledby={questionId}
      className="mt-3 scroll-mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950"
    >
      <p id={questionId} ref={questionRef} tabIndex={-1} className="font-medium text-amber-950 focus:outline-none dark:text-amber-100">
        {t("categories.inUse.question", { name })}
      </p>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">{t("categories.inUse.detail", { name, items })}</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {usage.transactions > 0 ? (
          <li>
            <Link to={`/expenses?category=${encodeURIComponent(category.id)}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline sm:min-h-0 dark:text-blue-300">
              {t("categories.inUse.seeTransactions", { count: usage.transactions })}
            </Link>
          </li>
        ) : null}
        {usage.budgets > 0 ? (
          <li>
            <Link to="/budgets" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline sm:min-h-0 dark:text-blue-300">
              {t("categories.inUse.seeBudgets")}
            </Link>
          </li>
        ) : null}
      </ul>
      {/* Posted to the page with ?delete=id, so a refused move shows this panel again with its error. */}
      <Form method="post" action={`${back}?delete=${encodeURIComponent(category.id)}`} preventScrollReset className="mt-3 space-y-2">
        <input type="hidden" name="id" value={category.id} />
        <SelectField
          label={t("categories.inUse.moveTo")}
          selectProps={{ id: selectId, name: "to", defaultValue: "", required: true }}
          errors={error ? [error] : undefined}
          hint={usage.budgets > 0 ? t("categories.inUse.mergeNote") : undefined}
        >
          <option value="">{t("categories.inUse.choose")}</option>
          <CategoryOptions categories={targets} />
        </SelectField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={back} preventScrollReset className={buttonClass.secondary}>
            {t("common.cancel")}
          </Link>
          <SubmitButton variant="danger" name="intent" value={categoryIntents.moveAndDelete} pending={pending} pendingLabel={t("categories.inUse.moving")}>
            {t("categories.inUse.submit")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
