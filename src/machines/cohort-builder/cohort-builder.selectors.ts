/** Snapshot → view model of the cohort builder (src/views/analyze/CohortsPage.tsx), and the events it may send. */
import type { SnapshotFrom } from 'xstate';
import type { cohortBuilderMachine } from './cohort-builder.machine';
import type { SendTo, EventOf } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof cohortBuilderMachine>;

export type CohortPhase =
  | 'opening'
  | 'openFailed'
  | 'invalid'
  | 'running'
  | 'runFailed'
  | 'ready'
  | 'saving'
  | 'confirmingDelete'
  | 'deleting'
  | 'deleted';
export const selectPhase = (s: Snapshot): CohortPhase =>
  s.matches('boot') || s.matches('checking') ? 'running' : (s.value as CohortPhase);
export const selectQuestion = (s: Snapshot) => s.context.question;
export const selectResult = (s: Snapshot) => s.context.result;
export const selectError = (s: Snapshot) => s.context.error;
export const selectSaveError = (s: Snapshot) => s.context.saveError;
export const selectTitle = (s: Snapshot) => s.context.title;
export const selectCohortId = (s: Snapshot) => s.context.cohortId;
export const selectCanSave = (s: Snapshot) => s.context.canSave;

type Send = SendTo<typeof cohortBuilderMachine>;
/** The events the cohorts page sends, as named senders. */
export const cohortBuilderActions = (send: Send) => ({
  setGrain: (grain: EventOf<typeof cohortBuilderMachine, 'SET_GRAIN'>['grain']) => send({ type: 'SET_GRAIN', grain }),
  setPeriods: (periods: number) => send({ type: 'SET_PERIODS', periods }),
  setSplit: (split: EventOf<typeof cohortBuilderMachine, 'SET_SPLIT'>['split']) => send({ type: 'SET_SPLIT', split }),
  setRange: (date_start: string, date_end: string) => send({ type: 'SET_RANGE', date_start, date_end }),
  addCondition: (condition: EventOf<typeof cohortBuilderMachine, 'ADD_CONDITION'>['condition']) =>
    send({ type: 'ADD_CONDITION', condition }),
  removeCondition: (index: number) => send({ type: 'REMOVE_CONDITION', index }),
  setTitle: (title: string) => send({ type: 'SET_TITLE', title }),
  save: () => send({ type: 'SAVE' }),
  askDelete: () => send({ type: 'DELETE' }),
  confirmDelete: () => send({ type: 'CONFIRM' }),
  cancelDelete: () => send({ type: 'CANCEL' }),
  retry: () => send({ type: 'RETRY' }),
});
