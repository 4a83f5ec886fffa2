/**
 * Paths of the api-keys machine (src/machines/api-keys/api-keys.machine.ts): every state reachable; create → the full
 * key shown once → dismissed (gone from the context); terminate asks first, then 'API key terminated.'; cancel sends
 * nothing; a viewer's 403 and a stale list's 409 in the server's words, a crash in our generic words; a terminated key
 * cannot be terminated again; the whole app object is what is sent (docs/app-settings.md §API endpoints).
 */
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { apiKeysMachine } from '../../src/machines/api-keys/api-keys.machine';
import type { MutationOutcome } from '../../src/machines/shared/confirm-mutation.machine';
import type { ApiKeysResponse } from '../../src/contracts/app-settings';
import type { App } from '../../src/contracts/apps';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingMutation,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const FAILED = 'Something went wrong when updating the API keys. Try again later!';
const APP: App = {
  id: 'word-garden-ios',
  appName: 'Word Garden',
  platform: 'ios',
  enabled: true,
  image: null,
  plugins: [],
  appleStatus: 'InStore',
  apiKeys: [
    { id: 0, key: 'qb_s2s_abcdef…', type: 's2s', status: 'active' },
    { id: 1, key: 'qb_api_zyxwvu…', type: 'api', status: 'terminated' },
  ],
};
const FULL_KEY = 'qb_api_0123456789012345678901234567890123456789012';
const withNew: App = {
  ...APP,
  apiKeys: [...APP.apiKeys!, { id: 2, key: 'qb_api_012345…', type: 'api', status: 'active' }],
};
const terminated: App = {
  ...APP,
  apiKeys: APP.apiKeys!.map((k, i) => (i === 0 ? { ...k, status: 'terminated' as const } : k)),
};
const ok = (data: App, createdKey?: string): MutationOutcome<ApiKeysResponse> => ({
  status: 'done',
  answer: { success: true, data, ...(createdKey ? { createdKey } : {}) },
});
const threw = (error: unknown): MutationOutcome<ApiKeysResponse> => ({ status: 'failed', answer: null, error });
const INPUT = { app: APP };

const model = defineModel(apiKeysMachine, {
  CREATE: { type: 'CREATE', keyType: 'api' },
  DISMISS: { type: 'DISMISS' },
  TERMINATE: [
    { type: 'TERMINATE', index: 0 },
    { type: 'TERMINATE', index: 1 },
  ],
  CONFIRM: { type: 'CONFIRM' },
  CANCEL: { type: 'CANCEL' },
  SYNC: { type: 'SYNC', app: withNew },
  'xstate.done.actor.createKey': [
    done('createKey', ok(withNew, FULL_KEY)),
    done('createKey', threw(apiError(403, VIEW_ONLY, 'access_missing_role_for_action'))),
    done('createKey', threw(serverCrash())),
  ],
  'xstate.error.actor.createKey': failed('createKey', new Error('the child broke')),
  'xstate.done.actor.terminateKey': [
    done('terminateKey', ok(terminated)),
    done(
      'terminateKey',
      threw(apiError(409, 'The API keys changed meanwhile. Reload the page and try again.', 'api_keys_changed')),
    ),
  ],
  'xstate.error.actor.terminateKey': failed('terminateKey', new Error('the child broke')),
});
const ev = {
  create: fixture(model, 'CREATE'),
  dismiss: fixture(model, 'DISMISS'),
  terminateActive: fixture(model, 'TERMINATE', 0),
  terminateTerminated: fixture(model, 'TERMINATE', 1),
  confirm: fixture(model, 'CONFIRM'),
  cancel: fixture(model, 'CANCEL'),
  sync: fixture(model, 'SYNC'),
};
const out = {
  created: fixture(model, 'xstate.done.actor.createKey', 0),
  viewer: fixture(model, 'xstate.done.actor.createKey', 1),
  crashed: fixture(model, 'xstate.done.actor.createKey', 2),
  broke: fixture(model, 'xstate.error.actor.createKey'),
  terminated: fixture(model, 'xstate.done.actor.terminateKey', 0),
  stale: fixture(model, 'xstate.done.actor.terminateKey', 1),
};
const path = (events: EventObject[]) => pathOf(apiKeysMachine, events, INPUT);
const pending = apiKeysMachine.provide({ actors: { createKey: pendingMutation(), terminateKey: pendingMutation() } });

