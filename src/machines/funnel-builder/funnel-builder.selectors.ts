/** Snapshot → view model of the funnel builder (src/views/analyze/FunnelsPage.tsx), and the events it may send. */
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { funnelBuilderMachine } from './funnel-builder.machine';
import type { SendTo, EventOf } from '../shared/flow';
import type { FunnelQuestion, FunnelResult } from '../../contracts/funnels';
import {
  savedQuestionSelectors,
  savedQuestionSenders,
  type SavedQuestionPhase,
} from '../shared/saved-question.selectors';

type Snapshot = SnapshotFrom<typeof funnelBuilderMachine>;

export type FunnelPhase = SavedQuestionPhase | 'loadingDropoff';
/** The lifecycle's selectors (src/machines/shared/saved-question.selectors.ts). */
export const funnelSelectors = savedQuestionSelectors<FunnelQuestion, FunnelResult, 'loadingDropoff'>();
export const { selectPhase, selectQuestion, selectResult, selectError, selectSaveError, selectTitle, selectCanSave } =
  funnelSelectors;
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
  ...savedQuestionSenders(send),
});
