/** Remove from team (admins only, docs/team.md §Roles) behind a confirmation; for a pending invite it withdraws the invite. */
import { useSelector } from '@xstate/react';
import type { TeamActor } from '../../machines/team/team.machine';
import { selectRemoveDialog, teamActions } from '../../machines/team/team.selectors';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useActions } from '../flows/useActions';

export function RemoveMemberDialog({ actor, workspaceName }: { actor: TeamActor; workspaceName: string }) {
  const view = useSelector(actor, selectRemoveDialog);
  const actions = useActions(actor, teamActions);
  const invite = view.member?.pending ?? false;
  const who = view.member?.name ?? view.member?.email ?? '';
  return (
    <ConfirmDialog
      open={view.open}
      title="Remove from team"
      message={
        invite
          ? `Are you sure you want to withdraw the invitation for ${who}? The invite link will stop working.`
          : `Are you sure you want to remove ${who} from ${workspaceName}? They will lose access to this workspace.`
      }
      confirmLabel="Remove"
      busy={view.busy}
      error={view.error}
      onConfirm={actions.confirmRemove}
      onCancel={actions.cancel}
    />
  );
}
