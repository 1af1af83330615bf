import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Our menus are <details data-menu> so they work without JavaScript (their summaries open and
 * close them). With it they behave like menus: a client-side navigation keeps the same element
 * mounted, so close it whenever the location changes; close it on Escape (returning focus to the
 * summary, as a menu button would) and on a click or tap outside it; and opening one closes any
 * other, so two never stay open over each other.
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
    const onOutsideClick = (event: MouseEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.removeAttribute("open");
    };
    const onToggle = () => {
      if (!details.open) return;
      for (const other of document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")) {
        if (other !== details) other.removeAttribute("open");
      }
    };
    details.addEventListener("keydown", onKeyDown);
    details.addEventListener("toggle", onToggle);
    document.addEventListener("click", onOutsideClick);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("toggle", onToggle);
      document.removeEventListener("click", onOutsideClick);
    };
  }, []);
  return ref;
}
