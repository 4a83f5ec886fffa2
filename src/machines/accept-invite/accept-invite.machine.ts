/**
 * Accepting an invitation at /invite/{token} (docs/accounts.md §Invitation states invitation, §Rules and limits invite, §Screens and routes team; docs/accounts.md: the link is bound
 * to the invited email and refused in words when expired, revoked or already used).
 *
 *  loading (GET /api/invite/:token) → ready (pending invite)
 *                                  | refused (expired, accepted, revoked, superseded by a newer invite)
 *                                  | notFound (404: unknown or mistyped link)
 *                                  | unavailable (network or server trouble; RETRY → loading)
 *  ready branches on the preview's `hasAccount`:
 *    ready.newAccount: CHANGE fields; SUBMIT (first name, last name, a password passwordProblem accepts) → joining
 *    ready.existingAccount: the invited address already has an account: it only confirms with its password
 *      (SUBMIT with a password → joining; no names are asked for, none are sent)
 *  joining (POST /api/invite/:token/accept) → joined (the `joined` action signs the session in and opens the
 *      workspace; an existing account with two-factor sign-in has joined but goes to the sign-in's code step) | refused (410: expired, used or resent meanwhile) | back to the same form with the server's
 *      refusal in its words (docs/team.md §Messages gives none here) or 'We could not add you…' for a crash, fields kept.
 * Every invoke has an id and an onError; the calls (with their abort signal) and `joined` are provided by
 * accept-invite.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { SignInAnswer, SignInResponse } from '../../contracts/auth';
import {
  INVITE_REFUSAL_CODES,
  type AcceptInviteRequest,
  type InvitePreview,
  type InviteRefusal,
} from '../../contracts/team';
import { passwordProblem } from '../../contracts/passwords';
import { apiFailure, hasStatus, networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

/** Why the invitation is refused; its words are the contract's INVITE_REFUSED (src/contracts/team.ts). */
export type Refusal = InviteRefusal;

export const INVITE_NOT_FOUND =
  'This invitation link is not valid. Check the link in your email, or ask your workspace admin for a new invite.';
export const INVITE_UNAVAILABLE = 'We could not load this invitation. Please try again.';
export const JOIN_FAILED = 'We could not add you to the workspace. Please try again.';

export const FIRST_NAME_REQUIRED = 'First name is required.';
export const LAST_NAME_REQUIRED = 'Last name is required.';
export const PASSWORD_REQUIRED = 'Enter your password.';

export interface JoinForm {
  firstName: string;
  lastName: string;
  password: string;
}
export type JoinField = keyof JoinForm;
export type JoinErrors = Partial<Record<JoinField, string>>;

/**
 * The rules the server applies on accept (server/areas/team/team.ts acceptInvite), mirrored in the form: a new account
 * needs both names and a long enough password; an existing account only its password.
 */
export function validateJoin(form: JoinForm, hasAccount = false): JoinErrors {
  const errors: JoinErrors = {};
  if (hasAccount) {
    if (!form.password) errors.password = PASSWORD_REQUIRED;
    return errors;
  }
  if (!form.firstName.trim()) errors.firstName = FIRST_NAME_REQUIRED;
  if (!form.lastName.trim()) errors.lastName = LAST_NAME_REQUIRED;
  const problem = passwordProblem(form.password);
  if (problem) errors.password = problem;
  return errors;
}

/** What the accept call sends: names only for a new account. */
export type JoinRequest = { token: string } & AcceptInviteRequest;

export interface AcceptInviteContext extends JoinForm {
  token: string;
  preview: InvitePreview | null;
  errors: JoinErrors;
  submitted: boolean;
  /** The server's refusal of the join, shown above the button. */
  error: string | null;
  refusal: Refusal | null;
}

