/**
 * Session lifecycle (docs/accounts.md §Screens and routes /continue, header profile menu → Logout; §API endpoints sign-in, /api/me; §Roles the account's roles).
 * checking (a stored token is verified with GET /api/me) → signedIn | signedOut;
 * signedOut: idle → signingIn → signedIn, or back to idle with the error in words;
 * signedIn: refreshing the account after workspace/app changes; signingOut revokes the token → signedOut.
 * Access changes made by someone else (a role changed, a membership removed) reach the session without a reload:
 * ACCESS_REFUSED (any call answered 403 or 404 for a workspace) re-reads GET /api/me at once; FOCUSED (the window
 * came back) re-reads it only when the last read is older than FOCUS_RECHECK_MS (ready.fresh → ready.stale), so
 * switching windows stays cheap. A re-read that shows the account left a workspace or has another role there says
 * so (notify) and remembers the workspaces left (`removedFrom`), so the shell takes the person out of one with that
 * notice instead of "Workspace not found!"; menus and permissions follow the account by themselves.
 * A 401 from any call while signed in (expired or revoked token) sends EXPIRED and lands in signedOut.
 * SIGNED_IN (a token and account handed over, e.g. by an accepted invitation) signs in from signedOut; while
 * restoring or already signed in it switches the session: the new token replaces the old one, the account is
 * replaced at once and then fetched again with the new token (GET /api/me), any refresh or sign-out of the old
 * session being cancelled so its answer cannot overwrite the new one.
 * Two-factor sign-in (docs/accounts.md §Two-factor sign-in): when the password step answers a challenge, signingIn
 * moves to `code` (the code step, its token kept); SUBMIT_CODE → verifyingCode → signedIn, or back to `code` with the
 * server's words (a wrong code, too many codes), or to idle when the step expired (410); CANCEL_CODE → idle.
 * CODE_NEEDED (a reset password, or an accepted invitation, of an account with two-factor sign-in) opens the code
 * step from signedOut.
 * A failed sign-in shows the server's refusal in its words ('wrong email or password'), the network's, or ours —
 * never a crash's text; the next submit clears it, even one the form refuses before asking (empty fields). Every invoke has an id and an onError; the calls (with their abort signal) and the token
 * store are provided by session.actors.ts; src/views/flows/session.tsx hands the actor to the views.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isChallenge, type Account, type SignInAnswer, type SignInResponse } from '../../contracts/auth';
import { isEmail, roleLabel, type Role } from '../../contracts/codecs';
import { hasStatus, networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** A workspace the account was a member of, by id and the name it had. */
export interface WorkspaceRef {
  id: string;
  name: string;
}

export interface SessionContext {
  account: Account | null;
  error: string | null;
  /** Why the user was signed out, shown on the sign-in page. */
  notice: string | null;
  /** Workspaces this account was taken out of while signed in (seen on a re-read of /api/me). */
  removedFrom: WorkspaceRef[];
  /** The code step's token while two-factor sign-in asks for a code. */
  challengeToken: string | null;
}

export type SessionEvent =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'SIGNED_IN'; token: string; account: Account }
  /** The code typed at the code step of two-factor sign-in (6 digits or a recovery code). */
  | { type: 'SUBMIT_CODE'; otp: string }
  | { type: 'CANCEL_CODE' }
  /**
   * A new password was set, or an invitation accepted, for an account with two-factor sign-in: the code step opens,
   * with `notice` saying why (a new password when not given).
   */
  | { type: 'CODE_NEEDED'; challengeToken: string; notice?: string }
  | { type: 'SIGN_OUT' }
  | { type: 'REFRESH' }
  /** A call answered 403 or 404 for a workspace: the account's memberships or roles may have changed. */
  | { type: 'ACCESS_REFUSED' }
  /** The window regained focus. */
  | { type: 'FOCUSED' }
  | { type: 'EXPIRED' };

/** A focus re-reads /api/me only when the last read is at least this old. */
export const FOCUS_RECHECK_MS = 30_000;

export const removedNotice = (workspace: WorkspaceRef) => `You are no longer a member of ${workspace.name}.`;
export const roleChangedNotice = (workspace: WorkspaceRef, role: Role) =>
  `Your role in ${workspace.name} is now ${roleLabel(role)}.`;

