import { describe, expect, it } from 'vitest';
import { decodeOrThrow } from '../../../src/contracts/codecs';
import {
  CreateMonetizeRequest,
  MonetizeCampaign,
  MonetizeCampaignInput,
  MonetizeForm,
  MonetizeParams,
  MonetizeResponse,
  TargetCondition,
  UpdateMonetizeRequest,
  DEFAULT_REF_PUBLIC_PRICE,
  EVENT_SOURCE_CHANGED,
  conditionValueError,
  fromMonetizeForm,
  isMonetizeAllowed,
  toMonetizeForm,
  validateMonetizeForm,
  validateTargetCondition,
} from '../../../src/contracts/monetize';
import * as fx from '../../fixtures/monetize';
import { codecSuite, decodeMessages } from './codec-harness';

const SPEC_MESSAGE = 'Active event source has been changed. Please select event from new event source.';
const context = { activeEventSource: fx.activePluginId };
const validForm = () => toMonetizeForm(fx.liveCampaign, fx.liveCampaign.appId);

codecSuite([
  {
    name: 'TargetCondition (event)',
    codec: TargetCondition,
    fixture: fx.eventCondition,
    required: ['type', 'metric', 'key', 'dataType', 'op', 'value'],
  },
  {
    name: 'TargetCondition (user, timestamp)',
    codec: TargetCondition,
    fixture: fx.timestampCondition,
    required: ['value'],
  },
  {
    name: 'MonetizeCampaign',
    codec: MonetizeCampaign,
    fixture: fx.liveCampaign,
    required: [
      'id',
      'appId',
      'refPublicPrice',
      'sendTrafficToAppIds',
      'countries',
      'targetConditions',
      'status',
      'targetConditions.0.metric',
      'targetConditions.1.op',
    ],
    nested: ['targetConditions.0', 'targetConditions.1'],
  },
  {
    name: 'MonetizeCampaignInput (create request)',
    codec: CreateMonetizeRequest,
    fixture: fx.openCampaignInput,
    required: ['appId', 'refPublicPrice', 'status'],
  },
  { name: 'UpdateMonetizeRequest', codec: UpdateMonetizeRequest, fixture: fx.liveCampaign, required: ['id'] },
  {
    name: 'MonetizeResponse',
    codec: MonetizeResponse,
    fixture: { success: true, data: fx.liveCampaign },
    required: ['success', 'data.id', 'data.targetConditions.0.dataType'],
    nested: ['data', 'data.targetConditions.0'],
  },
  {
    name: 'MonetizeResponse (failure)',
    codec: MonetizeResponse,
    fixture: { success: false, reason: 'Campaign not found' },
    required: ['success'],
  },
  { name: 'MonetizeParams', codec: MonetizeParams, fixture: { id: 'monetize_1' }, required: ['id'] },
  {
    name: 'MonetizeForm',
    codec: MonetizeForm,
    fixture: decodeOrThrow(MonetizeForm, validForm()),
    required: ['sendTrafficToApp', 'displayQuestTo', 'appId'],
    nested: ['targetConditions.0'],
  },
]);

describe('monetize codecs: rejections', () => {
  it('accepts only LIVE and STOPPED', () => {
    expect(decodeMessages(MonetizeCampaign, { ...fx.liveCampaign, status: 'PAUSED' })).toEqual([
      'status must be one of LIVE, STOPPED',
    ]);
  });
  it('accepts only string, number and timestamp data types', () => {
    expect(decodeMessages(TargetCondition, { ...fx.userCondition, dataType: 'boolean' })).toEqual([
      'dataType must be one of string, number, timestamp',
    ]);
  });
  it('does not accept an id on create', () => {
    expect(MonetizeCampaignInput.encode(decodeOrThrow(MonetizeCampaignInput, fx.liveCampaign))).not.toHaveProperty(
      'id',
    );
  });
});

