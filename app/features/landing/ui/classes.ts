// The landing page's shared looks: one section heading, one muted text, the hero's button size.

export const headingClass = "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white";
export const mutedText = "text-slate-600 dark:text-slate-300";

/** The shared button styles at hero size; swapping the classes avoids two paddings competing. */
export const largeButton = (base: string) => base.replace("px-4 py-2 text-sm", "px-6 py-3 text-base");
