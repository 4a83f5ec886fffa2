/** Snapshot → view model of the ask-analyze flow (src/views/analyze/ReportAiPage.tsx). */
import type { SnapshotFrom } from 'xstate';
import type { askAnalyzeMachine } from './ask-analyze.machine';
import { defaultDatesOf, partsOf, runBlocker, summaryOf, type Part } from './ask-analyze.logic';
import type { AskUnplaced } from '../../contracts/ask';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof askAnalyzeMachine>;

export type AskPhase = 'editing' | 'understanding' | 'understood' | 'notUnderstood' | 'failed' | 'confirmed';
export const selectPhase = (s: Snapshot): AskPhase => s.value as AskPhase;
export const selectQuestion = (s: Snapshot) => s.context.question;
export const selectError = (s: Snapshot) => s.context.error;

export interface Understanding {
  asked: string;
  parts: Part[];
  summary: string;
  unplaced: AskUnplaced[];
  source: 'parser' | 'model';
  modelName: string;
  message: string | null;
  /** Why Run cannot go yet, or null. */
  blocker: string | null;
  /** The builder's default dates when the question named none. */
  defaultDates: { date_start: string; date_end: string } | null;
}

export function selectUnderstanding(s: Snapshot): Understanding | null {
  const { answer, report, asked } = s.context;
  if (!answer || !report) return null;
  const parts = partsOf(report, answer);
  return {
    asked,
    parts,
    summary: summaryOf(parts),
    unplaced: answer.unplaced,
    source: answer.source,
    modelName: answer.model_name,
    message: s.matches('notUnderstood') ? (answer.message ?? 'Choose at least one metric to run the report.') : null,
    blocker: runBlocker(report),
    defaultDates: defaultDatesOf(answer),
  };
}

/** The events the Ask page sends, as named senders. */
export const askAnalyzeActions = (send: SendTo<typeof askAnalyzeMachine>) => ({
  type: (question: string) => send({ type: 'TYPE', question }),
  ask: () => send({ type: 'ASK' }),
  retry: () => send({ type: 'RETRY' }),
  removePart: (id: string) => send({ type: 'REMOVE_PART', id }),
  changePart: (id: string, value: string) => send({ type: 'CHANGE_PART', id, value }),
  pickSuggestion: (suggestion: EventOf<typeof askAnalyzeMachine, 'PICK_SUGGESTION'>['suggestion']) =>
    send({ type: 'PICK_SUGGESTION', suggestion }),
  run: () => send({ type: 'RUN' }),
});
