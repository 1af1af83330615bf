import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "~/components/forms";
import { focusRing } from "~/components/focus-ring";
import { useTranslation } from "~/locales/use-translation";
import { headingClass, mutedText } from "./classes";

/** SPEC.md section 9: testimonials rotate every 5 seconds. */
const ROTATION_MS = 5000;

const testimonials = [
  { key: "maria", avatar: "/avatars/maria-gonzalez.svg" },
  { key: "david", avatar: "/avatars/david-chen.svg" },
  { key: "laura", avatar: "/avatars/laura-martinez.svg" },
] as const;

/**
 * Server-rendered (and without JavaScript) all testimonials are listed; after hydration
 * they become a carousel, since rotating and the dots need script.
 */
export function Testimonials() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="testimonials-title" className={`mx-auto max-w-2xl text-center ${headingClass}`}>
          {t("landing.testimonials.title")}
        </h2>
        {hydrated ? (
          <Carousel />
        ) : (
          <ul className="mt-12 grid gap-6 lg:grid-cols-3">
            {testimonials.map((item) => (
              <li key={item.key} className="flex">
                <TestimonialCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function TestimonialCard({ item }: { item: (typeof testimonials)[number] }) {
  const { t } = useTranslation();
  return (
    <figure className="flex w-full flex-col justify-between rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <blockquote className="text-lg text-slate-800 dark:text-slate-100">
        <p>“{t(`landing.testimonials.items.${item.key}.quote`)}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <img src={item.avatar} alt="" width={48} height={48} className="h-12 w-12 rounded-full" />
        <span>
          <span className="block font-semibold text-slate-900 dark:text-white">{t(`landing.testimonials.items.${item.key}.name`)}</span>
          <span className={`block text-sm ${mutedText}`}>{t(`landing.testimonials.items.${item.key}.role`)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => true,
  );
}

function Carousel() {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null follows the motion preference until the visitor presses pause or play.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = playChoice ?? !reducedMotion;
  const advancing = playing && !hovered && !focused;

  // Re-armed on every change of slide, so picking a dot gives that slide its full 5 seconds.
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % testimonials.length), ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, active]);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t("landing.testimonials.carousel")}
      className="mx-auto mt-12 max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Slides share one grid cell so the height is the tallest quote's and nothing jumps. */}
      <div className="grid" aria-live={advancing ? "off" : "polite"}>
        {testimonials.map((item, i) => {
          const current = i === active;
          return (
            <div
              key={item.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t("landing.testimonials.slide", { n: i + 1, total: testimonials.length })}
              aria-hidden={!current}
              className={`col-start-1 row-start-1 flex transition-[opacity,visibility] duration-500 motion-reduce:transition-none ${
                current ? "visible opacity-100" : "invisible opacity-0"
              }`}
            >
              <TestimonialCard item={item} />
            </div>
          );
        })}
      </div>
      <div className="mt-6 flex items-center justify-center gap-1">
        <button
          type="button"
          onClick={() => setPlayChoice(!playing)}
          aria-label={playing ? t("landing.testimonials.pause") : t("landing.testimonials.play")}
          title={playing ? t("landing.testimonials.pause") : t("landing.testimonials.play")}
          className={`mr-2 flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
        {testimonials.map((item, i) => (
          <button
            key={item.key}
            type="button"
            onClick={() => setActive(i)}
            aria-label={t("landing.testimonials.show", { n: i + 1 })}
            aria-current={i === active ? "true" : undefined}
            className={`group flex h-11 w-11 items-center justify-center rounded-full ${focusRing}`}
          >
            <span
              className={`block h-3 w-3 rounded-full transition-colors ${
                i === active
                  ? "bg-brand-600 dark:bg-blue-400"
                  : "bg-slate-400 group-hover:bg-slate-500 dark:bg-slate-500 dark:group-hover:bg-slate-400"
              }`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
