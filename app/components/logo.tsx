export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <path d="M9 11h14M16 11v12M11 17h3M18 21h3" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
