import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "~/locales/use-translation";
import { buttonClass } from "./forms";
import { cardClass } from "./card";
import { SEARCH_SHORTCUT_ATTRIBUTE, SHORTCUTS, shortcutOf } from "./keyboard-shortcuts";

const NEW_TRANSACTION = "/expenses/new";

/**
 * The signed-in pages' keyboard shortcuts (keyboard-shortcuts.ts) and the `?` dialog that lists
 * them. JavaScript only: without it there are no shortcuts to list. The native <dialog> traps
 * focus, closes on Escape and gives focus back to where it was.
 */
export function KeyboardShortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (dialog.current?.open) return;
      const shortcut = shortcutOf({ ...pick(event), target: event.target instanceof HTMLElement ? event.target : null });
      if (shortcut === "newTransaction" && pathname !== NEW_TRANSACTION) {
        event.preventDefault();
        void navigate(NEW_TRANSACTION);
      } else if (shortcut === "search") {
        // Only on a page with a search; elsewhere `/` is left to the browser (its quick find).
        const field = document.querySelector<HTMLInputElement>(`[${SEARCH_SHORTCUT_ATTRIBUTE}]`);
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.select();
      } else if (shortcut === "help") {
        event.preventDefault();
        dialog.current?.showModal();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate, pathname]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      className={`${cardClass} m-auto w-[min(24rem,calc(100vw-2rem))] p-6 text-slate-900 backdrop:bg-slate-950/50 dark:text-slate-100`}
    >
      <h2 id="shortcuts-title" className="text-lg font-semibold">
        {t("common.shortcuts.title")}
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        {SHORTCUTS.map(({ shortcut, key }) => (
          <div key={shortcut} className="flex items-center gap-3">
            <dt>
              <kbd className="inline-flex min-w-8 justify-center rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-800">
                {key}
              </kbd>
            </dt>
            <dd>{t(`common.shortcuts.${shortcut}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("common.shortcuts.note")}</p>
      <form method="dialog" className="mt-6 flex justify-end">
        <button type="submit" className={buttonClass.secondary}>
          {t("common.close")}
        </button>
      </form>
    </dialog>
  );
}

function pick(event: KeyboardEvent) {
  const { key, ctrlKey, metaKey, altKey, isComposing, defaultPrevented } = event;
  return { key, ctrlKey, metaKey, altKey, isComposing, defaultPrevented };
}
