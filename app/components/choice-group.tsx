import type { ReactNode } from "react";
import { ErrorList, type ListOfErrors } from "./forms";

// Radio groups drawn as swatches, icons or segments. Real radio inputs, so they work
// without JavaScript, move with the arrow keys, and read as a group with its legend.

export type Choice = { value: string; label: string; render?: ReactNode };

export function ChoiceGroup({
  legend,
  name,
  choices,
  defaultValue,
  idPrefix,
  errors,
  variant,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  defaultValue: string;
  /** Makes input ids unique when the same group appears twice on a page. */
  idPrefix: string;
  errors?: ListOfErrors;
  variant: "swatch" | "icon" | "segment";
}) {
  const errorId = errors?.length ? `${idPrefix}-${name}-error` : undefined;
  const layout = variant === "segment" ? "inline-flex rounded-md shadow-sm" : "flex flex-wrap gap-2";
  return (
    <fieldset aria-describedby={errorId} aria-invalid={errorId ? true : undefined}>
      <legend className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className={layout}>
        {choices.map((choice, index) => {
          const id = `${idPrefix}-${name}-${index}`;
          return (
            <div key={choice.value} className="relative">
              <input
                type="radio"
                id={id}
                name={name}
                value={choice.value}
                defaultChecked={choice.value.toUpperCase() === defaultValue.toUpperCase()}
                className="peer sr-only"
              />
              <label htmlFor={id} title={choice.label} className={labelClass(variant, index, choices.length)}>
                {variant === "segment" ? choice.label : <span className="sr-only">{choice.label}</span>}
                {choice.render}
              </label>
            </div>
          );
        })}
      </div>
      <ErrorList id={`${idPrefix}-${name}-error`} errors={errors} />
    </fieldset>
  );
}

const focusRing =
  "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 dark:peer-focus-visible:ring-offset-slate-900";

function labelClass(variant: "swatch" | "icon" | "segment", index: number, count: number) {
  if (variant === "swatch") {
    // 44 px on a phone (a thumb), 32 px from sm up; icons likewise 44 then 40.
    return `block h-11 w-11 cursor-pointer rounded-full sm:h-8 sm:w-8 border-2 border-white shadow ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 dark:border-slate-900 dark:ring-offset-slate-900 dark:peer-checked:ring-white ${focusRing}`;
  }
  if (variant === "icon") {
    return `flex h-11 w-11 cursor-pointer sm:h-10 sm:w-10 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:text-brand-700 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:peer-checked:border-blue-400 dark:peer-checked:bg-slate-800 dark:peer-checked:text-blue-300 ${focusRing}`;
  }
  const edges = `${index === 0 ? "rounded-l-md" : "-ml-px"} ${index === count - 1 ? "rounded-r-md" : ""}`;
  return `block min-h-11 cursor-pointer border border-slate-300 bg-white px-4 py-2.5 text-sm sm:min-h-0 sm:py-2 font-medium text-slate-700 peer-checked:z-10 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:peer-checked:border-blue-500 dark:peer-checked:bg-blue-600 ${edges} ${focusRing}`;
}

/** A colour swatch's face. */
export function Swatch({ hex }: { hex: string }) {
  return <span aria-hidden="true" className="block h-full w-full rounded-full" style={{ backgroundColor: hex }} />;
}
