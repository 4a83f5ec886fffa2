/**
 * Paths of the check-status machine (src/machines/check-status; docs/postbacks.md §Partner plugin states Check Status, §Messages "Can't check status of
 * AppsFlyer plugin!", §Rules and limits 6000 ms on error / 10000 ms on success): every state reachable; not connected → the status is
 * fetched, and when now connected the plugins reload and 'AppsFlyer connected successfully' shows for 10 s; already
 * connected: AppsFlyer does nothing, Adjust reloads the event schemas; refused and thrown → the error for 6 s.
 */
import { describe, expect, it } from 'vitest';
import { checkStatusMachine, type CheckStatusInput } from '../../src/machines/check-status/check-status.machine';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  live,
  pendingForever,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const waiting: CheckStatusInput = { appId: 'app-1', pluginId: 'plugin-1', source: 'AppsFlyer', connected: false };
const model = defineModel(checkStatusMachine, {
  'xstate.done.actor.checkPluginStatus': [
    done('checkPluginStatus', {
      success: true,
      plugin: { connected: 'connected' as const },
      eventsReceived: true,
      lastEventAt: 1_700_000_000_000,
    }),
    done('checkPluginStatus', {
      success: true,
      plugin: { connected: 'waiting_for_events' as const },
      eventsReceived: false,
      lastEventAt: null,
    }),
    done('checkPluginStatus', { success: false }),
  ],
  'xstate.error.actor.checkPluginStatus': failed(
    'checkPluginStatus',
    apiError(500, 'Something went wrong. Please try again later.', 'internal'),
  ),
});
const ev = {
  nowConnected: fixture(model, 'xstate.done.actor.checkPluginStatus', 0),
  stillWaiting: fixture(model, 'xstate.done.actor.checkPluginStatus', 1),
  refused: fixture(model, 'xstate.done.actor.checkPluginStatus', 2),
  thrown: fixture(model, 'xstate.error.actor.checkPluginStatus'),
};
const SPIES = ['notify', 'reloadPlugins', 'reloadEventSchemas', 'logError'] as const;
const start = (input: CheckStatusInput) =>
  live(checkStatusMachine.provide({ actors: { checkPluginStatus: pendingForever() } }), { input, spies: SPIES });

describe('check-status machine paths', () => {
  it('reaches every state node (deciding is transient: it always moves on at once)', () => {
    expect(
      unreachedStateNodeIds(checkStatusMachine, shortestPaths(checkStatusMachine, model.events, { input: waiting }), [
        'checkStatus.deciding',
      ]),
    ).toEqual([]);
  });

  it('not connected, a postback arrived: connected, the plugins reload, the 10 s success message', () => {
    const { actor, send, spies } = start(waiting);
    expect(actor.getSnapshot().matches('fetching')).toBe(true);
    const end = send(ev.nowConnected);
    expect(end.status).toBe('done');
    expect(end.output).toEqual({ connected: true, eventsReceived: true, lastEventAt: 1_700_000_000_000 });
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'AppsFlyer connected successfully', kind: 'success', duration: 'partnerSuccess' }],
    ]);
    expect(spies.reloadPlugins.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('not connected, no postback yet: still waiting, it says no events were received yet, the plugins reload', () => {
    const { send, spies } = start(waiting);
    expect(send(ev.stillWaiting).output).toEqual({ connected: false, eventsReceived: false, lastEventAt: null });
    expect(spies.notify.mock.calls).toEqual([[{ message: 'No events received yet', kind: 'info' }]]);
    expect(spies.reloadPlugins.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('success:false and a thrown call: the docs/postbacks.md §Messages error for 6 s (Adjust words for Adjust)', () => {
    let run = start(waiting);
    expect(run.send(ev.refused).output).toMatchObject({ connected: false });
    expect(run.spies.notify.mock.calls).toEqual([
      [{ message: "Can't check status of AppsFlyer plugin!", kind: 'error', duration: 'partnerError' }],
    ]);
    run = start({ ...waiting, source: 'Adjust' });
    run.send(ev.thrown);
    expect(run.spies.notify.mock.calls).toEqual([
      [{ message: "Can't check status of Adjust plugin!", kind: 'error', duration: 'partnerError' }],
    ]);
    expect(run.spies.logError).toHaveBeenCalledTimes(1);
  });

  it('already connected: AppsFlyer does nothing; Adjust reloads the event schemas', () => {
    const appsflyer = start({ ...waiting, connected: true });
    expect(appsflyer.actor.getSnapshot().status).toBe('done');
    expect(appsflyer.actor.getSnapshot().output).toEqual({ connected: true, eventsReceived: null, lastEventAt: null });
    for (const name of SPIES) expect(appsflyer.spies[name]).not.toHaveBeenCalled();
    const adjust = start({ ...waiting, source: 'Adjust', connected: true });
    expect(adjust.spies.reloadEventSchemas.mock.calls).toEqual([[{ appId: 'app-1', pluginId: 'plugin-1' }]]);
    expect(adjust.spies.notify).not.toHaveBeenCalled();
  });
});
