/**
 * The retention cohort builder (docs/analyze.md §Retention cohorts, /analyze/cohorts and /analyze/cohorts/{id}): a
 * cohort question runs as soon as it is whole and runs again on every change, so the triangle always answers the
 * controls shown; a saved one opens first; editors and admins save it under a title.
 *
 *   boot ─ cohortId → opening ─ done → checking | openFailed ─RETRY→ opening
 *        └ none     → checking
 *   checking (transient) ─ questionProblem → invalid (the words shown, nothing runs)
 *                        └ whole           → running ─ done → ready | runFailed ─RETRY→ running
 *   invalid / running / ready / runFailed ─SET_GRAIN / SET_PERIODS / SET_SPLIT / SET_RANGE / ADD_CONDITION /
 *        REMOVE_CONDITION→ checking (a run in flight is dropped for the new one)
 *   ready ─SAVE (may save, title ≤ 75)→ saving ─ done → ready ('Cohort table saved.'; a new one moves to its URL)
 *                                               └ error → ready (the words shown beside Save)
 *         ─SAVE (title too long)→ ready with the title message
 *         ─DELETE (may save, a saved table)→ confirmingDelete ─CANCEL→ ready
 *                                                            └ CONFIRM → deleting ─ done → deleted (final: back to a
 *                                                                                         new table, 'Cohort table deleted.')
 *                                                                                 └ error → confirmingDelete (its words)
 *   any ─SET_TITLE→ the title changes.
 *
 * `open`, `run`, `save` and `remove` (the cohort calls), `saved` (the list refresh and the new URL) and `deleted`
 * (the list refresh and the way back) are placeholders here,
 * provided by cohort-builder.actors.ts.
 */
import { and, assign, not, setup } from 'xstate';
import type { Condition } from '../../contracts/analyze';
import {
  COHORT_TITLE_MAX,
  COHORT_TITLE_MESSAGE,
  DEFAULT_COHORT_TITLE,
  DEFAULT_PERIODS,
  questionProblem,
  type CohortGrain,
  type CohortQuestion,
  type CohortResult,
  type CohortSplit,
  type CohortSummary,
  type SavedCohort,
} from '../../contracts/cohorts';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** Ours (docs/analyze.md §Retention cohorts). */
export const RUN_FAILED = 'We could not build the cohort table. Please try again.';
export const OPEN_FAILED = 'We could not open this cohort table. Please try again.';
export const SAVE_FAILED = 'We could not save this cohort table. Please try again.';
export const SAVED = 'Cohort table saved.';
export const DELETED = 'Cohort table deleted.';
export const DELETE_FAILED = 'We could not delete this cohort table. Please try again.';

export interface CohortBuilderInput {
  appId: string;
  cohortId: string | null;
  /** Editors and admins save; viewers run and look. */
  canSave: boolean;
}

export interface CohortBuilderContext {
  appId: string;
  cohortId: string | null;
  canSave: boolean;
  title: string;
  question: CohortQuestion;
  result: CohortResult | null;
  /** Why the question cannot run, why the last run or open failed. */
  error: string | null;
  saveError: string | null;
}

