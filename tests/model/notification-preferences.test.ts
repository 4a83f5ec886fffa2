/**
 * Paths of the notification settings' machine (src/machines/notification-preferences): every state reachable; the
 * settings load (or fail with Try again); each switch (the alert, its e-mail, one app) shows at once and is saved,
 * the server's answer kept; a failed save puts the setting back and says why; a change while one saves is ignored;
 * an empty list (a viewer's) is its own view, not an error.
 */
import { describe, expect, it } from 'vitest';
import {
  notificationPreferencesMachine,
  PREFERENCE_SAVE_FAILED,
  PREFERENCES_LOAD_FAILED,
} from '../../src/machines/notification-preferences/notification-preferences.machine';
import { selectNotificationPreferences } from '../../src/machines/notification-preferences/notification-preferences.selectors';
import type { AlertPreference, AlertPreferences } from '../../src/contracts/notifications';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio' };
const APP = 'dragon-merge-ios';
const alerts: AlertPreference[] = [
  { kind: 'quest_capped', enabled: true, email: true, mutedApps: [], deliveryFailing: false },
  { kind: 'source_silent', enabled: true, email: true, mutedApps: [], deliveryFailing: false },
  { kind: 'process_failed', enabled: true, email: true, mutedApps: [], deliveryFailing: false },
];
const answer = (list: AlertPreference[]): AlertPreferences => ({ success: true, alerts: list });
const saved = answer(alerts.map((a) => (a.kind === 'quest_capped' ? { ...a, email: false } : a)));

const model = defineModel(notificationPreferencesMachine, {
  RETRY: { type: 'RETRY' },
  TOGGLE_ENABLED: { type: 'TOGGLE_ENABLED', kind: 'source_silent' },
  TOGGLE_EMAIL: { type: 'TOGGLE_EMAIL', kind: 'quest_capped' },
  TOGGLE_APP: { type: 'TOGGLE_APP', kind: 'quest_capped', appId: APP },
  'xstate.done.actor.loadPreferences': [done('loadPreferences', answer(alerts)), done('loadPreferences', answer([]))],
  'xstate.error.actor.loadPreferences': failed('loadPreferences', new TypeError('Failed to fetch')),
  'xstate.done.actor.savePreference': done('savePreference', saved),
  'xstate.error.actor.savePreference': [
    failed('savePreference', serverCrash()),
    failed('savePreference', apiError(400, 'mutedApps names an app of another workspace.', 'invalid')),
  ],
});
const ev = {
  retry: fixture(model, 'RETRY'),
  toggleEnabled: fixture(model, 'TOGGLE_ENABLED'),
  toggleEmail: fixture(model, 'TOGGLE_EMAIL'),
  toggleApp: fixture(model, 'TOGGLE_APP'),
  loaded: fixture(model, 'xstate.done.actor.loadPreferences', 0),
  loadedEmpty: fixture(model, 'xstate.done.actor.loadPreferences', 1),
  loadFailed: fixture(model, 'xstate.error.actor.loadPreferences'),
  saved: fixture(model, 'xstate.done.actor.savePreference'),
  saveCrashed: fixture(model, 'xstate.error.actor.savePreference', 0),
  saveRefused: fixture(model, 'xstate.error.actor.savePreference', 1),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(notificationPreferencesMachine, events, INPUT);
const view = (events: Parameters<typeof pathOf>[1]) => selectNotificationPreferences(path(events).state);

describe('notification preferences machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(notificationPreferencesMachine, model.events, { input: INPUT });
    expect(unreachedStateNodeIds(notificationPreferencesMachine, paths)).toEqual([]);
  });

  it('loads the alerts with their words; a failed load offers Try again', () => {
    const ready = view([ev.loaded]);
    expect(ready).toMatchObject({ loading: false, ready: true, empty: false, saved: false, error: null });
    expect(ready.alerts.map((a) => a.label)).toEqual([
      'Quest reached its daily cap',
      'Source went silent',
      'Process Data failed',
    ]);
    expect(ready.alerts[0]).toMatchObject({ perApp: true, enabled: true, email: true, saving: false });
    expect(view([])).toMatchObject({ loading: true, ready: false });
    const failedLoad = view([ev.loadFailed]);
    expect(failedLoad).toMatchObject({ failed: true, error: PREFERENCES_LOAD_FAILED });
    expect(failedLoad.error).toBe('We could not load your notification settings. Please try again.');
    expect(path([ev.loadFailed, ev.retry, ev.loaded]).state.matches('ready')).toBe(true);
  });

  it('an empty list (a viewer) is its own view, not an error', () => {
    expect(view([ev.loadedEmpty])).toMatchObject({ empty: true, ready: true, error: null, alerts: [] });
  });

  it('a switch shows at once and is saved; the server’s answer is kept and the page says Saved', () => {
    const saving = path([ev.loaded, ev.toggleEmail]);
    expect(saving.state.matches('saving')).toBe(true);
    const during = selectNotificationPreferences(saving.state);
    expect(during).toMatchObject({ busy: true, saved: false });
    expect(during.alerts[0]).toMatchObject({ email: false, saving: true });
    expect(saving.state.context.saving).toBe('quest_capped');
    const after = view([ev.loaded, ev.toggleEmail, ev.saved]);
    expect(after).toMatchObject({ busy: false, saved: true, error: null });
    expect(after.alerts[0]).toMatchObject({ email: false, saving: false });

    const off = path([ev.loaded, ev.toggleEnabled]).state.context.alerts;
    expect(off.find((a: AlertPreference) => a.kind === 'source_silent')!.enabled).toBe(false);
    const muted = path([ev.loaded, ev.toggleApp]).state.context.alerts;
    expect(muted[0]!.mutedApps).toEqual([APP]);
  });

  it('a failed save puts the setting back and says why (the server’s words, else ours)', () => {
    const crashed = view([ev.loaded, ev.toggleApp, ev.saveCrashed]);
    expect(crashed.alerts[0]!.mutedApps).toEqual([]);
    expect(crashed).toMatchObject({ busy: false, saved: false });
    expect(crashed.error).toBe('We could not save that setting. Please try again.');
    const refused = view([ev.loaded, ev.toggleApp, ev.saveRefused]);
    expect(refused.error).toBe('mutedApps names an app of another workspace.');
    expect(crashed.error).toBe(PREFERENCE_SAVE_FAILED);
  });

  it('a change while one is saving is ignored', () => {
    const saving = path([ev.loaded, ev.toggleEmail]).state;
    expect(saving.can(ev.toggleEnabled)).toBe(false);
    expect(saving.can(ev.toggleApp)).toBe(false);
  });
});