/** What changed for the same account between two reads: the workspaces it left and the roles that changed. */
export function membershipChanges(before: Account | null, after: Account) {
  if (!before || before.accountId !== after.accountId) return { removed: [], roles: [] };
  const now = new Map((after.organisations ?? []).map((w) => [w.id, w]));
  const removed: WorkspaceRef[] = [];
  const roles: Array<{ workspace: WorkspaceRef; role: Role }> = [];
  for (const old of before.organisations ?? []) {
    const current = now.get(old.id);
    if (!current) removed.push({ id: old.id, name: old.name });
    else if (current.role && old.role && current.role !== old.role)
      roles.push({ workspace: { id: current.id, name: current.name }, role: current.role });
  }
  return { removed, roles };
}

export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.';
export const SESSION_UNCHECKED =
  'We could not reach Questboard to check your session. Reload the page to try again, or sign in.';
export const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
export const CODE_MISSING = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const PASSWORD_SET_CODE_NEEDED =
  'Your new password is set. Enter the code from your authenticator app to sign in.';
export const INVITE_JOINED_CODE_NEEDED =
  'You joined the workspace. Enter the code from your authenticator app to sign in.';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as {
      restoreAccount: 'loadAccount';
      signIn: 'signIn';
      signInWithCode: 'signInWithCode';
      refreshAccount: 'loadAccount';
      signOut: 'signOut';
    },
  },
  delays: { FOCUS_RECHECK: FOCUS_RECHECK_MS },
  actors: {
    loadAccount: toProvide<Account, void>('loadAccount'),
    signIn: toProvide<SignInAnswer, { email: string; password: string }>('signIn'),
    signInWithCode: toProvide<SignInResponse, { challengeToken: string; otp: string }>('signInWithCode'),
    signOut: toProvide<void, void>('signOut'),
  },
  guards: {
    hasToken: () => false,
    /** The server refused the token (401): only then is a stored token dropped; a network error or abort keeps it. */
    tokenRefused: ({ event }) => hasStatus((event as { error?: unknown }).error, 401),
    /** What the form sends is worth asking the server about (the form shows its own field errors otherwise). */
    credentialsEntered: ({ event }) => event.type === 'SIGN_IN' && isEmail(event.email) && event.password.length > 0,
    /** The password was right and the account asks for a code next. */
    challenged: (_, answer: SignInAnswer) => isChallenge(answer),
    codeEntered: ({ event }) => event.type === 'SUBMIT_CODE' && event.otp.trim().length > 0,
    /** The code step ended (410: expired or used): the password is asked for again. */
    codeStepEnded: ({ event }) => hasStatus((event as { error?: unknown }).error, 410),
  },
  actions: {
    notify,
    storeToken: (_args, _params: { token: string | null }) => {},
    /** SIGNED_IN (an accepted invitation): its account becomes the session's. */
    adoptAccount: assign(({ event }) =>
      event.type === 'SIGNED_IN' ? { account: event.account, error: null, notice: null, removedFrom: [] } : {},
    ),
  },
}).createMachine({
  id: 'session',
  context: { account: null, error: null, notice: null, removedFrom: [], challengeToken: null },
  initial: 'checking',
  on: {
    // While restoring or signed in (signedOut has its own): the handed-over session replaces the current one. Every
    // active state is exited and entered again, so a check, refresh or sign-out of the old token in flight is
    // cancelled, and refreshing starts again with the new token.
    SIGNED_IN: {
      target: '.signedIn.refreshing',
      actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.token }) }, 'adoptAccount'],
    },
  },
  states: {
    checking: {
      always: [{ guard: { type: 'hasToken' }, target: 'restoring' }, { target: 'signedOut' }],
    },
    restoring: {
      invoke: {
        id: 'restoreAccount',
        src: 'loadAccount',
        onDone: { target: 'signedIn', actions: assign({ account: ({ event }) => event.output }) },
        onError: [
          { guard: 'tokenRefused', target: 'signedOut', actions: { type: 'storeToken', params: { token: null } } },
          // Not refused, just not checked (offline, server down, the page closing): keep the token for the next load.
          { target: 'signedOut', actions: assign({ notice: SESSION_UNCHECKED }) },
        ],
      },
    },
    signedOut: {
      initial: 'idle',
      entry: assign({ account: null, removedFrom: [] }),
      states: {
        idle: {
          on: {
            SIGN_IN: [
              { guard: 'credentialsEntered', target: 'signingIn', actions: assign({ error: null, notice: null }) },
              // Refused by the form itself (empty or malformed): an earlier server refusal no longer applies.
              { actions: assign({ error: null }) },
            ],
          },
        },
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'SIGN_IN' }>;
              return { email: e.email, password: e.password };
            },
            onDone: [
              {
                guard: { type: 'challenged', params: ({ event }) => event.output },
                target: 'code',
                actions: assign({
                  challengeToken: ({ event }) => (isChallenge(event.output) ? event.output.challengeToken : null),
                  error: null,
                }),
              },
              {
                target: '#session.signedIn',
                actions: [
                  {
                    type: 'storeToken',
                    params: ({ event }) => ({ token: isChallenge(event.output) ? null : event.output.token }),
                  },
                  assign({
                    account: ({ event }) => (isChallenge(event.output) ? null : event.output.account),
                    error: null,
                  }),
                ],
              },
            ],
            onError: {
              target: 'idle',
              // The server's refusal in its words ('wrong email or password', too many attempts), else ours.
              actions: assign({
                error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SIGN_IN_FAILED,
              }),
            },
          },
        },
        /** Two-factor sign-in: the code step. */
        code: {
          on: {
            SUBMIT_CODE: [
              { guard: 'codeEntered', target: 'verifyingCode', actions: assign({ error: null, notice: null }) },
              { actions: assign({ error: CODE_MISSING }) },
            ],
            CANCEL_CODE: { target: 'idle', actions: assign({ challengeToken: null, error: null, notice: null }) },
          },
        },
        verifyingCode: {
          invoke: {
            id: 'signInWithCode',
            src: 'signInWithCode',
            input: ({ context, event }) => ({
              challengeToken: context.challengeToken ?? '',
              otp: (event as Extract<SessionEvent, { type: 'SUBMIT_CODE' }>).otp.trim(),
            }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                assign({ account: ({ event }) => event.output.account, error: null, challengeToken: null }),
              ],
            },
            onError: [
              {
                guard: 'codeStepEnded',
                target: 'idle',
                actions: assign({
                  challengeToken: null,
                  error: ({ event }) => serverWords(event.error) ?? SIGN_IN_FAILED,
                }),
              },
              {
                target: 'code',
                actions: assign({
                  error: ({ event }) => serverWords(event.error) ?? networkWords(event.error) ?? SIGN_IN_FAILED,
                }),
              },
            ],
          },
        },
      },
      on: {
        CODE_NEEDED: {
          target: '.code',
          actions: assign({
            challengeToken: ({ event }) => event.challengeToken,
            error: null,
            notice: ({ event }) => event.notice ?? PASSWORD_SET_CODE_NEEDED,
          }),
        },
        SIGNED_IN: {
          target: 'signedIn',
          actions: [{ type: 'storeToken', params: ({ event }) => ({ token: event.token }) }, 'adoptAccount'],
        },
      },
    },
    signedIn: {
      initial: 'ready',
      states: {
        ready: {
          initial: 'fresh',
          states: {
            /** /api/me was read less than FOCUS_RECHECK_MS ago: a focus changes nothing. */
            fresh: { after: { FOCUS_RECHECK: 'stale' } },
            stale: { on: { FOCUSED: '#session.signedIn.refreshing' } },
          },
          on: { REFRESH: 'refreshing', ACCESS_REFUSED: 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'refreshAccount',
            src: 'loadAccount',
            // The account as the server has it now, and a word about each change of access.
            onDone: {
              target: 'ready',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { removed, roles } = membershipChanges(context.account, event.output);
                enqueue.assign({
                  account: event.output,
                  removedFrom: [...context.removedFrom.filter((w) => !removed.some((r) => r.id === w.id)), ...removed],
                });
                for (const workspace of removed)
                  enqueue({
                    type: 'notify',
                    params: { message: removedNotice(workspace), kind: 'warning', duration: 'long' },
                  });
                for (const { workspace, role } of roles)
                  enqueue({ type: 'notify', params: { message: roleChangedNotice(workspace, role), kind: 'info' } });
              }),
            },
            onError: { target: 'ready' },
          },
        },
        // Inside signedIn so the shell stays on screen while the token is revoked.
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: '#session.signedOut', actions: { type: 'storeToken', params: { token: null } } },
            // The token is dropped locally even when the server could not be told.
            onError: { target: '#session.signedOut', actions: { type: 'storeToken', params: { token: null } } },
          },
        },
      },
      on: {
        SIGN_OUT: { target: '.signingOut' },
        EXPIRED: {
          target: 'signedOut',
          actions: [{ type: 'storeToken', params: { token: null } }, assign({ notice: SESSION_EXPIRED })],
        },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
