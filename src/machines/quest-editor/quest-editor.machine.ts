/**
 * The quest editor (docs/acquire.md §Entities Quest, ours in detail: src/contracts/acquire.ts header; §Quest states "editing writes the draft"):
 * a name, ordered steps (an event of the app's active source, an optional parameter condition, a payout in dollars),
 * countries and a daily cap; each step may list payouts by country (a multiplier of its payout, or an absolute payout,
 * for some of the quest's countries: docs/acquire.md §Payouts by country), one row per country. Saving creates a new quest's draft or rewrites an existing quest's draft; the active
 * version is untouched until the draft is published from the review.
 *
 *   editing ─SUBMIT (valid)→ saving ─done→ saved (final; notice, grid refreshed)
 *                                   └ success:false / thrown → editing with the server's words, or ours
 *   editing ─SUBMIT (invalid)→ editing with field errors;  editing ─CANCEL→ cancelled (final)
 *   editing ─ADD_COUNTRY_PAYOUT (fewer than 50 rows)│REMOVE_COUNTRY_PAYOUT│SET_COUNTRY_PAYOUT→ editing (the step's rows)
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import {
  QUEST_MAX_COUNTRY_PAYOUTS,
  QUEST_MAX_STEPS,
  validateQuestDefinition,
  type CountryPayoutMode,
  type QuestDefinition,
  type QuestResponse,
  type StepConditionOp,
} from '../../contracts/acquire';
import type { FieldErrors } from '../../contracts/validation';
import { serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** Ours (docs/acquire.md §Messages has no quest-editor texts). */
export const QUEST_SAVE_FAILED = 'Failed to save the quest.';
export const QUEST_SAVED = 'Draft saved.';

/** One row of a step's payouts by country, as the form holds it. */
export interface CountryPayoutValues {
  country: string;
  mode: CountryPayoutMode;
  value: string;
}
export type CountryPayoutField = keyof CountryPayoutValues;

export interface StepValues {
  eventName: string;
  payout: string;
  /** '' = no condition. */
  conditionParam: string;
  conditionOp: StepConditionOp;
  conditionValue: string;
  explanation?: string;
  countryPayouts: CountryPayoutValues[];
}
export interface QuestValues {
  name: string;
  steps: StepValues[];
  countries: string[];
  dailyCap: string;
}
export type StepField = 'eventName' | 'payout' | 'conditionParam' | 'conditionOp' | 'conditionValue';

export interface QuestEditorInput {
  appId: string;
  /** null: a new quest. */
  questId: string | null;
  /** The draft (or active version) to start from; null: a new quest. */
  definition: QuestDefinition | null;
  defaultCountries: string[];
  /** The first event of the source, for a new step. */
  defaultEvent: string;
}

export interface QuestEditorContext extends QuestEditorInput {
  values: QuestValues;
  errors: FieldErrors;
  error: string | null;
}

