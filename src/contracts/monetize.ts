/**
 * Monetize: the ads campaign of an app (SPEC §2 Monetize, §3 Monetize campaign and Target condition, §4 Monetize on/off,
 * §5 Monetize validation, §6 allowMonetize, §7 Monetize calls, §8 Monetize, §9 default refPublicPrice).
 *
 * Wire shape: `MonetizeCampaign` (one per app). Form shape: `MonetizeForm` adds the form-only derived choices
 * `sendTrafficToApp` and `displayQuestTo` ('all' means the matching list is empty). `validateMonetizeForm` is the whole
 * SPEC §5 rule set; the server runs it too (ARCHITECTURE rule 4).
 *
 * Calls: SPEC §7 gives the paths (our server mounts them under /api):
 *   POST   /monetize          CreateMonetizeRequest → MonetizeResponse   (editor)
 *   POST   /monetize/update   UpdateMonetizeRequest → MonetizeResponse   (editor)
 *   DELETE /monetize/{id}                           → MonetizeResponse   (editor)
 * and ours for the read SPEC does not show:
 *   GET    /api/app/:appId/monetize                 → MonetizeResponse (data null when the app has no campaign) (viewer)
 */
import * as t from 'io-ts';
import { struct, nullable } from './codecs';
import {
  type FieldErrors,
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

// ---------------------------------------------------------------- entities (SPEC §3)

export const MonetizeStatus = t.keyof({ LIVE: null, STOPPED: null }, 'MonetizeStatus');
export type MonetizeStatus = t.TypeOf<typeof MonetizeStatus>;

export const ConditionDataType = t.keyof({ string: null, number: null, timestamp: null }, 'ConditionDataType');
export type ConditionDataType = t.TypeOf<typeof ConditionDataType>;

/** A string, an integer (dataType number) or a timestamp (epoch number or date string), by dataType (SPEC §5). */
export const ConditionValue = t.union([t.string, t.number], 'ConditionValue');
export type ConditionValue = t.TypeOf<typeof ConditionValue>;

/** The condition type whose event fields are required (SPEC §5). Other type values are not shown in SPEC. */
export const EVENT_CONDITION_TYPE = 'event';

/** `eventSource` is the id of the plugin that produced the event (the app's activePluginId when it was chosen). */
export const TargetCondition = struct(
  { type: t.string, metric: t.string, key: t.string, dataType: ConditionDataType, op: t.string, value: ConditionValue },
  { event: t.string, eventId: t.string, eventParam: t.string, eventSource: t.string },
  'TargetCondition',
);
export type TargetCondition = t.TypeOf<typeof TargetCondition>;

const campaignProps = {
  appId: t.string,
  refPublicPrice: t.number,
  sendTrafficToAppIds: t.array(t.string),
  countries: t.array(t.string),
  targetConditions: t.array(TargetCondition),
  status: MonetizeStatus,
};
const campaignOptional = { minAcceptedPrice: nullable(t.number) };

export const MonetizeCampaign = struct({ id: t.string, ...campaignProps }, campaignOptional, 'MonetizeCampaign');
export type MonetizeCampaign = t.TypeOf<typeof MonetizeCampaign>;

/** A campaign before the server gave it an id. */
export const MonetizeCampaignInput = struct(campaignProps, campaignOptional, 'MonetizeCampaignInput');
export type MonetizeCampaignInput = t.TypeOf<typeof MonetizeCampaignInput>;

// ---------------------------------------------------------------- calls (SPEC §7)

export const CreateMonetizeRequest = MonetizeCampaignInput;
export type CreateMonetizeRequest = MonetizeCampaignInput;
export const UpdateMonetizeRequest = MonetizeCampaign;
export type UpdateMonetizeRequest = MonetizeCampaign;
export const MonetizeParams = struct({ id: t.string }, {}, 'MonetizeParams');
/** SPEC §7: response success, data, reason. */
export const MonetizeResponse = struct(
  { success: t.boolean },
  { data: nullable(MonetizeCampaign), reason: t.string },
  'MonetizeResponse',
);
export type MonetizeResponse = t.TypeOf<typeof MonetizeResponse>;

// ---------------------------------------------------------------- form model (SPEC §3 form-only fields, §4, §9)

export const Audience = t.keyof({ all: null, some: null }, 'Audience');
export type Audience = t.TypeOf<typeof Audience>;
const AUDIENCES: readonly Audience[] = ['all', 'some'];

export const MonetizeForm = struct(
  { ...campaignProps, sendTrafficToApp: Audience, displayQuestTo: Audience },
  { id: t.string, ...campaignOptional },
  'MonetizeForm',
);
export type MonetizeForm = t.TypeOf<typeof MonetizeForm>;

/** SPEC §9. */
export const DEFAULT_REF_PUBLIC_PRICE = 1;

/** SPEC §6: Monetize exists only when the workspace's allowMonetize equals 1. */
export const isMonetizeAllowed = (workspace: { allowMonetize: number }): boolean => workspace.allowMonetize === 1;

/**
 * The form for an app: from its campaign (derived choices: 'some' when the list is non-empty), or a new LIVE campaign
 * with refPublicPrice 1 when the switch is turned on (SPEC §4, §9).
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

// ---------------------------------------------------------------- validation (SPEC §5 Monetize)

/** SPEC §5, verbatim. */
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

/** The value rule of SPEC §5: required as string, integer or timestamp by dataType. */
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

/** Errors of one target condition, keyed by its field names (SPEC §5 per-condition rules). */
export function validateTargetCondition(condition: TargetConditionInput, context: MonetizeValidationContext = {}): FieldErrors {
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
 * SPEC §5 Monetize: appId required string; refPublicPrice required number; sendTrafficToApp required (all|some);
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
  if (form.sendTrafficToApp === 'some' && !nonEmptyStringList(form.sendTrafficToAppIds)) errors.sendTrafficToAppIds = REQUIRED;
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
