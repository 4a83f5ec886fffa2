/**
 * Paths of the monetize-form machine (src/machines/monetize-form): every state reachable; a new campaign with per docs/monetize.md §Rules and limits
 * refPublicPrice 1 saved as LIVE ('Monetize created successfully.'); an edit saved ('Monetize updated successfully.');
 * the docs/monetize.md §Rules and limits rules blocking a save (countries, ids when some, conditions when some, value by dataType, an event from
 * another source with SPEC's words), each said in words of what the field needs, and a minimum accepted price above the
 * reference price refused; each failure keeping every edit (a success:false answer, the server's 400 words,
 * a crash).
 */
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { monetizeFormMachine } from '../../src/machines/monetize-form/monetize-form.machine';
import { selectEstimateConditions } from '../../src/machines/monetize-form/monetize-form.selectors';
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
import * as fx from '../fixtures/monetize';

const SOURCE_CHANGED = 'Active event source has been changed. Please select event from new event source.';
const source = {
  id: fx.activePluginId,
  events: [
    {
      id: 'event_level_end',
      eventName: 'level_end',
      params: { level_name: 'string' as const, level: 'number' as const },
    },
  ],
};
const NEW = { appId: 'app_android_1', campaign: null, source };
const EDIT = { appId: 'app_android_1', campaign: fx.liveCampaign, source };

const model = defineModel(monetizeFormMachine, {
  SET: [
    { type: 'SET', field: 'refPublicPrice', value: '2.5' },
    { type: 'SET', field: 'refPublicPrice', value: '' },
    { type: 'SET', field: 'minAcceptedPrice', value: '0.4' },
    { type: 'SET', field: 'minAcceptedPrice', value: '3' },
  ],
  SET_AUDIENCE: [
    { type: 'SET_AUDIENCE', field: 'displayQuestTo', value: 'some' },
    { type: 'SET_AUDIENCE', field: 'sendTrafficToApp', value: 'some' },
    { type: 'SET_AUDIENCE', field: 'displayQuestTo', value: 'all' },
  ],
  SET_LIST: [
    { type: 'SET_LIST', field: 'countries', value: ['US', 'GB'] },
    { type: 'SET_LIST', field: 'sendTrafficToAppIds', value: ['app_ios_1'] },
  ],
  ADD_CONDITION: { type: 'ADD_CONDITION' },
  REMOVE_CONDITION: { type: 'REMOVE_CONDITION', index: 0 },
  SET_CONDITION: [
    { type: 'SET_CONDITION', index: 0, patch: { value: 'US' } },
    { type: 'SET_CONDITION', index: 0, patch: { type: 'event' } },
    { type: 'SET_CONDITION', index: 0, patch: { eventId: 'event_level_end' } },
    { type: 'SET_CONDITION', index: 0, patch: { value: '5' } },
    { type: 'SET_CONDITION', index: 0, patch: { value: 'five' } },
  ],
  SYNC_SOURCE: { type: 'SYNC_SOURCE', source: { id: 'plugin_appsflyer_2', events: [] } },
  SUBMIT: { type: 'SUBMIT' },
  'xstate.done.actor.save': [
    done('save', {
      success: true,
      data: {
        ...fx.liveCampaign,
        id: 'monetize_new',
        countries: ['US', 'GB'],
        targetConditions: [],
        sendTrafficToAppIds: [],
      },
    }),
    done('save', { success: false, reason: 'Campaign not found' }),
  ],
  'xstate.error.actor.save': [
    failed('save', apiError(400, SOURCE_CHANGED, 'bad_request')),
    failed('save', serverCrash()),
    failed('save', apiError(409, 'This app already has a Monetize campaign.', 'monetize_exists')),
  ],
});
const ev = {
  price: fixture(model, 'SET', 0),
  noPrice: fixture(model, 'SET', 1),
  minPrice: fixture(model, 'SET', 2),
  highMinPrice: fixture(model, 'SET', 3),
  someDisplay: fixture(model, 'SET_AUDIENCE', 0),
  someTraffic: fixture(model, 'SET_AUDIENCE', 1),
  allDisplay: fixture(model, 'SET_AUDIENCE', 2),
  countries: fixture(model, 'SET_LIST', 0),
  trafficIds: fixture(model, 'SET_LIST', 1),
  add: fixture(model, 'ADD_CONDITION'),
  remove: fixture(model, 'REMOVE_CONDITION'),
  us: fixture(model, 'SET_CONDITION', 0),
  toEvent: fixture(model, 'SET_CONDITION', 1),
  pickEvent: fixture(model, 'SET_CONDITION', 2),
  five: fixture(model, 'SET_CONDITION', 3),
  notANumber: fixture(model, 'SET_CONDITION', 4),
  sourceChanged: fixture(model, 'SYNC_SOURCE'),
  submit: fixture(model, 'SUBMIT'),
};
const outcome = {
  saved: fixture(model, 'xstate.done.actor.save', 0),
  refused: fixture(model, 'xstate.done.actor.save', 1),
  staleSource: fixture(model, 'xstate.error.actor.save', 0),
  crashed: fixture(model, 'xstate.error.actor.save', 1),
  exists: fixture(model, 'xstate.error.actor.save', 2),
};
const path = (events: EventObject[], input: typeof NEW | typeof EDIT = NEW) =>
  pathOf(monetizeFormMachine, events, input);
