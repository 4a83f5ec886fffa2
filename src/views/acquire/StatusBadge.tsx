/** A quest status as a coloured badge (docs/acquire.md §Quest states): the quest grid and the pacing card. */
import { QUEST_STATUS_LABELS } from '../../contracts/acquire';

export function StatusBadge({ status, draftOnly = false }: { status: string; draftOnly?: boolean }) {
  const tone =
    status === 'LIVE'
      ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
      : status === 'CAPPED'
        ? 'bg-amber-50 text-amber-800 ring-amber-200'
        : status === 'STOPPED'
          ? 'bg-slate-100 text-slate-700 ring-slate-300'
          : 'bg-indigo-50 text-indigo-800 ring-indigo-200';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${tone}`}
      title={draftOnly ? 'Never published' : undefined}
    >
      {QUEST_STATUS_LABELS[status] ?? status}
    </span>
  );
}