export type AcceptInviteEvent =
  { type: 'CHANGE'; field: JoinField; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

const REFUSAL_CODES: Record<string, Refusal> = Object.fromEntries(
  Object.entries(INVITE_REFUSAL_CODES).map(([refusal, code]) => [code, refusal as Refusal]),
);
const hasAccount = (context: AcceptInviteContext) => context.preview?.hasAccount === true;
/** Back to the form the invite asks for (after a refused or failed join). */
const BACK_TO_FORM = [
  { guard: 'hasAccount', target: '#acceptInvite.ready.existingAccount' },
  { target: '#acceptInvite.ready.newAccount' },
] as const;

const refusalOf = (error: unknown): Refusal | null => {
  const failure = apiFailure(error);
  return failure?.status === 410 ? (REFUSAL_CODES[failure.code ?? ''] ?? 'accepted') : null;
};

export const acceptInviteMachine = setup({
  types: {
    context: {} as AcceptInviteContext,
    events: {} as AcceptInviteEvent,
    input: {} as { token: string },
    children: {} as { loadInvite: 'loadInvite'; acceptInvite: 'acceptInvite' },
  },
  actors: {
    loadInvite: toProvide<InvitePreview, { token: string }>('loadInvite'),
    acceptInvite: toProvide<SignInAnswer, JoinRequest>('acceptInvite'),
  },
  guards: {
    invitePending: (_, preview: { state: string }) => preview.state === 'pending',
    inviteNotFound: (_, error: unknown) => hasStatus(error, 404),
    /** The server refused the join for a reason the invite page explains (expired, used, …). */
    refused: (_, error: unknown) => refusalOf(error) !== null,
    formValid: ({ context }) => Object.keys(validateJoin(context, hasAccount(context))).length === 0,
    hasAccount: ({ context }) => hasAccount(context),
  },
  actions: {
    /** The server's refusal of the join in its words (a wrong password …); a crash gets ours. */
    showJoinError: assign({
      error: ({ event }) => {
        const { error } = event as { error?: unknown };
        return serverWords(error) ?? networkWords(error) ?? JOIN_FAILED;
      },
    }),
    /**
     * Sign the session in with the new token and open the joined workspace, or, for an account with two-factor
     * sign-in, open the sign-in's code step (provided by accept-invite.actors.ts).
     */
    joined: (_args, _params: SignInAnswer & { workspaceId: string | null }) => {},
  },
}).createMachine({
  id: 'acceptInvite',
  context: ({ input }) => ({
    token: input.token,
    preview: null,
    firstName: '',
    lastName: '',
    password: '',
    errors: {},
    submitted: false,
    error: null,
    refusal: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvite',
        src: 'loadInvite',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'invitePending', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ preview: ({ event }) => event.output }),
          },
          {
            target: 'refused',
            actions: assign(({ event }) => ({
              preview: event.output,
              refusal: event.output.state === 'pending' ? null : event.output.state,
            })),
          },
        ],
        onError: [
          {
            guard: { type: 'inviteNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notFound',
          },
          { target: 'unavailable' },
        ],
      },
    },
    unavailable: {
      on: { RETRY: 'loading' },
    },
    notFound: {},
    refused: {},
    ready: {
      initial: 'branching',
      states: {
        /** Transient: which form the invite asks for. */
        branching: { always: BACK_TO_FORM },
        newAccount: {},
        existingAccount: {},
      },
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const next = { ...context, [event.field]: event.value };
            return {
              [event.field]: event.value,
              errors: context.submitted ? validateJoin(next, hasAccount(context)) : context.errors,
            };
          }),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'joining', actions: assign({ submitted: true, errors: {}, error: null }) },
          {
            actions: assign(({ context }) => ({ submitted: true, errors: validateJoin(context, hasAccount(context)) })),
          },
        ],
      },
    },
    joining: {
      invoke: {
        id: 'acceptInvite',
        src: 'acceptInvite',
        input: ({ context }): JoinRequest =>
          hasAccount(context)
            ? { token: context.token, password: context.password }
            : {
                token: context.token,
                firstName: context.firstName.trim(),
                lastName: context.lastName.trim(),
                password: context.password,
              },
        onDone: {
          target: 'joined',
          actions: {
            type: 'joined',
            params: ({ context, event }) => ({ ...event.output, workspaceId: context.preview?.workspaceId ?? null }),
          },
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          ...BACK_TO_FORM.map((to) => ({ ...to, actions: 'showJoinError' as const })),
        ],
      },
    },
    joined: {},
  },
});

/**
 * Where an accepted invite lands: the invite's workspace when the returned account is a member of it, else the
 * home page (which picks the first workspace).
 */
export function joinedWorkspaceId(account: SignInResponse['account'], workspaceId: string | null): string | null {
  return workspaceId && (account.organisations ?? []).some((w) => w.id === workspaceId) ? workspaceId : null;
}
