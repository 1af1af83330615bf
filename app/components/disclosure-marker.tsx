/**
 * The chevron that marks a summary as something that opens (the browser's own marker is hidden
 * in app.css): it points right when closed and down when open. Its <details> needs the `group` class.
 */
export function DisclosureMarker() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" data-disclosure-marker="" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-90">
      <path d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.27a.75.75 0 0 1 0 1.06L8.26 15.8a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.27a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}
