// The dashboard's panel, shared by its cards and tables (money colours are Money's tones).
export const panel = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900";
