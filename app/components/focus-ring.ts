/** The keyboard focus ring of links and buttons drawn on the page's background (the landing page, the footer). */
export const focusRing =
  "focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-950";
