/**
 * The Monetize form as the user edits it (text inputs hold strings), and the pure steps around it: from a campaign
 * (docs/monetize.md §Rules and limits refPublicPrice 1 for a new one), to the request (values typed by dataType), the condition choices that go
 * together (changing the type resets what depends on it), and the whole check (monetize-rules.ts, in words; the server
 * runs the same).
 */
import {
  EVENT_CONDITION_TYPE,
  USER_KEYS,
  toMonetizeForm,
  type Audience,
  type ConditionDataType,
  type MonetizeCampaign,
  type MonetizeCampaignInput,
  type MonetizeEvent,
  type TargetCondition,
} from '../../contracts/monetize';
import { validateMonetizeCampaign } from '../../contracts/monetize-rules';
import type { FieldErrors } from '../../contracts/validation';

export interface ConditionDraft {
  type: string;
  metric: string;
  key: string;
  dataType: ConditionDataType | '';
  op: string;
  value: string;
  event: string;
  eventId: string;
  eventParam: string;
  eventSource: string;
}

export interface FormDraft {
  appId: string;
  id?: string;
  refPublicPrice: string;
  minAcceptedPrice: string;
  sendTrafficToApp: Audience;
  sendTrafficToAppIds: string[];
  countries: string[];
  displayQuestTo: Audience;
  targetConditions: ConditionDraft[];
  status: MonetizeCampaign['status'];
}

/** The app's event source as the form knows it (null id: the app has none). */
export interface EventSourceInfo {
  id: string | null;
  events: readonly MonetizeEvent[];
}

export const emptyCondition = (): ConditionDraft => ({
  type: 'user',
  metric: 'property',
  key: 'country',
  dataType: 'string',
  op: 'equals',
  value: '',
  event: '',
  eventId: '',
  eventParam: '',
  eventSource: '',
});

const conditionDraft = (c: TargetCondition): ConditionDraft => ({
  type: c.type,
  metric: c.metric,
  key: c.key,
  dataType: c.dataType,
  op: c.op,
  value: String(c.value),
  event: c.event ?? '',
  eventId: c.eventId ?? '',
  eventParam: c.eventParam ?? '',
  eventSource: c.eventSource ?? '',
});

/** The form of a campaign, or of a new LIVE one (docs/monetize.md §Campaign states, §Rules and limits). */
export function toDraft(campaign: MonetizeCampaign | null, appId: string): FormDraft {
  const form = toMonetizeForm(campaign, appId);
  return {
    appId,
    ...(campaign ? { id: campaign.id } : {}),
    refPublicPrice: String(form.refPublicPrice),
    minAcceptedPrice: form.minAcceptedPrice == null ? '' : String(form.minAcceptedPrice),
    sendTrafficToApp: form.sendTrafficToApp,
    sendTrafficToAppIds: form.sendTrafficToAppIds,
    countries: form.countries,
    displayQuestTo: form.displayQuestTo,
    targetConditions: form.targetConditions.map(conditionDraft),
    status: form.status,
  };
}

const numberOrText = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text.trim())) ? Number(text.trim()) : text;

/** One condition as sent: the value typed by dataType; event fields only on event conditions. */
export function toCondition(c: ConditionDraft): TargetCondition {
  const base = {
    type: c.type,
    metric: c.metric,
    key: c.key,
    dataType: c.dataType as ConditionDataType,
    op: c.op,
    value: c.dataType === 'number' ? numberOrText(c.value) : c.value,
  };
  return c.type === EVENT_CONDITION_TYPE
    ? { ...base, event: c.event, eventId: c.eventId, eventParam: c.eventParam, eventSource: c.eventSource }
    : base;
}

/** The form as the validators read it (before 'all' empties the lists). */
function formInput(draft: FormDraft) {
  return {
    ...draft,
    refPublicPrice: draft.refPublicPrice,
    targetConditions: draft.targetConditions.map(toCondition),
  };
}

