/**
 * /workspace/{id}/notifications (docs/notifications.md §Preferences): the person's own notification settings in this
 * workspace. Each alert their role gets (the ALERTS registry), on or off, also by e-mail, and for an alert about one
 * app the apps it is on for. Every change is saved at once by the notification-preferences flow
 * (src/machines/notification-preferences); the page only shows its view model. A lazy route: nothing of it is in the
 * first download. One column of cards, so 700 px needs no sideways scroll.
 */
import { useSelector } from '@xstate/react';
import type { App } from '../../contracts/apps';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Session } from '../flows/session';
import { notificationPreferencesFlow } from '../../machines/notification-preferences/notification-preferences.actors';
import {
  notificationPreferencesActions,
  selectNotificationPreferences,
  type AlertSettingView,
} from '../../machines/notification-preferences/notification-preferences.selectors';
import { selectAccount } from '../../machines/session/session.selectors';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../integrations/Switch';
import { WebhooksSection } from './WebhooksSection';
import { SubscriptionsSection } from './SubscribeDialog';
import { MetricAlertsSection } from './MetricAlertsSection';
import { DeliveryFailing } from './DeliveryFailing';

const appLabel = (app: App) => `${app.appName} (${app.platform === 'ios' ? 'iOS' : 'Android'})`;

type Actions = ReturnType<typeof notificationPreferencesActions>;

function AlertCard({ alert, apps, act }: { alert: AlertSettingView; apps: readonly App[]; act: Actions }) {
  const headingId = `alert-${alert.kind}`;
  const on = apps.filter((app) => !alert.mutedApps.includes(app.id)).length;
  return (
    <li
      aria-labelledby={headingId}
      aria-busy={alert.saving || undefined}
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {alert.label}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{alert.description}</p>
          {alert.deliveryFailing && (
            <p className="mt-2">
              <DeliveryFailing />
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          {/* The name starts with the visible words and says which alert (each card has the same switches). */}
          <Switch
            aria-label={`Notify me: ${alert.label}`}
            checked={alert.enabled}
            onChange={() => act.toggleEnabled(alert.kind)}
          >
            Notify me
          </Switch>
          {alert.enabled && (
            <Switch
              aria-label={`Also by e-mail: ${alert.label}`}
              checked={alert.email}
              onChange={() => act.toggleEmail(alert.kind)}
            >
              Also by e-mail
            </Switch>
          )}
        </div>
      </div>
      {alert.enabled && alert.perApp && apps.length > 0 && (
        <details className="mt-4 rounded-lg bg-slate-50 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            Apps: on for {on} of {apps.length}
          </summary>
          <fieldset className="mt-2">
            <legend className="sr-only">Apps that send “{alert.label}”</legend>
            <ul className="grid gap-1 sm:grid-cols-2">
              {apps.map((app) => (
                <li key={app.id}>
                  <label className="flex items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={!alert.mutedApps.includes(app.id)}
                      onChange={() => act.toggleApp(alert.kind, app.id)}
                      className="size-4 rounded border-slate-400 text-indigo-600"
                    />
                    <span className="min-w-0 break-words">{appLabel(app)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </details>
      )}
    </li>
  );
}

export default function NotificationPreferencesPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  return (
    <>
      <Preferences workspaceId={workspace.id} workspaceName={workspace.name} apps={workspace.apps ?? []} />
      {/* Every member's own report and dashboard subscriptions (docs/notifications.md §Subscriptions). */}
      <div className="mx-auto max-w-3xl">
        <SubscriptionsSection workspaceId={workspace.id} />
      </div>
      {/* Every member's own metric alerts (docs/notifications.md §Metric alerts). */}
      <div className="mx-auto max-w-3xl pb-10">
        <MetricAlertsSection workspaceId={workspace.id} />
      </div>
      {/* A workspace's webhooks are its admins' (docs/notifications.md §Webhooks). */}
      {workspace.role === 'admin' && (
        <div className="mx-auto max-w-3xl pb-10">
          <WebhooksSection workspaceId={workspace.id} />
        </div>
      )}
    </>
  );
}

function Preferences({
  workspaceId,
  workspaceName,
  apps,
}: {
  workspaceId: string;
  workspaceName: string;
  apps: readonly App[];
}) {
  const actor = useFlowActor(
    notificationPreferencesFlow,
    { workspaceId },
    { key: `notification-preferences:${workspaceId}` },
  );
  const view = useSelector(actor, selectNotificationPreferences);
  const act = useActions(actor, notificationPreferencesActions);
  const account = Session.useSelector(selectAccount);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
      <p className="mt-1 text-sm text-slate-600">
        What Questboard tells you about {workspaceName}: under the bell, and by e-mail
        {account?.workEmail ? ` to ${account.workEmail}` : ''}. Only you see these settings.
      </p>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {view.saved && <p className="text-emerald-700">Saved.</p>}
      </div>
      {view.error && view.ready && (
        <p role="alert" className="mb-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {view.error}
        </p>
      )}
      {view.loading ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner label="Loading your notification settings" /> Loading your notification settings…
        </p>
      ) : view.failed ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center">
          <p className="text-sm text-slate-700">{view.error}</p>
          <Button variant="secondary" className="mt-3" onClick={act.retry}>
            Try again
          </Button>
        </div>
      ) : view.empty ? (
        <EmptyState title="No alerts for your role">
          Viewers get none of the workspace’s alerts. An admin can give you the editor role to get alerts about quests,
          sources and Process Data. Your own metric alerts are below.
        </EmptyState>
      ) : (
        <ul aria-label="Alerts" className="space-y-3">
          {view.alerts.map((alert) => (
            <AlertCard key={alert.kind} alert={alert} apps={apps} act={act} />
          ))}
        </ul>
      )}
    </section>
  );
}
