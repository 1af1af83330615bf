// The dashboard's panel and money colours, shared by its cards and tables.
export const panel = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
export const green = "text-green-700 dark:text-green-300";
export const red = "text-red-700 dark:text-red-300";
