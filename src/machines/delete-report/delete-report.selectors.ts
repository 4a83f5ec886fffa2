/** View model of the 'Delete Report' confirm (docs/analyze.md §Screens and routes), the same for the reports list and the report builder. */
import { DELETE_TITLE, deleteQuestion, type DeleteReportSnapshot } from './delete-report.machine';

export const selectDeleteDialog = (s: DeleteReportSnapshot | undefined) => ({
  open: s?.matches('asking') ?? false,
  busy: s?.matches({ asking: 'deleting' }) ?? false,
  title: DELETE_TITLE,
  message: deleteQuestion(s?.context.report?.title ?? ''),
});
