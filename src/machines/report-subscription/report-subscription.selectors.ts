/** What the "Subscribe…" dialog and the Subscriptions list show of the report-subscription flow, and its senders. */
import { scheduleText, WEEKDAYS, DEFAULT_TIME_ZONE } from '../../contracts/report-subscriptions';
import type { SendTo } from '../shared/flow';
import {
  draftProblem,
  type Draft,
  type ReportSubscriptionSnapshot,
  type reportSubscriptionMachine,
} from './report-subscription.machine';

export const selectSubscriptions = (snapshot: ReportSubscriptionSnapshot | undefined) => {
  if (!snapshot) return null;
  const { context } = snapshot;
  return {
    phase: snapshot.matches('loading')
      ? ('loading' as const)
      : snapshot.matches('failed')
        ? ('failed' as const)
        : ('ready' as const),
    error: context.error,
    busyId: context.busyId,
    workspaceId: context.workspaceId,
    webhooks: context.webhooks,
    items: context.subscriptions.map((s) => ({
      id: s.id,
      title: s.title,
      kind: s.target.kind,
      appId: s.target.appId,
      targetId: s.target.id,
      /** Where it opens, under the app (the report's or the dashboard's page). */
      path:
        s.target.kind === 'report'
          ? `analyze/report/${encodeURIComponent(s.target.id)}`
          : `analyze/dashboards/${encodeURIComponent(s.target.id)}`,
      schedule: scheduleText(s),
      channels: [
        s.email ? 'E-mail' : null,
        s.webhookId ? `Webhook (${context.webhooks.find((w) => w.id === s.webhookId)?.host ?? 'webhook'})` : null,
      ]
        .filter(Boolean)
        .join(', '),
      paused: s.paused,
      deliveryFailing: s.deliveryFailing,
      nextRunAt: s.nextRunAt,
    })),
  };
};

/** Every IANA zone the browser knows (none where Intl cannot list them). */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

export const selectSubscriptionDialog = (snapshot: ReportSubscriptionSnapshot | undefined) => {
  if (!snapshot) return null;
  const { context } = snapshot;
  const open = snapshot.matches({ ready: 'editing' }) || snapshot.matches({ ready: 'saving' });
  const draft: Draft | null = context.draft;
  return {
    open: open && draft !== null,
    saving: snapshot.matches({ ready: 'saving' }),
    draft,
    editing: draft?.id != null,
    error: context.error,
    problem: draft ? draftProblem(draft) : null,
    webhooks: context.webhooks,
    timeZones: [
      ...new Set([DEFAULT_TIME_ZONE, context.localTimeZone, ...(draft ? [draft.timeZone] : []), ...knownZones()]),
    ],
    /** The person's subscriptions of this report or dashboard already (shown when adding another). */
    existing: draft?.id ? [] : context.subscriptions.map((s) => scheduleText(s)),
    weekdays: WEEKDAYS,
    title: context.target?.title ?? '',
  };
};

export const reportSubscriptionActions = (send: SendTo<typeof reportSubscriptionMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  open: (id?: string) => send(id ? { type: 'OPEN', id } : { type: 'OPEN' }),
  close: () => send({ type: 'CLOSE' }),
  change: (patch: Partial<Omit<Draft, 'id'>>) => send({ type: 'CHANGE', patch }),
  save: () => send({ type: 'SAVE' }),
  pause: (id: string, paused: boolean) => send({ type: 'PAUSE', id, paused }),
  remove: (id: string) => send({ type: 'DELETE', id }),
});