export type CohortBuilderEvent =
  | { type: 'SET_GRAIN'; grain: CohortGrain }
  | { type: 'SET_PERIODS'; periods: number }
  | { type: 'SET_SPLIT'; split: CohortSplit | null }
  | { type: 'SET_RANGE'; date_start: string; date_end: string }
  | { type: 'ADD_CONDITION'; condition: Condition }
  | { type: 'REMOVE_CONDITION'; index: number }
  | { type: 'SET_TITLE'; title: string }
  | { type: 'SAVE' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export const newQuestion = (grain: CohortGrain = 'week'): CohortQuestion => ({
  grain,
  periods: DEFAULT_PERIODS[grain],
  split: null,
  where: [],
});

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

/** The question after a change of the controls (a new grain brings its own periods and most recent cohorts). */
export function changed(question: CohortQuestion, event: CohortBuilderEvent): CohortQuestion {
  switch (event.type) {
    case 'SET_GRAIN':
      return { ...question, grain: event.grain, periods: DEFAULT_PERIODS[event.grain], date_range: undefined };
    case 'SET_PERIODS':
      return { ...question, periods: event.periods };
    case 'SET_SPLIT':
      return { ...question, split: event.split };
    case 'SET_RANGE':
      return { ...question, date_range: { date_start: event.date_start, date_end: event.date_end } };
    case 'ADD_CONDITION':
      return { ...question, where: [...(question.where ?? []), event.condition] };
    case 'REMOVE_CONDITION':
      return { ...question, where: (question.where ?? []).filter((_, i) => i !== event.index) };
    default:
      return question;
  }
}

const change = { target: '#cohortBuilder.checking', actions: 'change' } as const;
const CHANGES = {
  SET_GRAIN: change,
  SET_PERIODS: change,
  SET_SPLIT: change,
  SET_RANGE: change,
  ADD_CONDITION: change,
  REMOVE_CONDITION: change,
} as const;

export const cohortBuilderMachine = setup({
  types: {
    context: {} as CohortBuilderContext,
    events: {} as CohortBuilderEvent,
    input: {} as CohortBuilderInput,
    children: {} as { open: 'open'; run: 'run'; save: 'save'; remove: 'remove' },
  },
  actors: {
    open: toProvide<SavedCohort, { appId: string; cohortId: string }>('open'),
    run: toProvide<CohortResult, { appId: string; question: CohortQuestion }>('run'),
    save: toProvide<
      CohortSummary,
      { appId: string; request: { id: string | null; title: string; question: CohortQuestion } }
    >('save'),
    remove: toProvide<{ success: boolean }, { appId: string; cohortId: string }>('remove'),
  },
  guards: {
    isSaved: ({ context }) => context.cohortId !== null,
    canDelete: ({ context }) => context.canSave && context.cohortId !== null,
    hasProblem: ({ context }) => questionProblem(context.question) !== null,
    canSave: ({ context }) => context.canSave,
    titleFits: ({ context }) => context.title.trim().length <= COHORT_TITLE_MAX,
  },
  actions: {
    change: assign({ question: ({ context, event }) => changed(context.question, event) }),
    notify,
    /** Refreshes the saved cohorts; a first save moves to /analyze/cohorts/{id}. */
    saved: (_args, _params: { id: string; first: boolean }) => {},
    /** Refreshes the saved cohorts and goes back to a new table. */
    deleted: () => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'cohortBuilder',
  context: ({ input }) => ({
    appId: input.appId,
    cohortId: input.cohortId,
    canSave: input.canSave,
    title: DEFAULT_COHORT_TITLE,
    question: newQuestion(),
    result: null,
    error: null,
    saveError: null,
  }),
  initial: 'boot',
  on: {
    SET_TITLE: { actions: assign({ title: ({ event }) => event.title, saveError: null }) },
  },
  states: {
    boot: {
      always: [{ guard: 'isSaved', target: 'opening' }, { target: 'checking' }],
    },
    opening: {
      entry: assign({ error: null }),
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ appId: context.appId, cohortId: context.cohortId! }),
        onDone: {
          target: 'checking',
          actions: assign(({ event }) => ({ title: event.output.title, question: event.output.question })),
        },
        onError: {
          target: 'openFailed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => wordsOf(event.error, OPEN_FAILED) }),
          ],
        },
      },
    },
    openFailed: {
      on: { RETRY: 'opening' },
    },
    checking: {
      always: [
        {
          guard: 'hasProblem',
          target: 'invalid',
          actions: assign({ error: ({ context }) => questionProblem(context.question) }),
        },
        { target: 'running' },
      ],
    },
    invalid: {
      on: { ...CHANGES },
    },
    running: {
      entry: assign({ error: null }),
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => ({ appId: context.appId, question: context.question }),
        onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'runFailed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => wordsOf(event.error, RUN_FAILED) }),
          ],
        },
      },
      on: { ...CHANGES },
    },
    runFailed: {
      on: { ...CHANGES, RETRY: 'running' },
    },
    ready: {
      on: {
        ...CHANGES,
        // Save is not offered to a viewer: their SAVE does nothing.
        SAVE: [
          { guard: and(['canSave', not('titleFits')]), actions: assign({ saveError: COHORT_TITLE_MESSAGE }) },
          { guard: 'canSave', target: 'saving' },
        ],
        DELETE: { guard: 'canDelete', target: 'confirmingDelete' },
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'ready', actions: assign({ saveError: null }) },
      },
    },
    deleting: {
      entry: assign({ saveError: null }),
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ appId: context.appId, cohortId: context.cohortId! }),
        onDone: {
          target: 'deleted',
          actions: ['deleted', { type: 'notify', params: { message: DELETED, kind: 'success' } }],
        },
        onError: {
          target: 'confirmingDelete',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ saveError: ({ event }) => wordsOf(event.error, DELETE_FAILED) }),
          ],
        },
      },
    },
    deleted: { type: 'final' },
    saving: {
      entry: assign({ saveError: null }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          appId: context.appId,
          request: {
            id: context.cohortId,
            title: context.title.trim() || DEFAULT_COHORT_TITLE,
            question: context.question,
          },
        }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'saved',
              params: ({ context, event }) => ({ id: event.output.id, first: context.cohortId === null }),
            },
            assign({ cohortId: ({ event }) => event.output.id, title: ({ event }) => event.output.title }),
            { type: 'notify', params: { message: SAVED, kind: 'success' } },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ saveError: ({ event }) => wordsOf(event.error, SAVE_FAILED) }),
          ],
        },
      },
    },
  },
});
