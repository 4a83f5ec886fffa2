/**
 * Acquire target: the acquisition settings draft with its route-leave guard (docs/acquire.md §Screens and routes Acquire target, §Entities Acquisition
 * settings draft, §Target settings states "unsaved changes trigger a route-leave confirmation (comparison debounced 200 ms)", §Rules and limits Acquire
 * target rules, §Roles viewers cannot save, §API endpoints save settings draft with applyPriceSuggestions, §Messages 'Failed to save
 * settings: {message}' / 'Error saving settings', §Rules and limits defaults dailyBudget 0, roas_d7, 5, 30 days).
 *
 *   loading ─done→ editing.settled | loadFailed (RETRY → loading)
 *   editing: CHANGE / SET_COUNTRIES → editing.comparing ─after 200 ms→ editing.settled (dirty recomputed)
 *            SUBMIT (valid) → saving ─done→ editing (saved; notice) | success:false / thrown → editing with the message
 *            LEAVE {to}: unsaved changes → confirmLeave (STAY → editing; CONFIRM_LEAVE → left, navigating to `to`);
 *                        none → left at once
 * A viewer's form (input.readOnly) takes no CHANGE, SET_COUNTRIES, TOGGLE_SUGGESTIONS or SUBMIT: it never has unsaved
 * changes. The field rules are acquire-rules.ts's validateAcquireTarget, the ones the server runs. A failed save is
 * told once, in the form (`error`), not also as a snackbar. "Suggest quests and prices" starts off: a save rewrites
 * the suggested quests' drafts only when the user asks for it.
 * `navigate` and `settingsChanged` (refresh the acquire queries) are provided by acquire-settings.actors.ts.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import {
  defaultAcquisitionSettings,
  SETTINGS_COMPARE_DEBOUNCE_MS,
  type AcquisitionSettingsDraft,
  type AcquisitionSettingsResponse,
  type SaveAcquisitionSettingsRequest,
  type TargetKpi,
} from '../../contracts/acquire';
import { validateAcquireTarget } from '../../contracts/acquire-rules';
import type { SuccessMessage } from '../../contracts/codecs';
import type { FieldErrors } from '../../contracts/validation';
import { serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export const SAVE_FAILED = (message: string) => `Failed to save settings: ${message}`;
export const SAVE_ERROR = 'Error saving settings';
/** Ours (docs/acquire.md §Messages gives no success text); used when the server's answer carries no message. */
export const SETTINGS_SAVED = 'Settings saved.';
export const LOAD_FAILED = 'The acquisition settings could not be loaded.';

export interface TargetValues {
  countries: string[];
  dailyBudget: string;
  targetKpi: TargetKpi;
  targetKpiValue: string;
  analysisPeriod: string;
}
export type TargetTextField = 'dailyBudget' | 'targetKpiValue' | 'analysisPeriod';

export interface AcquireSettingsInput {
  appId: string;
  /** A viewer's form: shown, never edited. */
  readOnly?: boolean;
}

export interface AcquireSettingsContext {
  appId: string;
  readOnly: boolean;
  /** The stored draft (null: none yet, so the Quests tab is hidden). */
  stored: AcquisitionSettingsDraft | null;
  saved: TargetValues;
  values: TargetValues;
  applyPriceSuggestions: boolean;
  dirty: boolean;
  errors: FieldErrors;
  error: string | null;
  leaveTo: string | null;
}

export type AcquireSettingsEvent =
  | { type: 'CHANGE'; field: TargetTextField; value: string }
  | { type: 'SET_COUNTRIES'; countries: string[] }
  | { type: 'TOGGLE_SUGGESTIONS'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'LEAVE'; to: string }
  | { type: 'STAY' }
  | { type: 'CONFIRM_LEAVE' };

export const valuesOf = (draft: AcquisitionSettingsDraft): TargetValues => ({
  countries: [...draft.countries],
  dailyBudget: String(draft.dailyBudget),
  targetKpi: draft.targetKpi,
  targetKpiValue: String(draft.targetKpiValue),
  analysisPeriod: String(draft.analysisPeriod),
});

/** The form as the draft it would save (numbers parsed; the form is valid when this is called). */
export const draftOf = (values: TargetValues): AcquisitionSettingsDraft => ({
  countries: values.countries,
  dailyBudget: Number(values.dailyBudget.trim()),
  targetKpi: values.targetKpi,
  targetKpiValue: Number(values.targetKpiValue.trim()),
  analysisPeriod: Number(values.analysisPeriod.trim()),
});

