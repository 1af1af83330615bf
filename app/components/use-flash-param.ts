import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";

/** How long a success banner stays up with JavaScript. */
export const BANNER_MS = 5000;
/** How long the "Deleted — Undo" banner stays up with JavaScript (issue 27: at least 10 seconds). */
export const UNDO_BANNER_MS = 12_000;

const NONE: readonly string[] = [];

/**
 * A post/redirect/get flag such as ?saved=profile: rendered by the server once, and with
 * JavaScript removed from the address after `ms` (BANNER_MS) so the banner goes away. Without
 * JavaScript the banner stays until the next page. `companions` are the flag's other parameters
 * (?item=, the row the banner stands beside), removed with it: a constant list, since a new
 * array each render would restart the timer.
 */
export function useFlashParam(name: string, companions: readonly string[] = NONE, ms = BANNER_MS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = useRef(false);
  useEffect(() => {
    busy.current = navigation.state !== "idle";
  }, [navigation.state]);
  const value = searchParams.get(name);
  // Keyed by the visit, so the same flag after a later save shows again.
  const [hiddenKey, setHiddenKey] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    const key = location.key;
    const timer = window.setTimeout(() => {
      setHiddenKey(key);
      // Never interrupt a submission that is under way; hiding is enough then.
      if (busy.current) return;
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(name);
          for (const companion of companions) next.delete(companion);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, ms);
    return () => window.clearTimeout(timer);
  }, [name, companions, ms, value, location.key, setSearchParams]);
  return value && hiddenKey !== location.key ? value : null;
}

/**
 * An action's error banner: shown when it arrives and, with JavaScript, hidden BANNER_MS
 * later (spec: banners clear after 5 s). Each new action result shows again.
 */
export function useExpiring<T>(value: T | null | undefined): T | null {
  const [expired, setExpired] = useState<T | null>(null);
  useEffect(() => {
    if (value == null) return;
    const timer = window.setTimeout(() => setExpired(() => value), BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return value != null && expired !== value ? value : null;
}
