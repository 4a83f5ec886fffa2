/** The invitation machine bound to the team service, the snackbars and the team query (views never call services). */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { teamMachine } from './team.machine';
import { invite, removeFromTeam, resend, teamQueryKey, updateRole } from '../../services/team.service';
import { notify } from '../../services/notify';
import { queryClient } from '../../queryClient';

export const liveTeamMachine = teamMachine.provide({
  actors: {
    sendInvite: fromPromise(({ input, signal }) => invite(input.workspaceId, { email: input.email, role: input.role }, signal)),
    resendInvite: fromPromise(({ input, signal }) => resend(input.workspaceId, input.email, signal)),
    updateRole: fromPromise(({ input, signal }) => updateRole(input.workspaceId, { accountId: input.accountId, role: input.role }, signal)),
    removeMember: fromPromise(({ input, signal }) => removeFromTeam(input.workspaceId, input.email, signal)),
  },
  actions: {
    // SPEC §9 durations: 3 s for confirmations, 10 s for errors so they can be read.
    notify: (_, { message, kind }) => {
      notify(message, kind, kind === 'error' ? 10_000 : 3000);
    },
    teamChanged: (_, { workspaceId }) => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKey(workspaceId) });
    },
  },
});

export type TeamActor = ActorRefFrom<typeof liveTeamMachine>;