export type QuestEditorEvent =
  | { type: 'SET_NAME'; value: string }
  | { type: 'SET_DAILY_CAP'; value: string }
  | { type: 'SET_COUNTRIES'; countries: string[] }
  | { type: 'ADD_STEP' }
  | { type: 'REMOVE_STEP'; index: number }
  | { type: 'SET_STEP'; index: number; field: StepField; value: string }
  /** A row for the step's first quest country it does not list yet (none left: a row to choose one in). */
  | { type: 'ADD_COUNTRY_PAYOUT'; index: number }
  | { type: 'REMOVE_COUNTRY_PAYOUT'; index: number; row: number }
  | { type: 'SET_COUNTRY_PAYOUT'; index: number; row: number; field: CountryPayoutField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' };

const emptyStep = (eventName: string): StepValues => ({
  eventName,
  payout: '',
  conditionParam: '',
  conditionOp: 'gte',
  conditionValue: '',
  countryPayouts: [],
});

export function valuesOf(input: QuestEditorInput): QuestValues {
  const def = input.definition;
  if (!def)
    return { name: '', steps: [emptyStep(input.defaultEvent)], countries: input.defaultCountries, dailyCap: '' };
  return {
    name: def.name,
    steps: def.steps.map((s) => ({
      eventName: s.eventName,
      payout: String(s.payout),
      conditionParam: s.condition?.param ?? '',
      conditionOp: s.condition?.op ?? 'gte',
      conditionValue: s.condition?.value ?? '',
      ...(s.explanation ? { explanation: s.explanation } : {}),
      countryPayouts: (s.countryPayouts ?? []).map((p) => ({
        country: p.country,
        mode: p.mode,
        value: String(p.value),
      })),
    })),
    countries: [...def.countries],
    dailyCap: String(def.dailyCap),
  };
}

/** The form as the definition it saves (numbers parsed; blank condition → none). */
export function definitionOf(values: QuestValues): QuestDefinition {
  return {
    name: values.name.trim(),
    steps: values.steps.map((s) => ({
      eventName: s.eventName,
      payout: Number(s.payout.trim()),
      condition: s.conditionParam.trim()
        ? { param: s.conditionParam.trim(), op: s.conditionOp, value: s.conditionValue.trim() }
        : null,
      ...(s.explanation ? { explanation: s.explanation } : {}),
      ...(s.countryPayouts.length > 0
        ? {
            countryPayouts: s.countryPayouts.map((p) => ({
              country: p.country,
              mode: p.mode,
              value: Number(p.value.trim()),
            })),
          }
        : {}),
    })),
    countries: values.countries,
    dailyCap: Number(values.dailyCap.trim()),
  };
}

/** A step's rows after one of the country-payout events. */
function editRows(
  rows: CountryPayoutValues[],
  questCountries: readonly string[],
  event: Extract<QuestEditorEvent, { type: 'ADD_COUNTRY_PAYOUT' | 'REMOVE_COUNTRY_PAYOUT' | 'SET_COUNTRY_PAYOUT' }>,
): CountryPayoutValues[] {
  if (event.type === 'ADD_COUNTRY_PAYOUT') {
    const country = questCountries.find((c) => !rows.some((r) => r.country === c)) ?? '';
    return [...rows, { country, mode: 'multiplier', value: '' }];
  }
  if (event.type === 'REMOVE_COUNTRY_PAYOUT') return rows.filter((_, j) => j !== event.row);
  return rows.map((r, j) => (j === event.row ? { ...r, [event.field]: event.value } : r));
}

const check = (values: QuestValues) =>
  validateQuestDefinition({
    ...values,
    steps: values.steps.map((s) => ({
      eventName: s.eventName,
      payout: s.payout,
      condition:
        s.conditionParam.trim() || s.conditionValue.trim()
          ? { param: s.conditionParam, value: s.conditionValue }
          : null,
      countryPayouts: s.countryPayouts,
    })),
  });

export const questEditorMachine = setup({
  types: {
    context: {} as QuestEditorContext,
    events: {} as QuestEditorEvent,
    input: {} as QuestEditorInput,
    children: {} as { saveQuest: 'saveQuest' },
  },
  actors: {
    saveQuest: toProvide<QuestResponse, { appId: string; questId: string | null; definition: QuestDefinition }>(
      'saveQuest',
    ),
  },
  guards: {
    answerSucceeded,
    valid: ({ context }) => Object.keys(check(context.values)).length === 0,
    canAddStep: ({ context }) => context.values.steps.length < QUEST_MAX_STEPS,
    canRemoveStep: ({ context, event }) =>
      event.type === 'REMOVE_STEP' && context.values.steps.length > 1 && event.index < context.values.steps.length,
    canAddCountryPayout: ({ context, event }) =>
      event.type === 'ADD_COUNTRY_PAYOUT' &&
      (context.values.steps[event.index]?.countryPayouts.length ?? QUEST_MAX_COUNTRY_PAYOUTS) <
        QUEST_MAX_COUNTRY_PAYOUTS,
    hasCountryPayout: ({ context, event }) =>
      (event.type === 'REMOVE_COUNTRY_PAYOUT' || event.type === 'SET_COUNTRY_PAYOUT') &&
      context.values.steps[event.index]?.countryPayouts[event.row] !== undefined,
  },
  actions: {
    notify,
    questsChanged: (_args, _params: { appId: string }) => {},
    edit: assign(({ context, event }) => {
      const v = context.values;
      let values = v;
      switch (event.type) {
        case 'SET_NAME':
          values = { ...v, name: event.value };
          break;
        case 'SET_DAILY_CAP':
          values = { ...v, dailyCap: event.value };
          break;
        case 'SET_COUNTRIES':
          values = { ...v, countries: event.countries };
          break;
        case 'ADD_STEP':
          values = { ...v, steps: [...v.steps, emptyStep(context.defaultEvent)] };
          break;
        case 'REMOVE_STEP':
          values = { ...v, steps: v.steps.filter((_, i) => i !== event.index) };
          break;
        case 'SET_STEP':
          values = {
            ...v,
            steps: v.steps.map((s, i) => (i === event.index ? { ...s, [event.field]: event.value } : s)),
          };
          break;
        case 'ADD_COUNTRY_PAYOUT':
        case 'REMOVE_COUNTRY_PAYOUT':
        case 'SET_COUNTRY_PAYOUT':
          values = {
            ...v,
            steps: v.steps.map((s, i) =>
              i === event.index ? { ...s, countryPayouts: editRows(s.countryPayouts, v.countries, event) } : s,
            ),
          };
          break;
        default:
          break;
      }
      return { values, errors: Object.keys(context.errors).length > 0 ? check(values) : {} };
    }),
  },
}).createMachine({
  id: 'questEditor',
  context: ({ input }) => ({ ...input, values: valuesOf(input), errors: {}, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_NAME: { actions: 'edit' },
        SET_DAILY_CAP: { actions: 'edit' },
        SET_COUNTRIES: { actions: 'edit' },
        ADD_STEP: { guard: 'canAddStep', actions: 'edit' },
        REMOVE_STEP: { guard: 'canRemoveStep', actions: 'edit' },
        SET_STEP: { actions: 'edit' },
        ADD_COUNTRY_PAYOUT: { guard: 'canAddCountryPayout', actions: 'edit' },
        REMOVE_COUNTRY_PAYOUT: { guard: 'hasCountryPayout', actions: 'edit' },
        SET_COUNTRY_PAYOUT: { guard: 'hasCountryPayout', actions: 'edit' },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => check(context.values) }) },
        ],
        CANCEL: 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveQuest',
        src: 'saveQuest',
        input: ({ context }) => ({
          appId: context.appId,
          questId: context.questId,
          definition: definitionOf(context.values),
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'saved',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({ message: event.output.message || QUEST_SAVED, kind: 'success' as const }),
              },
              { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          { target: 'editing', actions: assign({ error: ({ event }) => event.output.message || QUEST_SAVE_FAILED }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => serverWords(event.error) ?? QUEST_SAVE_FAILED }),
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type QuestEditorActor = ActorRefFrom<typeof questEditorMachine>;
