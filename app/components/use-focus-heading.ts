import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The query flags a write redirects with (?saved=…): their arrival is a new page for the user. */
const WRITE_FLAGS = ["saved", "updated", "refreshed"];

/**
 * With JavaScript a navigation swaps the page without the browser noticing, so a screen reader
 * hears nothing and focus stays on a link that may be gone. After a client-side navigation to
 * another page, and after a write that comes back to the same page with its banner (a confirmed
 * delete, a save), focus moves to the page's heading (h1, made focusable with tabindex=-1) so
 * the new page is announced and the keyboard starts from its top. Not on the first load (the
 * browser's own place), not when only the query changes otherwise (a filter form being typed
 * in, sorting and paging, which keep their own scroll), and not when the address names a place
 * (#confirm, #currencies) that the page scrolls to.
 */
export function useFocusHeadingOnNavigate() {
  const location = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before.key === location.key || location.hash) return;
    const search = new URLSearchParams(location.search);
    const flagged = WRITE_FLAGS.some((flag) => search.has(flag) && search.get(flag) !== new URLSearchParams(before.search).get(flag));
    if (before.pathname === location.pathname && !flagged) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // The scroll position is the router's (top of the new page, or kept): focus must not move it.
    heading.focus({ preventScroll: true });
  }, [location]);
}
