// Element Timing (https://wicg.github.io/element-timing/): an element with `elementtiming` reports
// when it is painted. Page titles carry `elementtiming="page-title"`, which `npm run bench` reads as
// the time the main content is visible on the slow phone (decision 030).
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
