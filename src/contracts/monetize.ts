/**
 * Monetize: the ads campaign of an app (docs/monetize.md §Screens and routes Monetize, §Entities Monetize campaign and Target condition, §Campaign states Monetize on/off,
 * §Rules and limits Monetize validation, §Roles allowMonetize, §API endpoints Monetize calls, §Messages Monetize, §Rules and limits default refPublicPrice).
 *
 * Wire shape: `MonetizeCampaign` (one per app). Form shape: `MonetizeForm` adds the form-only derived choices
 * `sendTrafficToApp` and `displayQuestTo` ('all' means the matching list is empty). `validateMonetizeForm` is the whole
 * docs/monetize.md §Rules and limits rule set; the server runs it too (docs/architecture.md §House rules 4).
 *
 * Calls: docs/monetize.md §API endpoints gives the paths (our server mounts them under /api):
 *   POST   /monetize          CreateMonetizeRequest → MonetizeResponse   (editor)
 *   POST   /monetize/update   UpdateMonetizeRequest → MonetizeResponse   (editor)
 *   DELETE /monetize/{id}                           → MonetizeResponse   (editor)
 * and ours for what docs/monetize.md §Messages does not show:
 *   GET    /api/app/:appId/monetize                 → MonetizeResponse (data null when the app has no campaign) (viewer)
 *   GET    /api/app/:appId/monetize/events          → MonetizeEventsResponse: the app's event source and its events,
 *                                                     the choices of an event condition (viewer)
 *   POST   /api/app/:appId/monetize/estimate        MonetizeEstimateRequest → MonetizeEstimateResponse ("Beyond": the
 *                                                     players matching the conditions over the last 30 days) (viewer)
 * Every call is refused unless the app's workspace has allowMonetize = 1 (docs/monetize.md §Roles); writes need an editor.
 *
 * Target conditions (ours; docs/monetize.md §Entities names the fields, not their vocabulary; `CONDITION_TYPES` below is the whole list):
 *   type 'user',  metric 'property': a property of the player (key: country, platform, app_version, media_source,
 *                                    device_category: string; first_open: timestamp) — some event of the player in the
 *                                    last 30 days carries a matching value;
 *   type 'user',  metric 'total':    a total of the player over the last 30 days (key: sessions, active_days,
 *                                    minutes_played, purchases, ad_impressions: number) compared with the value;
 *   type 'event', metric 'count':    how many times the player sent `event` in the last 30 days, compared with the
 *                                    value (dataType number; `eventParam` names the parameter shown with it);
 *   type 'event', metric 'param':    the player sent `event` at least once with `eventParam` matching the value
 *                                    (dataType: the parameter's type in the event source: STRING → string, INT64 and
 *                                    FLOAT64 → number).
 *   For event conditions `key` is the parameter name (= eventParam), `eventId` the id of the event in the app's event
 *   source and `eventSource` the id of that source (a plugin). Operators by dataType: `OPERATORS`.
 * The event source of an app (ours): its active source (App.activePluginId), or, when it has not chosen one, its
 * first plugin that has events.
 */
import * as t from 'io-ts';
import { struct, nullable, line, boundedString, MAX, Id, AppParams } from './codecs';
import { endpoint } from './endpoint';
import {
  type FieldErrors,
  maxItems,
  REQUIRED,
  MUST_BE_INTEGER,
  MUST_BE_STRING,
  MUST_BE_TIMESTAMP,
  isBlank,
  mustBeOneOf,
  requiredNumber,
  requiredString,
  toNumber,
} from './validation';
import { SafeNumber, SignedMoney } from './numbers';
import { lookupTable } from './lookup';

// ---------------------------------------------------------------- entities (docs/monetize.md §Entities)

export const MonetizeStatus = t.keyof({ LIVE: null, STOPPED: null }, 'MonetizeStatus');
export type MonetizeStatus = t.TypeOf<typeof MonetizeStatus>;

export const ConditionDataType = t.keyof({ string: null, number: null, timestamp: null }, 'ConditionDataType');
export type ConditionDataType = t.TypeOf<typeof ConditionDataType>;

