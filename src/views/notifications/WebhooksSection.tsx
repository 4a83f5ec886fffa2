/**
 * The workspace's webhooks on /workspace/{id}/notifications, for admins only (docs/notifications.md §Webhooks): the
 * list with each webhook's alerts and "Delivery failing", adding and editing one in a form under the list, a test
 * delivery with its answer, the last 50 deliveries, rolling the secret and deleting (each confirmed). A new secret
 * is shown once. The flow is the webhooks machine (src/machines/webhooks); this view only shows its view model.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { webhooksFlow } from '../../machines/webhooks/webhooks.actors';
import { DELIVERY_STATUS, selectWebhooks, webhooksActions } from '../../machines/webhooks/webhooks.selectors';
import { WEBHOOK_FORMATS, WEBHOOKS_MAX, type WebhookFormat } from '../../contracts/notification-webhooks';
import { ALERTS, type AlertKind } from '../../contracts/notifications';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { Switch } from '../integrations/Switch';
import { DeliveryFailing } from './DeliveryFailing';

type View = ReturnType<typeof selectWebhooks>;
type Actions = ReturnType<typeof webhooksActions>;
type Hook = View['webhooks'][number];

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const kindLabel = (kind: string) => (kind in ALERTS ? ALERTS[kind as AlertKind].label : 'Test delivery');

function Deliveries({ hook }: { hook: Hook }) {
  if (!hook.deliveries) return null;
  if (hook.deliveries.length === 0) return <p className="mt-3 text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="mb-1 text-left text-xs font-medium text-slate-600">
          Last {hook.deliveries.length} deliveries to {hook.host}
        </caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th className="py-1 pr-3 font-medium">When</th>
            <th className="py-1 pr-3 font-medium">Alert</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">HTTP</th>
            <th className="py-1 font-medium">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {hook.deliveries.map((d) => (
            <tr key={d.id} className="border-t border-slate-100">
              <td className="py-1 pr-3 whitespace-nowrap">{when(d.lastAttemptAt ?? d.createdAt)}</td>
              <td className="py-1 pr-3">{d.title || kindLabel(d.kind)}</td>
              <td className="py-1 pr-3" title={d.error ?? undefined}>
                {DELIVERY_STATUS[d.status]}
              </td>
              <td className="py-1 pr-3">{d.httpStatus ?? '—'}</td>
              <td className="py-1">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WebhookCard({ hook, busy, act }: { hook: Hook; busy: boolean; act: Actions }) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {hook.host}
          </h3>
          <p className="mt-0.5 text-xs break-all text-slate-600">{hook.url}</p>
          <p className="mt-1 text-sm text-slate-700">
            {hook.formatLabel} · {hook.enabled ? 'On' : 'Off'} ·{' '}
            {hook.alertLabels.length > 0 ? hook.alertLabels.join(', ') : 'No alerts chosen'}
          </p>
        </div>
        {hook.failing && <DeliveryFailing />}
      </div>
      {hook.secret && (
        <div role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            Signing secret — copy it now, it is not shown again. Receivers verify each delivery with it.
          </p>
          <code className="mt-1 block break-all text-slate-900">{hook.secret}</code>
          <Button variant="secondary" className="mt-2" onClick={act.dismissSecret}>
            I have copied it
          </Button>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => act.edit(hook.id)} aria-label={`Edit ${hook.host}`}>
          Edit
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          busy={hook.testing}
          onClick={() => act.test(hook.id)}
          aria-label={`Send test delivery to ${hook.host}`}
        >
          Send test delivery
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          busy={hook.loadingDeliveries}
          onClick={() => act.showDeliveries(hook.id)}
          aria-label={`Show deliveries to ${hook.host}`}
        >
          Deliveries
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => act.roll(hook.id)}
          aria-label={`Roll secret of ${hook.host}`}
        >
          Roll secret
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => act.remove(hook.id)} aria-label={`Delete ${hook.host}`}>
          Delete
        </Button>
      </div>
      {hook.tested && (
        <p
          role="status"
          className={`mt-3 text-sm ${hook.tested.status === 'delivered' ? 'text-emerald-700' : 'text-rose-700'}`}
        >
          {hook.tested.status === 'delivered'
            ? `Test delivered (HTTP ${hook.tested.httpStatus}).`
            : `Test not delivered: ${hook.tested.error ?? 'no answer'}`}
        </p>
      )}
      <Deliveries hook={hook} />
    </li>
  );
}

function WebhookForm({ form, act }: { form: NonNullable<View['form']>; act: Actions }) {
  return (
    <form
      aria-label={form.adding ? 'Add a webhook' : 'Edit webhook'}
      noValidate
      className="mt-4 rounded-2xl border border-indigo-200 bg-white p-4 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        act.submit();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">{form.adding ? 'Add a webhook' : 'Edit webhook'}</h3>
      <TextField
        className="mt-3"
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={2048}
        value={form.url}
        error={form.urlError}
        hint="https only. Questboard POSTs each alert here, signed with the webhook's secret."
        onChange={(e) => act.changeUrl(e.target.value)}
        disabled={form.saving}
      />
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">Format</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(Object.keys(WEBHOOK_FORMATS) as WebhookFormat[]).map((format) => (
            <label key={format} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="webhook-format"
                checked={form.format === format}
                onChange={() => act.changeFormat(format)}
                disabled={form.saving}
                className="size-4 text-indigo-600"
              />
              {WEBHOOK_FORMATS[format]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-700">Alerts it carries</legend>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {form.alerts.map((alert) => (
            <li key={alert.kind}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={alert.checked}
                  onChange={() => act.toggleAlert(alert.kind)}
                  disabled={form.saving}
                  className="size-4 rounded border-slate-400 text-indigo-600"
                />
                {alert.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4">
        <Switch checked={form.enabled} onChange={act.toggleEnabled} disabled={form.saving}>
          Send deliveries
        </Switch>
      </div>
      {form.error && (
        <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {form.error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" busy={form.saving}>
          {form.adding ? 'Add webhook' : 'Save webhook'}
        </Button>
        <Button variant="secondary" type="button" onClick={act.cancel} disabled={form.saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function WebhooksSection({ workspaceId }: { workspaceId: string }) {
  const actor = useFlowActor(webhooksFlow, { workspaceId }, { key: `webhooks:${workspaceId}` });
  const view = useSelector(actor, selectWebhooks);
  const act = useActions(actor, webhooksActions);
  return (
    <section aria-labelledby="webhooks-heading" className="mt-10">
      <h2 id="webhooks-heading" className="text-xl font-bold text-slate-900">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Send this workspace’s alerts to Slack or to your own service (at most {WEBHOOKS_MAX}). Only admins see and
        change webhooks.
      </p>
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
          <Spinner label="Loading the webhooks" /> Loading the webhooks…
        </p>
      ) : view.failed ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center">
          <p className="text-sm text-slate-700">{view.loadError}</p>
          <Button variant="secondary" className="mt-3" onClick={act.retry}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {view.webhooks.length === 0 ? (
            <p className="text-sm text-slate-600">No webhooks yet.</p>
          ) : (
            <ul aria-label="Webhooks" className="space-y-3">
              {view.webhooks.map((hook) => (
                <WebhookCard key={hook.id} hook={hook} busy={view.busy} act={act} />
              ))}
            </ul>
          )}
          {view.form ? (
            <WebhookForm form={view.form} act={act} />
          ) : (
            <div className="mt-4">
              <Button onClick={act.add} disabled={view.busy || !view.canAdd}>
                Add webhook
              </Button>
              {!view.canAdd && (
                <p className="mt-1 text-xs text-slate-600">
                  A workspace has at most {WEBHOOKS_MAX} webhooks. Delete one to add another.
                </p>
              )}
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={view.confirm.open}
        title={view.confirm.deleting ? 'Delete webhook?' : 'Roll the secret?'}
        message={
          view.confirm.deleting
            ? `Alerts will no longer be sent to ${view.confirm.host}, and its deliveries are deleted.`
            : `A new secret signs the deliveries to ${view.confirm.host} from now on; receivers that check the old one will refuse them until updated.`
        }
        confirmLabel={view.confirm.deleting ? 'Delete' : 'Roll secret'}
        tone={view.confirm.deleting ? 'danger' : 'primary'}
        busy={view.confirm.busy}
        error={view.confirm.error}
        onConfirm={act.confirm}
        onCancel={act.cancel}
      />
    </section>
  );
}
