/** Small pieces shared by the billing tabs: a status badge, a card panel, and the loading / error / empty states. */
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';

const TONES = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>
      <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

interface Read<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: Error | null;
  refetch(): unknown;
}

/** Loading skeleton, error with a retry, empty message, or the content. */
export function ReadState<T>({
  read,
  what,
  empty,
  isEmpty,
  children,
}: {
  read: Read<T>;
  what: string;
  empty?: { title: string; text: string };
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) {
    return (
      <div
        role="status"
        aria-label={`Loading ${what}`}
        className="space-y-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-6 animate-pulse rounded bg-slate-100" />
        ))}
      </div>
    );
  }
  if (read.isError || read.data === undefined) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-base font-semibold text-slate-900">The {what} could not be loaded.</p>
        {read.error?.message && <p className="mt-1 text-sm text-slate-600">{read.error.message}</p>}
        <Button variant="secondary" className="mt-5" busy={read.isFetching} onClick={() => void read.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (empty && isEmpty?.(read.data)) return <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  return <>{children(read.data)}</>;
}
