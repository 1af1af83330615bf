/**
 * A GET form without JavaScript sends every field, the empty ones too (`/expenses?q=&type=&from=`).
 * The same address without them, or null when it has none: a page's loader redirects there, so the
 * address bar, bookmarks and shared links carry only what is in use (with JavaScript the forms
 * leave the empty fields out themselves). Parameters keep their order; a value is empty when it is
 * only spaces, as the pages read it.
 */
export function withoutEmptyParams(url: URL): string | null {
  const params = [...url.searchParams];
  const kept = params.filter(([, value]) => value.trim() !== "");
  if (kept.length === params.length) return null;
  const search = new URLSearchParams(kept).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** A GET form's fields without the empty ones: what a form submitted with JavaScript sends, so the loader has nothing to clean. */
export function nonEmptyFields(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  return params;
}
