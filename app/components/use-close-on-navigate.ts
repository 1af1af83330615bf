import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Our menus are <details> so they work without JavaScript. With it, a client-side
 * navigation keeps the same element mounted, so the menu would stay open over the new
 * page: close it whenever the location changes, and on Escape (returning focus to the
 * summary, as a menu button would).
 */
export function useCloseOnNavigate<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.pathname, location.search]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.removeAttribute("open");
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);
  return ref;
}