/** The campaign to send ('all' empties the matching list, docs/monetize.md §Entities form-only fields). */
export function toRequest(draft: FormDraft): MonetizeCampaignInput & { id?: string } {
  const price = Number(draft.refPublicPrice);
  return {
    ...(draft.id ? { id: draft.id } : {}),
    appId: draft.appId,
    refPublicPrice: price,
    minAcceptedPrice: draft.minAcceptedPrice.trim() === '' ? null : Number(draft.minAcceptedPrice),
    sendTrafficToAppIds: draft.sendTrafficToApp === 'some' ? draft.sendTrafficToAppIds : [],
    countries: draft.countries,
    targetConditions: draft.displayQuestTo === 'some' ? draft.targetConditions.map(toCondition) : [],
    status: draft.status,
  };
}

/** docs/monetize.md §Rules and limits, the vocabulary and the prices, against the app's event source (what the server checks too). */
export function draftErrors(draft: FormDraft, source: EventSourceInfo): FieldErrors {
  const paramsOf = (c: { eventId?: unknown }) => source.events.find((e) => e.id === c.eventId)?.params;
  return validateMonetizeCampaign(
    formInput(draft),
    { activeEventSource: source.id, activeEventIds: source.events.map((e) => e.id) },
    paramsOf,
  );
}

/** The conditions complete enough to estimate (no error of their own), when quests are shown to some players. */
export function estimableConditions(draft: FormDraft, source: EventSourceInfo): TargetCondition[] {
  if (draft.displayQuestTo !== 'some') return [];
  const errors = draftErrors({ ...draft, countries: draft.countries.length ? draft.countries : ['US'] }, source);
  return draft.targetConditions
    .filter((_, index) => !Object.keys(errors).some((k) => k.startsWith(`targetConditions.${index}.`)))
    .map(toCondition);
}

/**
 * A change to one condition, with what depends on it reset: type → metric, key and event fields; metric → key;
 * key of a player condition → its dataType; event → its id, source and parameter; parameter → key and dataType;
 * dataType → operator (the first of its list) and value.
 */
export function patchCondition(
  c: ConditionDraft,
  patch: Partial<ConditionDraft>,
  source: EventSourceInfo,
): ConditionDraft {
  let next = { ...c, ...patch };
  if (patch.type !== undefined && patch.type !== c.type) {
    next =
      patch.type === EVENT_CONDITION_TYPE
        ? {
            ...emptyCondition(),
            type: 'event',
            metric: 'count',
            key: '',
            dataType: 'number',
            op: 'greater_than_or_equal',
            eventSource: source.id ?? '',
          }
        : emptyCondition();
  }
  if (patch.metric !== undefined && patch.metric !== c.metric && next.type === 'user') {
    const first = USER_KEYS[patch.metric]?.[0];
    next = { ...next, key: first?.value ?? '', dataType: first?.dataType ?? '', value: '' };
  }
  if (patch.key !== undefined && next.type === 'user') {
    const found = USER_KEYS[next.metric]?.find((k) => k.value === patch.key);
    if (found) next = { ...next, dataType: found.dataType };
  }
  if (patch.eventId !== undefined && patch.eventId !== c.eventId) {
    const event = source.events.find((e) => e.id === patch.eventId);
    const param = event ? (Object.keys(event.params)[0] ?? '') : '';
    next = { ...next, event: event?.eventName ?? '', eventSource: source.id ?? '', eventParam: param, key: param };
  }
  if (next.type === EVENT_CONDITION_TYPE) {
    const event = source.events.find((e) => e.id === next.eventId);
    const paramType = event?.params[next.eventParam];
    next = {
      ...next,
      key: next.eventParam,
      dataType: next.metric === 'count' ? 'number' : (paramType ?? next.dataType),
    };
  }
  if (next.dataType !== c.dataType) next = { ...next, op: OPERATOR_DEFAULT[next.dataType || 'string'], value: '' };
  return next;
}

const OPERATOR_DEFAULT: Record<ConditionDataType, string> = {
  string: 'equals',
  number: 'greater_than_or_equal',
  timestamp: 'from',
};
