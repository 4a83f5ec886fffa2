/**
 * "Subscribe…" (docs/notifications.md §Subscriptions): a button for a saved report or a dashboard and its dialog
 * (Headless UI: focus trapped, Escape closes) to add a digest — daily or weekly, the hour, the day, the time zone,
 * by e-mail and, for admins, to a webhook — or to edit, pause or delete the person's subscriptions of it. The flow
 * is the report-subscription machine (src/machines/report-subscription/).
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { reportSubscriptionFlow } from '../../machines/report-subscription/report-subscription.actors';
import type { ReportSubscriptionActor } from '../../machines/report-subscription/report-subscription.machine';
import {
  reportSubscriptionActions,
  selectSubscriptionDialog,
  selectSubscriptions,
} from '../../machines/report-subscription/report-subscription.selectors';
import type { SubscriptionTargetKind } from '../../contracts/report-subscriptions';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { DeliveryFailing } from './DeliveryFailing';

const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30';
const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The dialog that adds or edits one subscription of the actor's flow; nothing while it is closed. */
export function SubscriptionDialog({ actor }: { actor: ReportSubscriptionActor }) {
  const ids = useId();
  const view = useSelector(actor, selectSubscriptionDialog);
  const act = useActions(actor, reportSubscriptionActions);
  if (!view?.draft) return null;
  const { draft } = view;
  const titleId = 'subscription-title';
  return (
    <Modal
      open={view.open}
      title={view.editing ? 'Edit subscription' : `Subscribe to ${view.title}`}
      onClose={act.close}
      busy={view.saving}
      footer={
        <>
          <Button variant="secondary" onClick={act.close} disabled={view.saving}>
            Cancel
          </Button>
          <Button
            onClick={act.save}
            disabled={view.saving}
            aria-describedby={view.error ? 'subscription-error' : undefined}
          >
            {view.saving ? 'Saving…' : view.editing ? 'Save' : 'Subscribe'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          act.save();
        }}
      >
        <p id={titleId} className="text-sm text-slate-600">
          A digest with the table’s first 20 rows, the chart and the full CSV attached.
        </p>
        {view.existing.length > 0 && (
          <p className="text-sm text-slate-600">
            You already get: {view.existing.join('; ')}. Change or stop them on your notifications page.
          </p>
        )}
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-700">How often</legend>
          <div className="flex gap-4">
            {(['daily', 'weekly'] as const).map((frequency) => (
              <label key={frequency} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="frequency"
                  value={frequency}
                  checked={draft.frequency === frequency}
                  onChange={() => act.change({ frequency })}
                  data-autofocus={draft.frequency === frequency ? true : undefined}
                />
                {frequency === 'daily' ? 'Daily' : 'Weekly'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          {draft.frequency === 'weekly' && (
            <div>
              <label htmlFor={`${ids}-day`} className="mb-1 block text-xs font-medium text-slate-700">
                Day
              </label>
              <select
                id={`${ids}-day`}
                className={fieldClass}
                value={draft.weekday}
                onChange={(event) => act.change({ weekday: Number(event.target.value) })}
              >
                {view.weekdays.map((day, index) => (
                  <option key={day} value={index}>
                    {day}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor={`${ids}-hour`} className="mb-1 block text-xs font-medium text-slate-700">
              Hour
            </label>
            <select
              id={`${ids}-hour`}
              className={fieldClass}
              value={draft.hour}
              onChange={(event) => act.change({ hour: Number(event.target.value) })}
            >
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={h}>
                  {hour(h)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-zone`} className="mb-1 block text-xs font-medium text-slate-700">
              Time zone
            </label>
            <select
              id={`${ids}-zone`}
              className={fieldClass}
              value={draft.timeZone}
              onChange={(event) => act.change({ timeZone: event.target.value })}
            >
              {view.timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-700">Send to</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={draft.email}
              onChange={(event) => act.change({ email: event.target.checked })}
            />
            E-mail (to you)
          </label>
          {view.webhooks.length > 0 && (
            <div className="mt-2">
              <label htmlFor={`${ids}-webhook`} className="mb-1 block text-xs font-medium text-slate-700">
                Webhook
              </label>
              <select
                id={`${ids}-webhook`}
                className={fieldClass}
                value={draft.webhookId ?? ''}
                onChange={(event) => act.change({ webhookId: event.target.value || null })}
              >
                <option value="">No webhook</option>
                {view.webhooks.map((hook) => (
                  <option key={hook.id} value={hook.id}>
                    {hook.host}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        {view.editing && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={draft.paused}
              onChange={(event) => act.change({ paused: event.target.checked })}
            />
            Paused
          </label>
        )}
        {view.error && (
          <p id="subscription-error" role="alert" className="text-sm font-medium text-red-700">
            {view.error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The person's subscriptions of the flow, with Edit, Pause / Resume and Delete; loading, empty and error states. */
export function SubscriptionList({ actor, emptyText }: { actor: ReportSubscriptionActor; emptyText: string }) {
  const view = useSelector(actor, selectSubscriptions);
  const act = useActions(actor, reportSubscriptionActions);
  if (!view || view.phase === 'loading') {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading subscriptions…
      </p>
    );
  }
  if (view.phase === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        {view.error}
        <Button variant="secondary" onClick={act.retry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {view.error && (
        <p role="alert" className="mb-2 text-sm font-medium text-red-700">
          {view.error}
        </p>
      )}
      {view.items.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {view.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">
                  <Link
                    href={href.app(view.workspaceId, item.appId, item.path)}
                    className="text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {item.title}
                  </Link>{' '}
                  <span className="font-normal text-slate-500">
                    ({item.kind === 'report' ? 'report' : 'dashboard'})
                  </span>
                </p>
                <p className="text-xs text-slate-600">
                  {item.schedule} · {item.channels}
                  {item.paused ? ' · Paused' : ''}
                </p>
                {item.deliveryFailing && (
                  <p className="mt-1">
                    <DeliveryFailing />
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => act.open(item.id)} aria-label={`Edit ${item.title}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  disabled={view.busyId === item.id}
                  onClick={() => act.pause(item.id, !item.paused)}
                  aria-label={`${item.paused ? 'Resume' : 'Pause'} ${item.title}`}
                >
                  {item.paused ? 'Resume' : 'Pause'}
                </Button>
                <Button
                  variant="secondary"
                  disabled={view.busyId === item.id}
                  onClick={() => act.remove(item.id)}
                  aria-label={`Delete ${item.title}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The "Subscribe…" button of a saved report or dashboard, its dialog, and the person's subscriptions of it. */
export function SubscribeButton({
  workspaceId,
  kind,
  appId,
  id,
  title,
}: {
  workspaceId: string;
  kind: SubscriptionTargetKind;
  appId: string;
  id: string;
  title: string;
}) {
  const actor = useFlowActor(
    reportSubscriptionFlow,
    () => ({ workspaceId, target: { kind, appId, id, title }, localTimeZone: browserZone() }),
    { key: `report-subscription:${workspaceId}:${kind}:${id}` },
  );
  const view = useSelector(actor, selectSubscriptions);
  const act = useActions(actor, reportSubscriptionActions);
  const count = view?.items.length ?? 0;
  return (
    <>
      <Button variant="secondary" onClick={() => act.open()} disabled={view?.phase !== 'ready'}>
        {count > 0 ? `Subscribed (${count})` : 'Subscribe…'}
      </Button>
      <SubscriptionDialog actor={actor} />
    </>
  );
}

/** The notifications page's "Subscriptions" section: every subscription of the person in the workspace. */
export function SubscriptionsSection({ workspaceId }: { workspaceId: string }) {
  const actor = useFlowActor(
    reportSubscriptionFlow,
    () => ({ workspaceId, target: null, localTimeZone: browserZone() }),
    { key: `report-subscription:${workspaceId}:all` },
  );
  return (
    <section aria-labelledby="subscriptions-heading" className="mt-10">
      <h2 id="subscriptions-heading" className="text-xl font-bold text-slate-900">
        Subscriptions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Digests of saved reports and dashboards you subscribed to (use “Subscribe…” on a report or dashboard to add
        one). Only you see yours.
      </p>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-3 sm:px-5">
        <SubscriptionList actor={actor} emptyText="You have no subscriptions yet." />
      </div>
      <SubscriptionDialog actor={actor} />
    </section>
  );
}
