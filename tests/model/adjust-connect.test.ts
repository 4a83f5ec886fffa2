/**
 * Paths of the adjust-connect machine (src/machines/adjust-connect; docs/postbacks.md §Screens and routes Adjust tab with no plugin, §Partner plugin states Adjust
 * lifecycle, §Rules and limits "Connect disabled while invalid, empty or processing", §API endpoints connect Adjust, §Rules and limits 6000 / 10000 ms):
 * every state reachable; an empty or invalid form cannot connect; success → connected with the 10 s notice and a
 * reload; a refused file → back to the form with every bad line in the feed; a thrown call → the error feed.
 */
import { describe, expect, it } from 'vitest';
import { adjustConnectMachine, connectFormValid } from '../../src/machines/adjust-connect/adjust-connect.machine';
import { selectConnectForm } from '../../src/machines/adjust-connect/adjust-connect.selectors';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const input = { appId: 'app-1' };
const csv = new File(['event_token,event_name\nabc123,Purchase\n'], 'events.csv', { type: 'text/csv' });
const txt = new File(['x'], 'events.txt', { type: 'text/plain' });
const model = defineModel(adjustConnectMachine, {
  SET_LINK: [
    { type: 'SET_LINK', value: 'https://app.adjust.com/abc123x' },
    { type: 'SET_LINK', value: 'not a link' },
  ],
  SET_FILE: [
    { type: 'SET_FILE', file: csv },
    { type: 'SET_FILE', file: txt },
  ],
  CONNECT: { type: 'CONNECT', at: 1_764_000_000_000 },
  'xstate.done.actor.connectAdjust': [
    done('connectAdjust', {
      success: true,
      plugin: { id: 'p1', source: 'Adjust' as const, connected: 'waiting_for_events' as const },
    }),
    done('connectAdjust', {
      success: false,
      errors: ['line 3: event_token must be 6 or more lowercase letters or digits', 'line 4: event_name is required'],
    }),
  ],
  'xstate.error.actor.connectAdjust': failed(
    'connectAdjust',
    apiError(409, 'Adjust is already connected for this app.', 'plugin_exists'),
  ),
});
const ev = {
  link: fixture(model, 'SET_LINK', 0),
  badLink: fixture(model, 'SET_LINK', 1),
  file: fixture(model, 'SET_FILE', 0),
  badFile: fixture(model, 'SET_FILE', 1),
  connect: fixture(model, 'CONNECT'),
  ok: fixture(model, 'xstate.done.actor.connectAdjust', 0),
  refused: fixture(model, 'xstate.done.actor.connectAdjust', 1),
  thrown: fixture(model, 'xstate.error.actor.connectAdjust'),
};
const spied = () =>
  spyActions(adjustConnectMachine.provide({ actors: { connectAdjust: pendingForever() } }), [
    'notify',
    'connected',
    'logError',
  ]);
const messages = (feed: readonly { message: string; type?: string }[]) => feed.map((item) => [item.type, item.message]);

describe('adjust-connect machine paths', () => {
  it('reaches every state node', () => {
    expect(
      unreachedStateNodeIds(adjustConnectMachine, shortestPaths(adjustConnectMachine, model.events, { input })),
    ).toEqual([]);
  });

  it('an empty, half-filled or invalid form cannot connect; the tooltip only for non-viewers', () => {
    const empty = pathOf(adjustConnectMachine, [], input).state;
    expect(empty.can(ev.connect)).toBe(false);
    expect(selectConnectForm(empty as never, 'editor')).toMatchObject({
      disabled: true,
      label: 'Connect to Adjust',
      tooltip: 'Please enter a valid Partner Link and upload a valid Events File.',
      linkError: null,
      fileError: null,
    });
    expect(selectConnectForm(empty as never, 'viewer').tooltip).toBeNull();
    for (const events of [[ev.link], [ev.file], [ev.badLink, ev.file], [ev.link, ev.badFile]]) {
      expect(pathOf(adjustConnectMachine, events, input).state.can(ev.connect)).toBe(false);
    }
    const invalid = pathOf(adjustConnectMachine, [ev.badLink, ev.badFile], input).state;
    expect(selectConnectForm(invalid as never, 'admin')).toMatchObject({
      linkError: 'must be a valid URL',
      fileError: 'Only .CSV file is accepted.',
    });
    expect(connectFormValid({ partnerLink: 'https://app.adjust.com/x', file: csv })).toBe(true);
  });

  it('connects: Connecting..., then Connected with the 10 s notice, the feed and a reload', async () => {
    const path = pathOf(adjustConnectMachine, [ev.link, ev.file, ev.connect, ev.ok], input);
    expect(selectConnectForm(path.steps[3]!.state as never, 'editor')).toMatchObject({
      label: 'Connecting...',
      busy: true,
      disabled: true,
      tooltip: null,
    });
    expect(selectConnectForm(path.state as never, 'editor')).toMatchObject({ label: 'Connected', disabled: true });
    const { machine, spies } = spied();
    const actor = await replay(machine, path, input);
    expect(messages(actor.getSnapshot().context.feed)).toEqual([
      ['default', 'Checking events.csv and connecting to Adjust...'],
      ['success', 'Adjust connected: waiting for the first callback.'],
    ]);
    actor.stop();
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Adjust connected: waiting for the first callback.', kind: 'success', duration: 'partnerSuccess' }],
    ]);
    expect(spies.connected.mock.calls).toEqual([[{ appId: 'app-1' }]]);
  });

  it('a refused file: back to the form, every bad line in the feed as an error, 6 s notice; then it can connect again', async () => {
    const path = pathOf(adjustConnectMachine, [ev.link, ev.file, ev.connect, ev.refused, ev.connect], input);
    expect(path.steps[4]!.state.matches('editing')).toBe(true);
    const { machine, spies } = spied();
    const actor = await replay(machine, path, input);
    // The feed shows the last attempt only: the second CONNECT started a new one.
    expect(messages(actor.getSnapshot().context.feed)).toEqual([
      ['default', 'Checking events.csv and connecting to Adjust...'],
    ]);
    expect(spies.notify.mock.calls[0]).toEqual([
      { message: 'Failed to connect Adjust!', kind: 'error', duration: 'partnerError' },
    ]);
    actor.stop();
  });

  it('a refused file lists every bad line with its reason', () => {
    const path = pathOf(adjustConnectMachine, [ev.link, ev.file, ev.connect, ev.refused], input);
    expect(messages(path.state.context.feed)).toEqual([
      ['default', 'Checking events.csv and connecting to Adjust...'],
      ['error', 'The events file has 2 errors; nothing was saved. Fix them and upload the file again.'],
      ['error', 'line 3: event_token must be 6 or more lowercase letters or digits'],
      ['error', 'line 4: event_name is required'],
    ]);
  });

  it("a thrown call: the server's words in the feed, logged, the 6 s notice", async () => {
    const path = pathOf(adjustConnectMachine, [ev.link, ev.file, ev.connect, ev.thrown], input);
    expect(path.state.matches('editing')).toBe(true);
    const { machine, spies } = spied();
    const actor = await replay(machine, path, input);
    expect(messages(actor.getSnapshot().context.feed).at(-1)).toEqual([
      'error',
      'Adjust is already connected for this app.',
    ]);
    actor.stop();
    expect(spies.logError).toHaveBeenCalledTimes(1);
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Failed to connect Adjust!', kind: 'error', duration: 'partnerError' }],
    ]);
  });
});
