/** The Questboard mark and word. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold text-slate-900">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M16 7l3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6L7 14l6-1z" fill="#fff" />
      </svg>
      {!compact && <span className="text-lg tracking-tight">Questboard</span>}
    </span>
  );
}
