/**
 * The funnel builder (docs/analyze.md §Funnels, /analyze/funnels and /analyze/funnels/{id}): a funnel question runs as
 * soon as it is whole and again on every change, so the steps always answer the controls shown; a saved one opens
 * first; a step's drop-off lists the players who dropped there; editors and admins save it under a title.
 *
 *   boot ─ funnelId → opening ─ done → checking | openFailed ─RETRY→ opening
 *        └ none     → checking
 *   checking (transient) ─ funnelProblem → invalid (the words shown, nothing runs)
 *                        └ whole         → running ─ done → ready | runFailed ─RETRY→ running
 *   invalid / running / ready / runFailed ─SET_STEP / ADD_STEP / REMOVE_STEP / MOVE_STEP / ADD_STEP_CONDITION /
 *        REMOVE_STEP_CONDITION / SET_WINDOW / SET_ORDER / SET_SPLIT / SET_RANGE→ checking (a run in flight is dropped)
 *   ready ─DROPOFF→ loadingDropoff ─ done → ready (the count and ids kept for the CSV)
 *                                  └ error → ready (the words shown beside the drop-off)
 *         ─SAVE (may save, title ≤ 75)→ saving ─ done → ready ('Funnel saved.'; a new one moves to its URL)
 *                                                └ error → ready (the words shown beside Save)
 *         ─SAVE (title too long)→ ready with the title message
 *         ─DELETE (may save, a saved funnel)→ confirmingDelete ─CANCEL→ ready
 *                                                            └ CONFIRM → deleting ─ done → deleted (final)
 *                                                                                 └ error → confirmingDelete
 *   any ─SET_TITLE→ the title changes.
 *
 * The lifecycle is the saved questions' one (src/machines/shared/saved-question.ts, docs/analyze.md §Saved questions);
 * this module adds the funnel question, its changes, the drop-off and its words. `open`, `run`, `dropoff`, `save` and
 * `remove` (the funnel calls), `saved`, `deleted` and `download` are placeholders here, provided by
 * funnel-builder.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { Condition } from '../../contracts/analyze';
import {
  DEFAULT_FUNNEL_TITLE,
  FUNNEL_STEPS_MAX,
  FUNNEL_STEPS_MIN,
  FUNNEL_TITLE_MAX,
  FUNNEL_TITLE_MESSAGE,
  STEP_CONDITIONS_MAX,
  funnelProblem,
  type FunnelDropoff,
  type FunnelOrder,
  type FunnelQuestion,
  type FunnelResult,
  type FunnelSplit,
  type FunnelSummary,
  type SavedFunnel,
  type WindowUnit,
} from '../../contracts/funnels';
import {
  savedQuestionActions,
  savedQuestionContext,
  savedQuestionGuards,
  savedQuestionStates,
  wordsOf,
  type SavedQuestionContext,
  type SavedQuestionEvent,
} from '../shared/saved-question';
import { toProvide } from '../shared/to-provide';

/** Ours (docs/analyze.md §Funnels). */
export const RUN_FAILED = 'We could not build the funnel. Please try again.';
export const OPEN_FAILED = 'We could not open this funnel. Please try again.';
export const SAVE_FAILED = 'We could not save this funnel. Please try again.';
export const DROPOFF_FAILED = 'We could not list the players who dropped. Please try again.';
export const SAVED = 'Funnel saved.';
export const DELETED = 'Funnel deleted.';
export const DELETE_FAILED = 'We could not delete this funnel. Please try again.';

export interface FunnelBuilderInput {
  appId: string;
  funnelId: string | null;
  canSave: boolean;
}

/** Which drop-off was asked: the step (1-based, ≥ 2) and the split group. */
export interface DropoffTarget {
  step: number;
  split_value: string | null;
  other: boolean;
}

export interface FunnelBuilderContext extends SavedQuestionContext<FunnelQuestion, FunnelResult> {
  funnelId: string | null;
  dropoffTarget: DropoffTarget | null;
  dropoff: FunnelDropoff | null;
  dropoffError: string | null;
}

export type FunnelBuilderEvent =
  | { type: 'SET_STEP'; index: number; event_name: string }
  | { type: 'ADD_STEP' }
  | { type: 'REMOVE_STEP'; index: number }
  | { type: 'MOVE_STEP'; index: number; by: -1 | 1 }
  | { type: 'ADD_STEP_CONDITION'; index: number; condition: Condition }
  | { type: 'REMOVE_STEP_CONDITION'; index: number; condition: number }
  | { type: 'SET_WINDOW'; value: number; unit: WindowUnit }
  | { type: 'SET_ORDER'; order: FunnelOrder }
  | { type: 'SET_SPLIT'; split: FunnelSplit | null }
  | { type: 'SET_RANGE'; date_start: string; date_end: string }
  | { type: 'DROPOFF'; target: DropoffTarget }
  | SavedQuestionEvent;

export const newFunnelQuestion = (): FunnelQuestion => ({
  steps: [{ event_name: '' }, { event_name: '' }],
  window: { value: 1, unit: 'day' },
  order: 'strict',
  split: null,
});

