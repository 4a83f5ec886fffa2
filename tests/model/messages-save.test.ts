/**
 * Paths of the messages-save machine (src/machines/messages-save/messages-save.machine.ts): every state reachable;
 * loading the saved messages, a load failure and retry; editing with the rules shown as the user types (required
 * while on, a placeholder outside the allow-list) and blocking a save; a save ('Messages saved.'); failures keeping
 * the edits; Discard changes.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { messagesSaveMachine } from '../../src/machines/messages-save/messages-save.machine';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  serverCrash,
  shortestPaths,
  spyActions,
  unreachedStateNodeIds,
} from './graph-harness';

const VIEW_ONLY =
  'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.';
const INPUT = { appId: 'dragon-merge-android' };
const stored = {
  questStart: { enabled: true, title: 'New quest: {questName}', body: 'Play {appName} to earn {reward}.' },
  questComplete: { enabled: false, title: '', body: '' },
};
const model = defineModel(messagesSaveMachine, {
  CHANGE: [
    { type: 'CHANGE', kind: 'questStart', field: 'title', value: 'Go: {questName}' },
    { type: 'CHANGE', kind: 'questStart', field: 'body', value: 'Hi {playerName}' },
  ],
  TOGGLE: { type: 'TOGGLE', kind: 'questComplete', enabled: true },
  SUBMIT: { type: 'SUBMIT' },
  RESET: { type: 'RESET' },
  RETRY: { type: 'RETRY' },
  'xstate.done.actor.loadMessages': [
    done('loadMessages', { success: true, data: stored }),
    done('loadMessages', { success: false, data: stored }),
  ],
  'xstate.error.actor.loadMessages': failed('loadMessages', serverCrash()),
  'xstate.done.actor.saveMessages': [
    done('saveMessages', {
      success: true,
      data: { ...stored, questStart: { ...stored.questStart, title: 'Go: {questName}' } },
      message: 'Messages saved.',
    }),
    done('saveMessages', { success: false, data: stored }),
  ],
  'xstate.error.actor.saveMessages': [
    failed('saveMessages', serverCrash()),
    failed('saveMessages', apiError(403, VIEW_ONLY, 'access_missing_role_for_action')),
  ],
});
const ev = {
  title: fixture(model, 'CHANGE', 0),
  badBody: fixture(model, 'CHANGE', 1),
  toggle: fixture(model, 'TOGGLE'),
  submit: fixture(model, 'SUBMIT'),
  reset: fixture(model, 'RESET'),
  retry: fixture(model, 'RETRY'),
};
const load = {
  ok: fixture(model, 'xstate.done.actor.loadMessages', 0),
  refused: fixture(model, 'xstate.done.actor.loadMessages', 1),
  crashed: fixture(model, 'xstate.error.actor.loadMessages'),
};
const save = {
  ok: fixture(model, 'xstate.done.actor.saveMessages', 0),
  refused: fixture(model, 'xstate.done.actor.saveMessages', 1),
  crashed: fixture(model, 'xstate.error.actor.saveMessages', 0),
  viewer: fixture(model, 'xstate.error.actor.saveMessages', 1),
};
const path = (events: EventObject[]) => pathOf(messagesSaveMachine, events, INPUT);
const pending = messagesSaveMachine.provide({
  actors: { loadMessages: pendingForever(), saveMessages: pendingForever() },
});

describe('messages-save machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(messagesSaveMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.error]),
    });
    expect(unreachedStateNodeIds(messagesSaveMachine, paths)).toEqual([]);
  });

  it('loads the saved messages; a failed load offers a retry', () => {
    expect(path([load.ok]).state.context.values).toEqual(stored);
    for (const failure of [load.refused, load.crashed]) {
      const journey = path([failure, ev.retry]);
      expect(journey.steps[1]!.state.matches('loadFailed')).toBe(true);
      expect(journey.state.matches('loading')).toBe(true);
    }
  });

  it("saves an edited title: 'Messages saved.'", async () => {
    const journey = path([load.ok, ev.title, ev.submit, save.ok]);
    expect(journey.steps[3]!.state.matches('saving')).toBe(true);
    expect(journey.state.context.saved!.questStart.title).toBe('Go: {questName}');
    const { machine, spies } = spyActions(pending, ['notify']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({ message: 'Messages saved.', kind: 'success' });
  });

  it('the rules show as the user types and block a save: an unknown placeholder, an empty message switched on', () => {
    const typed = path([load.ok, ev.badBody, ev.toggle]);
    expect(typed.state.context.errors).toEqual({
      'questStart.body': 'Unknown placeholder {playerName}. Use {questName}, {appName} or {reward}.',
      'questComplete.title': 'Title is required while the message is on.',
      'questComplete.body': 'Message is required while the message is on.',
    });
    expect(path([load.ok, ev.badBody, ev.toggle, ev.submit]).state.matches('editing')).toBe(true);
  });

  it("failures keep the edits (the viewer 403 in the server's words); Discard changes restores the saved messages", async () => {
    const cases: Array<[EventObject, string]> = [
      [save.refused, 'Something went wrong when saving the messages. Try again later!'],
      [save.crashed, 'Something went wrong when saving the messages. Try again later!'],
      [save.viewer, VIEW_ONLY],
    ];
    for (const [failure, message] of cases) {
      const journey = path([load.ok, ev.title, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.values!.questStart.title).toBe('Go: {questName}');
      expect(journey.state.context.error).toBe(message);
      const { machine, spies } = spyActions(pending, ['notify']);
      await replay(machine, journey, INPUT);
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
    }
    expect(path([load.ok, ev.title, ev.badBody, ev.reset]).state.context).toMatchObject({ values: stored, errors: {} });
  });
});
