/**
 * Paths of the quest-editor machine (src/machines/quest-editor): every state reachable; a new quest saved (steps,
 * condition, payout parsed); payouts by country (rows added for the quest's countries, their kind and value, saved as
 * numbers, their rules, at most 50 a step); the definition's rules blocking a save; the server's refusal in its words,
 * a crash in ours, every edit kept; cancel.
 */
import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { definitionOf, questEditorMachine } from '../../src/machines/quest-editor/quest-editor.machine';
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
  ADD_COUNTRY_PAYOUT: { type: 'ADD_COUNTRY_PAYOUT', index: 0 },
  REMOVE_COUNTRY_PAYOUT: { type: 'REMOVE_COUNTRY_PAYOUT', index: 0, row: 0 },
  SET_COUNTRY_PAYOUT: [
    { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 0, field: 'value', value: '1.5' },
    { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 1, field: 'mode', value: 'absolute' },
    { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 1, field: 'value', value: '2' },
    { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 0, field: 'value', value: '11' },
    { type: 'SET_COUNTRY_PAYOUT', index: 0, row: 1, field: 'country', value: 'US' },
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
      // the country rows change no state node: their own journeys below drive them
      filterEvents: (s, e) =>
        !e.type.includes('COUNTRY_PAYOUT') && (e.type !== 'ADD_STEP' || s.context.values.steps.length < 2),
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

  it('payouts by country: a row for each quest country not listed yet, its kind and value, saved as numbers', () => {
    const rows = [
      ...filled,
      f('SET_COUNTRIES'), // US, DE
      f('ADD_COUNTRY_PAYOUT'),
      f('SET_COUNTRY_PAYOUT', 0), // US ×1.5
      f('ADD_COUNTRY_PAYOUT'),
      f('SET_COUNTRY_PAYOUT', 1),
      f('SET_COUNTRY_PAYOUT', 2), // DE $2 absolute
    ];
    const editing = path(rows).state;
    expect(editing.context.values.steps[0].countryPayouts).toEqual([
      { country: 'US', mode: 'multiplier', value: '1.5' },
      { country: 'DE', mode: 'absolute', value: '2' },
    ]);
    // every quest country listed: a third row names none yet, and the save says what it lacks
    const third = path([...rows, f('ADD_COUNTRY_PAYOUT'), f('SUBMIT')]).state;
    expect(third.matches('editing')).toBe(true);
    expect(third.context.errors).toEqual({
      'steps.0.countryPayouts.2.country': 'required',
      'steps.0.countryPayouts.2.value': 'required',
    });
    const saving = path([...rows, f('SUBMIT')]).state;
    expect(saving.matches('saving')).toBe(true);
    expect(definitionOf(saving.context.values).steps[0]!.countryPayouts).toEqual([
      { country: 'US', mode: 'multiplier', value: 1.5 },
      { country: 'DE', mode: 'absolute', value: 2 },
    ]);
    // removed, the step saves without it; a step without rows saves no countryPayouts at all
    const removed = path([...rows, f('REMOVE_COUNTRY_PAYOUT'), f('SUBMIT')]).state;
    expect(definitionOf(removed.context.values).steps[0]!.countryPayouts).toEqual([
      { country: 'DE', mode: 'absolute', value: 2 },
    ]);
    expect(definitionOf(removed.context.values).steps[1]).not.toHaveProperty('countryPayouts');
  });

  it('payouts by country: their rules block a save, in the words the server uses; at most 50 rows a step', () => {
    const base = [
      ...filled,
      f('SET_COUNTRIES'),
      f('ADD_COUNTRY_PAYOUT'),
      f('ADD_COUNTRY_PAYOUT'),
      f('SET_COUNTRY_PAYOUT', 2),
    ];
    const tooMuch = path([...base, f('SET_COUNTRY_PAYOUT', 3), f('SET_COUNTRY_PAYOUT', 4), f('SUBMIT')]).state;
    expect(tooMuch.matches('editing')).toBe(true);
    expect(tooMuch.context.errors).toEqual({
      'steps.0.countryPayouts.0.value': 'must be from 0 to 10, with at most 2 decimals',
      'steps.0.countryPayouts.1.country': 'is listed twice',
    });
    // a quest country dropped while a row names it
    const dropped = path([
      ...base,
      f('SET_COUNTRY_PAYOUT', 0),
      { type: 'SET_COUNTRIES', countries: ['US'] } as EventObject,
      f('SUBMIT'),
    ]);
    expect(dropped.state.context.errors).toEqual({
      'steps.0.countryPayouts.1.country': "must be one of the quest's countries",
    });
    // nothing to remove or change on a step without rows
    expect(path(filled).state.can(f('REMOVE_COUNTRY_PAYOUT'))).toBe(false);
    expect(path(filled).state.can(f('SET_COUNTRY_PAYOUT', 0))).toBe(false);
    const fifty = path([...filled, ...Array.from({ length: 50 }, () => f('ADD_COUNTRY_PAYOUT'))]).state;
    expect(fifty.context.values.steps[0].countryPayouts).toHaveLength(50);
    expect(fifty.can(f('ADD_COUNTRY_PAYOUT'))).toBe(false);
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