/** A string, an integer (dataType number) or a timestamp (epoch number or date string), by dataType (docs/monetize.md §Rules and limits). */
export const ConditionValue = t.union([boundedString(MAX.filterValue), SafeNumber], 'ConditionValue');
export type ConditionValue = t.TypeOf<typeof ConditionValue>;

/** The condition type whose event fields are required (docs/monetize.md §Rules and limits). Other type values are not shown in docs/monetize.md. */
export const EVENT_CONDITION_TYPE = 'event';

/** `eventSource` is the id of the plugin that produced the event (the app's activePluginId when it was chosen). */
const Word = line(MAX.label);
export const TargetCondition = struct(
  { type: Word, metric: Word, key: Word, dataType: ConditionDataType, op: Word, value: ConditionValue },
  { event: Word, eventId: Word, eventParam: Word, eventSource: Word },
  'TargetCondition',
);
export type TargetCondition = t.TypeOf<typeof TargetCondition>;

/** Ours: at most this many conditions, countries and apps per campaign. */
export const MAX_CONDITIONS = 20;
export const MAX_COUNTRIES = 300;
export const MAX_TRAFFIC_APPS = 100;

const campaignProps = {
  appId: Id,
  // The codec bounds the size; the price rules (monetize-rules.ts) refuse a negative price in the form's words.
  refPublicPrice: SignedMoney,
  sendTrafficToAppIds: maxItems(Id, MAX_TRAFFIC_APPS, 'AppIds'),
  countries: maxItems(line(8), MAX_COUNTRIES, 'Countries'),
  targetConditions: maxItems(TargetCondition, MAX_CONDITIONS, 'TargetConditions'),
  status: MonetizeStatus,
};
const campaignOptional = { minAcceptedPrice: nullable(SignedMoney) };

export const MonetizeCampaign = struct({ id: t.string, ...campaignProps }, campaignOptional, 'MonetizeCampaign');
export type MonetizeCampaign = t.TypeOf<typeof MonetizeCampaign>;

/** A campaign before the server gave it an id. */
export const MonetizeCampaignInput = struct(campaignProps, campaignOptional, 'MonetizeCampaignInput');
export type MonetizeCampaignInput = t.TypeOf<typeof MonetizeCampaignInput>;

// ---------------------------------------------------------------- calls (docs/monetize.md §API endpoints)

export const CreateMonetizeRequest = MonetizeCampaignInput;
export type CreateMonetizeRequest = MonetizeCampaignInput;
export const UpdateMonetizeRequest = MonetizeCampaign;
export type UpdateMonetizeRequest = MonetizeCampaign;
export const MonetizeParams = struct({ id: Id }, {}, 'MonetizeParams');
/** docs/monetize.md §API endpoints: response success, data, reason. */
export const MonetizeResponse = struct(
  { success: t.boolean },
  { data: nullable(MonetizeCampaign), reason: t.string },
  'MonetizeResponse',
);
export type MonetizeResponse = t.TypeOf<typeof MonetizeResponse>;

// ---------------------------------------------------------------- form model (docs/monetize.md §Entities form-only fields, §Campaign states, §Rules and limits)

export const Audience = t.keyof({ all: null, some: null }, 'Audience');
export type Audience = t.TypeOf<typeof Audience>;
const AUDIENCES: readonly Audience[] = ['all', 'some'];

export const MonetizeForm = struct(
  { ...campaignProps, sendTrafficToApp: Audience, displayQuestTo: Audience },
  { id: t.string, ...campaignOptional },
  'MonetizeForm',
);
export type MonetizeForm = t.TypeOf<typeof MonetizeForm>;

/** docs/monetize.md §Rules and limits. */
export const DEFAULT_REF_PUBLIC_PRICE = 1;

/** docs/monetize.md §Roles: Monetize exists only when the workspace's allowMonetize equals 1. */
export const isMonetizeAllowed = (workspace: { allowMonetize: number }): boolean => workspace.allowMonetize === 1;

