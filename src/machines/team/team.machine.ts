/**
 * Team actions lifecycle: inviting, resending an invite, changing a role, removing from the team
 * (SPEC §2 team, §4 invitation, §5 invite, §6 roles and permissions, §8 team messages).
 *
 * Two parallel regions, because the invite dialog and a row action are independent of each other:
 *
 *  inviteDialog  closed.idle ─OPEN_INVITE→ open.editing ─SUBMIT_INVITE (valid)→ sending
 *                sending ─success→ closed.sent (success snackbar, team list refreshed)
 *                sending ─success:false | error→ open.failed: the server's message (or 'Error while inviting
 *                user.') in red in the dialog, every field kept; SUBMIT_INVITE retries.
 *                An invalid SUBMIT_INVITE stays in the form and shows 'email required and valid' errors.
 *
 *  memberAction  ready.idle ─RESEND→ resending ─→ ready.done | ready.idle with 'Error while resending invite.'
 *                ready.idle ─CHANGE_ROLE→ changeRole.choosing ─SAVE_ROLE→ changeRole.updating
 *                    ─→ ready.done | changeRole.choosing with 'Error while updating role.'
 *                ready.idle ─REMOVE→ remove.confirming ─CONFIRM_REMOVE→ remove.removing
 *                    ─→ ready.done | remove.confirming with 'Error while removing from team.'
 *                CANCEL (choosing, confirming) → ready.idle. `ready.done` accepts the same events as `ready.idle`.
 *
 * A `success: false` answer is its own (guarded) outcome of onDone; a thrown call goes through onError.
 * Who may send which event is decided by the view from team-permissions.ts; the server enforces it again.
 * `notify` and `teamChanged` (invalidate the team query) are provided by the binding in team.actor.ts.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Role, SuccessMessage } from '../../contracts/codecs';
import { defaultInviteRole, validateInvite, type InviteFormErrors } from './invite-form';

/** SPEC §8 team messages, verbatim. */
export const INVITE_FAILED = 'Error while inviting user.';
export const ROLE_FAILED = 'Error while updating role.';
export const REMOVE_FAILED = 'Error while removing from team.';
export const RESEND_FAILED = 'Error while resending invite.';
/** Ours (SPEC §8 gives no success texts); used when the server's answer carries no message. */
export const INVITE_SENT = 'Invite sent.';
export const INVITE_RESENT = 'Invite resent.';
export const ROLE_UPDATED = 'Role updated.';
export const MEMBER_REMOVED = 'Removed from the team.';

/** The row an action is about. `accountId` of a pending invite is the server's `invite:<id>`. */
export interface MemberRef {
  accountId: string;
  email: string;
  name: string | null;
  role: Role;
  /** A pending (or expired) invite rather than a member. */
  pending: boolean;
}

export interface InviteForm {
  email: string;
  role: Role;
  /** Roles the signed-in user may give (team-permissions.ts invitableRoles). */
  roles: Role[];
  errors: InviteFormErrors;
  submitted: boolean;
  /** The server's refusal, shown in red in the dialog. */
  error: string | null;
}

export interface TeamContext {
  workspaceId: string;
  invite: InviteForm;
  member: MemberRef | null;
  /** The role picked in the Change role dialog. */
  newRole: Role;
  /** SPEC §8 message of a failed role change or removal, shown in its dialog. */
  actionError: string | null;
  /** The server's reason, when it gave one (e.g. 'A workspace needs at least one admin.'). */
  actionDetail: string | null;
}

export type TeamEvent =
  | { type: 'OPEN_INVITE'; roles: Role[] }
  | { type: 'INVITE_EMAIL'; value: string }
  | { type: 'INVITE_ROLE'; role: Role }
  | { type: 'SUBMIT_INVITE' }
  | { type: 'CLOSE_INVITE' }
  | { type: 'RESEND'; member: MemberRef }
  | { type: 'CHANGE_ROLE'; member: MemberRef }
  | { type: 'PICK_ROLE'; role: Role }
  | { type: 'SAVE_ROLE' }
  | { type: 'REMOVE'; member: MemberRef }
  | { type: 'CONFIRM_REMOVE' }
  | { type: 'CANCEL' };

