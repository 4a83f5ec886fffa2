/**
 * /workspace/{id}/settings (docs/workspace.md §Screens and routes workspace name, website and icon; §Rules and limits rules; §Roles admins only; §Messages messages), a thin
 * view over the workspace-settings flow. The navigation lists Settings for admins only (docs/workspace.md §Roles); the page itself
 * renders for every member who opens its URL, because the SERVER is what refuses a non-admin's save: an editor who
 * reaches Save gets per docs/workspace.md §Roles 'Only administrators can change the workspace name…' (403
 * access_missing_role_for_action) shown on the page; a viewer finds every field read-only and Save disabled with the
 * view-only tooltip.
 * A save refreshes the session, so the header's workspace selector shows the new name without a reload.
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { workspaceSettingsFlow } from '../../machines/workspace-settings/workspace-settings.actors';
import {
  selectWorkspaceSettings,
  workspaceSettingsActions,
} from '../../machines/workspace-settings/workspace-settings.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useCurrentWorkspace } from './useCurrentWorkspace';
import { Button } from '../ui/Button';
import { WorkspaceNameFields } from './WorkspaceNameFields';
import { IconPicker } from '../ui/IconPicker';
import { viewerDenied } from '../ui/permissions';
import { useActions } from '../flows/useActions';
import { WorkspaceSecuritySection } from './WorkspaceSecuritySection';

export default function WorkspaceSettingsPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  return <SettingsForm key={workspace.id} workspace={workspace} />;
}

function SettingsForm({ workspace }: { workspace: NonNullable<ReturnType<typeof useCurrentWorkspace>> }) {
  const session = Session.useActorRef();
  const actor = useFlowActor(
    workspaceSettingsFlow,
    { workspaceId: workspace.id, name: workspace.name, website: workspace.website },
    { key: workspace.id, deps: { session } },
  );
  const actions = useActions(actor, workspaceSettingsActions);
  const view = useSelector(actor, selectWorkspaceSettings);
  // The workspace's saved values follow the session (after a save, or a change made elsewhere).
  useEffect(() => {
    actions.sync(workspace.name, workspace.website);
  }, [actions, workspace.name, workspace.website]);
  const denied = viewerDenied(workspace.role);

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <p className="mt-1 text-sm text-slate-600">The name, website and icon of your workspace.</p>
      <form
        noValidate
        className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        onSubmit={(event) => {
          event.preventDefault();
          if (!denied) actions.submit();
        }}
      >
        {denied && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">{denied}</p>
        )}
        <WorkspaceNameFields
          name={view.name}
          website={view.website}
          errors={view.errors}
          onChange={(field, value) => actions.change(field, value)}
          disabled={view.busy}
          readOnly={!!denied}
        />
        <IconPicker
          buttonLabel="Choose icon"
          fileName={view.iconName}
          hint="PNG, JPG or GIF, up to 3 MB"
          error={view.errors.icon}
          disabled={view.busy}
          deniedReason={denied}
          onPick={(file) => actions.pickIcon(file)}
          preview={
            workspace.icon ? (
              <img src={workspace.icon} alt="" className="size-12 rounded-lg object-cover ring-1 ring-slate-200" />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-lg bg-slate-200 font-bold text-slate-600"
              >
                {workspace.name.slice(0, 1)}
              </span>
            )
          }
        />
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3 border-t border-slate-100 pt-5">
          {!denied && (
            <Button variant="secondary" onClick={actions.reset} disabled={!view.dirty || view.busy}>
              Discard changes
            </Button>
          )}
          <Button type="submit" busy={view.busy} deniedReason={denied}>
            Save
          </Button>
        </div>
      </form>
      {workspace.role === 'admin' && (
        <WorkspaceSecuritySection workspaceId={workspace.id} workspaceName={workspace.name} />
      )}
    </section>
  );
}