/**
 * The form for an app: from its campaign (derived choices: 'some' when the list is non-empty), or a new LIVE campaign
 * with refPublicPrice 1 when the switch is turned on (docs/monetize.md §Campaign states, §Rules and limits).
 */
export function toMonetizeForm(campaign: MonetizeCampaign | null | undefined, appId: string): MonetizeForm {
  if (!campaign) {
    return {
      appId,
      refPublicPrice: DEFAULT_REF_PUBLIC_PRICE,
      sendTrafficToApp: 'all',
      sendTrafficToAppIds: [],
      countries: [],
      displayQuestTo: 'all',
      targetConditions: [],
      status: 'LIVE',
    };
  }
  return {
    ...campaign,
    sendTrafficToApp: campaign.sendTrafficToAppIds.length > 0 ? 'some' : 'all',
    displayQuestTo: campaign.targetConditions.length > 0 ? 'some' : 'all',
  };
}

/** The campaign to send: 'all' empties the matching list; the form-only fields are dropped. */
export function fromMonetizeForm(form: MonetizeForm): MonetizeCampaignInput & { id?: string } {
  const { sendTrafficToApp, displayQuestTo, ...campaign } = form;
  return {
    ...campaign,
    sendTrafficToAppIds: sendTrafficToApp === 'some' ? campaign.sendTrafficToAppIds : [],
    targetConditions: displayQuestTo === 'some' ? campaign.targetConditions : [],
  };
}

// ---------------------------------------------------------------- validation (docs/monetize.md §Rules and limits Monetize)

/** docs/monetize.md §Rules and limits, verbatim. */
export const EVENT_SOURCE_CHANGED = 'Active event source has been changed. Please select event from new event source.';

/**
 * The app's current event source. `activeEventSource`: the active plugin id (App.activePluginId); a condition whose
 * eventSource differs was chosen from another source. `activeEventIds`: when known, the ids of the events of the
 * active source; an eventId outside it is stale too. Either mismatch gives EVENT_SOURCE_CHANGED on `eventId`.
 */
export interface MonetizeValidationContext {
  activeEventSource?: string | null;
  activeEventIds?: readonly string[];
}

export type TargetConditionInput = Partial<Record<keyof TargetCondition, unknown>>;
export interface MonetizeFormInput {
  appId?: unknown;
  refPublicPrice?: unknown;
  sendTrafficToApp?: unknown;
  sendTrafficToAppIds?: unknown;
  countries?: unknown;
  displayQuestTo?: unknown;
  targetConditions?: readonly TargetConditionInput[] | null;
}

const isDataType = (value: unknown): value is ConditionDataType => ConditionDataType.is(value);
const isTimestamp = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Date.parse(value.trim())));

/** The value rule of docs/monetize.md §Rules and limits: required as string, integer or timestamp by dataType. */
export function conditionValueError(dataType: unknown, value: unknown): string | null {
  if (isBlank(value)) return REQUIRED;
  switch (isDataType(dataType) ? dataType : undefined) {
    case 'string':
      return typeof value === 'string' ? null : MUST_BE_STRING;
    case 'number': {
      const parsed = toNumber(value);
      return parsed !== undefined && Number.isInteger(parsed) ? null : MUST_BE_INTEGER;
    }
    case 'timestamp':
      return isTimestamp(value) ? null : MUST_BE_TIMESTAMP;
    default:
      return null; // dataType itself is reported
  }
}

/** Errors of one target condition, keyed by its field names (docs/monetize.md §Rules and limits per-condition rules). */
export function validateTargetCondition(
  condition: TargetConditionInput,
  context: MonetizeValidationContext = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['type', 'metric', 'key', 'op'] as const) {
    if (isBlank(condition[field])) errors[field] = REQUIRED;
  }
  if (isBlank(condition.dataType)) errors.dataType = REQUIRED;
  else if (!isDataType(condition.dataType)) errors.dataType = mustBeOneOf(Object.keys(ConditionDataType.keys));
  if (condition.type === EVENT_CONDITION_TYPE) {
    for (const field of ['event', 'eventId', 'eventParam', 'eventSource'] as const) {
      const error = requiredString(condition[field]);
      if (error) errors[field] = error;
    }
    if (!errors.eventId && typeof condition.eventId === 'string') {
      const sourceChanged =
        context.activeEventSource != null && !errors.eventSource && condition.eventSource !== context.activeEventSource;
      const unknownEvent = context.activeEventIds !== undefined && !context.activeEventIds.includes(condition.eventId);
      if (sourceChanged || unknownEvent) errors.eventId = EVENT_SOURCE_CHANGED;
    }
  }
  const valueError = conditionValueError(condition.dataType, condition.value);
  if (valueError) errors.value = valueError;
  return errors;
}

