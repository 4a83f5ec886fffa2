/**
 * The Security card of the workspace settings (admins; docs/accounts.md §Two-factor sign-in): "Require two-factor
 * sign-in" with who it affects, confirmed before it is turned on; a thin view over the workspace-security flow.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { workspaceSecurityFlow } from '../../machines/workspace-security/workspace-security.actors';
import {
  selectWorkspaceSecurity,
  workspaceSecurityActions,
} from '../../machines/workspace-security/workspace-security.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { Switch } from '../integrations/Switch';

const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

export function WorkspaceSecuritySection({
  workspaceId,
  workspaceName,
}: {
  workspaceId: string;
  workspaceName: string;
}) {
  const session = Session.useActorRef();
  const actor = useFlowActor(workspaceSecurityFlow, { workspaceId }, { key: workspaceId, deps: { session } });
  const actions = useActions(actor, workspaceSecurityActions);
  const view = useSelector(actor, selectWorkspaceSecurity);

  return (
    <section
      aria-labelledby="workspace-security"
      aria-busy={view.loading || view.saving}
      className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="workspace-security" className="text-lg font-semibold text-slate-900">
        Security
      </h2>
      {view.loading && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading the security settings…
        </p>
      )}
      {view.failed && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-rose-700">
            {view.error}
          </p>
          <Button variant="secondary" onClick={actions.retry}>
            Try again
          </Button>
        </div>
      )}
      {view.ready && (
        <div className="mt-3 space-y-3">
          <Switch
            checked={view.required}
            disabled={view.saving || view.blocked}
            onChange={actions.toggle}
            aria-describedby="workspace-security-help"
          >
            Require two-factor sign-in
          </Switch>
          <p id="workspace-security-help" className="text-sm text-slate-600">
            Members without two-factor sign-in are asked to turn it on before they can open this workspace.{' '}
            {view.membersWithout === 0
              ? 'Every member has it.'
              : `${members(view.membersWithout)} ${view.membersWithout === 1 ? 'has' : 'have'} not turned it on yet.`}
          </p>
          {view.blocked && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              Turn on two-factor sign-in for your own account first, on{' '}
              <Link href={href.account()} className="font-medium underline">
                your account page
              </Link>
              .
            </p>
          )}
          {view.error && !view.confirming && (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {view.error}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={view.confirming}
        title="Require two-factor sign-in?"
        message={
          view.membersWithout === 0
            ? `Every member of ${workspaceName} already has two-factor sign-in. New members will be asked to turn it on before they can open it.`
            : `${members(view.membersWithout)} of ${workspaceName} will be asked to turn on two-factor sign-in before they can open it again.`
        }
        confirmLabel="Require"
        tone="primary"
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      />
    </section>
  );
}
