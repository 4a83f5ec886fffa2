/**
 * "Ask Analyze in plain words" (docs/ask.md §Screens and routes, /analyze/reportAi): a question → how it was understood → the
 * publisher confirms → the normal report builder opens with it and runs it (docs/ask.md §Screens and routes "Report builder", §Question states lifecycle:
 * every builder rule — validation, limit, saving, exports — applies unchanged, and only the compiler writes SQL).
 *
 *   editing ─ASK (a question)─► understanding ─┬─ success ────────► understood   (parts shown as chips)
 *                                              ├─ success:false ──► notUnderstood (what could not be placed, suggestions)
 *                                              └─ thrown ─────────► failed        (the server's words or ours; RETRY/ASK)
 *   understood ─REMOVE_PART / CHANGE_PART / PICK_SUGGESTION─► understood (or notUnderstood when no metric is left)
 *   notUnderstood ─PICK_SUGGESTION (a metric)─► understood; its other parts can be removed or changed meanwhile
 *   understood ─RUN (a metric and a group-by)─► confirmed (final): `openBuilder` hands the report to the builder
 *   any ─TYPE─► the question changes; ASK again from understood / notUnderstood / failed reads it anew.
 *
 * `ask` (the POST …/analyze/ask call) and `openBuilder` (the builder's draft + navigation) are placeholders here,
 * provided by ask-analyze.actors.ts.
 */
import { assign, not, setup } from 'xstate';
import type { Report } from '../../contracts/analyze';
import type { AskResponse, AskSuggestion } from '../../contracts/ask';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';
import { applySuggestion, changePart, removePart, runBlocker } from './ask-analyze.logic';

/** Ours (docs/ask.md §Messages). */
export const ASK_FAILED = 'We could not read that question. Please try again.';

export interface AskAnalyzeInput {
  appId: string;
}

export interface AskAnalyzeContext {
  appId: string;
  question: string;
  /** The question the current answer is for. */
  asked: string;
  answer: AskResponse | null;
  /** The report as understood, with the publisher's changes. */
  report: Report | null;
  sortChosen: boolean;
  error: string | null;
}

export type AskAnalyzeEvent =
  | { type: 'TYPE'; question: string }
  | { type: 'ASK' }
  | { type: 'RETRY' }
  | { type: 'REMOVE_PART'; id: string }
  | { type: 'CHANGE_PART'; id: string; value: string }
  | { type: 'PICK_SUGGESTION'; suggestion: AskSuggestion }
  | { type: 'RUN' };

const hasMetric = (report: Report | null) => (report?.configuration.select.length ?? 0) > 0;

export const askAnalyzeMachine = setup({
  types: {
    context: {} as AskAnalyzeContext,
    events: {} as AskAnalyzeEvent,
    input: {} as AskAnalyzeInput,
    children: {} as { ask: 'ask' },
  },
  actors: {
    ask: toProvide<AskResponse, { appId: string; question: string }>('ask'),
  },
  guards: {
    hasQuestion: ({ context }) => context.question.trim().length > 0,
    understood: (_, answer: AskResponse) => answer.success,
    hasMetric: ({ context }) => hasMetric(context.report),
    suggestsMetric: ({ context, event }) =>
      event.type === 'PICK_SUGGESTION' &&
      hasMetric(applySuggestion(context.report!, event.suggestion, context.answer!)),
    canRun: ({ context }) => context.report !== null && runBlocker(context.report) === null,
  },
  actions: {
    /** Opens the report builder with this report (its session draft), which then runs it. */
    openBuilder: (_args, _params: { appId: string; question: string; report: Report; sortChosen: boolean }) => {},
    logError: (_args, _params: { error: unknown }) => {},
    removePart: assign({
      report: ({ context, event }) =>
        event.type === 'REMOVE_PART' ? removePart(context.report!, event.id) : context.report,
    }),
    changePart: assign({
      report: ({ context, event }) =>
        event.type === 'CHANGE_PART'
          ? changePart(context.report!, event.id, event.value, context.answer!)
          : context.report,
    }),
  },
}).createMachine({
  id: 'askAnalyze',
  context: ({ input }) => ({
    appId: input.appId,
    question: '',
    asked: '',
    answer: null,
    report: null,
    sortChosen: false,
    error: null,
  }),
  initial: 'editing',
  on: {
    TYPE: { actions: assign({ question: ({ event }) => event.question }) },
  },
  states: {
    editing: {
      on: { ASK: { guard: 'hasQuestion', target: 'understanding' } },
    },
    understanding: {
      entry: assign({ asked: ({ context }) => context.question.trim(), error: null }),
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => ({ appId: context.appId, question: context.asked }),
        onDone: [
          {
            guard: { type: 'understood', params: ({ event }) => event.output },
            target: 'understood',
            actions: assign(({ event }) => ({
              answer: event.output,
              report: event.output.report,
              sortChosen: event.output.sort_chosen,
            })),
          },
          {
            target: 'notUnderstood',
            actions: assign(({ event }) => ({
              answer: event.output,
              report: event.output.report,
              sortChosen: event.output.sort_chosen,
            })),
          },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? ASK_FAILED }),
          ],
        },
      },
    },
    understood: {
      on: {
        ASK: { guard: 'hasQuestion', target: 'understanding' },
        REMOVE_PART: { actions: 'removePart' },
        CHANGE_PART: { actions: 'changePart' },
        PICK_SUGGESTION: {
          actions: assign({
            report: ({ context, event }) => applySuggestion(context.report!, event.suggestion, context.answer!),
          }),
        },
        RUN: {
          guard: 'canRun',
          target: 'confirmed',
        },
      },
      // the last metric removed: nothing to run until one is picked again
      always: { guard: not('hasMetric'), target: 'notUnderstood' },
    },
    notUnderstood: {
      on: {
        ASK: { guard: 'hasQuestion', target: 'understanding' },
        REMOVE_PART: { actions: 'removePart' },
        CHANGE_PART: { actions: 'changePart' },
        PICK_SUGGESTION: {
          target: 'understood',
          guard: 'suggestsMetric',
          actions: assign({
            report: ({ context, event }) => applySuggestion(context.report!, event.suggestion, context.answer!),
          }),
        },
      },
    },
    failed: {
      on: {
        ASK: { guard: 'hasQuestion', target: 'understanding' },
        RETRY: { guard: 'hasQuestion', target: 'understanding' },
      },
    },
    confirmed: {
      type: 'final',
      entry: {
        type: 'openBuilder',
        params: ({ context }) => ({
          appId: context.appId,
          question: context.asked,
          report: context.report!,
          sortChosen: context.sortChosen,
        }),
      },
    },
  },
});