const nonEmptyStringList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.trim() !== '');

/**
 * docs/monetize.md §Rules and limits Monetize: appId required string; refPublicPrice required number; sendTrafficToApp required (all|some);
 * countries required; sendTrafficToAppIds required array when some; displayQuestTo required (all|some);
 * targetConditions required array when some, each condition valid. Required lists must be non-empty.
 * Keys: field names, and `targetConditions.{index}.{field}` for conditions.
 */
export function validateMonetizeForm(form: MonetizeFormInput, context: MonetizeValidationContext = {}): FieldErrors {
  const errors: FieldErrors = {};
  const appId = requiredString(form.appId);
  if (appId) errors.appId = appId;
  const price = requiredNumber(form.refPublicPrice);
  if (price) errors.refPublicPrice = price;

  const audience = (field: 'sendTrafficToApp' | 'displayQuestTo') => {
    const value = form[field];
    if (isBlank(value)) errors[field] = REQUIRED;
    else if (!Audience.is(value)) errors[field] = mustBeOneOf(AUDIENCES);
  };
  audience('sendTrafficToApp');
  audience('displayQuestTo');

  if (!nonEmptyStringList(form.countries)) errors.countries = REQUIRED;
  if (form.sendTrafficToApp === 'some' && !nonEmptyStringList(form.sendTrafficToAppIds))
    errors.sendTrafficToAppIds = REQUIRED;
  if (form.displayQuestTo === 'some') {
    const conditions = form.targetConditions;
    if (!Array.isArray(conditions) || conditions.length === 0) errors.targetConditions = REQUIRED;
    else
      conditions.forEach((condition, index) => {
        for (const [field, message] of Object.entries(validateTargetCondition(condition ?? {}, context))) {
          errors[`targetConditions.${index}.${field}`] = message;
        }
      });
  }
  return errors;
}

// ---------------------------------------------------------------- condition vocabulary (ours, see the header)

export type ConditionType = 'user' | 'event';
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}
export interface KeyChoice extends Choice {
  dataType: ConditionDataType;
}

export const CONDITION_TYPES: readonly Choice<ConditionType>[] = [
  { value: 'user', label: 'Player' },
  { value: 'event', label: 'Event' },
];
export const CONDITION_METRICS: Readonly<Record<ConditionType, readonly Choice[]>> = {
  user: [
    { value: 'property', label: 'Property' },
    { value: 'total', label: 'Total in the last 30 days' },
  ],
  event: [
    { value: 'count', label: 'Times sent' },
    { value: 'param', label: 'Parameter value' },
  ],
};
/** The keys of a player condition, by metric. */
export const USER_KEYS: Readonly<Record<string, readonly KeyChoice[]>> = lookupTable({
  property: [
    { value: 'country', label: 'Country', dataType: 'string' },
    { value: 'platform', label: 'Platform', dataType: 'string' },
    { value: 'app_version', label: 'App version', dataType: 'string' },
    { value: 'media_source', label: 'Media source', dataType: 'string' },
    { value: 'device_category', label: 'Device category', dataType: 'string' },
    { value: 'first_open', label: 'First open', dataType: 'timestamp' },
  ],
  total: [
    { value: 'sessions', label: 'Sessions', dataType: 'number' },
    { value: 'active_days', label: 'Active days', dataType: 'number' },
    { value: 'minutes_played', label: 'Minutes played', dataType: 'number' },
    { value: 'purchases', label: 'Purchases', dataType: 'number' },
    { value: 'ad_impressions', label: 'Ad impressions', dataType: 'number' },
  ],
});
export const OPERATORS: Readonly<Record<ConditionDataType, readonly Choice[]>> = {
  string: [
    { value: 'equals', label: 'equals' },
    { value: 'not_equals', label: 'does not equal' },
    { value: 'contains', label: 'contains' },
    { value: 'is_one_of', label: 'is one of (comma-separated)' },
    { value: 'is_not_one_of', label: 'is not one of (comma-separated)' },
  ],
  number: [
    { value: 'equals', label: '=' },
    { value: 'not_equals', label: '≠' },
    { value: 'greater_than', label: '>' },
    { value: 'greater_than_or_equal', label: '≥' },
    { value: 'less_than', label: '<' },
    { value: 'less_than_or_equal', label: '≤' },
  ],
  timestamp: [
    { value: 'from', label: 'on or after' },
    { value: 'to', label: 'on or before' },
  ],
};

