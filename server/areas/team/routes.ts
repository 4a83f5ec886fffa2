/** Team area routes: the team list, invitations and the invite link (contract: src/contracts/team.ts; rules: server/areas/team/team.ts). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { teamEndpoints } from '../../../src/contracts/team';
import { acceptInvite, changeRole, inviteMember, listTeam, previewInvite, removeFromTeam, resendInvite } from './team';
import { loadAccount } from '../workspace/index';

export const teamRoutes = [
  defineRoute(teamEndpoints.list, {
    access: access.workspace('viewer'),
    handler: async ({ params, caller, ctx }) => ({
      success: true,
      accounts: await listTeam(ctx, params.workspaceId, caller.email),
    }),
  }),
  defineRoute(teamEndpoints.invite, {
    access: access.workspace('editor'),
    handler: async ({ params, body, membership, caller, ctx }) => {
      await inviteMember(
        ctx,
        params.workspaceId,
        { accountId: caller.accountId, role: membership.role },
        body.email,
        body.role,
      );
      return { success: true, message: `Invite sent to ${body.email}.` };
    },
  }),
  defineRoute(teamEndpoints.resend, {
    access: access.workspace('editor'),
    handler: async ({ params, body, membership, caller, ctx }) => {
      await resendInvite(ctx, params.workspaceId, { accountId: caller.accountId, role: membership.role }, body.email);
      return { success: true, message: `Invite resent to ${body.email}.` };
    },
  }),
  defineRoute(teamEndpoints.role, {
    access: access.workspace('admin'),
    handler: async ({ params, body, caller, ctx }) => {
      await changeRole(ctx, params.workspaceId, caller.accountId, body.accountId, body.role);
      return { success: true, message: 'Role updated.' };
    },
  }),
  defineRoute(teamEndpoints.remove, {
    access: access.workspace('admin'),
    handler: async ({ params, body, caller, ctx }) => {
      await removeFromTeam(ctx, params.workspaceId, caller.email, body.email);
      return { success: true, message: `${body.email} was removed from the team.` };
    },
  }),
  defineRoute(teamEndpoints.previewInvite, {
    access: access.public,
    handler: ({ params, ctx }) => previewInvite(ctx, params.token),
  }),
  defineRoute(teamEndpoints.acceptInvite, {
    access: access.public,
    handler: async ({ params, body, ctx, req }) => {
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
      const joined = await acceptInvite(ctx, params.token, body, client);
      if ('challengeToken' in joined) return { twoFactor: true as const, challengeToken: joined.challengeToken };
      return { token: joined.token, account: await loadAccount(ctx, joined.accountId) };
    },
  }),
];
