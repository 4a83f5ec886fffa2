/** View model of the Held completions tab: the list with each hold's words, the status switch, the decisions. */
import type { SnapshotFrom } from 'xstate';
import { HOLD_REASON_LABELS, type HoldStatus } from '../../contracts/acquire-fraud';
import type { fraudHoldsMachine } from './fraud-holds.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof fraudHoldsMachine>;

const shownTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
/** An evidence value as the page shows it: a time in the page's UTC form, a missing one as a dash. */
const shownValue = (value: string | number | null) =>
  value === null ? '—' : typeof value === 'string' && ISO_TIME.test(value) ? shownTime(value) : String(value);

export const HOLD_STATUS_LABELS: Record<HoldStatus, string> = {
  held: 'Held',
  released: 'Released',
  rejected: 'Rejected',
};

export function selectFraudHolds(s: Snapshot) {
  const c = s.context;
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    loadError: s.matches('failed') ? c.error : null,
    listed: !s.matches('loading') && !s.matches('failed'),
    status: c.status,
    counts: c.counts,
    holds: c.holds.map((h) => ({
      ...h,
      reasonLabel: HOLD_REASON_LABELS[h.reason],
      stepLabel: `Step ${h.stepIndex + 1}: ${h.eventName}`,
      payoutLabel: `$${h.payout.toFixed(2)}`,
      arrivedLabel: shownTime(h.completedAt),
      decidedLabel: h.decidedAt ? `${shownTime(h.decidedAt)}${h.decidedBy ? ` by ${h.decidedBy}` : ''}` : null,
      evidenceLines: Object.entries(h.evidence).map(([k, v]) => `${k}: ${shownValue(v)}`),
      deciding: s.matches('deciding') && c.target === h.id ? c.decision : null,
    })),
    /** A decision in flight: the other buttons wait. */
    busy: s.matches('deciding'),
    hasMore: c.nextCursor !== null,
    loadingMore: s.matches('loadingMore'),
    moreError: c.moreError,
    notice: s.matches('list') ? c.notice : null,
    error: s.matches('list') ? c.error : null,
  };
}

export const fraudHoldsActions = (send: SendTo<typeof fraudHoldsMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  show: (status: HoldStatus) => send({ type: 'SHOW', status }),
  more: () => send({ type: 'MORE' }),
  release: (id: string) => send({ type: 'DECIDE', id, decision: 'release' }),
  reject: (id: string) => send({ type: 'DECIDE', id, decision: 'reject' }),
});
