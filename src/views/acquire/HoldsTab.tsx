/**
 * Acquire's Held completions tab (docs/acquire.md §Fraud holds): completions that look fake, held and not charged,
 * each with its quest, player, step, payout, reason and evidence; editors and admins Release (charged) or Reject
 * (never charged); viewers read. Held / Released / Rejected switch the list (the rejected count shown apart). The
 * flow is the fraud-holds machine (src/machines/fraud-holds); this view only shows its view model.
 */
import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import type { Role } from '../../contracts/codecs';
import {
  HOLD_STATUS_LABELS,
  fraudHoldsActions,
  selectFraudHolds,
} from '../../machines/fraud-holds/fraud-holds.selectors';
import { fraudHoldsFlow } from '../../machines/fraud-holds/fraud-holds.actors';
import type { HoldStatus } from '../../contracts/acquire-fraud';
import { queryClient } from '../../queryClient';
import { acquireQueryKey } from '../../services/acquire.queries';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { viewerDenied } from '../ui/permissions';

type View = ReturnType<typeof selectFraudHolds>;
type Actions = ReturnType<typeof fraudHoldsActions>;
type Row = View['holds'][number];

const STATUSES: HoldStatus[] = ['held', 'released', 'rejected'];

function HoldCard({ hold, busy, act, denied }: { hold: Row; busy: boolean; act: Actions; denied: string | null }) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <h3 id={headingId} className="text-sm font-semibold break-words text-slate-900">
            {hold.questName} · {hold.stepLabel}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">
            {/* Only the player id may break anywhere (it has no spaces); a time or an amount never splits. */}
            Player <span className="break-all">{hold.playerId}</span> ·{' '}
            <span className="whitespace-nowrap">arrived {hold.arrivedLabel}</span> ·{' '}
            <span className="whitespace-nowrap">{hold.payoutLabel}</span>
          </p>
        </div>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {hold.reasonLabel}
        </span>
      </div>
      <ul aria-label="Evidence" className="mt-2 space-y-0.5 text-xs [overflow-wrap:anywhere] text-slate-700">
        {hold.evidenceLines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {hold.status === 'held' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="primary"
            busy={hold.deciding === 'release'}
            disabled={busy}
            deniedReason={denied}
            aria-label={`Release ${hold.playerId}'s step ${hold.stepIndex + 1} (charge ${hold.payoutLabel})`}
            onClick={() => act.release(hold.id)}
          >
            Release
          </Button>
          <Button
            variant="secondary"
            busy={hold.deciding === 'reject'}
            disabled={busy}
            deniedReason={denied}
            aria-label={`Reject ${hold.playerId}'s step ${hold.stepIndex + 1} (never charged)`}
            onClick={() => act.reject(hold.id)}
          >
            Reject
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-xs text-slate-600">
          {HOLD_STATUS_LABELS[hold.status]} {hold.decidedLabel}
        </p>
      )}
    </li>
  );
}

export default function HoldsTab({ appId, role }: { appId: string; role: Role }) {
  const actor = useFlowActor(fraudHoldsFlow, { appId }, { key: `fraud-holds:${appId}` });
  const view = useSelector(actor, selectFraudHolds);
  const act = useActions(actor, fraudHoldsActions);
  const denied = viewerDenied(role);
  const groupLabel = useId();
  // The tab's badge follows the list's count (after a decision, without asking the server again).
  const listed = view.listed;
  const heldCount = view.counts.held;
  useEffect(() => {
    if (listed) queryClient.setQueryData([...acquireQueryKey(appId), 'held-count'], heldCount);
  }, [appId, listed, heldCount]);
  return (
    <div>
      <p className="text-sm text-slate-600">
        Completions that look fake are held here, not charged, until an editor releases them (charged once) or rejects
        them (never charged).
      </p>
      <div role="group" aria-labelledby={groupLabel} className="mt-3 flex flex-wrap items-center gap-2">
        <span id={groupLabel} className="text-sm font-medium text-slate-700">
          Show
        </span>
        {STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={view.status === status}
            onClick={() => act.show(status)}
            disabled={view.busy || view.loading}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${view.status === status ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            {HOLD_STATUS_LABELS[status]} ({view.counts[status]})
          </button>
        ))}
      </div>
      <div aria-live="polite" className="mt-2 min-h-5 text-sm">
        {view.notice && <p className="text-emerald-700">{view.notice}</p>}
      </div>
      {view.error && (
        <p role="alert" className="mb-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {view.error}
        </p>
      )}
      {view.loading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner label="Loading held completions" /> Loading held completions…
        </p>
      ) : view.failed ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center">
          <p className="text-sm text-slate-700">{view.loadError}</p>
          <Button variant="secondary" className="mt-3" onClick={act.retry}>
            Try again
          </Button>
        </div>
      ) : view.holds.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
          <p className="font-semibold text-slate-900">
            {view.status === 'held' ? 'No completions are held.' : `No ${view.status} completions.`}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Completions that break a fraud rule (too fast, a shared device or address, a replay, a burst) appear here.
          </p>
        </div>
      ) : (
        <>
          <ul aria-label={`${HOLD_STATUS_LABELS[view.status]} completions`} className="space-y-3">
            {view.holds.map((hold) => (
              <HoldCard key={hold.id} hold={hold} busy={view.busy} act={act} denied={denied} />
            ))}
          </ul>
          {view.moreError && (
            <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {view.moreError}
            </p>
          )}
          {view.hasMore && (
            <Button variant="secondary" className="mt-3" busy={view.loadingMore} onClick={act.more}>
              Load more
            </Button>
          )}
        </>
      )}
    </div>
  );
}