describe('form model (docs/monetize.md §Entities, §Campaign states, §Rules and limits)', () => {
  it('derives some/all from the lists of a campaign', () => {
    const form = validForm();
    expect(form.sendTrafficToApp).toBe('some');
    expect(form.displayQuestTo).toBe('some');
    const open = toMonetizeForm({ ...fx.openCampaignInput, id: 'monetize_2' }, 'app_android_1');
    expect(open.sendTrafficToApp).toBe('all');
    expect(open.displayQuestTo).toBe('all');
  });
  it('starts a new campaign LIVE with refPublicPrice 1', () => {
    expect(DEFAULT_REF_PUBLIC_PRICE).toBe(1);
    expect(toMonetizeForm(null, 'app_1')).toEqual({
      appId: 'app_1',
      refPublicPrice: 1,
      sendTrafficToApp: 'all',
      sendTrafficToAppIds: [],
      countries: [],
      displayQuestTo: 'all',
      targetConditions: [],
      status: 'LIVE',
    });
  });
  it('round-trips a campaign through the form', () => {
    expect(fromMonetizeForm(validForm())).toEqual(fx.liveCampaign);
  });
  it("empties the lists when the choice is 'all' and drops the form-only fields", () => {
    const campaign = fromMonetizeForm({ ...validForm(), sendTrafficToApp: 'all', displayQuestTo: 'all' });
    expect(campaign.sendTrafficToAppIds).toEqual([]);
    expect(campaign.targetConditions).toEqual([]);
    expect(campaign).not.toHaveProperty('sendTrafficToApp');
    expect(campaign).not.toHaveProperty('displayQuestTo');
    expect(UpdateMonetizeRequest.is(campaign)).toBe(true);
  });
  it('shows Monetize only when allowMonetize equals 1 (docs/monetize.md §Roles)', () => {
    expect(isMonetizeAllowed({ allowMonetize: 1 })).toBe(true);
    expect(isMonetizeAllowed({ allowMonetize: 0 })).toBe(false);
    expect(isMonetizeAllowed({ allowMonetize: 2 })).toBe(false);
  });
});

describe('validateMonetizeForm (docs/monetize.md §Rules and limits)', () => {
  it('uses the exact SPEC message', () => {
    expect(EVENT_SOURCE_CHANGED).toBe(SPEC_MESSAGE);
  });
  it('accepts a valid campaign form', () => {
    expect(validateMonetizeForm(validForm(), context)).toEqual({});
    expect(validateMonetizeForm(toMonetizeForm(null, 'app_1'), context)).toEqual({ countries: 'required' });
    expect(validateMonetizeForm({ ...toMonetizeForm(null, 'app_1'), countries: ['US'] })).toEqual({});
  });
  it('requires appId, refPublicPrice, sendTrafficToApp, countries and displayQuestTo', () => {
    expect(validateMonetizeForm({})).toEqual({
      appId: 'required',
      refPublicPrice: 'required',
      sendTrafficToApp: 'required',
      displayQuestTo: 'required',
      countries: 'required',
    });
  });
  it('checks types and choices', () => {
    expect(
      validateMonetizeForm({
        ...validForm(),
        appId: 42,
        refPublicPrice: 'one',
        sendTrafficToApp: 'none',
        displayQuestTo: 'any',
      }),
    ).toEqual({
      appId: 'must be a string',
      refPublicPrice: 'must be a number',
      sendTrafficToApp: 'must be one of: all, some',
      displayQuestTo: 'must be one of: all, some',
    });
    expect(validateMonetizeForm({ ...validForm(), refPublicPrice: '2.5' }, context)).toEqual({});
  });
  it("requires target apps only when sending traffic to 'some'", () => {
    expect(validateMonetizeForm({ ...validForm(), sendTrafficToAppIds: [] }, context)).toEqual({
      sendTrafficToAppIds: 'required',
    });
    expect(validateMonetizeForm({ ...validForm(), sendTrafficToAppIds: undefined }, context)).toEqual({
      sendTrafficToAppIds: 'required',
    });
    expect(validateMonetizeForm({ ...validForm(), sendTrafficToApp: 'all', sendTrafficToAppIds: [] }, context)).toEqual(
      {},
    );
  });
  it("requires target conditions only when displaying the quest to 'some'", () => {
    expect(validateMonetizeForm({ ...validForm(), targetConditions: [] }, context)).toEqual({
      targetConditions: 'required',
    });
    expect(validateMonetizeForm({ ...validForm(), displayQuestTo: 'all', targetConditions: [{}] }, context)).toEqual(
      {},
    );
  });
  it('reports condition errors by index and field', () => {
    const errors = validateMonetizeForm(
      { ...validForm(), targetConditions: [fx.eventCondition, { type: 'user' }] },
      context,
    );
    expect(errors).toEqual({
      'targetConditions.1.metric': 'required',
      'targetConditions.1.key': 'required',
      'targetConditions.1.dataType': 'required',
      'targetConditions.1.op': 'required',
      'targetConditions.1.value': 'required',
    });
  });
  it('gives the SPEC message when the event source changed', () => {
    const errors = validateMonetizeForm(validForm(), { activeEventSource: 'plugin_appsflyer_1' });
    expect(errors).toEqual({ 'targetConditions.0.eventId': SPEC_MESSAGE });
  });
});