describe('api-keys machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(apiKeysMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.app.apiKeys?.length, s.context.target]),
    });
    expect(unreachedStateNodeIds(apiKeysMachine, paths)).toEqual([]);
  });

  it('create: the whole app with one empty new item is sent; the full key shows once, then is dropped', async () => {
    const actor = createActor(pending, { input: INPUT }).start();
    actor.send(ev.create as never);
    const child = actor.getSnapshot().children.createKey!;
    const request = (child.getSnapshot().context as unknown as { request: App }).request;
    expect(request).toMatchObject({ id: 'word-garden-ios', appName: 'Word Garden', appleStatus: 'InStore' });
    expect(request.apiKeys).toEqual([
      { key: 'qb_s2s_abcdef…', type: 's2s', status: 'active' },
      { key: 'qb_api_zyxwvu…', type: 'api', status: 'terminated' },
      { key: '', type: 'api', status: 'active' },
    ]);
    actor.stop();
    const journey = path([ev.create, out.created]);
    expect(journey.state.matches('showingKey')).toBe(true);
    expect(journey.state.context.createdKey).toBe(FULL_KEY);
    const dismissed = path([ev.create, out.created, ev.dismiss]);
    expect(dismissed.state.matches('idle')).toBe(true);
    expect(dismissed.state.context.createdKey).toBeNull();
    expect(dismissed.state.context.app.apiKeys).toHaveLength(3);
    const { machine, spies } = spyActions(pending, ['notify', 'saved']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({
      message: 'API key created. Copy it now: it will not be shown again.',
      kind: 'success',
    });
    expect(spies.saved).toHaveBeenCalledTimes(1);
  });

  it("create refused: a viewer's 403 in the server's words, a crash in ours; nothing kept", async () => {
    for (const [outcome, message] of [
      [out.viewer, VIEW_ONLY],
      [out.crashed, FAILED],
      [out.broke, FAILED],
    ] as const) {
      const journey = path([ev.create, outcome]);
      expect(journey.state.matches('idle')).toBe(true);
      expect(journey.state.context.createdKey).toBeNull();
      const { machine, spies } = spyActions(pending, ['notify', 'saved']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.saved).not.toHaveBeenCalled();
    }
  });

  it("terminate asks first; confirmed: 'API key terminated.'; cancelled: nothing sent; stale: the server's words", async () => {
    const asking = path([ev.terminateActive]);
    expect(asking.state.matches({ terminate: 'confirming' })).toBe(true);
    // The child waits for the forwarded CONFIRM before it calls.
    const live = createActor(pending, { input: INPUT }).start();
    live.send(ev.terminateActive as never);
    expect(live.getSnapshot().children.terminateKey?.getSnapshot().value).toBe('confirming');
    live.send(ev.confirm as never);
    expect(live.getSnapshot().children.terminateKey?.getSnapshot().value).toBe('mutating');
    live.stop();
    const cancelled = path([ev.terminateActive, ev.cancel]);
    expect(cancelled.state.matches('idle')).toBe(true);
    expect(cancelled.state.context.target).toBeNull();

    const journey = path([ev.terminateActive, ev.confirm, out.terminated]);
    expect(journey.state.matches('idle')).toBe(true);
    expect(journey.state.context.app.apiKeys![0]!.status).toBe('terminated');
    const { machine, spies } = spyActions(pending, ['notify', 'saved']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'API key terminated.', kind: 'success' });

    const stale = spyActions(pending, ['notify', 'saved']);
    await replay(stale.machine, path([ev.terminateActive, ev.confirm, out.stale]), INPUT);
    expect(stale.spies.notify).toHaveBeenCalledWith({
      message: 'The API keys changed meanwhile. Reload the page and try again.',
      kind: 'error',
    });
    expect(stale.spies.saved).not.toHaveBeenCalled();
  });

  it('the request for terminate marks only that key terminated; a terminated key cannot be terminated again', () => {
    const actor = createActor(pending, { input: INPUT }).start();
    actor.send(ev.terminateActive as never);
    const request = (actor.getSnapshot().children.terminateKey!.getSnapshot().context as unknown as { request: App })
      .request;
    expect(request.apiKeys!.map((k) => k.status)).toEqual(['terminated', 'terminated']);
    actor.stop();
    expect(path([]).state.can(ev.terminateTerminated)).toBe(false);
  });

  it('a change made elsewhere syncs in', () => {
    expect(path([ev.sync]).state.context.app.apiKeys).toHaveLength(3);
  });
});