const normalized = (v: TargetValues) =>
  JSON.stringify({
    ...v,
    countries: [...v.countries].sort(),
    dailyBudget: v.dailyBudget.trim(),
    targetKpiValue: v.targetKpiValue.trim(),
    analysisPeriod: v.analysisPeriod.trim(),
  });
export const differs = (a: TargetValues, b: TargetValues) => normalized(a) !== normalized(b);

export const acquireSettingsMachine = setup({
  types: {
    context: {} as AcquireSettingsContext,
    events: {} as AcquireSettingsEvent,
    input: {} as AcquireSettingsInput,
    children: {} as { loadSettings: 'loadSettings'; saveSettings: 'saveSettings' },
  },
  actors: {
    loadSettings: toProvide<AcquisitionSettingsResponse, { appId: string }>('loadSettings'),
    saveSettings: toProvide<SuccessMessage, { appId: string; body: SaveAcquisitionSettingsRequest }>('saveSettings'),
  },
  guards: {
    answerSucceeded,
    editable: ({ context }) => !context.readOnly,
    valid: ({ context }) => !context.readOnly && Object.keys(validateAcquireTarget(context.values)).length === 0,
    unsaved: ({ context }) => differs(context.values, context.saved),
  },
  actions: {
    notify,
    navigate: (_args, _params: { to: string }) => {},
    settingsChanged: (_args, _params: { appId: string }) => {},
    edit: assign(({ context, event }) => {
      if (event.type === 'CHANGE') return { values: { ...context.values, [event.field]: event.value }, error: null };
      if (event.type === 'SET_COUNTRIES')
        return { values: { ...context.values, countries: event.countries }, error: null };
      return {};
    }),
    compare: assign({ dirty: ({ context }) => differs(context.values, context.saved) }),
    revalidate: assign({
      errors: ({ context }) => (Object.keys(context.errors).length > 0 ? validateAcquireTarget(context.values) : {}),
    }),
  },
}).createMachine({
  id: 'acquireSettings',
  context: ({ input }) => {
    const empty = valuesOf(defaultAcquisitionSettings());
    return {
      appId: input.appId,
      readOnly: input.readOnly ?? false,
      stored: null,
      saved: empty,
      values: empty,
      applyPriceSuggestions: false,
      dirty: false,
      errors: {},
      error: null,
      leaveTo: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ appId: context.appId }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: assign(({ event }) => {
              const values = valuesOf(event.output.data ?? defaultAcquisitionSettings());
              return { stored: event.output.data, saved: values, values, dirty: false, error: null };
            }),
          },
          { target: 'loadFailed', actions: assign({ error: LOAD_FAILED }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: LOAD_FAILED }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      initial: 'settled',
      states: {
        settled: {},
        comparing: { after: { [SETTINGS_COMPARE_DEBOUNCE_MS]: { target: 'settled', actions: 'compare' } } },
      },
      on: {
        CHANGE: { guard: 'editable', target: '.comparing', reenter: true, actions: ['edit', 'revalidate'] },
        SET_COUNTRIES: { guard: 'editable', target: '.comparing', reenter: true, actions: ['edit', 'revalidate'] },
        TOGGLE_SUGGESTIONS: {
          guard: 'editable',
          actions: assign({ applyPriceSuggestions: ({ event }) => event.value }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { guard: 'editable', actions: assign({ errors: ({ context }) => validateAcquireTarget(context.values) }) },
        ],
        LEAVE: [
          { guard: 'unsaved', target: 'confirmLeave', actions: assign({ leaveTo: ({ event }) => event.to }) },
          { target: 'left', actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
        ],
      },
    },
    confirmLeave: {
      on: {
        STAY: { target: 'editing', actions: assign({ leaveTo: null }) },
        CONFIRM_LEAVE: {
          target: 'left',
          actions: { type: 'navigate', params: ({ context }) => ({ to: context.leaveTo ?? '' }) },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          appId: context.appId,
          body: { settings: draftOf(context.values), applyPriceSuggestions: context.applyPriceSuggestions },
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              assign(({ context }) => ({ saved: context.values, stored: draftOf(context.values), dirty: false })),
              {
                type: 'notify',
                params: ({ event }) => ({ message: event.output.message || SETTINGS_SAVED, kind: 'success' as const }),
              },
              { type: 'settingsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => (event.output.message ? SAVE_FAILED(event.output.message) : SAVE_ERROR),
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => {
              const words = serverWords(event.error);
              return words ? SAVE_FAILED(words) : SAVE_ERROR;
            },
          }),
        },
      },
    },
    left: { type: 'final' },
  },
});

export type AcquireSettingsActor = ActorRefFrom<typeof acquireSettingsMachine>;
