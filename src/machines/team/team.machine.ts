/**
 * Team actions lifecycle: inviting, resending an invite, changing a role, removing from the team
 * (docs/team.md §Screens and routes team, §Member states invitation, §Rules and limits invite, §Roles roles and permissions, §Messages team messages, §Rules and limits snackbar durations).
 *
 * Two parallel regions, because the invite dialog and a row action are independent of each other:
 *
 *  inviteDialog  closed.idle ─OPEN_INVITE→ open.editing ─SUBMIT_INVITE (valid)→ sending
 *                sending ─done→ closed.sent (success snackbar, team list refreshed)
 *                sending ─failed→ open.failed: the server's invite error message (docs/team.md §Messages: shown in red in the
 *                dialog) when it refused in words, else 'Error while inviting user.'; every field kept;
 *                SUBMIT_INVITE retries. An invalid SUBMIT_INVITE stays in the form with the field errors.
 *
 *  memberAction  ready.idle ─RESEND→ resending ─→ ready.done | ready.idle with 'Error while resending invite.'
 *                ready.idle ─CHANGE_ROLE→ changeRole.choosing ─SAVE_ROLE→ changeRole.updating
 *                    ─→ ready.done | changeRole.choosing with 'Error while updating role.'
 *                ready.idle ─REMOVE→ remove.confirming ─CONFIRM_REMOVE→ remove.removing
 *                    ─→ ready.done | remove.confirming with 'Error while removing from team.'
 *                CANCEL (choosing, confirming) → ready.idle. `ready.done` accepts the same events as `ready.idle`.
 *
 * Each of the four calls is the shared confirm → mutate child (src/machines/shared/confirm-mutation.machine.ts):
 * it tells a success from a `success: false` answer and a thrown call; this machine only says what each outcome
 * means here. Removing asks first: the child waits in its confirming state and CONFIRM_REMOVE is forwarded to it
 * (`remove.removing` mirrors that the call is under way). Apart from the invite dialog, failures show docs/team.md §Messages words
 * only, never the server's. Who may send which event is decided by the view from team-permissions.ts; the server
 * enforces it again. `notify` and `teamChanged` (invalidate the team query) are provided by team.actors.ts.
 */
import { and, assertEvent, assign, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { Role, SuccessMessage } from '../../contracts/codecs';
import { defaultInviteRole, validateInvite, type InviteFormErrors } from './invite-form';
import {
  answerWords,
  confirmMutation,
  failed,
  outcomeDone,
  outcomeFailed,
  outcome,
  type MutationOutcome,
} from '../shared/confirm-mutation.machine';
import { serverWords } from '../shared/api-error';
import { notify, type Notice } from '../shared/notice';

/** docs/team.md §Messages team messages, verbatim. */
export const INVITE_FAILED = 'Error while inviting user.';
export const ROLE_FAILED = 'Error while updating role.';
export const REMOVE_FAILED = 'Error while removing from team.';
export const RESEND_FAILED = 'Error while resending invite.';
/** Ours (docs/team.md §Messages gives no success texts); used when the server's answer carries no message. */
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
  /** Why the invite failed, shown in red in the dialog. */
  error: string | null;
}

