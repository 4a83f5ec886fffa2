/** The team flow bound to the team service, the snackbars and the team query (views never call services). */
import { teamMachine } from './team.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { invite, removeFromTeam, resend, updateRole } from '../../services/team.service';
import { teamQueryKey } from '../../services/team.queries';
import { queryClient } from '../../queryClient';

export const liveTeamMachine = teamMachine.provide({
  actors: {
    sendInvite: mutation(({ workspaceId, email, role }, signal) => invite(workspaceId, { email, role }, signal)),
    resendInvite: mutation(({ workspaceId, email }, signal) => resend(workspaceId, email, signal)),
    updateRole: mutation(({ workspaceId, accountId, role }, signal) =>
      updateRole(workspaceId, { accountId, role }, signal),
    ),
    removeMember: mutation(({ workspaceId, email }, signal) => removeFromTeam(workspaceId, email, signal)),
  },
  actions: {
    notify: showNotice,
    teamChanged: (_, { workspaceId }) => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKey(workspaceId) });
    },
  },
});

export const teamFlow = defineFlow({ name: 'team', bind: () => liveTeamMachine });
