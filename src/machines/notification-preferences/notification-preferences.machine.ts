/**
 * The person's notification settings in a workspace (docs/notifications.md §Preferences): the alerts of the registry
 * their role gets, each on or off, by e-mail or not, and (per-app alerts) off for some apps. Each change is saved at
 * once, shown before the server answers and undone with its message when the save fails.
 *
 *   loading ─┬─ alerts ──► ready ─TOGGLE_ENABLED | TOGGLE_EMAIL | TOGGLE_APP─► saving ─┬─ saved ──► ready (Saved)
 *            └─ thrown ──► failed ─RETRY─► loading                                      └─ thrown ─► ready (undone, message)
 *
 * A change while one is saving is ignored (the page disables the switches meanwhile). The calls come from
 * notification-preferences.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { AlertKind, AlertPreference, AlertPreferences } from '../../contracts/notifications';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

/** docs/notifications.md §Messages (ours). */
export const PREFERENCES_LOAD_FAILED = 'We could not load your notification settings. Please try again.';
export const PREFERENCE_SAVE_FAILED = 'We could not save that setting. Please try again.';

export interface NotificationPreferencesInput {
  workspaceId: string;
}
export interface NotificationPreferencesContext {
  workspaceId: string;
  alerts: AlertPreference[];
  /** The settings before the change being saved (put back when it fails). */
  previous: AlertPreference[] | null;
  /** The alert being saved. */
  saving: AlertKind | null;
  /** The last change was saved (the page says so). */
  saved: boolean;
  error: string | null;
}
export type NotificationPreferencesEvent =
  | { type: 'RETRY' }
  | { type: 'TOGGLE_ENABLED'; kind: AlertKind }
  | { type: 'TOGGLE_EMAIL'; kind: AlertKind }
  | { type: 'TOGGLE_APP'; kind: AlertKind; appId: string };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

/** The alert's setting after the event. */
function changed(alert: AlertPreference, event: NotificationPreferencesEvent): AlertPreference {
  switch (event.type) {
    case 'TOGGLE_ENABLED':
      return { ...alert, enabled: !alert.enabled };
    case 'TOGGLE_EMAIL':
      return { ...alert, email: !alert.email };
    case 'TOGGLE_APP':
      return {
        ...alert,
        mutedApps: alert.mutedApps.includes(event.appId)
          ? alert.mutedApps.filter((id) => id !== event.appId)
          : [...alert.mutedApps, event.appId],
      };
    default:
      return alert;
  }
}

export const notificationPreferencesMachine = setup({
  types: {
    context: {} as NotificationPreferencesContext,
    events: {} as NotificationPreferencesEvent,
    input: {} as NotificationPreferencesInput,
  },
  actors: {
    loadPreferences: toProvide<AlertPreferences, { workspaceId: string }>('loadPreferences'),
    savePreference: toProvide<AlertPreferences, { workspaceId: string; preference: AlertPreference }>('savePreference'),
  },
  actions: {
    /** The change shown at once; the settings before it kept to put back if the save fails. */
    change: assign(({ context, event }) => {
      if (event.type === 'RETRY') return {};
      return {
        previous: context.alerts,
        alerts: context.alerts.map((alert) => (alert.kind === event.kind ? changed(alert, event) : alert)),
        saving: event.kind,
        saved: false,
        error: null,
      };
    }),
  },
  guards: {
    knownAlert: ({ context, event }) =>
      event.type !== 'RETRY' && context.alerts.some((alert) => alert.kind === event.kind),
  },
}).createMachine({
  id: 'notificationPreferences',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    alerts: [],
    previous: null,
    saving: null,
    saved: false,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        input: ({ context }) => ({ workspaceId: context.workspaceId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ alerts: event.output.alerts, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, PREFERENCES_LOAD_FAILED) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        TOGGLE_ENABLED: { guard: 'knownAlert', target: 'saving', actions: 'change' },
        TOGGLE_EMAIL: { guard: 'knownAlert', target: 'saving', actions: 'change' },
        TOGGLE_APP: { guard: 'knownAlert', target: 'saving', actions: 'change' },
      },
    },
    saving: {
      invoke: {
        id: 'savePreference',
        src: 'savePreference',
        input: ({ context }) => ({
          workspaceId: context.workspaceId,
          preference: context.alerts.find((alert) => alert.kind === context.saving)!,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ alerts: event.output.alerts, previous: null, saving: null, saved: true })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            alerts: context.previous ?? context.alerts,
            previous: null,
            saving: null,
            error: wordsOf(event.error, PREFERENCE_SAVE_FAILED),
          })),
        },
      },
    },
  },
});
