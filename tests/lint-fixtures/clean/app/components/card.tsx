// Near miss: the card's own file writes its surface, and its title block is not a page's.
export const cardClass = "rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900";
