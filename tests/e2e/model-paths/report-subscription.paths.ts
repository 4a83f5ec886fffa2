/**
 * The report-subscription table (src/machines/report-subscription, src/views/notifications/SubscribeDialog.tsx;
 * docs/notifications.md §Subscriptions): each event → what the person does in the "Subscriptions" section of
 * /workspace/{id}/notifications (Edit opens the same dialog as "Subscribe…" on a report or dashboard), each state →
 * what the section and the dialog show. The subscription calls are routed with the machine's own answers (a refusal
 * in the server's words is a 400 ApiError); the real schedules and digests are tested in
 * tests/server/report-subscriptions.test.ts.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  LOAD_FAILED,
  reportSubscriptionMachine,
  type Draft,
  type ReportSubscriptionContext,
} from '../../../src/machines/report-subscription/report-subscription.machine';
import { scheduleText, type Subscription } from '../../../src/contracts/report-subscriptions';
import { ApiError } from '../../../src/services/http';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const sub = (id: string, patch: Partial<Subscription> = {}): Subscription => ({
  id,
  target: { kind: 'report', appId: 'dragon-merge-android', id: 'r1' },
  title: 'Daily players',
  frequency: 'daily',
  hour: 8,
  weekday: null,
  timeZone: 'UTC',
  email: true,
  webhookId: null,
  paused: false,
  nextRunAt: '2026-07-01T08:00:00.000Z',
  lastSentAt: null,
  createdAt: '2026-06-30T08:00:00.000Z',
  deliveryFailing: false,
  ...patch,
});
const REFUSED = 'The time zone must be an IANA name, like Europe/Berlin or UTC.';

const E = {
  retry: { type: 'RETRY' },
  edit: { type: 'OPEN', id: 's1' },
  close: { type: 'CLOSE' },
  weekly: { type: 'CHANGE', patch: { frequency: 'weekly', weekday: 2, hour: 17 } },
  noEmail: { type: 'CHANGE', patch: { email: false } },
  save: { type: 'SAVE' },
  pause: { type: 'PAUSE', id: 's1', paused: true },
  remove: { type: 'DELETE', id: 's1' },
  loaded: doneEvent('loadSubscriptions', { success: true, subscriptions: [sub('s1')], webhooks: [] }),
  loadFailed: crashEvent('loadSubscriptions'),
  saved: doneEvent('saveSubscription', {
    success: true,
    subscription: sub('s1', { frequency: 'weekly', weekday: 2, hour: 17 }),
  }),
  refused: {
    type: 'xstate.error.actor.saveSubscription',
    error: new ApiError(400, REFUSED, 'bad_request'),
    actorId: 'saveSubscription',
  } as EventObject,
  crashed: crashEvent('saveSubscription'),
  paused: doneEvent('toggleSubscription', {
    success: true,
    subscription: sub('s1', { paused: true, nextRunAt: null }),
  }),
  pauseFailed: crashEvent('toggleSubscription'),
  deleted: doneEvent('deleteSubscription', { success: true, subscriptions: [], webhooks: [] }),
  deleteFailed: crashEvent('deleteSubscription'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as ReportSubscriptionContext;
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;
const routed = (method: string, url: RegExp, name: string): EventEntry<Ui> =>
  outcome<Ui>(
    { method, url },
    (event) => {
      const error = errorOf(event);
      if (error instanceof ApiError)
        return { status: error.status, json: { success: false, message: error.message, code: error.code } };
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      return { status: 200, json: (event as EventObject & { output: unknown }).output };
    },
    (event) => (event.type.startsWith('xstate.error.') ? `${name} refused` : `${name} ✓`),
  );
const SUBS = '/api/workspace/[^/]+/notifications/subscriptions';
const listCall = routed('GET', new RegExp(`${SUBS}(\\?.*)?$`), 'list');
const saveCall = routed('PUT', new RegExp(`${SUBS}/[^/?]+$`), 'save');
const toggleCall = routed('PUT', new RegExp(`${SUBS}/[^/?]+$`), 'pause');
const deleteCall = routed('DELETE', new RegExp(`${SUBS}/[^/?]+$`), 'delete');

const section = (ui: Ui) => ui.page.getByRole('region', { name: 'Subscriptions', exact: true });
const dialog = (ui: Ui) => ui.page.getByRole('dialog');
const open = async (ui: Ui) => {
  await ui.page.goto(`/workspace/${WORKSPACE}/notifications`);
  await expect(section(ui).getByRole('heading', { level: 2, name: 'Subscriptions', exact: true })).toBeVisible({
    timeout: 20_000,
  });
};
const input = { workspaceId: WORKSPACE, target: null };
const journey = (name: string, events: EventObject[]) => ({ name, kind: 'journey' as const, input, open, events });

async function fill(ui: Ui, patch: Partial<Draft>) {
  const d = dialog(ui);
  if (patch.frequency) await d.getByRole('radio', { name: patch.frequency === 'weekly' ? 'Weekly' : 'Daily' }).check();
  if (patch.weekday !== undefined) await d.getByLabel('Day', { exact: true }).selectOption(String(patch.weekday));
  if (patch.hour !== undefined) await d.getByLabel('Hour', { exact: true }).selectOption(String(patch.hour));
  if (patch.email !== undefined) await d.getByRole('checkbox', { name: 'E-mail (to you)' }).setChecked(patch.email);
}

export const reportSubscriptionTable: FlowTable<Ui> = {
  flow: 'report-subscription',
  machine: reportSubscriptionMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).subscriptions.length, ctx(state).draft?.email, ctx(state).error !== null]),
  async setup(page) {
    await signInOnce(page, DEMO_ACCOUNTS.viewer);
    return { page };
  },
  traversals: [
    // Edit: no channel is refused in the dialog, then weekly on Wednesday at 17:00, refused by the server, a crash,
    // closed with Escape, edited again and saved.
    journey('edit', [
      E.loaded,
      E.edit,
      E.noEmail,
      E.save,
      E.close,
      E.edit,
      E.weekly,
      E.save,
      E.refused,
      E.save,
      E.crashed,
      E.close,
      E.edit,
      E.weekly,
      E.save,
      E.saved,
    ]),
    // Pause failing once, then paused; delete failing once, then deleted (the empty state).
    journey('pause and delete', [
      E.loaded,
      E.pause,
      E.pauseFailed,
      E.pause,
      E.paused,
      E.remove,
      E.deleteFailed,
      E.remove,
      E.deleted,
    ]),
    // A crashed load (Try again), then the list.
    journey('load failed', [E.loadFailed, E.retry, E.loaded]),
  ],
  events: {
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again', exact: true }).click() },
    OPEN: { act: (ui) => section(ui).getByRole('button', { name: 'Edit Daily players', exact: true }).click() },
    CLOSE: { act: (ui) => ui.page.keyboard.press('Escape') },
    CHANGE: {
      act: (ui, event: { patch: Partial<Draft> }) => fill(ui, event.patch),
      label: (event: { patch: Partial<Draft> }) => `CHANGE ${Object.keys(event.patch).join(',')}`,
    },
    SAVE: { act: (ui) => dialog(ui).getByRole('button', { name: 'Save', exact: true }).click() },
    PAUSE: { act: (ui) => section(ui).getByRole('button', { name: 'Pause Daily players', exact: true }).click() },
    DELETE: { act: (ui) => section(ui).getByRole('button', { name: 'Delete Daily players', exact: true }).click() },
    'xstate.done.actor.loadSubscriptions': listCall,
    'xstate.error.actor.loadSubscriptions': listCall,
    'xstate.done.actor.saveSubscription': saveCall,
    'xstate.error.actor.saveSubscription': saveCall,
    'xstate.done.actor.toggleSubscription': toggleCall,
    'xstate.error.actor.toggleSubscription': toggleCall,
    'xstate.done.actor.deleteSubscription': deleteCall,
    'xstate.error.actor.deleteSubscription': deleteCall,
  },
  states: {
    'reportSubscription.loading': async (ui) => {
      await expect(section(ui).getByText('Loading subscriptions…', { exact: true })).toBeVisible();
    },
    'reportSubscription.failed': async (ui) => {
      await expect(section(ui).getByRole('alert').filter({ hasText: LOAD_FAILED })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'reportSubscription.ready.idle': async (ui, state) => {
      const { subscriptions, error } = ctx(state);
      await expect(dialog(ui)).toHaveCount(0);
      if (subscriptions.length === 0)
        await expect(section(ui).getByText('You have no subscriptions yet.', { exact: true })).toBeVisible();
      for (const s of subscriptions) {
        await expect(section(ui).getByText(new RegExp(`^${scheduleText(s).replace(/[()]/g, '\\$&')}`))).toBeVisible();
        await expect(
          section(ui).getByRole('button', { name: `${s.paused ? 'Resume' : 'Pause'} ${s.title}`, exact: true }),
        ).toBeEnabled();
      }
      if (error) await expect(section(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    'reportSubscription.ready.editing': async (ui, state) => {
      const { draft, error } = ctx(state);
      await expect(dialog(ui).getByRole('heading', { name: 'Edit subscription' })).toBeVisible();
      await expect(dialog(ui).getByLabel('Hour', { exact: true })).toHaveValue(String(draft!.hour));
      await expect(dialog(ui).getByRole('radio', { name: 'Weekly' })).toBeChecked({
        checked: draft!.frequency === 'weekly',
      });
      if (draft!.frequency === 'weekly')
        await expect(dialog(ui).getByLabel('Day', { exact: true })).toHaveValue(String(draft!.weekday));
      await expect(dialog(ui).getByRole('checkbox', { name: 'E-mail (to you)' })).toBeChecked({
        checked: draft!.email,
      });
      if (error) await expect(dialog(ui).getByRole('alert')).toHaveText(error);
    },
    'reportSubscription.ready.saving': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Saving…', exact: true })).toBeDisabled();
    },
    'reportSubscription.ready.toggling': async (ui) => {
      await expect(section(ui).getByRole('button', { name: /^(Pause|Resume) Daily players$/ })).toBeDisabled();
    },
    'reportSubscription.ready.removing': async (ui) => {
      await expect(section(ui).getByRole('button', { name: 'Delete Daily players', exact: true })).toBeDisabled();
    },
  },
  timeout: 90_000,
};
