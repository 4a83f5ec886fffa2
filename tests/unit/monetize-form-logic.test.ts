/**
 * The Monetize form's pure steps (src/machines/monetize-form/form-draft.ts): a campaign to the form and back (values
 * typed by dataType, 'all' lists emptied), the dependent resets of a condition change, and the conditions complete
 * enough to estimate; the shared rules (prices, and every message in words).
 */
import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  emptyCondition,
  estimableConditions,
  patchCondition,
  toDraft,
  toRequest,
  type EventSourceInfo,
} from '../../src/machines/monetize-form/form-draft';
import { inWords, priceErrors } from '../../src/contracts/monetize-rules';
import * as fx from '../fixtures/monetize';

const source: EventSourceInfo = {
  id: fx.activePluginId,
  events: [
    { id: 'event_level_end', eventName: 'level_end', params: { level: 'number', level_name: 'string' } },
    { id: 'event_purchase', eventName: 'in_app_purchase', params: { currency: 'string' } },
  ],
};

describe('monetize form draft', () => {
  it('round-trips a campaign: texts in the form, typed values in the request', () => {
    const draft = toDraft(fx.liveCampaign, fx.liveCampaign.appId);
    expect(draft).toMatchObject({
      id: 'monetize_1',
      refPublicPrice: '1.5',
      minAcceptedPrice: '0.8',
      sendTrafficToApp: 'some',
      displayQuestTo: 'some',
    });
    expect(draft.targetConditions[0]!.value).toBe('5');
    expect(toRequest(draft)).toEqual(fx.liveCampaign);
    expect(
      toRequest({ ...draft, sendTrafficToApp: 'all', displayQuestTo: 'all', minAcceptedPrice: ' ' }),
    ).toMatchObject({ sendTrafficToAppIds: [], targetConditions: [], minAcceptedPrice: null });
  });

  it('a new form is LIVE at refPublicPrice 1 with nothing chosen (docs/monetize.md §Rules and limits)', () => {
    expect(toDraft(null, 'app_1')).toEqual({
      appId: 'app_1',
      refPublicPrice: '1',
      minAcceptedPrice: '',
      sendTrafficToApp: 'all',
      sendTrafficToAppIds: [],
      countries: [],
      displayQuestTo: 'all',
      targetConditions: [],
      status: 'LIVE',
    });
  });

  it('a condition change resets what depends on it', () => {
    const start = { ...emptyCondition(), value: 'US' };
    const total = patchCondition(start, { metric: 'total' }, source);
    expect(total).toMatchObject({
      metric: 'total',
      key: 'sessions',
      dataType: 'number',
      op: 'greater_than_or_equal',
      value: '',
    });
    expect(patchCondition(total, { key: 'minutes_played' }, source)).toMatchObject({
      key: 'minutes_played',
      dataType: 'number',
    });
    const firstOpen = patchCondition(start, { key: 'first_open' }, source);
    expect(firstOpen).toMatchObject({ dataType: 'timestamp', op: 'from', value: '' });
    const event = patchCondition(start, { type: 'event' }, source);
    expect(event).toMatchObject({
      type: 'event',
      metric: 'count',
      eventSource: fx.activePluginId,
      dataType: 'number',
      event: '',
    });
    const picked = patchCondition(event, { eventId: 'event_level_end' }, source);
    expect(picked).toMatchObject({ event: 'level_end', eventParam: 'level', key: 'level', dataType: 'number' });
    const param = patchCondition(
      patchCondition(picked, { metric: 'param' }, source),
      { eventParam: 'level_name' },
      source,
    );
    expect(param).toMatchObject({
      metric: 'param',
      eventParam: 'level_name',
      key: 'level_name',
      dataType: 'string',
      op: 'equals',
    });
    expect(patchCondition(param, { type: 'user' }, source)).toEqual(emptyCondition());
  });

  it('estimates only complete conditions, and none when quests go to all players', () => {
    const draft = toDraft(null, 'app_1');
    const complete = { ...emptyCondition(), value: 'US' };
    const some = { ...draft, displayQuestTo: 'some' as const, targetConditions: [complete, emptyCondition()] };
    expect(estimableConditions(some, source)).toEqual([
      { type: 'user', metric: 'property', key: 'country', dataType: 'string', op: 'equals', value: 'US' },
    ]);
    expect(estimableConditions({ ...some, displayQuestTo: 'all' }, source)).toEqual([]);
  });
});

describe('monetize rules (one validator for the form and the server)', () => {
  const valid = { ...toDraft(null, 'app_1'), countries: ['US'] };
  it('refuses a minimum accepted price above the reference price, a negative one and a non-number; equal is fine', () => {
    expect(draftErrors({ ...valid, refPublicPrice: '1', minAcceptedPrice: '1.01' }, source)).toEqual({
      minAcceptedPrice: 'The minimum accepted price must not be above the reference public price ($1.00).',
    });
    expect(draftErrors({ ...valid, refPublicPrice: '2', minAcceptedPrice: '2' }, source)).toEqual({});
    expect(draftErrors({ ...valid, minAcceptedPrice: '-1' }, source)).toEqual({
      minAcceptedPrice: 'The minimum accepted price must be 0 or more.',
    });
    expect(draftErrors({ ...valid, minAcceptedPrice: 'abc' }, source)).toEqual({
      minAcceptedPrice: 'The minimum accepted price must be an amount in dollars, such as 0.80, or left empty.',
    });
    expect(priceErrors({ refPublicPrice: -1, minAcceptedPrice: null })).toEqual({
      refPublicPrice: 'The reference public price must be 0 or more.',
    });
  });

  it('says what each field needs in words, never a bare "required"', () => {
    const errors = draftErrors(
      {
        ...toDraft(null, 'app_1'),
        refPublicPrice: ' ',
        sendTrafficToApp: 'some',
        displayQuestTo: 'some',
        targetConditions: [
          { ...emptyCondition(), type: 'event', metric: 'count', key: '', dataType: 'number', op: '' },
        ],
      },
      source,
    );
    expect(errors).toEqual({
      refPublicPrice: 'Enter the reference public price, in dollars.',
      countries: 'Choose at least one country.',
      sendTrafficToAppIds: 'Choose at least one app to send traffic to.',
      'targetConditions.0.key': 'Choose a key.',
      'targetConditions.0.op': 'Choose an operator.',
      'targetConditions.0.event': 'Choose an event.',
      'targetConditions.0.eventId': 'Choose an event.',
      'targetConditions.0.eventParam': 'Choose a parameter of the event.',
      'targetConditions.0.eventSource': "Choose an event from the app's event source.",
      'targetConditions.0.value': 'Enter a value.',
    });
    expect(Object.values(errors).every((message) => /^[A-Z].*\.$/.test(message))).toBe(true);
    expect(inWords('targetConditions.0.value', 'must be a valid timestamp')).toBe('Enter a date and time.');
    expect(inWords('targetConditions.0.dataType', 'must be number for this key')).toBe(
      'The data type must be number for this key.',
    );
    expect(
      inWords(
        'targetConditions.0.eventId',
        'Active event source has been changed. Please select event from new event source.',
      ),
    ).toBe('Active event source has been changed. Please select event from new event source.');
  });
});
