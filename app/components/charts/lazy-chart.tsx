import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/forms";
import type { ChartProps } from "./chart-types";

// A chart's place on the page. The server renders an empty box of the chart's height (no layout
// shift when the chart arrives); in the browser the chart's code (Unovis, its own chunk) is
// fetched once the box comes into view, so pages without charts never download it and a phone
// reading the top of a page does not either. Without JavaScript the box stays empty and the table
// beside it tells the same figures.

const Chart = lazy(() => import("./charts.client"));

export function LazyChart(props: ChartProps) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === "undefined") return setVisible(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={box} aria-hidden="true" className="h-60 w-full" data-chart={props.kind}>
      {hydrated && visible ? (
        <Suspense fallback={null}>
          <Chart {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