/** A parameter's type in the event source (docs/monetize.md §Entities event_params) as a condition dataType. */
export const paramDataType = (sourceType: string): ConditionDataType =>
  /^(INT|FLOAT|DOUBLE|NUMERIC|BIGNUMERIC|INTEGER)/i.test(sourceType) ? 'number' : 'string';

/** An event of the app's event source, as an event condition offers it. */
export const MonetizeEvent = struct(
  { id: t.string, eventName: t.string, params: t.record(t.string, ConditionDataType) },
  {},
  'MonetizeEvent',
);
export type MonetizeEvent = t.TypeOf<typeof MonetizeEvent>;
export const MonetizeEventsResponse = struct(
  { success: t.boolean, events: t.array(MonetizeEvent) },
  { source: nullable(struct({ id: t.string, type: t.string })) },
  'MonetizeEventsResponse',
);
export type MonetizeEventsResponse = t.TypeOf<typeof MonetizeEventsResponse>;

const labelsOf = (choices: readonly Choice[]) => choices.map((c) => c.value);
const dataTypeMismatch = (expected: ConditionDataType) => `must be ${expected} for this key`;
export const NOT_A_PARAMETER = 'must be a parameter of the event';
export const KEY_IS_PARAMETER = 'must be the event parameter';

/**
 * The vocabulary rules of one condition (ours, the header's table): type, metric, key, dataType and op must be choices
 * that go together. `params`: the parameters of the condition's event in the app's event source, when known (the
 * server always knows them; an unknown event is already EVENT_SOURCE_CHANGED). Fields already reported by
 * validateTargetCondition (blank ones) are skipped.
 */
export function conditionChoiceErrors(
  condition: TargetConditionInput,
  params?: Readonly<Record<string, ConditionDataType>>,
): FieldErrors {
  const errors: FieldErrors = {};
  const { type, metric, key, dataType, op } = condition;
  if (isBlank(type)) return errors;
  if (type !== 'user' && type !== 'event') {
    errors.type = mustBeOneOf(labelsOf(CONDITION_TYPES));
    return errors;
  }
  if (isBlank(metric)) return errors;
  if (!CONDITION_METRICS[type].some((m) => m.value === metric)) {
    errors.metric = mustBeOneOf(labelsOf(CONDITION_METRICS[type]));
    return errors;
  }
  let expected: ConditionDataType | undefined;
  if (type === 'user') {
    const keys = USER_KEYS[metric as string]!;
    const found = keys.find((k) => k.value === key);
    if (!isBlank(key) && !found) errors.key = mustBeOneOf(labelsOf(keys));
    expected = found?.dataType;
  } else {
    if (!isBlank(key) && !isBlank(condition.eventParam) && key !== condition.eventParam) errors.key = KEY_IS_PARAMETER;
    const paramType = typeof condition.eventParam === 'string' ? params?.[condition.eventParam] : undefined;
    if (params && typeof condition.eventParam === 'string' && condition.eventParam && !paramType)
      errors.eventParam = NOT_A_PARAMETER;
    expected = metric === 'count' ? 'number' : paramType;
  }
  if (expected && isDataType(dataType) && dataType !== expected) errors.dataType = dataTypeMismatch(expected);
  if (isDataType(dataType) && !isBlank(op) && !OPERATORS[dataType].some((o) => o.value === op))
    errors.op = mustBeOneOf(labelsOf(OPERATORS[dataType]));
  return errors;
}

