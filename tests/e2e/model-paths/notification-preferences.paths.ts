/**
 * The notification settings' table (src/machines/notification-preferences, src/views/notifications/
 * NotificationPreferencesPage.tsx; docs/notifications.md §Preferences): each event → what the editor does on
 * /workspace/{id}/notifications, each state → what the page shows. The settings' answers are routed with the
 * machine's own fixtures (so what the machine predicts is what the page shows); the real server's preferences are
 * tested in tests/server/notifications.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  notificationPreferencesMachine,
  PREFERENCES_LOAD_FAILED,
  type NotificationPreferencesContext,
} from '../../../src/machines/notification-preferences/notification-preferences.machine';
import { ALERTS, type AlertKind, type AlertPreference } from '../../../src/contracts/notifications';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const APP = 'dragon-merge-ios';
const APP_LABEL = 'Dragon Merge (iOS)';
const on = (kind: AlertKind): AlertPreference => ({
  kind,
  enabled: true,
  email: true,
  mutedApps: [],
  deliveryFailing: false,
});
const LOADED: AlertPreference[] = [on('quest_capped'), on('source_silent'), on('process_failed')];
const change = (kind: AlertKind, patch: Partial<AlertPreference>) =>
  LOADED.map((alert) => (alert.kind === kind ? { ...alert, ...patch } : alert));

const E = {
  retry: { type: 'RETRY' },
  toggleEmail: { type: 'TOGGLE_EMAIL', kind: 'quest_capped' },
  toggleEnabled: { type: 'TOGGLE_ENABLED', kind: 'source_silent' },
  toggleApp: { type: 'TOGGLE_APP', kind: 'quest_capped', appId: APP },
  loaded: doneEvent('loadPreferences', { success: true, alerts: LOADED }),
  loadedEmpty: doneEvent('loadPreferences', { success: true, alerts: [] }),
  loadFailed: crashEvent('loadPreferences'),
  savedEmailOff: doneEvent('savePreference', { success: true, alerts: change('quest_capped', { email: false }) }),
  savedSilentOff: doneEvent('savePreference', {
    success: true,
    alerts: change('source_silent', { enabled: false }),
  }),
  saveFailed: crashEvent('savePreference'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as NotificationPreferencesContext;
const isCrash = (event: EventObject) => event.type.startsWith('xstate.error.');
const routed = (request: { method: string; url: RegExp }, name: string): EventEntry<Ui> =>
  outcome<Ui>(
    request,
    (event) =>
      isCrash(event) ? answers.crash : { status: 200, json: (event as EventObject & { output: unknown }).output },
    (event) => (isCrash(event) ? `${name} 500` : `${name} ✓`),
  );
const PREFS = /\/api\/workspace\/[^/]+\/notifications\/preferences$/;
const loadCall = routed({ method: 'GET', url: PREFS }, 'preferences');
const saveCall = routed({ method: 'PUT', url: PREFS }, 'save');

const card = (ui: Ui, kind: AlertKind) =>
  ui.page.getByRole('list', { name: 'Alerts', exact: true }).getByRole('listitem', { name: ALERTS[kind].label });
const notifySwitch = (ui: Ui, kind: AlertKind) =>
  ui.page.getByRole('switch', { name: `Notify me: ${ALERTS[kind].label}`, exact: true });
const emailSwitch = (ui: Ui, kind: AlertKind) =>
  ui.page.getByRole('switch', { name: `Also by e-mail: ${ALERTS[kind].label}`, exact: true });

const open = async (ui: Ui) => {
  await ui.page.goto(`/workspace/${WORKSPACE}/notifications`);
  await expect(ui.page.getByRole('heading', { level: 1, name: 'Notifications', exact: true })).toBeVisible({
    timeout: 20_000,
  });
};
const input = { workspaceId: WORKSPACE };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

export const notificationPreferencesTable: FlowTable<Ui> = {
  flow: 'notification-preferences',
  machine: notificationPreferencesMachine,
  serialize: (state) => JSON.stringify([state.value, ctx(state).alerts, ctx(state).error !== null]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.editor);
    return { page };
  },
  traversals: [
    // E-mail off for one alert, another alert off (each shown at once, then saved), an app muted and its save failing.
    journey('change', [
      E.loaded,
      E.toggleEmail,
      E.savedEmailOff,
      E.toggleEnabled,
      E.savedSilentOff,
      E.toggleApp,
      E.saveFailed,
    ]),
    // A crashed load (Try again), then the settings.
    journey('load failed', [E.loadFailed, E.retry, E.loaded]),
    // A role that gets no alerts.
    journey('empty', [E.loadedEmpty]),
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    TOGGLE_ENABLED: {
      // By keyboard: the switch takes the focus and Space flips it.
      act: async (ui, event: { kind: AlertKind }) => {
        await notifySwitch(ui, event.kind).focus();
        await ui.page.keyboard.press('Space');
      },
      label: (event: { kind: AlertKind }) => `TOGGLE_ENABLED ${event.kind}`,
    },
    TOGGLE_EMAIL: {
      act: (ui, event: { kind: AlertKind }) => emailSwitch(ui, event.kind).click({ force: true }),
      label: (event: { kind: AlertKind }) => `TOGGLE_EMAIL ${event.kind}`,
    },
    TOGGLE_APP: {
      act: async (ui, event: { kind: AlertKind }) => {
        const apps = card(ui, event.kind).locator('details');
        if ((await apps.getAttribute('open')) === null) await apps.locator('summary').click();
        await apps.getByRole('checkbox', { name: APP_LABEL, exact: true }).click();
      },
      label: (event: { kind: AlertKind; appId: string }) => `TOGGLE_APP ${event.kind} ${event.appId}`,
    },
    'xstate.done.actor.loadPreferences': loadCall,
    'xstate.error.actor.loadPreferences': loadCall,
    'xstate.done.actor.savePreference': saveCall,
    'xstate.error.actor.savePreference': saveCall,
  },
  states: {
    'notificationPreferences.loading': async (ui) => {
      await expect(ui.page.getByText('Loading your notification settings…', { exact: true })).toBeVisible();
    },
    'notificationPreferences.failed': async (ui) => {
      await expect(ui.page.getByRole('alert').filter({ hasText: PREFERENCES_LOAD_FAILED })).toBeVisible();
      await expect(ui.page.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'notificationPreferences.ready': async (ui, state) => {
      const { alerts, saved, error } = ctx(state);
      if (alerts.length === 0) {
        await expect(ui.page.getByRole('heading', { name: 'No alerts for your role', exact: true })).toBeVisible();
        return;
      }
      for (const alert of alerts) {
        await expect(notifySwitch(ui, alert.kind)).toBeChecked({ checked: alert.enabled });
        await expect(emailSwitch(ui, alert.kind)).toHaveCount(alert.enabled ? 1 : 0);
        if (alert.enabled) await expect(emailSwitch(ui, alert.kind)).toBeChecked({ checked: alert.email });
      }
      await expect(ui.page.getByText('Saved.', { exact: true })).toHaveCount(saved ? 1 : 0);
      if (error) await expect(ui.page.getByRole('alert').filter({ hasText: error })).toBeVisible();
      const muted = alerts.find((a) => a.kind === 'quest_capped')?.mutedApps ?? [];
      const details = card(ui, 'quest_capped').locator('details');
      if ((await details.getAttribute('open')) !== null)
        await expect(details.getByRole('checkbox', { name: APP_LABEL, exact: true })).toBeChecked({
          checked: !muted.includes(APP),
        });
    },
    'notificationPreferences.saving': async (ui, state) => {
      const { saving, alerts } = ctx(state);
      await expect(card(ui, saving!)).toHaveAttribute('aria-busy', 'true');
      const alert = alerts.find((a) => a.kind === saving)!;
      await expect(notifySwitch(ui, alert.kind)).toBeChecked({ checked: alert.enabled });
    },
  },
  timeout: 60_000,
};
