/** Snapshot → view model of the funnel builder (src/views/analyze/FunnelsPage.tsx), and the events it may send. */
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { funnelBuilderMachine } from './funnel-builder.machine';
import type { SendTo, EventOf } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof funnelBuilderMachine>;

export type FunnelPhase =
  | 'opening'
  | 'openFailed'
  | 'invalid'
  | 'running'
  | 'runFailed'
  | 'ready'
  | 'loadingDropoff'
  | 'saving'
  | 'confirmingDelete'
  | 'deleting'
  | 'deleted';
export const selectPhase = (s: Snapshot): FunnelPhase =>
  s.matches('boot') || s.matches('checking') ? 'running' : (s.value as FunnelPhase);
export const selectQuestion = (s: Snapshot) => s.context.question;
export const selectResult = (s: Snapshot) => s.context.result;
export const selectError = (s: Snapshot) => s.context.error;
export const selectSaveError = (s: Snapshot) => s.context.saveError;
export const selectTitle = (s: Snapshot) => s.context.title;
export const selectFunnelId = (s: Snapshot) => s.context.funnelId;
export const selectCanSave = (s: Snapshot) => s.context.canSave;
export const selectDropoff = (s: Snapshot) => ({
  target: s.context.dropoffTarget,
  result: s.context.dropoff,
  error: s.context.dropoffError,
});

type Send = SendTo<typeof funnelBuilderMachine>;
type Ev<T extends EventFrom<typeof funnelBuilderMachine>['type']> = EventOf<typeof funnelBuilderMachine, T>;
/** The events the funnels page sends, as named senders. */
export const funnelBuilderActions = (send: Send) => ({
  setStep: (index: number, event_name: string) => send({ type: 'SET_STEP', index, event_name }),
  addStep: () => send({ type: 'ADD_STEP' }),
  removeStep: (index: number) => send({ type: 'REMOVE_STEP', index }),
  moveStep: (index: number, by: -1 | 1) => send({ type: 'MOVE_STEP', index, by }),
  addCondition: (index: number, condition: Ev<'ADD_STEP_CONDITION'>['condition']) =>
    send({ type: 'ADD_STEP_CONDITION', index, condition }),
  removeCondition: (index: number, condition: number) => send({ type: 'REMOVE_STEP_CONDITION', index, condition }),
  setWindow: (value: number, unit: Ev<'SET_WINDOW'>['unit']) => send({ type: 'SET_WINDOW', value, unit }),
  setOrder: (order: Ev<'SET_ORDER'>['order']) => send({ type: 'SET_ORDER', order }),
  setSplit: (split: Ev<'SET_SPLIT'>['split']) => send({ type: 'SET_SPLIT', split }),
  setRange: (date_start: string, date_end: string) => send({ type: 'SET_RANGE', date_start, date_end }),
  dropoff: (target: Ev<'DROPOFF'>['target']) => send({ type: 'DROPOFF', target }),
  setTitle: (title: string) => send({ type: 'SET_TITLE', title }),
  save: () => send({ type: 'SAVE' }),
  askDelete: () => send({ type: 'DELETE' }),
  confirmDelete: () => send({ type: 'CONFIRM' }),
  cancelDelete: () => send({ type: 'CANCEL' }),
  retry: () => send({ type: 'RETRY' }),
});
