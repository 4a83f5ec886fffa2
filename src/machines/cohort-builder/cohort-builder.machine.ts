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
 * The lifecycle is the saved questions' one (src/machines/shared/saved-question.ts, docs/analyze.md §Saved questions);
 * this module adds the cohort question, its changes and its words. `open`, `run`, `save` and `remove` (the cohort
 * calls), `saved` (the list refresh and the new URL) and `deleted` (the list refresh and the way back) are placeholders
 * here, provided by cohort-builder.actors.ts.
 */
import { assign, setup } from 'xstate';
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
import {
  savedQuestionActions,
  savedQuestionContext,
  savedQuestionGuards,
  savedQuestionStates,
  type SavedQuestionContext,
  type SavedQuestionEvent,
} from '../shared/saved-question';
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

export interface CohortBuilderContext extends SavedQuestionContext<CohortQuestion, CohortResult> {
  cohortId: string | null;
}

export type CohortBuilderEvent =
  | { type: 'SET_GRAIN'; grain: CohortGrain }
  | { type: 'SET_PERIODS'; periods: number }
  | { type: 'SET_SPLIT'; split: CohortSplit | null }
  | { type: 'SET_RANGE'; date_start: string; date_end: string }
  | { type: 'ADD_CONDITION'; condition: Condition }
  | { type: 'REMOVE_CONDITION'; index: number }
  | SavedQuestionEvent;

export const newQuestion = (grain: CohortGrain = 'week'): CohortQuestion => ({
  grain,
  periods: DEFAULT_PERIODS[grain],
  split: null,
  where: [],
});

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

const saved = {
  machineId: 'cohortBuilder',
  idKey: 'cohortId',
  problem: questionProblem,
  defaultTitle: DEFAULT_COHORT_TITLE,
  titleMax: COHORT_TITLE_MAX,
  titleMessage: COHORT_TITLE_MESSAGE,
  words: { RUN_FAILED, OPEN_FAILED, SAVE_FAILED, SAVED, DELETED, DELETE_FAILED },
  changes: ['SET_GRAIN', 'SET_PERIODS', 'SET_SPLIT', 'SET_RANGE', 'ADD_CONDITION', 'REMOVE_CONDITION'],
};
const lifecycle = savedQuestionStates<CohortQuestion>(saved);

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
  guards: savedQuestionGuards<CohortQuestion, CohortBuilderContext>(saved),
  actions: {
    change: assign({ question: ({ context, event }) => changed(context.question, event) }),
    ...savedQuestionActions,
  },
}).createMachine({
  id: 'cohortBuilder',
  context: ({ input }) => ({
    appId: input.appId,
    cohortId: input.cohortId,
    canSave: input.canSave,
    ...savedQuestionContext(saved, newQuestion()),
  }),
  initial: 'boot',
  on: lifecycle.on,
  states: lifecycle.states,
});
