import { useCallback, useRef, useState } from "react";

/**
 * A form's validation in the browser, loaded when the user starts on the form: zod and the
 * form's schema come in their own chunk on the form's first focus, so a visitor who only reads
 * the page never downloads them. Until they arrive a submit is validated by the server, exactly
 * as without JavaScript. `load` must not change between renders (a module-level function);
 * pass `start` to the form's onFocus.
 */
export function useLazyValidation<Validate extends (formData: FormData) => unknown>(load: () => Promise<Validate>) {
  const [validate, setValidate] = useState<Validate>();
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (loaded) => setValidate(() => loaded),
      // Offline or a stale build: allow another try; the server still validates every submit.
      () => {
        started.current = false;
      },
    );
  }, [load]);
  return [validate, start] as const;
}
