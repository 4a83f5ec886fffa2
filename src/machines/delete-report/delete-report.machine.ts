/**
 * Deleting a saved report from the reports list (SPEC §2 Delete with the 'Delete Report' confirm, §7 DELETE
 * /template/{appId}/{reportId}, §8 'Report deleted successfully.' / 'We had a problem deleting the report. Please try
 * again later.'). The builder deletes through its own machine (report-builder); this one serves /analyze/list.
 *
 *   idle ─DELETE(report)─► confirming ─CONFIRM─► deleting ─┬─ success ──► idle (deleted)
 *                              └─CANCEL─► idle             ├─ success:false ──► idle (failed)
 *                                                          └─ thrown ──► idle (failed)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DeleteTemplateResponse, TemplateSummary } from '../../contracts/analyze';
import { DELETE_FAILED, REPORT_DELETED } from '../report-builder/report-builder.machine';

export interface DeleteReportContext {
  appId: string;
  report: TemplateSummary | null;
}
export type DeleteReportEvent = { type: 'DELETE'; report: TemplateSummary } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export const deleteReportMachine = setup({
  types: {
    context: {} as DeleteReportContext,
    events: {} as DeleteReportEvent,
    input: {} as { appId: string },
  },
  actors: {
    deleteReport: fromPromise<DeleteTemplateResponse, { appId: string; reportId: string }>(async () => {
      throw new Error('provide deleteReport');
    }),
  },
  actions: {
    notify: (_, _params: { message: string; kind: 'success' | 'error' }) => {},
    deleted: (_, _params: { id: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'deleteReport',
  context: ({ input }) => ({ appId: input.appId, report: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { DELETE: { target: 'confirming', actions: assign({ report: ({ event }) => event.report }) } },
    },
    confirming: {
      on: { CONFIRM: 'deleting', CANCEL: { target: 'idle', actions: assign({ report: null }) } },
    },
    deleting: {
      invoke: {
        id: 'deleteReport',
        src: 'deleteReport',
        input: ({ context }) => ({ appId: context.appId, reportId: context.report!.id }),
        onDone: [
          {
            guard: ({ event }) => event.output.success,
            target: 'idle',
            actions: [
              { type: 'notify', params: { message: REPORT_DELETED, kind: 'success' } },
              { type: 'deleted', params: ({ context }) => ({ id: context.report!.id }) },
              assign({ report: null }),
            ],
          },
          { target: 'idle', actions: [{ type: 'notify', params: { message: DELETE_FAILED, kind: 'error' } }, assign({ report: null })] },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { message: DELETE_FAILED, kind: 'error' } },
            assign({ report: null }),
          ],
        },
      },
    },
  },
});