/** conditionChoiceErrors of every condition of a form whose displayQuestTo is 'some', keyed like validateMonetizeForm. */
export function monetizeChoiceErrors(
  form: MonetizeFormInput,
  paramsOf: (condition: TargetConditionInput) => Readonly<Record<string, ConditionDataType>> | undefined = () =>
    undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  if (form.displayQuestTo !== 'some' || !Array.isArray(form.targetConditions)) return errors;
  form.targetConditions.forEach((condition, index) => {
    for (const [field, message] of Object.entries(conditionChoiceErrors(condition ?? {}, paramsOf(condition ?? {})))) {
      errors[`targetConditions.${index}.${field}`] = message;
    }
  });
  return errors;
}

// ---------------------------------------------------------------- "Beyond": the audience estimate

/** The estimate counts the players active in this many days, up to today (UTC). */
export const ESTIMATE_DAYS = 30;
/** How long the form waits after a change before asking for a new estimate. */
export const ESTIMATE_DEBOUNCE_MS = 600;

export const MonetizeEstimateRequest = struct(
  { targetConditions: maxItems(TargetCondition, MAX_CONDITIONS, 'TargetConditions') },
  {},
  'MonetizeEstimateRequest',
);
export type MonetizeEstimateRequest = t.TypeOf<typeof MonetizeEstimateRequest>;
/**
 * success: `players` of the `total` players active from `from` to `to` (YYYY-MM-DD, UTC) match the conditions.
 * success false: no estimate for this app (`reason`: no analytics data, a parameter the analytics store does not hold).
 */
export const MonetizeEstimateResponse = struct(
  { success: t.boolean },
  { players: t.number, total: t.number, from: t.string, to: t.string, reason: t.string },
  'MonetizeEstimateResponse',
);
export type MonetizeEstimateResponse = t.TypeOf<typeof MonetizeEstimateResponse>;

// ---------------------------------------------------------------- messages (docs/monetize.md §Messages; the success texts are ours)

export const MONETIZE_MESSAGES = {
  created: 'Monetize created successfully.',
  updated: 'Monetize updated successfully.',
  removed: 'Monetize removed successfully.',
  /** docs/monetize.md §Messages, verbatim. */
  removeFailed: 'Failed to remove Monetize!',
  createFailed: 'Failed to create Monetize!',
  updateFailed: 'Failed to update Monetize!',
  notAllowed: 'Monetize is not enabled for this workspace.',
  exists: 'This app already has a Monetize campaign.',
  noAnalytics: 'No analytics data for this app yet: connect BigQuery and process data to see an estimate.',
} as const;

export const REMOVE_CONFIRM_TITLE = 'Turn off Monetize?';
export const removeConfirmMessage = (appName: string) =>
  `This removes the Monetize campaign of ${appName}. Its settings cannot be restored.`;

// ---------------------------------------------------------------- endpoints (docs/monetize.md §API endpoints paths, under /api)

export const monetizeEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/app/:appId/monetize', params: AppParams, response: MonetizeResponse }),
  events: endpoint({
    method: 'GET',
    path: '/api/app/:appId/monetize/events',
    params: AppParams,
    response: MonetizeEventsResponse,
  }),
  estimate: endpoint({
    method: 'POST',
    path: '/api/app/:appId/monetize/estimate',
    params: AppParams,
    body: MonetizeEstimateRequest,
    response: MonetizeEstimateResponse,
  }),
  create: endpoint({ method: 'POST', path: '/api/monetize', body: CreateMonetizeRequest, response: MonetizeResponse }),
  update: endpoint({
    method: 'POST',
    path: '/api/monetize/update',
    body: UpdateMonetizeRequest,
    response: MonetizeResponse,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/monetize/:id', params: MonetizeParams, response: MonetizeResponse }),
};
