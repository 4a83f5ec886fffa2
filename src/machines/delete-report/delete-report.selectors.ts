/** View model of the 'Delete Report' confirm (docs/analyze.md §Screens and routes), the same for the reports list and the report builder. */
import {
  DELETE_TITLE,
  deleteQuestion,
  type DeleteReportSnapshot,
  type deleteReportMachine,
} from './delete-report.machine';
import type { EventOf, SendTo } from '../shared/flow';

export const selectDeleteDialog = (s: DeleteReportSnapshot | undefined) => ({
  open: s?.matches('asking') ?? false,
  busy: s?.matches({ asking: 'deleting' }) ?? false,
  title: DELETE_TITLE,
  message: deleteQuestion(s?.context.report?.title ?? ''),
});

/** The events the reports list and its Delete Report confirmation sends, as named senders. */
export const deleteReportActions = (send: SendTo<typeof deleteReportMachine>) => ({
  remove: (report: EventOf<typeof deleteReportMachine, 'DELETE'>['report']) => send({ type: 'DELETE', report }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
