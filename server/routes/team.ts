/** Team routes (contract in src/contracts/team.ts); rules in server/domain/team.ts. */
import * as t from 'io-ts';
import { defineRoute, access } from '../http/define-route';
import { SuccessMessage, WorkspaceParams } from '../../src/contracts/codecs';
import { TeamResponse, InviteRequest, EmailRequest, RoleRequest, InvitePreview, AcceptInviteRequest } from '../../src/contracts/team';
import { SignInResponse } from '../../src/contracts/auth';
import { acceptInvite, changeRole, inviteMember, listTeam, previewInvite, removeFromTeam, resendInvite } from '../domain/team';
import { loadAccount } from '../domain/accounts';

const TokenParams = t.exact(t.type({ token: t.string }));

export const teamRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/workspace/:workspaceId/team',
    access: access.workspace('viewer'),
    params: WorkspaceParams,
    response: TeamResponse,
    handler: async ({ params, caller, ctx }) => ({ success: true, accounts: await listTeam(ctx, params.workspaceId, caller!.email) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace/:workspaceId/team/invite',
    access: access.workspace('editor'),
    params: WorkspaceParams,
    body: InviteRequest,
    response: SuccessMessage,
    handler: async ({ body, membership, caller, ctx }) => {
      await inviteMember(ctx, membership!, caller!.accountId, body.email, body.role);
      return { success: true, message: `Invite sent to ${body.email}.` };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace/:workspaceId/team/resend',
    access: access.workspace('editor'),
    params: WorkspaceParams,
    body: EmailRequest,
    response: SuccessMessage,
    handler: async ({ params, body, ctx }) => {
      await resendInvite(ctx, params.workspaceId, body.email);
      return { success: true, message: `Invite resent to ${body.email}.` };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace/:workspaceId/team/role',
    access: access.workspace('admin'),
    params: WorkspaceParams,
    body: RoleRequest,
    response: SuccessMessage,
    handler: async ({ params, body, caller, ctx }) => {
      await changeRole(ctx, params.workspaceId, caller!.accountId, body.accountId, body.role);
      return { success: true, message: 'Role updated.' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/workspace/:workspaceId/team/remove',
    access: access.workspace('admin'),
    params: WorkspaceParams,
    body: EmailRequest,
    response: SuccessMessage,
    handler: async ({ params, body, caller, ctx }) => {
      await removeFromTeam(ctx, params.workspaceId, caller!.email, body.email);
      return { success: true, message: `${body.email} was removed from the team.` };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/invite/:token',
    access: access.public,
    params: TokenParams,
    response: InvitePreview,
    handler: async ({ params, ctx }) => previewInvite(ctx, params.token),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/invite/:token/accept',
    access: access.public,
    params: TokenParams,
    body: AcceptInviteRequest,
    response: SignInResponse,
    handler: async ({ params, body, ctx, req }) => {
      const { accountId, token } = await acceptInvite(ctx, params.token, body, req.ip);
      return { token, account: await loadAccount(ctx, accountId) };
    },
  }),
];
