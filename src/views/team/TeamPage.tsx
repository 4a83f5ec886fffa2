/**
 * /workspace/{id}/team (docs/team.md §Screens and routes team, §Member states invitation, §Roles roles, §Messages team messages): the team table with its Invite
 * button and row menus. A thin view: the list comes from the useTeam read, every action is an event to the
 * team flow's actor (src/machines/team), and who may do what comes from team-permissions.ts.
 */
import { useEffect, useState } from 'react';
import type { Workspace } from '../../contracts/workspace';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { selectAccount } from '../../machines/session/session.selectors';
import { teamFlow } from '../../machines/team/team.actors';
import { invitableRoles, type Viewer } from '../../machines/team/team-permissions';
import { memberCount, pendingCount } from '../../machines/team/team-members';
import { useTeam } from '../../services/team.queries';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { VIEW_ONLY_MESSAGE } from '../ui/permissions';
import { TeamTable, TeamSkeleton } from './TeamTable';
import { InviteDialog } from './InviteDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { useActions } from '../flows/useActions';
import { teamActions } from '../../machines/team/team.selectors';

/** Epoch seconds, refreshed every minute so 'Expires in …' stays true while the page is open. */
function useNowSeconds() {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function TeamScreen({ workspace }: { workspace: Workspace }) {
  const account = Session.useSelector(selectAccount);
  const team = useTeam(workspace.id);
  const now = useNowSeconds();
  // The page only sends events; the dialogs and row menus subscribe to the slices they show.
  const actor = useFlowActor(teamFlow, { workspaceId: workspace.id }, { key: workspace.id });
  const actions = useActions(actor, teamActions);
  const me: Viewer = { accountId: account?.accountId ?? '', email: account?.workEmail ?? '', role: workspace.role };
  const roles = invitableRoles(workspace.role);
  const members = team.data ?? [];
  const openInvite = () => actions.openInvite(roles);

  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900">Team</h1>
            {team.data && (
              <span
                data-testid="member-count"
                className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-medium text-indigo-700"
              >
                {plural(memberCount(members), 'member', 'members')}
              </span>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-500">
            People with access to {workspace.name}
            {team.data && pendingCount(members) > 0 && (
              <> · {plural(pendingCount(members), 'invite', 'invites')} not accepted yet</>
            )}
          </p>
        </div>
        {/* Full width on phones (the view-only wrapper of a denied button included). */}
        <div className="sm:shrink-0 [&>span]:flex [&_button]:w-full">
          <Button onClick={openInvite} deniedReason={roles.length === 0 ? VIEW_ONLY_MESSAGE : null} icon={<PlusIcon />}>
            Invite
          </Button>
        </div>
      </div>

      <div className="mt-6">
        {team.isPending ? (
          <TeamSkeleton />
        ) : team.isError && !team.data ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-base font-semibold text-slate-900">The team could not be loaded.</p>
            <p className="mt-1 text-sm text-slate-600">{team.error.message}</p>
            <Button variant="secondary" className="mt-5" busy={team.isFetching} onClick={() => void team.refetch()}>
              Try again
            </Button>
          </div>
        ) : members.length === 0 ? (
          <EmptyState
            title="No team members yet"
            action={roles.length > 0 ? <Button onClick={openInvite}>Invite</Button> : undefined}
          >
            Invite the people you work with to {workspace.name}.
          </EmptyState>
        ) : (
          <TeamTable members={members} me={me} nowSeconds={now} actor={actor} />
        )}
      </div>

      <InviteDialog actor={actor} />
      <ChangeRoleDialog actor={actor} />
      <RemoveMemberDialog actor={actor} workspaceName={workspace.name} />
    </section>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

export default function TeamPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  // One machine per workspace: switching workspace starts a fresh one.
  return <TeamScreen key={workspace.id} workspace={workspace} />;
}
