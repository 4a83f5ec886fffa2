/**
 * Team and invitations (SPEC §2 team, §4 invitation, §5 invite, §6, §7, §8 team).
 * Paths are "not shown" in SPEC §7; ours live under /api/workspace/{workspaceId}/team.
 *   GET  /api/workspace/:workspaceId/team            → TeamResponse
 *   POST /api/workspace/:workspaceId/team/invite     InviteRequest → SuccessMessage
 *   POST /api/workspace/:workspaceId/team/resend     EmailRequest  → SuccessMessage
 *   POST /api/workspace/:workspaceId/team/role       RoleRequest   → SuccessMessage
 *   POST /api/workspace/:workspaceId/team/remove     EmailRequest  → SuccessMessage
 *   GET  /api/invite/:token                          → InvitePreview (anonymous)
 *   POST /api/invite/:token/accept                   AcceptInviteRequest → SignInResponse (anonymous)
 */
import * as t from 'io-ts';
import { struct, Role, Email } from './codecs';
import { Account } from './auth';

export const INVITE_EXPIRY_DAYS = 5;
export const INVITE_EXPIRY_SECONDS = INVITE_EXPIRY_DAYS * 24 * 60 * 60;

export const TeamResponse = struct({ success: t.boolean, accounts: t.array(Account) }, {}, 'TeamResponse');
export type TeamResponse = t.TypeOf<typeof TeamResponse>;

export const InviteRequest = struct({ email: Email, role: Role }, {}, 'InviteRequest');
export type InviteRequest = t.TypeOf<typeof InviteRequest>;
export const EmailRequest = struct({ email: t.string }, {}, 'EmailRequest');
export const RoleRequest = struct({ accountId: t.string, role: Role }, {}, 'RoleRequest');

export const InviteState = t.keyof({ pending: null, expired: null, accepted: null, revoked: null });
export type InviteState = t.TypeOf<typeof InviteState>;
export const InvitePreview = struct(
  { email: t.string, workspaceId: t.string, workspaceName: t.string, role: Role, state: InviteState },
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
};
/** The `code` of the server's 410 answer for each refusal. */
export const INVITE_REFUSAL_CODES: Record<InviteRefusal, `invite_${InviteRefusal}`> = {
  expired: 'invite_expired',
  accepted: 'invite_accepted',
  revoked: 'invite_revoked',
};
export const AcceptInviteRequest = struct(
  { firstName: t.string, lastName: t.string, password: t.string },
  {},
  'AcceptInviteRequest',
);
export const PASSWORD_MIN_LENGTH = 10;

/** Invitation state of SPEC §4: expired 5 days after inviteSentAt (epoch seconds). */
export function inviteStatus(inviteSentAt: number | null | undefined, nowSeconds: number) {
  if (inviteSentAt == null) return { expired: false, expiredOn: null };
  const expiredOn = inviteSentAt + INVITE_EXPIRY_SECONDS;
  return { expired: nowSeconds >= expiredOn, expiredOn };
}