describe('validateTargetCondition (docs/monetize.md §Rules and limits)', () => {
  it('accepts valid conditions', () => {
    expect(validateTargetCondition(fx.eventCondition, context)).toEqual({});
    expect(validateTargetCondition(fx.userCondition, context)).toEqual({});
    expect(validateTargetCondition(fx.timestampCondition, context)).toEqual({});
  });
  it('requires type, metric, key, dataType and op', () => {
    expect(validateTargetCondition({ value: 'x' })).toEqual({
      type: 'required',
      metric: 'required',
      key: 'required',
      dataType: 'required',
      op: 'required',
    });
    expect(validateTargetCondition({ ...fx.userCondition, dataType: 'bool' })).toEqual({
      dataType: 'must be one of: string, number, timestamp',
    });
  });
  it('requires event, eventId, eventParam and eventSource strings for event conditions', () => {
    const { event, eventId, eventParam, eventSource, ...bare } = fx.eventCondition;
    void [event, eventId, eventParam, eventSource];
    expect(validateTargetCondition(bare, context)).toEqual({
      event: 'required',
      eventId: 'required',
      eventParam: 'required',
      eventSource: 'required',
    });
    expect(validateTargetCondition({ ...fx.eventCondition, eventParam: 7, event: ' ' }, context)).toEqual({
      event: 'required',
      eventParam: 'must be a string',
    });
    expect(validateTargetCondition({ ...bare, type: 'user' }, context)).toEqual({});
  });
  it('rejects an event picked from another event source', () => {
    expect(validateTargetCondition({ ...fx.eventCondition, eventSource: 'plugin_old' }, context)).toEqual({
      eventId: SPEC_MESSAGE,
    });
  });
  it('rejects an event that is not among the active source events', () => {
    expect(validateTargetCondition(fx.eventCondition, { ...context, activeEventIds: ['event_level_end'] })).toEqual({});
    expect(validateTargetCondition(fx.eventCondition, { activeEventIds: ['event_purchase'] })).toEqual({
      eventId: SPEC_MESSAGE,
    });
  });
  it('skips the source check when no active source is known', () => {
    expect(validateTargetCondition({ ...fx.eventCondition, eventSource: 'plugin_old' })).toEqual({});
  });
});

describe('condition value by dataType (docs/monetize.md §Rules and limits)', () => {
  it('requires a value', () => {
    for (const dataType of ['string', 'number', 'timestamp']) {
      expect(conditionValueError(dataType, '')).toBe('required');
      expect(conditionValueError(dataType, undefined)).toBe('required');
    }
  });
  it('string: a string', () => {
    expect(conditionValueError('string', 'US')).toBeNull();
    expect(conditionValueError('string', 5)).toBe('must be a string');
  });
  it('number: an integer', () => {
    expect(conditionValueError('number', 5)).toBeNull();
    expect(conditionValueError('number', '12')).toBeNull();
    expect(conditionValueError('number', -3)).toBeNull();
    expect(conditionValueError('number', 2.5)).toBe('must be an integer');
    expect(conditionValueError('number', 'abc')).toBe('must be an integer');
  });
  it('timestamp: epoch number or date string', () => {
    expect(conditionValueError('timestamp', 1_767_225_600)).toBeNull();
    expect(conditionValueError('timestamp', '2025-01-01 00:00:00Z')).toBeNull();
    expect(conditionValueError('timestamp', '2025-01-01')).toBeNull();
    expect(conditionValueError('timestamp', 'yesterday')).toBe('must be a valid timestamp');
  });
});
