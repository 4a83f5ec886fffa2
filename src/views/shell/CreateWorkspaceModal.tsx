/** Create Workspace modal (docs/workspace.md §Screens and routes 'Create new'), a thin view over the create-workspace flow. */
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { createWorkspaceFlow } from '../../machines/create-workspace/create-workspace.actors';
import {
  selectCreateWorkspace,
  createWorkspaceActions,
} from '../../machines/create-workspace/create-workspace.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { href } from '../../paths';
import { FormModal } from '../ui/FormModal';
import { WorkspaceNameFields } from '../workspace/WorkspaceNameFields';
import { IconPicker } from '../ui/IconPicker';
import { useActions } from '../flows/useActions';

export function CreateWorkspaceModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = Session.useActorRef();
  const organisations = Session.useSelector((s) => s.context.account?.organisations ?? []);
  const [, navigate] = useLocation();
  const [openAfterRefresh, setOpenAfterRefresh] = useState<string | null>(null);
  const created = (id: string) => {
    setOpenAfterRefresh(id);
    onClose();
  };
  const actor = useFlowActor(createWorkspaceFlow, undefined, { deps: { session, created } });
  const actions = useActions(actor, createWorkspaceActions);
  const view = useSelector(actor, selectCreateWorkspace);

  useEffect(() => {
    if (open && !view.open) actions.open();
    if (!open && view.open) actions.close();
  }, [open, view.open, actions]);

  useEffect(() => {
    if (openAfterRefresh && organisations.some((o) => o.id === openAfterRefresh)) {
      navigate(href.apps(openAfterRefresh));
      // oxlint-disable-next-line react/set-state-in-effect -- waits for the refreshed account (outside React) to list the workspace; the wait ends with the navigation it triggers, once
      setOpenAfterRefresh(null);
    }
  }, [openAfterRefresh, organisations, navigate]);

  return (
    <FormModal
      open={view.open}
      title="Create Workspace"
      onClose={onClose}
      onSubmit={actions.submit}
      submitLabel="Create"
      busy={view.busy}
      className="space-y-4"
    >
      <WorkspaceNameFields
        name={view.name}
        website={view.website}
        errors={view.errors}
        onChange={(field, value) => actions.change(field, value)}
        autoFocus
      />
      <IconPicker
        buttonLabel="Choose icon"
        fileName={view.iconName}
        hint="PNG, JPG or GIF, up to 3 MB"
        error={view.errors.icon}
        onPick={(file) => actions.pickIcon(file)}
      />
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </FormModal>
  );
}
