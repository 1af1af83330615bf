import { useCallback, useMemo, useRef, useState } from "react";

/**
 * A form's validation in the browser, loaded when the user starts on the form: zod and the
 * form's schema come in their own chunk on the form's first focus or input, so a visitor who only reads
 * the page never downloads them. Until they arrive a submit is validated by the server, exactly
 * as without JavaScript. `load` must not change between renders (a module-level function, such
 * as one made by `validationLoader`); spread the second item on the form (`onFocus`, `onInput`).
 */
export function useLazyValidation<Loaded>(load: () => Promise<Loaded>) {
  const [loaded, setLoaded] = useState<Loaded>();
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (value) => setLoaded(() => value),
      // Offline or a stale build: allow another try; the server still validates every submit.
      () => {
        started.current = false;
      },
    );
  }, [load]);
  // A field the document autofocused (the sign-in form, an edit form opened by its URL) had
  // focus before React listened for it: the first keystroke starts the load instead. Not on
  // mount, so a page whose form is focused for the user still downloads nothing until used.
  const loadOnUse = useMemo(() => ({ onFocus: start, onInput: start }), [start]);
  return [loaded, loadOnUse] as const;
}

/**
 * The loader of a form's validation: Conform's zod adapter and what `schema` picks from the
 * feature's model, fetched together. The model must reach the browser only through this dynamic
 * import (pages import constants from the feature's model.ts), or zod rides along with the page.
 */
export function validationLoader<Schema>(schema: () => Promise<Schema>) {
  return () => Promise.all([import("@conform-to/zod/v4"), schema()]).then(([{ parseWithZod }, picked]) => ({ parseWithZod, schema: picked }));
}
