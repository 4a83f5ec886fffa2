/**
 * The 'Delete Report' confirm (docs/analyze.md §Screens and routes), bound to a delete-report actor: the reports list's own one, or the one the
 * report builder invokes for its report. Nothing shows while the actor is absent or not asking.
 */
import { useSelector } from '@xstate/react';
import type { DeleteReportActor } from '../../machines/delete-report/delete-report.machine';
import { selectDeleteDialog } from '../../machines/delete-report/delete-report.selectors';
import { FlowConfirmDialog } from '../ui/ConfirmDialog';
import { deleteReportActions } from '../../machines/delete-report/delete-report.selectors';
import { useActions } from '../flows/useActions';

export function DeleteReportDialog({ actor }: { actor: DeleteReportActor | undefined }) {
  const view = useSelector(actor, selectDeleteDialog);
  const actions = useActions(actor, deleteReportActions);
  return <FlowConfirmDialog view={view} actions={actions} confirmLabel="Delete" />;
}
