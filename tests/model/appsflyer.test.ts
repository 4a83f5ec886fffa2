/**
 * Paths of the AppsFlyer tab machine (src/machines/appsflyer; docs/postbacks.md §Screens and routes AppsFlyer tab, §Partner plugin states AppsFlyer lifecycle: no
 * plugin → Enable Plugin → enabled → Check Status → connected once events arrive; "Disconnect always requires
 * confirmation"): every state reachable; the journey enable → check (no events) → check (a postback arrived) →
 * connected; enable refused / thrown; disconnect cancel, done, refused; the page's SYNC re-sorts.
 */
import { describe, expect, it } from 'vitest';
import { appsflyerMachine, type AppsFlyerInput } from '../../src/machines/appsflyer/appsflyer.machine';
import { selectAppsFlyerView, selectDisconnectConfirm } from '../../src/machines/appsflyer/appsflyer.selectors';
import { checkStatusMachine } from '../../src/machines/check-status/check-status.machine';
import type { MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { SuccessResponse } from '../../src/contracts/integrations';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  live,
  pendingForever,
  pendingMutation,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const none: AppsFlyerInput = { appId: 'dragon-merge-ios', plugin: null };
const waiting = { id: 'af-1', connected: 'waiting_for_events' as const };
const enabledPlugin = { id: 'af-1', source: 'AppsFlyer' as const, connected: 'waiting_for_events' as const };
const outcome = {
  done: { status: 'done', answer: { success: true } } as MutationOutcome<SuccessResponse>,
  refused: { status: 'failed', answer: { success: false }, error: null } as MutationOutcome<SuccessResponse>,
  thrown: { status: 'failed', answer: null, error: apiError(503, 'down') } as MutationOutcome<SuccessResponse>,
};
const model = defineModel(appsflyerMachine, {
  SYNC: [
    { type: 'SYNC', plugin: waiting },
    { type: 'SYNC', plugin: { id: 'af-1', connected: 'connected' } },
    { type: 'SYNC', plugin: null },
    { type: 'SYNC', plugin: { id: 'af-1', connected: 'disconnected' } },
  ],
  ENABLE: { type: 'ENABLE' },
  CHECK: { type: 'CHECK' },
  DISCONNECT: { type: 'DISCONNECT' },
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.enablePlugin': [
    done('enablePlugin', { success: true, plugin: enabledPlugin }),
    done('enablePlugin', { success: false }),
  ],
  'xstate.error.actor.enablePlugin': failed(
    'enablePlugin',
    apiError(500, 'Something went wrong. Please try again later.', 'internal'),
  ),
  'xstate.done.actor.checkStatus': [
    done('checkStatus', { connected: false, eventsReceived: false, lastEventAt: null }),
    done('checkStatus', { connected: true, eventsReceived: true, lastEventAt: 1_700_000_000_000 }),
  ],
  'xstate.error.actor.checkStatus': failed('checkStatus', new Error('the child broke')),
  'xstate.done.actor.disconnect': [
    done('disconnect', outcome.done),
    done('disconnect', outcome.refused),
    done('disconnect', outcome.thrown),
  ],
  'xstate.error.actor.disconnect': failed('disconnect', new Error('the child broke')),
});
const ev = {
  syncWaiting: fixture(model, 'SYNC', 0),
  syncConnected: fixture(model, 'SYNC', 1),
  syncNone: fixture(model, 'SYNC', 2),
  syncDisconnected: fixture(model, 'SYNC', 3),
  enable: fixture(model, 'ENABLE'),
  check: fixture(model, 'CHECK'),
  disconnect: fixture(model, 'DISCONNECT'),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  enabled: fixture(model, 'xstate.done.actor.enablePlugin', 0),
  enableRefused: fixture(model, 'xstate.done.actor.enablePlugin', 1),
  enableThrown: fixture(model, 'xstate.error.actor.enablePlugin'),
  noEvents: fixture(model, 'xstate.done.actor.checkStatus', 0),
  nowConnected: fixture(model, 'xstate.done.actor.checkStatus', 1),
  checkBroke: fixture(model, 'xstate.error.actor.checkStatus'),
  disconnected: fixture(model, 'xstate.done.actor.disconnect', 0),
  disconnectRefused: fixture(model, 'xstate.done.actor.disconnect', 1),
  disconnectThrown: fixture(model, 'xstate.done.actor.disconnect', 2),
};
const pending = appsflyerMachine.provide({
  actors: {
    enablePlugin: pendingForever(),
    checkStatus: checkStatusMachine.provide({ actors: { checkPluginStatus: pendingForever() } }),
    disconnect: pendingMutation(),
  },
});
const start = (input: AppsFlyerInput) => live(pending, { input, spies: ['notify', 'changed', 'logError'] });