const pending = monetizeFormMachine.provide({ actors: { save: pendingForever() } });

describe('monetize-form machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(monetizeFormMachine, model.events, {
      input: NEW,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.error,
          s.context.draft.countries.length,
          s.context.draft.displayQuestTo,
          s.context.draft.targetConditions.length,
        ]),
      filterEvents: (s, e) => e.type !== 'ADD_CONDITION' || s.context.draft.targetConditions.length < 2,
    });
    expect(unreachedStateNodeIds(monetizeFormMachine, paths)).toEqual([]);
  });

  it('a new campaign starts LIVE at refPublicPrice 1 and saves: created message, `saved`', async () => {
    const start = path([]);
    expect(start.state.context.draft).toMatchObject({
      refPublicPrice: '1',
      status: 'LIVE',
      sendTrafficToApp: 'all',
      displayQuestTo: 'all',
      countries: [],
    });
    const journey = path([ev.countries, ev.someDisplay, ev.us, ev.submit, outcome.saved]);
    expect(journey.steps[4]!.state.matches('saving')).toBe(true);
    expect(journey.state.matches('editing')).toBe(true);
    const { machine, spies } = spyActions(pending, ['notify', 'saved']);
    const actor = await replay(machine, journey, NEW);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Monetize created successfully.', kind: 'success' }]]);
    expect(spies.saved).toHaveBeenCalledWith({
      appId: 'app_android_1',
      campaign: expect.objectContaining({ id: 'monetize_new' }),
    });
    actor.stop();
  });

  it('sends the campaign typed: prices as numbers, values by dataType, "all" lists emptied', () => {
    const saving = path([ev.countries, ev.minPrice, ev.someDisplay, ev.toEvent, ev.pickEvent, ev.five, ev.submit]);
    expect(saving.state.matches('saving')).toBe(true);
    const draft = saving.state.context.draft;
    expect(draft.targetConditions[0]).toMatchObject({
      type: 'event',
      metric: 'count',
      event: 'level_end',
      eventId: 'event_level_end',
      eventParam: 'level_name',
      key: 'level_name',
      eventSource: fx.activePluginId,
      dataType: 'number',
      value: '5',
    });
    expect(selectEstimateConditions(saving.state as never)).toEqual([
      {
        type: 'event',
        metric: 'count',
        key: 'level_name',
        dataType: 'number',
        op: 'greater_than_or_equal',
        value: 5,
        event: 'level_end',
        eventId: 'event_level_end',
        eventParam: 'level_name',
        eventSource: fx.activePluginId,
      },
    ]);
  });

  it('an edit keeps the campaign id and says updated', async () => {
    const journey = path([ev.price, ev.submit, outcome.saved], EDIT);
    expect(journey.steps[2]!.state.matches('saving')).toBe(true);
    expect(journey.steps[2]!.state.context.draft).toMatchObject({ id: 'monetize_1', refPublicPrice: '2.5' });
    const { machine, spies } = spyActions(pending, ['notify', 'saved']);
    (await replay(machine, journey, EDIT)).stop();
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Monetize updated successfully.', kind: 'success' }]]);
  });

  it('docs/monetize.md §Rules and limits rules block a save and say in words what each field needs', () => {
    expect(path([ev.submit]).state.context.errors).toEqual({ countries: 'Choose at least one country.' });
    expect(path([ev.countries, ev.noPrice, ev.submit]).state.context.errors).toEqual({
      refPublicPrice: 'Enter the reference public price, in dollars.',
    });
    expect(path([ev.countries, ev.someTraffic, ev.submit]).state.context.errors).toEqual({
      sendTrafficToAppIds: 'Choose at least one app to send traffic to.',
    });
    expect(path([ev.countries, ev.someTraffic, ev.trafficIds, ev.submit]).state.matches('saving')).toBe(true);
    expect(path([ev.countries, ev.someDisplay, ev.remove, ev.submit]).state.context.errors).toEqual({
      targetConditions: 'Add at least one condition, or display quests to all players.',
    });
    expect(path([ev.countries, ev.someDisplay, ev.submit]).state.context.errors).toEqual({
      'targetConditions.0.value': 'Enter a value.',
    });
    expect(
      path([ev.countries, ev.someDisplay, ev.toEvent, ev.pickEvent, ev.notANumber, ev.submit]).state.context.errors,
    ).toEqual({ 'targetConditions.0.value': 'Enter a whole number, such as 3.' });
    // back to all: the conditions no longer count
    expect(path([ev.countries, ev.someDisplay, ev.allDisplay, ev.submit]).state.matches('saving')).toBe(true);
  });

  it('a minimum accepted price above the reference public price is refused before the server', () => {
    const high = path([ev.countries, ev.highMinPrice, ev.submit]);
    expect(high.state.matches('editing')).toBe(true);
    expect(high.state.context.errors).toEqual({
      minAcceptedPrice: 'The minimum accepted price must not be above the reference public price ($1.00).',
    });
    expect(path([ev.countries, ev.highMinPrice, ev.submit, ev.noPrice]).state.context.errors).toEqual({
      refPublicPrice: 'Enter the reference public price, in dollars.',
    });
    expect(path([ev.countries, ev.minPrice, ev.submit]).state.matches('saving')).toBe(true);
  });

  it("an event chosen from a source that is no longer active gets SPEC's words", () => {
    const stale = path([ev.countries, ev.someDisplay, ev.toEvent, ev.pickEvent, ev.five, ev.sourceChanged, ev.submit]);
    expect(stale.state.matches('editing')).toBe(true);
    expect(stale.state.context.errors['targetConditions.0.eventId']).toBe(SOURCE_CHANGED);
    // A saved campaign whose event came from the previous source says so as it opens, and when the source changes.
    const otherSource = { id: 'plugin_appsflyer_2', events: [] };
    expect(path([], { ...EDIT, source: otherSource } as typeof EDIT).state.context.errors).toEqual({
      'targetConditions.0.eventId': SOURCE_CHANGED,
    });
    expect(path([ev.sourceChanged], EDIT).state.context.errors).toEqual({
      'targetConditions.0.eventId': SOURCE_CHANGED,
    });
    expect(path([], EDIT).state.context.errors).toEqual({});
  });

  it("each failure keeps every edit: the answer's reason, the server's words for 400/409, ours for a crash", async () => {
    const cases: Array<[EventObject, string]> = [
      [outcome.refused, 'Campaign not found'],
      [outcome.staleSource, SOURCE_CHANGED],
      [outcome.exists, 'This app already has a Monetize campaign.'],
      [outcome.crashed, 'Failed to create Monetize!'],
    ];
    for (const [failure, message] of cases) {
      const journey = path([ev.countries, ev.price, ev.submit, failure]);
      expect(journey.state.matches('editing')).toBe(true);
      expect(journey.state.context.draft).toMatchObject({ countries: ['US', 'GB'], refPublicPrice: '2.5' });
      expect(journey.state.context.error).toBe(message);
      const { machine, spies } = spyActions(pending, ['notify', 'saved']);
      (await replay(machine, journey, NEW)).stop();
      expect(spies.notify).toHaveBeenCalledWith({ message, kind: 'error' });
      expect(spies.saved).not.toHaveBeenCalled();
    }
    expect(path([ev.price, ev.submit, outcome.crashed], EDIT).state.context.error).toBe('Failed to update Monetize!');
  });
});
