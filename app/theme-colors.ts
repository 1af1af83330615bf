// The page background of each theme (app.css: bg-slate-50 and dark:bg-slate-950), which a phone's
// browser bar and the installed app's splash screen take (<meta name="theme-color">, the manifest).
export const THEME_COLORS = { light: "#f8fafc", dark: "#020617" } as const;
