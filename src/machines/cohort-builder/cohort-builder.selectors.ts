/** Snapshot → view model of the cohort builder (src/views/analyze/CohortsPage.tsx), and the events it may send. */
import type { CohortQuestion, CohortResult } from '../../contracts/cohorts';
import type { cohortBuilderMachine } from './cohort-builder.machine';
import type { SendTo, EventOf } from '../shared/flow';
import {
  savedQuestionSelectors,
  savedQuestionSenders,
  type SavedQuestionPhase,
} from '../shared/saved-question.selectors';

export type CohortPhase = SavedQuestionPhase;
/** The lifecycle's selectors (src/machines/shared/saved-question.selectors.ts). */
export const cohortSelectors = savedQuestionSelectors<CohortQuestion, CohortResult>();
export const { selectPhase, selectQuestion, selectResult, selectError, selectSaveError, selectTitle, selectCanSave } =
  cohortSelectors;

type Send = SendTo<typeof cohortBuilderMachine>;
type Ev<T extends 'SET_GRAIN' | 'SET_SPLIT' | 'ADD_CONDITION'> = EventOf<typeof cohortBuilderMachine, T>;
/** The events the cohorts page sends, as named senders. */
export const cohortBuilderActions = (send: Send) => ({
  setGrain: (grain: Ev<'SET_GRAIN'>['grain']) => send({ type: 'SET_GRAIN', grain }),
  setPeriods: (periods: number) => send({ type: 'SET_PERIODS', periods }),
  setSplit: (split: Ev<'SET_SPLIT'>['split']) => send({ type: 'SET_SPLIT', split }),
  setRange: (date_start: string, date_end: string) => send({ type: 'SET_RANGE', date_start, date_end }),
  addCondition: (condition: Ev<'ADD_CONDITION'>['condition']) => send({ type: 'ADD_CONDITION', condition }),
  removeCondition: (index: number) => send({ type: 'REMOVE_CONDITION', index }),
  ...savedQuestionSenders(send),
});
