/**
 * The flow panel's store (src/inspector/store.ts) fed by real XState actors, and the statechart model its diagram
 * draws (src/inspector/statechart.ts): root actors registered with their machine and state, stopped ones marked and
 * pruned, the last events recorded masked with timestamps and their target actor, the Stately forwarding masked
 * end to end through @statelyai/inspect's own conversion.
 */
import type { SignInAnswer } from '../../src/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { sessionMachine } from '../../src/machines/session/session.machine';
import { createInspectorStore } from '../../src/inspector/store';
import { maskStatelyEvent } from '../../src/inspector/mask-snapshot';
import { activePaths, describeStateValue, statechartOf } from '../../src/inspector/statechart';
import { signInResponse } from '../fixtures/team';

const PASSWORD = 'questboard-demo';
const TOKEN = 'q3Zx8-PpL0aVb7Wn2Yc4Rt6Ue9Io1Kd5Mf0Hs3Gj_Qa';
const signInEvent = { type: 'SIGN_IN', email: 'editor@demostudio.dev', password: PASSWORD } as const;

/** The session machine with a sign-in that answers at once with a real-looking token. */
const session = sessionMachine.provide({
  actors: {
    signIn: fromPromise<SignInAnswer, { email: string; password: string }>(async () => ({
      ...signInResponse,
      token: TOKEN,
    })),
  },
  guards: { hasToken: () => false },
});

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } },
});

