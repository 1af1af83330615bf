import type { ReactNode, Ref } from "react";

/**
 * The surface every card shares (a rounded, bordered, shadowed panel), for the few that are not a
 * titled section: a form, a link, an error message. Padding and layout are the caller's.
 */
export const cardClass = "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900";

/** The same surface from sm up only (Tailwind needs each variant written out): a phone's line that becomes cards. */
export const cardFromSmClass = "sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:shadow-sm sm:dark:border-slate-800 sm:dark:bg-slate-900";

/** Undoes cardClass from sm up: one card on a phone around what becomes several cards (cardFromSmClass). */
export const cardOnPhoneOnlyClass = "sm:border-0 sm:bg-transparent sm:shadow-none sm:dark:bg-transparent";

/**
 * A titled panel; its heading (an h2) names the region for assistive technology. Padded by
 * default; `flush` is for a list or table that runs to the card's edges: the title sits in a bar
 * ruled off from it, with `toolbar` (month links, buttons) under the title inside that bar.
 */
export function Card({
  id,
  title,
  actions,
  toolbar,
  flush = false,
  titleSize = "lg",
  busy,
  ref,
  className = "",
  children,
}: {
  /** The heading's id, which labels the region. */
  id: string;
  title: ReactNode;
  /** Beside the title, at its end: a link, a count, a loading note. */
  actions?: ReactNode;
  /** Under the title in a flush card's bar. */
  toolbar?: ReactNode;
  flush?: boolean;
  /** A list's caption reads smaller than a section's title. */
  titleSize?: "lg" | "base";
  /** The content is being reloaded (aria-busy). */
  busy?: boolean;
  ref?: Ref<HTMLElement>;
  className?: string;
  children: ReactNode;
}) {
  const row = "flex flex-wrap items-center justify-between gap-3";
  const bar = "border-b border-slate-200 px-4 py-3 dark:border-slate-800";
  const heading = (
    <>
      <h2 id={id} className={titleSize === "lg" ? "text-lg font-semibold" : "font-semibold"}>
        {title}
      </h2>
      {actions}
    </>
  );
  return (
    <section ref={ref} aria-labelledby={id} aria-busy={busy || undefined} className={[cardClass, flush ? "" : "p-4 sm:p-6", className].filter(Boolean).join(" ")}>
      {!flush ? (
        <div className={`mb-4 ${row}`}>{heading}</div>
      ) : toolbar ? (
        <div className={`space-y-3 ${bar}`}>
          <div className={row}>{heading}</div>
          {toolbar}
        </div>
      ) : (
        <div className={`${row} ${bar}`}>{heading}</div>
      )}
      {children}
    </section>
  );

}