export type NoticeParams = { message: string; kind: 'success' | 'error' };

const emptyInvite: InviteForm = { email: '', role: 'admin', roles: ['admin', 'editor', 'viewer'], errors: {}, submitted: false, error: null };
const noActionError = { actionError: null, actionDetail: null };

/** The message of an ApiError (the server's words, or the network message); null for anything else. */
function serverMessage(error: unknown): string | null {
  return error instanceof Error && error.name === 'ApiError' && error.message ? error.message : null;
}

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    input: {} as { workspaceId: string },
  },
  actors: {
    sendInvite: fromPromise<SuccessMessage, { workspaceId: string; email: string; role: Role }>(async () => {
      throw new Error('provide sendInvite');
    }),
    resendInvite: fromPromise<SuccessMessage, { workspaceId: string; email: string }>(async () => {
      throw new Error('provide resendInvite');
    }),
    updateRole: fromPromise<SuccessMessage, { workspaceId: string; accountId: string; role: Role }>(async () => {
      throw new Error('provide updateRole');
    }),
    removeMember: fromPromise<SuccessMessage, { workspaceId: string; email: string }>(async () => {
      throw new Error('provide removeMember');
    }),
  },
  guards: {
    inviteValid: ({ context }) => Object.keys(validateInvite(context.invite)).length === 0,
    roleChanged: ({ context }) => context.member !== null && context.newRole !== context.member.role,
  },
  actions: {
    notify: (_, _params: NoticeParams) => {},
    /** The team list changed on the server: refresh it. */
    teamChanged: (_, _params: { workspaceId: string }) => {},
    openInvite: assign(({ event }) => {
      assertEvent(event, 'OPEN_INVITE');
      return { invite: { ...emptyInvite, roles: event.roles, role: defaultInviteRole(event.roles) } };
    }),
    editInvite: assign(({ context, event }) => {
      assertEvent(event, ['INVITE_EMAIL', 'INVITE_ROLE']);
      const next = event.type === 'INVITE_EMAIL' ? { ...context.invite, email: event.value } : { ...context.invite, role: event.role };
      return { invite: { ...next, errors: next.submitted ? validateInvite(next) : next.errors } };
    }),
    pickMember: assign(({ event }) => {
      assertEvent(event, ['RESEND', 'CHANGE_ROLE', 'REMOVE']);
      return { member: event.member, newRole: event.member.role, ...noActionError };
    }),
    actionFailed: assign((_, params: { message: string; detail: string | null }) => ({
      actionError: params.message,
      actionDetail: params.detail,
    })),
  },
}).createMachine({
  id: 'team',
  context: ({ input }) => ({ workspaceId: input.workspaceId, invite: emptyInvite, member: null, newRole: 'admin', ...noActionError }),
  type: 'parallel',
  states: {
    inviteDialog: {
      initial: 'closed',
      states: {
        closed: {
          initial: 'idle',
          states: { idle: {}, sent: {} },
          on: { OPEN_INVITE: { target: 'open', actions: 'openInvite' } },
        },
        open: {
          initial: 'editing',
          states: { editing: {}, failed: {} },
          on: {
            INVITE_EMAIL: { actions: 'editInvite' },
            INVITE_ROLE: { actions: 'editInvite' },
            CLOSE_INVITE: { target: 'closed.idle' },
            SUBMIT_INVITE: [
              { guard: 'inviteValid', target: 'sending', actions: assign({ invite: ({ context }) => ({ ...context.invite, submitted: true, errors: {} }) }) },
              { actions: assign({ invite: ({ context }) => ({ ...context.invite, submitted: true, errors: validateInvite(context.invite) }) }) },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendInvite',
            src: 'sendInvite',
            input: ({ context }) => ({ workspaceId: context.workspaceId, email: context.invite.email.trim(), role: context.invite.role }),
            onDone: [
              {
                guard: ({ event }) => event.output.success,
                target: 'closed.sent',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ message: event.output.message || INVITE_SENT, kind: 'success' }) },
                  { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                  assign({ invite: ({ context }) => ({ ...context.invite, error: null }) }),
                ],
              },
              {
                target: 'open.failed',
                actions: assign({ invite: ({ context, event }) => ({ ...context.invite, error: event.output.message || INVITE_FAILED }) }),
              },
            ],
            onError: {
              target: 'open.failed',
              actions: assign({ invite: ({ context, event }) => ({ ...context.invite, error: serverMessage(event.error) ?? INVITE_FAILED }) }),
            },
          },
        },
      },
    },
    memberAction: {
      initial: 'ready',
      states: {
        ready: {
          initial: 'idle',
          states: { idle: {}, done: {} },
          on: {
            RESEND: { target: 'resending', actions: 'pickMember' },
            CHANGE_ROLE: { target: 'changeRole', actions: 'pickMember' },
            REMOVE: { target: 'remove', actions: 'pickMember' },
          },
        },
        resending: {
          invoke: {
            id: 'resendInvite',
            src: 'resendInvite',
            input: ({ context }) => ({ workspaceId: context.workspaceId, email: context.member!.email }),
            onDone: [
              {
                guard: ({ event }) => event.output.success,
                target: 'ready.done',
                actions: [
                  { type: 'notify', params: ({ event }) => ({ message: event.output.message || INVITE_RESENT, kind: 'success' }) },
                  { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                ],
              },
              { target: 'ready.idle', actions: { type: 'notify', params: { message: RESEND_FAILED, kind: 'error' } } },
            ],
            onError: { target: 'ready.idle', actions: { type: 'notify', params: { message: RESEND_FAILED, kind: 'error' } } },
          },
        },
        changeRole: {
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                PICK_ROLE: { actions: assign({ newRole: ({ event }) => event.role }) },
                SAVE_ROLE: { guard: 'roleChanged', target: 'updating', actions: assign(noActionError) },
                CANCEL: { target: '#team.memberAction.ready.idle' },
              },
            },
            updating: {
              invoke: {
                id: 'updateRole',
                src: 'updateRole',
                input: ({ context }) => ({ workspaceId: context.workspaceId, accountId: context.member!.accountId, role: context.newRole }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.success,
                    target: '#team.memberAction.ready.done',
                    actions: [
                      { type: 'notify', params: ({ event }) => ({ message: event.output.message || ROLE_UPDATED, kind: 'success' }) },
                      { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                    ],
                  },
                  { target: 'choosing', actions: { type: 'actionFailed', params: ({ event }) => ({ message: ROLE_FAILED, detail: event.output.message || null }) } },
                ],
                onError: { target: 'choosing', actions: { type: 'actionFailed', params: ({ event }) => ({ message: ROLE_FAILED, detail: serverMessage(event.error) }) } },
              },
            },
          },
        },
        remove: {
          initial: 'confirming',
          states: {
            confirming: {
              on: {
                CONFIRM_REMOVE: { target: 'removing', actions: assign(noActionError) },
                CANCEL: { target: '#team.memberAction.ready.idle' },
              },
            },
            removing: {
              invoke: {
                id: 'removeMember',
                src: 'removeMember',
                input: ({ context }) => ({ workspaceId: context.workspaceId, email: context.member!.email }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.success,
                    target: '#team.memberAction.ready.done',
                    actions: [
                      { type: 'notify', params: ({ event }) => ({ message: event.output.message || MEMBER_REMOVED, kind: 'success' }) },
                      { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                    ],
                  },
                  { target: 'confirming', actions: { type: 'actionFailed', params: ({ event }) => ({ message: REMOVE_FAILED, detail: event.output.message || null }) } },
                ],
                onError: { target: 'confirming', actions: { type: 'actionFailed', params: ({ event }) => ({ message: REMOVE_FAILED, detail: serverMessage(event.error) }) } },
              },
            },
          },
        },
      },
    },
  },
});
