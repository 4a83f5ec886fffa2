/**
 * Team and invitations (docs/team.md §Screens and routes team, §Member states invitation, §Rules and limits invite, §Roles, §API endpoints, §Messages team): codecs, invitation rules and the
 * team area's endpoints. Paths are "not shown" in docs/team.md §API endpoints; ours live under /api/workspace/{workspaceId}/team, and
 * the invite link's calls under /api/invite/{token} (anonymous: the link is the credential).
 */
import * as t from 'io-ts';
import { struct, Role, Email, SuccessMessage, WorkspaceParams, Id, Token, line, boundedString, MAX } from './codecs';
import { Account, SignInAnswer } from './auth';
import { endpoint } from './endpoint';

export const INVITE_EXPIRY_DAYS = 5;
export const INVITE_EXPIRY_SECONDS = INVITE_EXPIRY_DAYS * 24 * 60 * 60;

export const TeamResponse = struct({ success: t.boolean, accounts: t.array(Account) }, {}, 'TeamResponse');
export type TeamResponse = t.TypeOf<typeof TeamResponse>;

export const InviteRequest = struct({ email: Email, role: Role }, {}, 'InviteRequest');
export type InviteRequest = t.TypeOf<typeof InviteRequest>;
export const EmailRequest = struct({ email: line(MAX.email) }, {}, 'EmailRequest');
export const RoleRequest = struct({ accountId: Id, role: Role }, {}, 'RoleRequest');

/** `superseded`: the invite was resent, and a newer link replaced this one. */
export const InviteState = t.keyof({ pending: null, expired: null, accepted: null, revoked: null, superseded: null });
export type InviteState = t.TypeOf<typeof InviteState>;
export const InvitePreview = struct(
  {
    email: t.string,
    workspaceId: t.string,
    workspaceName: t.string,
    role: Role,
    state: InviteState,
    /** The invited address already has a Questboard account: joining only confirms its password. */
    hasAccount: t.boolean,
  },
  { expiresAt: t.number },
  'InvitePreview',
);
export type InvitePreview = t.TypeOf<typeof InvitePreview>;

/** Why an invitation cannot be accepted: every state but pending. */
export type InviteRefusal = Exclude<InviteState, 'pending'>;
/**
 * The words of each refusal, the single source for both sides: the server's 410 message on accept, and the invite
 * page's text for a refused preview.
 */
export const INVITE_REFUSED: Record<InviteRefusal, string> = {
  expired: 'This invitation has expired. Ask your workspace admin to resend it.',
  accepted: 'This invitation has already been used. Sign in to continue.',
  revoked: 'This invitation was withdrawn by the workspace admin.',
  superseded: 'A newer invitation was sent to this email address. Open the link in the most recent invitation email.',
};
/** The `code` of the server's 410 answer for each refusal. */
export const INVITE_REFUSAL_CODES: Record<InviteRefusal, `invite_${InviteRefusal}`> = {
  expired: 'invite_expired',
  accepted: 'invite_accepted',
  revoked: 'invite_revoked',
  superseded: 'invite_superseded',
};
/** Names only for a new account: an existing account joins with its password alone (InvitePreview.hasAccount). */
export const AcceptInviteRequest = struct(
  { password: boundedString(MAX.password) },
  { firstName: line(MAX.name), lastName: line(MAX.name) },
  'AcceptInviteRequest',
);
export type AcceptInviteRequest = t.TypeOf<typeof AcceptInviteRequest>;
/** The password rule lives in passwords.ts (one validator for every flow that sets a password). */
export { PASSWORD_MIN_LENGTH } from './passwords';
export const TokenParams = struct({ token: Token });

export const teamEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/workspace/:workspaceId/team',
    params: WorkspaceParams,
    response: TeamResponse,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/team/invite',
    params: WorkspaceParams,
    body: InviteRequest,
    response: SuccessMessage,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/team/resend',
    params: WorkspaceParams,
    body: EmailRequest,
    response: SuccessMessage,
  }),
  role: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/team/role',
    params: WorkspaceParams,
    body: RoleRequest,
    response: SuccessMessage,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/api/workspace/:workspaceId/team/remove',
    params: WorkspaceParams,
    body: EmailRequest,
    response: SuccessMessage,
  }),
  previewInvite: endpoint({ method: 'GET', path: '/api/invite/:token', params: TokenParams, response: InvitePreview }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/api/invite/:token/accept',
    params: TokenParams,
    body: AcceptInviteRequest,
    response: SignInAnswer,
  }),
};

/** Invitation state of docs/team.md §Member states: expired 5 days after inviteSentAt (epoch seconds). */
export function inviteStatus(inviteSentAt: number | null | undefined, nowSeconds: number) {
  if (inviteSentAt == null) return { expired: false, expiredOn: null };
  const expiredOn = inviteSentAt + INVITE_EXPIRY_SECONDS;
  return { expired: nowSeconds >= expiredOn, expiredOn };
}
