/**
 * Paths of the acquire-settings machine (src/machines/acquire-settings): every state reachable; load → edit → save
 * with applyPriceSuggestions; docs/acquire.md §Rules and limits rules blocking a save; docs/acquire.md §Messages 'Failed to save settings: {message}' and 'Error
 * saving settings'; the route-leave guard: a change is compared after 200 ms, leaving with unsaved changes asks
 * (stay keeps the edits, leave navigates), leaving with none navigates at once; the shared target rules (a budget of 0
 * or more, a period of 1 to 365 days) stop a save before the server; a failed save is told once; suggestions start
 * off; a viewer's form takes no edit.
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { acquireSettingsMachine } from '../../src/machines/acquire-settings/acquire-settings.machine';
import {
  after,
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

const INPUT = { appId: 'dragon-merge-ios' };
const STORED = {
  countries: ['US', 'GB'],
  dailyBudget: 150,
  targetKpi: 'roas_d7' as const,
  targetKpiValue: 5,
  analysisPeriod: 30,
};
const model = defineModel(acquireSettingsMachine, {
  CHANGE: [
    { type: 'CHANGE', field: 'dailyBudget', value: '200' },
    { type: 'CHANGE', field: 'analysisPeriod', value: '2.5' },
    { type: 'CHANGE', field: 'dailyBudget', value: '150' },
    { type: 'CHANGE', field: 'dailyBudget', value: '-5' },
    { type: 'CHANGE', field: 'analysisPeriod', value: '366' },
    { type: 'CHANGE', field: 'analysisPeriod', value: '0' },
  ],
  SET_COUNTRIES: [
    { type: 'SET_COUNTRIES', countries: ['US', 'GB', 'DE'] },
    { type: 'SET_COUNTRIES', countries: [] },
  ],
  TOGGLE_SUGGESTIONS: { type: 'TOGGLE_SUGGESTIONS', value: true },
  SUBMIT: { type: 'SUBMIT' },
  RETRY: { type: 'RETRY' },
  LEAVE: { type: 'LEAVE', to: '/workspace/demo-studio/apps' },
  STAY: { type: 'STAY' },
  CONFIRM_LEAVE: { type: 'CONFIRM_LEAVE' },
  'xstate.after.200.acquireSettings.editing.comparing': after('xstate.after.200.acquireSettings.editing.comparing'),
  'xstate.done.actor.loadSettings': [
    done('loadSettings', { success: true, data: STORED }),
    done('loadSettings', { success: true, data: null }),
    done('loadSettings', { success: false, data: null }),
  ],
  'xstate.error.actor.loadSettings': failed('loadSettings', serverCrash()),
  'xstate.done.actor.saveSettings': [
    done('saveSettings', { success: true, message: 'Settings saved. 1 suggested quest updated.' }),
    done('saveSettings', { success: false, message: 'Budget exhausted' }),
  ],
  'xstate.error.actor.saveSettings': [
    failed(
      'saveSettings',
      apiError(403, 'Only Questboard staff can change the target KPI and its value.', 'staff_only'),
    ),
    failed('saveSettings', serverCrash()),
  ],
});
const ev = {
  budget: fixture(model, 'CHANGE', 0),
  badPeriod: fixture(model, 'CHANGE', 1),
  budgetBack: fixture(model, 'CHANGE', 2),
  negativeBudget: fixture(model, 'CHANGE', 3),
  longPeriod: fixture(model, 'CHANGE', 4),
  noPeriod: fixture(model, 'CHANGE', 5),
  addDe: fixture(model, 'SET_COUNTRIES', 0),
  noCountries: fixture(model, 'SET_COUNTRIES', 1),
  suggestions: fixture(model, 'TOGGLE_SUGGESTIONS'),
  submit: fixture(model, 'SUBMIT'),
  retry: fixture(model, 'RETRY'),
  leave: fixture(model, 'LEAVE'),
  stay: fixture(model, 'STAY'),
  confirmLeave: fixture(model, 'CONFIRM_LEAVE'),
  compared: fixture(model, 'xstate.after.200.acquireSettings.editing.comparing'),
};
const outcome = {
  loaded: fixture(model, 'xstate.done.actor.loadSettings', 0),
  none: fixture(model, 'xstate.done.actor.loadSettings', 1),
  loadRefused: fixture(model, 'xstate.done.actor.loadSettings', 2),
  loadCrash: fixture(model, 'xstate.error.actor.loadSettings'),
  saved: fixture(model, 'xstate.done.actor.saveSettings', 0),
  refused: fixture(model, 'xstate.done.actor.saveSettings', 1),
  staffOnly: fixture(model, 'xstate.error.actor.saveSettings', 0),
  crash: fixture(model, 'xstate.error.actor.saveSettings', 1),
};
const path = (events: EventObject[]) => pathOf(acquireSettingsMachine, events, INPUT);
const pending = acquireSettingsMachine.provide({
  actors: { loadSettings: pendingForever(), saveSettings: pendingForever() },
});

describe('acquire-settings machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(acquireSettingsMachine, model.events, {
      input: INPUT,
      serializeState: (s) => JSON.stringify([s.value, s.context.dirty, s.context.error, s.context.values.dailyBudget]),
    });
    expect(unreachedStateNodeIds(acquireSettingsMachine, paths)).toEqual([]);
  });

  it('no draft yet: docs/acquire.md §Rules and limits defaults; saving with suggestions sends the flag and clears the unsaved state', async () => {
    const journey = path([outcome.none, ev.addDe, ev.compared, ev.submit, outcome.saved]);
    expect(journey.steps[1]!.state.context.values).toEqual({
      countries: [],
      dailyBudget: '0',
      targetKpi: 'roas_d7',
      targetKpiValue: '5',
      analysisPeriod: '30',
    });
    expect(journey.steps[3]!.state.context.dirty).toBe(true);
    expect(journey.state.matches('editing')).toBe(true);
    expect(journey.state.context).toMatchObject({
      dirty: false,
      stored: { countries: ['US', 'GB', 'DE'], dailyBudget: 0 },
    });
    const { machine, spies } = spyActions(pending, ['notify', 'settingsChanged']);
    await replay(machine, journey, INPUT);
    expect(spies.notify).toHaveBeenCalledWith({
      message: 'Settings saved. 1 suggested quest updated.',
      kind: 'success',
    });
    expect(spies.settingsChanged).toHaveBeenCalledWith({ appId: 'dragon-merge-ios' });
  });

  it('docs/acquire.md §Rules and limits: countries required and an integer analysis period, or no save', () => {
    expect(path([outcome.loaded, ev.noCountries, ev.submit]).state.context.errors).toEqual({ countries: 'required' });
    const bad = path([outcome.loaded, ev.badPeriod, ev.submit]);
    expect(bad.state.matches('editing')).toBe(true);
    expect(bad.state.context.errors).toEqual({ analysisPeriod: 'must be an integer' });
  });

  it("docs/acquire.md §Messages: a success:false answer reads 'Failed to save settings: {message}', a refusal in the server's words likewise, a crash 'Error saving settings'", () => {
    const cases: Array<[EventObject, string]> = [
      [outcome.refused, 'Failed to save settings: Budget exhausted'],
      [outcome.staffOnly, 'Failed to save settings: Only Questboard staff can change the target KPI and its value.'],
      [outcome.crash, 'Error saving settings'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([outcome.loaded, ev.budget, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.error).toBe(message);
      expect(journey.state.context.values.dailyBudget).toBe('200');
    }
  });

  it('leave with unsaved changes asks; stay keeps the edits, leave navigates', async () => {
    const stay = path([outcome.loaded, ev.budget, ev.compared, ev.leave, ev.stay]);
    expect(stay.steps[4]!.state.matches('confirmLeave')).toBe(true);
    expect(stay.state.matches('editing')).toBe(true);
    expect(stay.state.context.values.dailyBudget).toBe('200');
    const leave = path([outcome.loaded, ev.budget, ev.compared, ev.leave, ev.confirmLeave]);
    expect(leave.state.matches('left')).toBe(true);
    const { machine, spies } = spyActions(pending, ['navigate']);
    await replay(machine, leave, INPUT);
    expect(spies.navigate).toHaveBeenCalledWith({ to: '/workspace/demo-studio/apps' });
  });

  it('the comparison is debounced: dirty only after 200 ms; a change back to the saved value leaves without asking', () => {
    const typed = path([outcome.loaded, ev.budget]);
    expect(typed.state.matches({ editing: 'comparing' })).toBe(true);
    expect(typed.state.context.dirty).toBe(false);
    expect(path([outcome.loaded, ev.budget, ev.budgetBack, ev.compared, ev.leave]).state.matches('left')).toBe(true);
  });

  it('the shared target rules stop a negative budget and a period outside 1–365 days before the server', () => {
    for (const [change, field, message] of [
      [ev.negativeBudget, 'dailyBudget', 'must be 0 or more'],
      [ev.longPeriod, 'analysisPeriod', 'must be between 1 and 365 days'],
      [ev.noPeriod, 'analysisPeriod', 'must be between 1 and 365 days'],
    ] as const) {
      const journey = path([outcome.loaded, change, ev.submit]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.errors).toEqual({ [field]: message });
      expect(journey.state.context.error).toBeNull();
    }
  });

  it('a failed save is told once: in the form, not also as a snackbar; the next edit clears it', async () => {
    for (const failure of [outcome.refused, outcome.staffOnly, outcome.crash]) {
      const journey = path([outcome.loaded, ev.budget, ev.submit, failure]);
      const { machine, spies } = spyActions(pending, ['notify']);
      (await replay(machine, journey, INPUT)).stop();
      expect(spies.notify).not.toHaveBeenCalled();
      expect(path([outcome.loaded, ev.budget, ev.submit, failure, ev.budgetBack]).state.context.error).toBeNull();
    }
  });

  it('"Suggest quests and prices from my data" starts off and is sent as chosen', () => {
    expect(path([outcome.loaded]).state.context.applyPriceSuggestions).toBe(false);
    const journey = path([outcome.loaded, ev.suggestions, ev.budget, ev.submit]);
    expect(journey.state.matches('saving')).toBe(true);
    expect(journey.state.context.applyPriceSuggestions).toBe(true);
  });

  it("a viewer's form takes no edit: nothing to save, nothing unsaved, leaving never asks", () => {
    const viewer = { ...INPUT, readOnly: true };
    const loaded = pathOf(acquireSettingsMachine, [outcome.loaded], viewer);
    for (const event of [ev.budget, ev.addDe, ev.suggestions, ev.submit])
      expect(loaded.state.can(event), event.type).toBe(false);
    const left = pathOf(acquireSettingsMachine, [outcome.loaded, ev.leave], viewer);
    expect(left.state.matches('left')).toBe(true);
  });

  it('a failed load offers a retry', () => {
    expect(path([outcome.loadCrash]).state.matches('loadFailed')).toBe(true);
    expect(path([outcome.loadRefused, ev.retry]).state.matches('loading')).toBe(true);
  });
});
