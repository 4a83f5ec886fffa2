/**
 * Paths of the report-subscription machine (src/machines/report-subscription; docs/notifications.md §Subscriptions):
 * every state reachable; the list loads (or fails, with Try again); a new subscription's draft is checked as the
 * server checks it before SAVE leaves the dialog; a refused save keeps the dialog with the server's words, a crash
 * with ours; CLOSE (Escape) drops the draft; pause / resume and delete change the list, a failure keeps it.
 */
import { describe, expect, it } from 'vitest';
import {
  LOAD_FAILED,
  SAVE_FAILED,
  reportSubscriptionMachine,
} from '../../src/machines/report-subscription/report-subscription.machine';
import {
  selectSubscriptionDialog,
  selectSubscriptions,
} from '../../src/machines/report-subscription/report-subscription.selectors';
import type { Subscription } from '../../src/contracts/report-subscriptions';
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

const INPUT = {
  workspaceId: 'demo-studio',
  target: { kind: 'report' as const, appId: 'app', id: 'r1', title: 'Daily players' },
};
const sub = (id: string, patch: Partial<Subscription> = {}): Subscription => ({
  id,
  target: { kind: 'report', appId: 'app', id: 'r1' },
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

const model = defineModel(reportSubscriptionMachine, {
  RETRY: { type: 'RETRY' },
  OPEN: [{ type: 'OPEN' }, { type: 'OPEN', id: 's1' }],
  CLOSE: { type: 'CLOSE' },
  CHANGE: [
    { type: 'CHANGE', patch: { frequency: 'weekly', weekday: 2, hour: 17, timeZone: 'Europe/Berlin' } },
    { type: 'CHANGE', patch: { email: false } },
  ],
  SAVE: { type: 'SAVE' },
  PAUSE: [
    { type: 'PAUSE', id: 's1', paused: true },
    { type: 'PAUSE', id: 's1', paused: false },
  ],
  DELETE: { type: 'DELETE', id: 's1' },
  'xstate.done.actor.loadSubscriptions': done('loadSubscriptions', {
    success: true as const,
    subscriptions: [sub('s1')],
    webhooks: [],
  }),
  'xstate.error.actor.loadSubscriptions': failed('loadSubscriptions', new TypeError('Failed to fetch')),
  'xstate.done.actor.saveSubscription': done('saveSubscription', {
    success: true as const,
    subscription: sub('s2', { frequency: 'weekly', weekday: 2, hour: 17, timeZone: 'Europe/Berlin' }),
  }),
  'xstate.error.actor.saveSubscription': [
    failed('saveSubscription', apiError(400, 'The time zone must be an IANA name, like Europe/Berlin or UTC.')),
    failed('saveSubscription', serverCrash()),
  ],
  'xstate.done.actor.toggleSubscription': done('toggleSubscription', {
    success: true as const,
    subscription: sub('s1', { paused: true, nextRunAt: null }),
  }),
  'xstate.error.actor.toggleSubscription': failed('toggleSubscription', serverCrash()),
  'xstate.done.actor.deleteSubscription': done('deleteSubscription', {
    success: true as const,
    subscriptions: [],
    webhooks: [],
  }),
  'xstate.error.actor.deleteSubscription': failed('deleteSubscription', serverCrash()),
});
const ev = {
  retry: fixture(model, 'RETRY'),
  open: fixture(model, 'OPEN', 0),
  edit: fixture(model, 'OPEN', 1),
  close: fixture(model, 'CLOSE'),
  weekly: fixture(model, 'CHANGE', 0),
  noEmail: fixture(model, 'CHANGE', 1),
  save: fixture(model, 'SAVE'),
  pause: fixture(model, 'PAUSE', 0),
  remove: fixture(model, 'DELETE'),
  loaded: fixture(model, 'xstate.done.actor.loadSubscriptions'),
  loadFailed: fixture(model, 'xstate.error.actor.loadSubscriptions'),
  saved: fixture(model, 'xstate.done.actor.saveSubscription'),
  refused: fixture(model, 'xstate.error.actor.saveSubscription', 0),
  crashed: fixture(model, 'xstate.error.actor.saveSubscription', 1),
  paused: fixture(model, 'xstate.done.actor.toggleSubscription'),
  pauseFailed: fixture(model, 'xstate.error.actor.toggleSubscription'),
  deleted: fixture(model, 'xstate.done.actor.deleteSubscription'),
  deleteFailed: fixture(model, 'xstate.error.actor.deleteSubscription'),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(reportSubscriptionMachine, events, INPUT);

describe('report-subscription machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(reportSubscriptionMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.subscriptions.length, s.context.draft?.email]),
    });
    expect(unreachedStateNodeIds(reportSubscriptionMachine, paths)).toEqual([]);
  });

  it('loads the list; a failed load offers Try again', () => {
    expect(selectSubscriptions(path([ev.loaded]).state)?.items.map((i) => i.schedule)).toEqual([
      'Daily at 08:00 (UTC)',
    ]);
    const broken = path([ev.loadFailed]).state;
    expect(selectSubscriptions(broken)).toMatchObject({ phase: 'failed', error: LOAD_FAILED });
    expect(LOAD_FAILED).toBe('Your subscriptions could not be loaded.');
    expect(path([ev.loadFailed, ev.retry, ev.loaded]).state.matches('ready')).toBe(true);
  });

  it('checks the draft before saving, saves and closes', () => {
    const noChannel = path([ev.loaded, ev.open, ev.noEmail, ev.save]).state;
    expect(noChannel.matches({ ready: 'editing' })).toBe(true);
    expect(selectSubscriptionDialog(noChannel)?.error).toBe('Choose at least one channel: e-mail or a webhook.');
    const saving = path([ev.loaded, ev.open, ev.weekly, ev.save]).state;
    expect(saving.matches({ ready: 'saving' })).toBe(true);
    expect(saving.context.draft).toMatchObject({
      frequency: 'weekly',
      weekday: 2,
      hour: 17,
      timeZone: 'Europe/Berlin',
    });
    const saved = path([ev.loaded, ev.open, ev.weekly, ev.save, ev.saved]).state;
    expect(selectSubscriptionDialog(saved)?.open).toBe(false);
    expect(selectSubscriptions(saved)?.items.map((i) => i.schedule)).toEqual([
      'Daily at 08:00 (UTC)',
      'Weekly on Wednesday at 17:00 (Europe/Berlin)',
    ]);
    // Editing starts from the subscription as it is.
    expect(path([ev.loaded, ev.edit]).state.context.draft).toMatchObject({ id: 's1', hour: 8, frequency: 'daily' });
  });

  it("a refused save keeps the dialog with the server's words, a crash with ours; CLOSE drops the draft", () => {
    const refused = path([ev.loaded, ev.open, ev.save, ev.refused]).state;
    expect(selectSubscriptionDialog(refused)?.error).toBe(
      'The time zone must be an IANA name, like Europe/Berlin or UTC.',
    );
    const crashed = selectSubscriptionDialog(path([ev.loaded, ev.open, ev.save, ev.crashed]).state);
    expect(crashed).toMatchObject({ open: true, error: 'The subscription could not be saved. Please try again.' });
    expect(SAVE_FAILED).toBe('The subscription could not be saved. Please try again.');
    const closed = path([ev.loaded, ev.open, ev.close]).state;
    expect(selectSubscriptionDialog(closed)?.open).toBe(false);
    expect(closed.context.draft).toBeNull();
  });

  it('pauses and deletes; a failure keeps the list with an error', () => {
    expect(selectSubscriptions(path([ev.loaded, ev.pause, ev.paused]).state)?.items[0]?.paused).toBe(true);
    expect(path([ev.loaded, ev.pause]).state.context).toMatchObject({ busyId: 's1', pausing: true });
    const pauseFailed = selectSubscriptions(path([ev.loaded, ev.pause, ev.pauseFailed]).state);
    expect(pauseFailed?.items[0]?.paused).toBe(false);
    expect(pauseFailed?.error).toBeTruthy();
    expect(selectSubscriptions(path([ev.loaded, ev.remove, ev.deleted]).state)?.items).toEqual([]);
    expect(selectSubscriptions(path([ev.loaded, ev.remove, ev.deleteFailed]).state)?.items).toHaveLength(1);
  });
});
