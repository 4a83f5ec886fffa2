/** View model of the notification settings: each alert the role gets with its words and switches, and the actions. */
import type { SnapshotFrom } from 'xstate';
import { ALERTS, type AlertKind } from '../../contracts/notifications';
import type { notificationPreferencesMachine } from './notification-preferences.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof notificationPreferencesMachine>;

export interface AlertSettingView {
  kind: AlertKind;
  label: string;
  description: string;
  perApp: boolean;
  enabled: boolean;
  email: boolean;
  mutedApps: readonly string[];
  /** The person's newest e-mail of this alert was given up: "Delivery failing". */
  deliveryFailing: boolean;
  saving: boolean;
}

export function selectNotificationPreferences(s: Snapshot) {
  const alerts: AlertSettingView[] = s.context.alerts.map((alert) => ({
    kind: alert.kind,
    label: ALERTS[alert.kind].label,
    description: ALERTS[alert.kind].description,
    perApp: ALERTS[alert.kind].perApp,
    enabled: alert.enabled,
    email: alert.email,
    mutedApps: alert.mutedApps,
    deliveryFailing: alert.deliveryFailing,
    saving: s.context.saving === alert.kind,
  }));
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    ready: s.matches('ready') || s.matches('saving'),
    /** A change is being saved: the switches wait. */
    busy: s.matches('saving'),
    empty: (s.matches('ready') || s.matches('saving')) && alerts.length === 0,
    alerts,
    saved: s.context.saved && s.matches('ready'),
    error: s.context.error,
  };
}

export const notificationPreferencesActions = (send: SendTo<typeof notificationPreferencesMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  toggleEnabled: (kind: AlertKind) => send({ type: 'TOGGLE_ENABLED', kind }),
  toggleEmail: (kind: AlertKind) => send({ type: 'TOGGLE_EMAIL', kind }),
  toggleApp: (kind: AlertKind, appId: string) => send({ type: 'TOGGLE_APP', kind, appId }),
});