function clock() {
  let t = 1_700_000_000_000;
  return () => (t += 10);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('inspector store', () => {
  it('registers a root actor with its machine, state value and status, and follows it', async () => {
    const store = createInspectorStore({ now: clock() });
    const actor = createActor(session, { inspect: (event) => store.observe(event) }).start();

    const [entry] = store.getState().actors;
    expect(store.getState().actors).toHaveLength(1);
    expect(entry).toMatchObject({ machineId: 'session', status: 'active', value: { signedOut: 'idle' } });
    expect(entry.machine).toBe(session);
    expect(store.liveActorRefs()).toEqual([actor]);

    actor.send(signInEvent);
    expect(store.getState().actors[0]).toMatchObject({
      value: { signedOut: 'signingIn' },
      children: [{ id: 'signIn', status: 'active' }],
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(store.getState().actors[0]).toMatchObject({
      status: 'active',
      value: { signedIn: { ready: 'fresh' } },
      children: [],
    });
    expect(store.getState().actors[0].context).toMatchObject({
      account: { workEmail: signInResponse.account.workEmail },
      error: null,
    });
  });

  it('records the events masked, with time, target actor and payload', async () => {
    const store = createInspectorStore({ now: clock() });
    const actor = createActor(session, { inspect: (event) => store.observe(event) }).start();
    actor.send(signInEvent);
    await waitFor(actor, (s) => s.matches('signedIn'));

    const events = store.getState().events;
    const types = events.map((e) => `${e.type} → ${e.target}`);
    expect(types).toEqual([
      'xstate.init → session',
      'SIGN_IN → session',
      'xstate.init → session › signIn',
      'xstate.promise.resolve → session › signIn',
      'xstate.done.actor.signIn → session',
    ]);
    const signIn = events[1];
    expect(signIn.payload).toEqual({ email: 'editor@demostudio.dev', password: '[masked]' });
    expect(signIn.source).toBeUndefined();
    // The invoked sign-in gets the password as input; the answer carries the token.
    expect(events[2].payload).toEqual({ input: { email: 'editor@demostudio.dev', password: '[masked]' } });
    expect(events[2].source).toBe('session');
    expect(events[3].payload).toMatchObject({ data: { token: '[masked]' } });
    expect(events[4].payload).toMatchObject({ output: { token: '[masked]' }, actorId: 'signIn' });
    expect(events[4].source).toBe('session › signIn');
    // Timestamps increase; nothing in the store's state holds a secret.
    expect(events.map((e) => e.at)).toEqual(events.map((e) => e.at).sort((a, b) => a - b));
    const { actors, events: recorded } = store.getState();
    const everything = JSON.stringify({ actors: actors.map(({ machine: _machine, ...rest }) => rest), recorded });
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(TOKEN);
  });

  it('keeps only the last events', () => {
    const store = createInspectorStore({ maxEvents: 50 });
    const actor = createActor(toggle, { inspect: (event) => store.observe(event) }).start();
    for (let i = 0; i < 60; i++) actor.send({ type: 'FLIP' });
    const events = store.getState().events;
    expect(events).toHaveLength(50);
    expect(events.every((e) => e.type === 'FLIP')).toBe(true);
    expect(events.at(-1)!.seq).toBe(61);
  });

  it('marks stopped actors, drops them from the live list and removes the oldest beyond the limit', () => {
    const store = createInspectorStore({ maxStopped: 2 });
    const actors = [1, 2, 3].map(() => createActor(toggle, { inspect: (event) => store.observe(event) }).start());
    const live = createActor(session, { inspect: (event) => store.observe(event) }).start();
    expect(store.getState().actors.map((a) => a.machineId)).toEqual(['toggle', 'toggle', 'toggle', 'session']);

    actors[0].stop();
    expect(store.getState().actors[0].status).toBe('stopped');
    expect(store.liveActorRefs()).toHaveLength(3);

    actors[1].stop();
    actors[2].stop();
    const remaining = store.getState().actors;
    expect(remaining.map((a) => [a.sessionId, a.status])).toEqual([
      [actors[1].sessionId, 'stopped'],
      [actors[2].sessionId, 'stopped'],
      [live.sessionId, 'active'],
    ]);
    expect(store.liveActorRefs()).toEqual([live]);
  });

  it('lists root actors only: invoked children show up under their root', () => {
    const store = createInspectorStore();
    const actor = createActor(session, { inspect: (event) => store.observe(event) }).start();
    actor.send(signInEvent);
    expect(store.getState().actors.map((a) => a.machineId)).toEqual(['session']);
  });

  it('notifies subscribers until they unsubscribe, with a new state object each time', () => {
    const store = createInspectorStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const actor = createActor(toggle, { inspect: (event) => store.observe(event) }).start();
    const before = store.getState();
    const calls = listener.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    actor.send({ type: 'FLIP' });
    expect(listener.mock.calls.length).toBeGreaterThan(calls);
    expect(store.getState()).not.toBe(before);
    unsubscribe();
    const afterUnsubscribe = listener.mock.calls.length;
    actor.send({ type: 'FLIP' });
    expect(listener.mock.calls.length).toBe(afterUnsubscribe);
  });

  it('never throws into XState on an event it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createInspectorStore();
    expect(() =>
      store.observe({ type: '@xstate.event', actorRef: null, rootId: 'x:0', event: { type: 'X' } } as never),
    ).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});

describe('Stately forwarding', () => {
  it('sends nothing secret through @statelyai/inspect with maskStatelyEvent as its serializer', async () => {
    vi.useFakeTimers();
    const sent: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (event) => sent.push(event) }, { serialize: maskStatelyEvent });
    const actor = createActor(session, { inspect: inspector.inspect }).start();
    actor.send(signInEvent);
    await vi.runAllTimersAsync();
    await waitFor(actor, (s) => s.matches('signedIn'));
    await vi.runAllTimersAsync();

    const text = JSON.stringify(sent);
    expect(sent.map((e) => e.type)).toEqual(
      expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']),
    );
    expect(
      sent.some((e) => e.type === '@xstate.event' && e.event.type === 'SIGN_IN' && e.event.password === '[masked]'),
    ).toBe(true);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(TOKEN);
    expect(() => structuredClone(sent)).not.toThrow();
  });
});

describe('statechart model', () => {
  it('draws the session machine as nested state nodes with initial states, invokes and events', () => {
    const chart = statechartOf(session);
    expect(chart.children.map((n) => n.key)).toEqual(['checking', 'restoring', 'signedOut', 'signedIn']);
    const signedOut = chart.children[2];
    expect(signedOut.children.map((n) => [n.key, n.initial])).toEqual([
      ['idle', true],
      ['signingIn', false],
      ['code', false],
      ['verifyingCode', false],
    ]);
    expect(chart.children[0].initial).toBe(true);
    expect(signedOut.children[1]).toMatchObject({ path: 'signedOut.signingIn', type: 'atomic', invokes: ['signIn'] });
    expect(signedOut.children[0].events).toEqual(['SIGN_IN']);
    expect(chart.children[3]).toMatchObject({
      type: 'compound',
      events: expect.arrayContaining(['SIGN_OUT', 'EXPIRED']),
    });
  });

  it('knows the active nodes of a state value, parallel regions included', () => {
    expect([...activePaths({ signedIn: 'ready' })].sort()).toEqual(['', 'signedIn', 'signedIn.ready']);
    expect([...activePaths('checking')].sort()).toEqual(['', 'checking']);
    expect(activePaths({ upload: { file: 'idle', form: 'editing' } })).toEqual(
      new Set(['', 'upload', 'upload.file', 'upload.file.idle', 'upload.form', 'upload.form.editing']),
    );
    expect(describeStateValue({ signedIn: 'ready' })).toBe('signedIn.ready');
    expect(describeStateValue({ upload: { file: 'idle', form: 'editing' } })).toBe(
      'upload.file.idle, upload.form.editing',
    );
    expect(describeStateValue(null)).toBe('—');
  });
});