export interface TeamContext {
  workspaceId: string;
  invite: InviteForm;
  member: MemberRef | null;
  /** The role picked in the Change role dialog. */
  newRole: Role;
  /** docs/team.md §Messages message of a failed role change or removal, shown in its dialog. */
  actionError: string | null;
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

// The requests of the four calls (src/services/team.service.ts).
export interface InviteRequest {
  workspaceId: string;
  email: string;
  role: Role;
}
export interface ResendRequest {
  workspaceId: string;
  email: string;
}
export interface RoleRequest {
  workspaceId: string;
  accountId: string;
  role: Role;
}
export interface RemoveRequest {
  workspaceId: string;
  email: string;
}

const REMOVING = { memberAction: { remove: 'removing' } };

const emptyInvite: InviteForm = {
  email: '',
  role: 'admin',
  roles: ['admin', 'editor', 'viewer'],
  errors: {},
  submitted: false,
  error: null,
};

/** The success snackbar: the server's words when it sent some, else ours. */
const doneNotice = (outcome: MutationOutcome<SuccessMessage>, fallback: string): Notice => ({
  message: answerWords(outcome) ?? fallback,
  kind: 'success',
});
/** docs/team.md §Rules and limits: errors stay 10 s so they can be read. */
const errorNotice = (message: string): Notice => ({ message, kind: 'error', duration: 'long' });

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    input: {} as { workspaceId: string },
    children: {} as {
      sendInvite: 'sendInvite';
      resendInvite: 'resendInvite';
      updateRole: 'updateRole';
      removeMember: 'removeMember';
    },
  },
  actors: {
    sendInvite: confirmMutation<InviteRequest, SuccessMessage>(),
    resendInvite: confirmMutation<ResendRequest, SuccessMessage>(),
    updateRole: confirmMutation<RoleRequest, SuccessMessage>(),
    removeMember: confirmMutation<RemoveRequest, SuccessMessage>(),
  },
  guards: {
    outcomeDone,
    outcomeFailed,
    inviteValid: ({ context }) => Object.keys(validateInvite(context.invite)).length === 0,
    roleChanged: ({ context }) => context.member !== null && context.newRole !== context.member.role,
  },
  actions: {
    notify,
    /** The team list changed on the server: refresh it. */
    teamChanged: (_args, _params: { workspaceId: string }) => {},
    openInvite: assign(({ event }) => {
      assertEvent(event, 'OPEN_INVITE');
      return { invite: { ...emptyInvite, roles: event.roles, role: defaultInviteRole(event.roles) } };
    }),
    editInvite: assign(({ context, event }) => {
      assertEvent(event, ['INVITE_EMAIL', 'INVITE_ROLE']);
      const next =
        event.type === 'INVITE_EMAIL'
          ? { ...context.invite, email: event.value }
          : { ...context.invite, role: event.role };
      return { invite: { ...next, errors: next.submitted ? validateInvite(next) : next.errors } };
    }),
    pickMember: assign(({ event }) => {
      assertEvent(event, ['RESEND', 'CHANGE_ROLE', 'REMOVE']);
      return { member: event.member, newRole: event.member.role, actionError: null };
    }),
    actionFailed: assign((_, params: { message: string }) => ({ actionError: params.message })),
  },
}).createMachine({
  id: 'team',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    invite: emptyInvite,
    member: null,
    newRole: 'admin',
    actionError: null,
  }),
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
              {
                guard: 'inviteValid',
                target: 'sending',
                actions: assign({ invite: ({ context }) => ({ ...context.invite, submitted: true, errors: {} }) }),
              },
              {
                actions: assign({
                  invite: ({ context }) => ({
                    ...context.invite,
                    submitted: true,
                    errors: validateInvite(context.invite),
                  }),
                }),
              },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'sendInvite',
            src: 'sendInvite',
            input: ({ context }) => ({
              request: {
                workspaceId: context.workspaceId,
                email: context.invite.email.trim(),
                role: context.invite.role,
              },
              confirm: false,
            }),
            onDone: [
              {
                guard: outcome('outcomeDone'),
                target: 'closed.sent',
                actions: [
                  { type: 'notify', params: ({ event }) => doneNotice(event.output, INVITE_SENT) },
                  { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                  assign({ invite: ({ context }) => ({ ...context.invite, error: null }) }),
                ],
              },
              {
                // docs/team.md §Messages: the server's invite error message shows in red in the dialog (a refusal in its words).
                target: 'open.failed',
                actions: assign({
                  invite: ({ context, event }) => ({
                    ...context.invite,
                    error:
                      (failed(event.output) && (event.output.answer?.message || serverWords(event.output.error))) ||
                      INVITE_FAILED,
                  }),
                }),
              },
            ],
            onError: {
              target: 'open.failed',
              actions: assign({ invite: ({ context }) => ({ ...context.invite, error: INVITE_FAILED }) }),
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
            input: ({ context }) => ({
              request: { workspaceId: context.workspaceId, email: context.member!.email },
              confirm: false,
            }),
            onDone: [
              {
                guard: outcome('outcomeDone'),
                target: 'ready.done',
                actions: [
                  { type: 'notify', params: ({ event }) => doneNotice(event.output, INVITE_RESENT) },
                  { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                ],
              },
              { target: 'ready.idle', actions: { type: 'notify', params: errorNotice(RESEND_FAILED) } },
            ],
            onError: { target: 'ready.idle', actions: { type: 'notify', params: errorNotice(RESEND_FAILED) } },
          },
        },
        changeRole: {
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                PICK_ROLE: { actions: assign({ newRole: ({ event }) => event.role }) },
                SAVE_ROLE: { guard: 'roleChanged', target: 'updating', actions: assign({ actionError: null }) },
                CANCEL: { target: '#team.memberAction.ready.idle' },
              },
            },
            updating: {
              invoke: {
                id: 'updateRole',
                src: 'updateRole',
                input: ({ context }) => ({
                  request: {
                    workspaceId: context.workspaceId,
                    accountId: context.member!.accountId,
                    role: context.newRole,
                  },
                  confirm: false,
                }),
                onDone: [
                  {
                    guard: outcome('outcomeDone'),
                    target: '#team.memberAction.ready.done',
                    actions: [
                      { type: 'notify', params: ({ event }) => doneNotice(event.output, ROLE_UPDATED) },
                      { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                    ],
                  },
                  { target: 'choosing', actions: { type: 'actionFailed', params: { message: ROLE_FAILED } } },
                ],
                onError: { target: 'choosing', actions: { type: 'actionFailed', params: { message: ROLE_FAILED } } },
              },
            },
          },
        },
        remove: {
          // The child lives as long as the dialog: it waits for the forwarded CONFIRM, then removes. Its outcome
          // can only come once it was confirmed (remove.removing).
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({
              request: { workspaceId: context.workspaceId, email: context.member!.email },
              confirm: true,
            }),
            onDone: [
              {
                guard: and([stateIn(REMOVING), outcome('outcomeDone')]),
                target: '#team.memberAction.ready.done',
                actions: [
                  { type: 'notify', params: ({ event }) => doneNotice(event.output, MEMBER_REMOVED) },
                  { type: 'teamChanged', params: ({ context }) => ({ workspaceId: context.workspaceId }) },
                ],
              },
              // Failed: ask again (a fresh child) with the docs/team.md §Messages message in the dialog.
              {
                guard: and([stateIn(REMOVING), outcome('outcomeFailed')]),
                target: 'remove',
                reenter: true,
                actions: { type: 'actionFailed', params: { message: REMOVE_FAILED } },
              },
            ],
            onError: {
              target: 'remove',
              reenter: true,
              actions: { type: 'actionFailed', params: { message: REMOVE_FAILED } },
            },
          },
          initial: 'confirming',
          states: {
            confirming: {
              on: {
                CONFIRM_REMOVE: {
                  target: 'removing',
                  actions: [assign({ actionError: null }), sendTo('removeMember', { type: 'CONFIRM' })],
                },
                CANCEL: { target: '#team.memberAction.ready.idle' },
              },
            },
            removing: {},
          },
        },
      },
    },
  },
});

export type TeamActor = ActorRefFrom<typeof teamMachine>;
