import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { buttonClass, SubmitButton } from "./forms";

/**
 * The fragment of every link that opens a confirmation (?delete=id#confirm): without
 * JavaScript the browser scrolls the panel into view instead of leaving it below the fold.
 * Only one confirmation is open at a time, so the id is unique on the page.
 */
export const CONFIRM_ANCHOR = "confirm";

/**
 * A delete confirmation rendered by the server as a state of the page (?delete=id), so it
 * works without JavaScript; with it, the same link is a client navigation. Focus moves to
 * the question so keyboard and screen-reader users land on it. Its buttons say the same
 * everywhere (common.confirmDelete, common.cancel); the question and detail are the page's.
 */
export function ConfirmPanel({
  question,
  detail,
  action,
  hidden,
  pending,
  cancelTo,
}: {
  question: string;
  detail?: string;
  action: string;
  hidden: Record<string, string>;
  pending: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <div
      id={CONFIRM_ANCHOR}
      role="alertdialog"
      aria-labelledby={`${hidden.id}-confirm-question`}
      className="mt-3 scroll-mt-4 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
    >
      <p
        id={`${hidden.id}-confirm-question`}
        ref={questionRef}
        tabIndex={-1}
        className="font-medium text-red-900 focus:outline-none dark:text-red-100"
      >
        {question}
      </p>
      {detail ? <p className="mt-1 text-sm text-red-800 dark:text-red-200">{detail}</p> : null}
      <Form method="post" action={action} className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link to={cancelTo} preventScrollReset className={buttonClass.secondary}>
          {t("common.cancel")}
        </Link>
        <SubmitButton variant="danger" pending={pending} pendingLabel={t("common.confirmDelete.deleting")}>
          {t("common.confirmDelete.confirm")}
        </SubmitButton>
      </Form>
    </div>
  );
}