describe('appsflyer machine paths', () => {
  it('reaches every state node (sorting is transient)', () => {
    expect(
      unreachedStateNodeIds(appsflyerMachine, shortestPaths(appsflyerMachine, model.events, { input: none }), [
        'appsflyer.sorting',
      ]),
    ).toEqual([]);
  });

  it('sorts by the plugin the page knows: none or disconnected → no plugin; waiting → enabled; connected → connected', () => {
    expect(start(none).actor.getSnapshot().value).toBe('noPlugin');
    expect(start({ ...none, plugin: { id: 'af-1', connected: 'disconnected' } }).actor.getSnapshot().value).toBe(
      'noPlugin',
    );
    expect(start({ ...none, plugin: waiting }).actor.getSnapshot().value).toBe('enabled');
    const connected = start({ ...none, plugin: { id: 'af-1', connected: 'connected' } });
    expect(connected.actor.getSnapshot().value).toBe('connected');
    expect(connected.send(ev.syncNone).value).toBe('noPlugin');
  });

  it('the journey: Enable Plugin → Check Status (no events yet) → a postback arrives → Check Status → connected', () => {
    const { actor, send, spies, notices } = start(none);
    expect(selectAppsFlyerView(actor.getSnapshot())).toMatchObject({
      guide: true,
      enabled: false,
      enableLabel: 'Enable Plugin',
    });
    send(ev.enable);
    expect(selectAppsFlyerView(actor.getSnapshot())).toMatchObject({
      enableLabel: 'Enabling Plugin...',
      enableBusy: true,
    });
    send(ev.enabled);
    expect(actor.getSnapshot().value).toBe('enabled');
    expect(selectAppsFlyerView(actor.getSnapshot())).toMatchObject({
      guide: true,
      enabled: true,
      enableLabel: 'Plugin Enabled',
    });
    expect(spies.changed.mock.calls).toEqual([[{ appId: 'dragon-merge-ios' }]]);
    send(ev.check);
    expect(selectAppsFlyerView(actor.getSnapshot()).checking).toBe(true);
    expect(
      (actor.getSnapshot().children.checkStatus!.getSnapshot() as { context: { pluginId: string; connected: boolean } })
        .context,
    ).toMatchObject({ pluginId: 'af-1', connected: false, source: 'AppsFlyer' });
    send(ev.noEvents);
    expect(actor.getSnapshot().value).toBe('enabled');
    send(ev.check, ev.nowConnected);
    expect(actor.getSnapshot().value).toBe('connected');
    expect(actor.getSnapshot().context.lastCheck).toEqual({
      connected: true,
      eventsReceived: true,
      lastEventAt: 1_700_000_000_000,
    });
    expect(selectAppsFlyerView(actor.getSnapshot())).toMatchObject({ guide: false, connected: true });
    expect(notices()).toEqual(['AppsFlyer plugin enabled.']);
  });

  it('enable refused or thrown: back to no plugin with the error', () => {
    let run = start(none);
    run.send(ev.enable, ev.enableRefused);
    expect(run.actor.getSnapshot().value).toBe('noPlugin');
    expect(run.notices()).toEqual(['Failed to enable the AppsFlyer plugin.']);
    run = start(none);
    run.send(ev.enable, ev.enableThrown);
    expect(run.notices()).toEqual(['Failed to enable the AppsFlyer plugin.']);
    expect(run.spies.logError).toHaveBeenCalledTimes(1);
  });

  it('a broken check goes back to enabled (logged)', () => {
    const run = start({ ...none, plugin: waiting });
    run.send(ev.check, ev.checkBroke);
    expect(run.actor.getSnapshot().value).toBe('enabled');
    expect(run.spies.logError).toHaveBeenCalledTimes(1);
  });

  it('disconnect asks first: cancel keeps it connected; confirm disconnects; a failure says so', () => {
    const connected = { ...none, plugin: { id: 'af-1', connected: 'connected' as const } };
    let run = start(connected);
    run.send(ev.disconnect);
    expect(selectDisconnectConfirm(run.actor.getSnapshot())).toEqual({
      open: true,
      busy: false,
      title: 'Disconnect Plugin?',
      message: 'Are you sure you want to disconnect AppsFlyer plugin?',
      confirmLabel: 'Disconnect',
    });
    expect(run.send(ev.cancel).value).toBe('connected');
    run.send(ev.disconnect, ev.confirm);
    expect(selectDisconnectConfirm(run.actor.getSnapshot()).busy).toBe(true);
    expect(run.send(ev.disconnected).value).toBe('noPlugin');
    expect(run.notices()).toEqual(['AppsFlyer disconnected.']);
    expect(run.spies.changed).toHaveBeenCalledTimes(1);
    run = start(connected);
    run.send(ev.disconnect, ev.confirm, ev.disconnectRefused);
    expect(run.actor.getSnapshot().value).toBe('connected');
    run.send(ev.disconnect, ev.confirm, ev.disconnectThrown);
    expect(run.notices()).toEqual(['Failed to disconnect AppsFlyer.', 'Failed to disconnect AppsFlyer.']);
    expect(run.spies.logError).toHaveBeenCalledTimes(1);
  });
});
