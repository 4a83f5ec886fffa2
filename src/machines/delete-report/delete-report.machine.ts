/**
 * Deleting a saved report: the one delete flow, for the reports list and the report builder (docs/analyze.md §Screens and routes Delete with the
 * 'Delete Report' confirm, §Report states "Delete returns to a blank report", §API endpoints DELETE /template/{appId}/{reportId}, §Messages
 * 'Report deleted successfully.' / 'We had a problem deleting the report. Please try again later.').
 *
 *   start ─ input.report ─► asking                          (the report builder invokes it for its report: one round)
 *         └ none ─────────► idle ─DELETE(report)─► asking   (the reports list holds it: a round per DELETE)
 *
 *   asking.confirming ─CONFIRM─► asking.deleting ─┬─ success ──────► settled ('Report deleted successfully.', `deleted`)
 *        └─CANCEL─► settled                       ├─ success:false ─► settled (docs/analyze.md §Messages error)
 *                                                 └─ thrown ───────► settled (logged, docs/analyze.md §Messages error)
 *   settled ─► finished (final, output { deleted }) after a builder's round, else back to idle.
 *
 * The confirm → delete → done / failed step is the shared child (src/machines/shared/confirm-mutation.machine.ts,
 * invoke id `deleteTemplate`): it waits for the forwarded CONFIRM, calls, and tells a success from a refusal or a
 * thrown call; `asking.deleting` mirrors that the call is under way, for the dialog's busy button.
 * `notify`, `deleted` (drop it from the cached lists) and `logError` are provided by delete-report.actors.ts.
 */
import { and, assign, sendTo, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DeleteTemplateResponse } from '../../contracts/analyze';
import {
  confirmMutation,
  thrown,
  outcomeDone,
  outcomeFailed,
  outcomeThrew,
  outcome,
} from '../shared/confirm-mutation.machine';
import { notify } from '../shared/notice';

// docs/analyze.md §Messages and §Screens and routes, verbatim.
export const REPORT_DELETED = 'Report deleted successfully.';
export const DELETE_FAILED = 'We had a problem deleting the report. Please try again later.';
export const DELETE_TITLE = 'Delete Report';
export const deleteQuestion = (title: string) => `Are you sure you want to delete the report ${title}?`;

/** The report being deleted (a saved template's id and title). */
export interface ReportRef {
  id: string;
  title: string;
}
export interface DeleteRequest {
  appId: string;
  reportId: string;
}

export interface DeleteReportInput {
  appId: string;
  /** Delete this report and finish (the report builder); without it the actor waits for DELETE events. */
  report?: ReportRef | null;
}
export interface DeleteReportContext {
  appId: string;
  report: ReportRef | null;
  /** One round only (started with a report): finish instead of waiting for the next DELETE. */
  once: boolean;
  deleted: boolean;
}
export type DeleteReportEvent = { type: 'DELETE'; report: ReportRef } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const DELETING = { asking: 'deleting' };

export const deleteReportMachine = setup({
  types: {
    context: {} as DeleteReportContext,
    events: {} as DeleteReportEvent,
    input: {} as DeleteReportInput,
    output: {} as { deleted: boolean },
    children: {} as { deleteTemplate: 'deleteTemplate' },
  },
  actors: {
    deleteTemplate: confirmMutation<DeleteRequest, DeleteTemplateResponse>(),
  },
  guards: {
    outcomeDone,
    outcomeFailed,
    outcomeThrew,
    hasReport: ({ context }) => context.report !== null,
    once: ({ context }) => context.once,
  },
  actions: {
    notify,
    /** The report is gone on the server: drop it from the cached lists. */
    deleted: (_args, _params: { appId: string; id: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deleteReport',
  context: ({ input }) => ({ appId: input.appId, report: input.report ?? null, once: !!input.report, deleted: false }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasReport', target: 'asking' }, { target: 'idle' }],
    },
    idle: {
      on: {
        DELETE: {
          target: 'asking',
          actions: assign({
            report: ({ event }) => ({ id: event.report.id, title: event.report.title }),
            deleted: false,
          }),
        },
      },
    },
    asking: {
      invoke: {
        id: 'deleteTemplate',
        src: 'deleteTemplate',
        input: ({ context }) => ({ request: { appId: context.appId, reportId: context.report!.id }, confirm: true }),
        // The child answers only once confirmed (asking.deleting); CANCEL leaves before it could.
        onDone: [
          {
            guard: and([stateIn(DELETING), outcome('outcomeDone')]),
            target: 'settled',
            actions: [
              { type: 'notify', params: { message: REPORT_DELETED, kind: 'success' } },
              { type: 'deleted', params: ({ context }) => ({ appId: context.appId, id: context.report!.id }) },
              assign({ deleted: true }),
            ],
          },
          {
            guard: and([stateIn(DELETING), outcome('outcomeThrew')]),
            target: 'settled',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: thrown(event.output) }) },
              { type: 'notify', params: { message: DELETE_FAILED, kind: 'error' } },
            ],
          },
          {
            guard: and([stateIn(DELETING), outcome('outcomeFailed')]),
            target: 'settled',
            actions: { type: 'notify', params: { message: DELETE_FAILED, kind: 'error' } },
          },
        ],
        onError: {
          target: 'settled',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { message: DELETE_FAILED, kind: 'error' } },
          ],
        },
      },
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'deleting', actions: sendTo('deleteTemplate', { type: 'CONFIRM' }) },
            CANCEL: { target: '#deleteReport.settled' },
          },
        },
        deleting: {},
      },
    },
    settled: {
      always: [
        { guard: 'once', target: 'finished' },
        { target: 'idle', actions: assign({ report: null }) },
      ],
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.deleted }),
});

export type DeleteReportActor = ActorRefFrom<typeof deleteReportMachine>;
export type DeleteReportSnapshot = SnapshotFrom<typeof deleteReportMachine>;
