export function BasketPanel({ children }: { children: string }) {
  return <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">{children}</section>;
}