/** The question after a change of the controls (bounds kept: 2–10 steps, ≤ 10 conditions a step). */
export function changed(question: FunnelQuestion, event: FunnelBuilderEvent): FunnelQuestion {
  const steps = question.steps;
  switch (event.type) {
    case 'SET_STEP':
      return {
        ...question,
        steps: steps.map((s, i) => (i === event.index ? { event_name: event.event_name } : s)),
      };
    case 'ADD_STEP':
      return steps.length >= FUNNEL_STEPS_MAX ? question : { ...question, steps: [...steps, { event_name: '' }] };
    case 'REMOVE_STEP':
      return steps.length <= FUNNEL_STEPS_MIN
        ? question
        : { ...question, steps: steps.filter((_, i) => i !== event.index) };
    case 'MOVE_STEP': {
      const to = event.index + event.by;
      if (to < 0 || to >= steps.length) return question;
      const next = [...steps];
      [next[event.index], next[to]] = [next[to]!, next[event.index]!];
      return { ...question, steps: next };
    }
    case 'ADD_STEP_CONDITION':
      return {
        ...question,
        steps: steps.map((s, i) =>
          i === event.index && (s.where ?? []).length < STEP_CONDITIONS_MAX
            ? { ...s, where: [...(s.where ?? []), event.condition] }
            : s,
        ),
      };
    case 'REMOVE_STEP_CONDITION':
      return {
        ...question,
        steps: steps.map((s, i) =>
          i === event.index ? { ...s, where: (s.where ?? []).filter((_, c) => c !== event.condition) } : s,
        ),
      };
    case 'SET_WINDOW':
      return { ...question, window: { value: event.value, unit: event.unit } };
    case 'SET_ORDER':
      return { ...question, order: event.order };
    case 'SET_SPLIT':
      return { ...question, split: event.split };
    case 'SET_RANGE':
      return { ...question, date_range: { date_start: event.date_start, date_end: event.date_end } };
    default:
      return question;
  }
}

const saved = {
  machineId: 'funnelBuilder',
  idKey: 'funnelId',
  problem: funnelProblem,
  defaultTitle: DEFAULT_FUNNEL_TITLE,
  titleMax: FUNNEL_TITLE_MAX,
  titleMessage: FUNNEL_TITLE_MESSAGE,
  words: { RUN_FAILED, OPEN_FAILED, SAVE_FAILED, SAVED, DELETED, DELETE_FAILED },
  changes: [
    'SET_STEP',
    'ADD_STEP',
    'REMOVE_STEP',
    'MOVE_STEP',
    'ADD_STEP_CONDITION',
    'REMOVE_STEP_CONDITION',
    'SET_WINDOW',
    'SET_ORDER',
    'SET_SPLIT',
    'SET_RANGE',
  ],
};
const lifecycle = savedQuestionStates<FunnelQuestion>(saved, {
  DROPOFF: {
    target: 'loadingDropoff',
    actions: assign({ dropoffTarget: ({ event }) => event.target, dropoff: null, dropoffError: null }),
  },
});

export const funnelBuilderMachine = setup({
  types: {
    context: {} as FunnelBuilderContext,
    events: {} as FunnelBuilderEvent,
    input: {} as FunnelBuilderInput,
    children: {} as { open: 'open'; run: 'run'; dropoff: 'dropoff'; save: 'save'; remove: 'remove' },
  },
  actors: {
    open: toProvide<SavedFunnel, { appId: string; funnelId: string }>('open'),
    run: toProvide<FunnelResult, { appId: string; question: FunnelQuestion }>('run'),
    dropoff: toProvide<FunnelDropoff, { appId: string; question: FunnelQuestion; target: DropoffTarget }>('dropoff'),
    save: toProvide<
      FunnelSummary,
      { appId: string; request: { id: string | null; title: string; question: FunnelQuestion } }
    >('save'),
    remove: toProvide<{ success: boolean }, { appId: string; funnelId: string }>('remove'),
  },
  guards: savedQuestionGuards<FunnelQuestion, FunnelBuilderContext>(saved),
  actions: {
    change: assign({
      question: ({ context, event }) => changed(context.question, event),
      dropoff: null,
      dropoffTarget: null,
      dropoffError: null,
    }),
    ...savedQuestionActions,
    /** Downloads the dropped players as a CSV. */
    download: (_args, _params: { ids: string[]; step: number }) => {},
  },
}).createMachine({
  id: 'funnelBuilder',
  context: ({ input }) => ({
    appId: input.appId,
    funnelId: input.funnelId,
    canSave: input.canSave,
    ...savedQuestionContext(saved, newFunnelQuestion()),
    dropoffTarget: null,
    dropoff: null,
    dropoffError: null,
  }),
  initial: 'boot',
  on: lifecycle.on,
  states: {
    ...lifecycle.states,
    loadingDropoff: {
      invoke: {
        id: 'dropoff',
        src: 'dropoff',
        input: ({ context }) => ({ appId: context.appId, question: context.question, target: context.dropoffTarget! }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ dropoff: ({ event }) => event.output }),
            {
              type: 'download',
              params: ({ context, event }) => ({ ids: event.output.user_ids, step: context.dropoffTarget!.step }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ dropoffError: ({ event }) => wordsOf(event.error, DROPOFF_FAILED) }),
          ],
        },
      },
      on: { ...lifecycle.changes },
    },
  },
});
