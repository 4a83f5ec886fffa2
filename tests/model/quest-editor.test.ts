/**
 * Paths of the quest-editor machine (src/machines/quest-editor): every state reachable; a new quest saved (steps,
 * condition, payout parsed); the definition's rules blocking a save; the server's refusal in its words, a crash in
 * ours, every edit kept; cancel.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { questEditorMachine } from '../../src/machines/quest-editor/quest-editor.machine';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = {
  appId: 'dragon-merge-ios',
  questId: null,
  definition: null,
  defaultCountries: ['US'],
  defaultEvent: 'af_tutorial_completion',
};
const QUEST = { id: 'q1', diff: true, active: null, draft: { id: 'q1:draft', name: 'New', status: 'DRAFT' } };
const model = defineModel(questEditorMachine, {
  SET_NAME: { type: 'SET_NAME', value: 'Dragon Rider' },
  SET_DAILY_CAP: [
    { type: 'SET_DAILY_CAP', value: '25' },
    { type: 'SET_DAILY_CAP', value: '-1' },
  ],
  SET_COUNTRIES: { type: 'SET_COUNTRIES', countries: ['US', 'DE'] },
  ADD_STEP: { type: 'ADD_STEP' },
  REMOVE_STEP: { type: 'REMOVE_STEP', index: 1 },
  SET_STEP: [
    { type: 'SET_STEP', index: 0, field: 'payout', value: '0.5' },
    { type: 'SET_STEP', index: 1, field: 'eventName', value: 'af_level_achieved' },
    { type: 'SET_STEP', index: 1, field: 'payout', value: '1.25' },
    { type: 'SET_STEP', index: 1, field: 'conditionParam', value: 'af_level' },
    { type: 'SET_STEP', index: 1, field: 'conditionValue', value: '5' },
  ],
  SUBMIT: { type: 'SUBMIT' },
  CANCEL: { type: 'CANCEL' },
  'xstate.done.actor.saveQuest': [
    done('saveQuest', { success: true, data: QUEST, message: 'Quest created.' }),
    done('saveQuest', { success: false, data: QUEST }),
  ],
  'xstate.error.actor.saveQuest': [
    failed('saveQuest', apiError(400, "steps: af_x is not an event of the app's AppsFlyer source.", 'bad_request')),
    failed('saveQuest', serverCrash()),
  ],
});
const f = (type: Parameters<typeof fixture<typeof questEditorMachine, any>>[1], i = 0) => fixture(model, type, i);
/**
 * The snapshot the events lead to, each event checked to be handled where it is sent (the harness's pathOf builds the
 * adjacency map of every state the events can reach, which the editor's free-form step list makes far too large).
 */
function path(events: EventObject[]): { state: AnyMachineSnapshot } {
  let [state] = initialTransition(questEditorMachine, INPUT) as [AnyMachineSnapshot, unknown];
  for (const [i, event] of events.entries()) {
    expect(state.can(event), `event ${i} (${event.type}) is handled`).toBe(true);
    [state] = transition(questEditorMachine, state as never, event as never) as unknown as [
      AnyMachineSnapshot,
      unknown,
    ];
  }
  return { state };
}
const filled = [
  f('SET_NAME'),
  f('SET_DAILY_CAP'),
  f('SET_STEP', 0),
  f('ADD_STEP'),
  f('SET_STEP', 1),
  f('SET_STEP', 2),
  f('SET_STEP', 3),
  f('SET_STEP', 4),
];

describe('quest-editor machine paths', () => {
  it('reaches every state node', () => {
    // at most two steps: the step list is free-form, and two are enough to tell every state apart
    const paths = shortestPaths(questEditorMachine, model.events, {
      input: INPUT,
      filterEvents: (s, e) => e.type !== 'ADD_STEP' || s.context.values.steps.length < 2,
      serializeState: (s) => JSON.stringify([s.value, s.context.values, s.context.error]),
    });
    expect(unreachedStateNodeIds(questEditorMachine, paths)).toEqual([]);
  });

  it('a new quest: two steps, the second with a condition, saved as parsed numbers', () => {
    const saving = path([...filled, f('SUBMIT')]);
    expect(saving.state.matches('saving')).toBe(true);
    const saved = path([...filled, f('SUBMIT'), f('xstate.done.actor.saveQuest')]);
    expect(saved.state.matches('saved')).toBe(true);
  });

  it('rules block a save: a payout and a positive daily cap are required', () => {
    const blank = path([f('SET_NAME'), f('SUBMIT')]);
    expect(blank.state.matches('editing')).toBe(true);
    expect(blank.state.context.errors).toMatchObject({ 'steps.0.payout': 'required', dailyCap: 'required' });
    expect(path([...filled, f('SET_DAILY_CAP', 1), f('SUBMIT')]).state.context.errors).toEqual({
      dailyCap: 'must be more than 0',
    });
    expect(path([...filled, f('REMOVE_STEP'), f('SUBMIT')]).state.matches('saving')).toBe(true);
  });

  it("failures keep every edit: a refusal in the server's words, a crash in ours; cancel", () => {
    const refused = path([...filled, f('SUBMIT'), f('xstate.error.actor.saveQuest')]);
    expect(refused.state.matches('editing')).toBe(true);
    expect(refused.state.context.error).toBe("steps: af_x is not an event of the app's AppsFlyer source.");
    expect(refused.state.context.values.steps).toHaveLength(2);
    expect(path([...filled, f('SUBMIT'), f('xstate.error.actor.saveQuest', 1)]).state.context.error).toBe(
      'Failed to save the quest.',
    );
    expect(path([...filled, f('SUBMIT'), f('xstate.done.actor.saveQuest', 1)]).state.context.error).toBe(
      'Failed to save the quest.',
    );
    expect(path([f('SET_NAME'), f('CANCEL')]).state.matches('cancelled')).toBe(true);
  });
});
