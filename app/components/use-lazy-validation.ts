import { useEffect, useState } from "react";

/**
 * A form's validation in the browser, loaded after the page: zod and the form's schema come in
 * their own chunk once the page has hydrated, so they do not weigh on the first load. Until they
 * arrive a submit is validated by the server, exactly as without JavaScript.
 * `load` must not change between renders (a module-level function).
 */
export function useLazyValidation<Validate extends (formData: FormData) => unknown>(load: () => Promise<Validate>): Validate | undefined {
  const [validate, setValidate] = useState<Validate>();
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setValidate(() => loaded),
      // Offline or a stale build: the server still validates every submit.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return validate;
}
