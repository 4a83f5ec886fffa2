/**
 * A workspace's security settings (docs/accounts.md §Two-factor sign-in, workspace requirement): an admin turns on
 * "Require two-factor sign-in" after confirming who it affects, or turns it off at once.
 *
 *   loading ─┬─ settings ─► ready ─TOGGLE (turning on)─► confirming ─CONFIRM─► saving ─┬─ saved ──► ready (notice)
 *            └─ thrown ───► failed ─RETRY─► loading                  └─CANCEL─► ready    └─ thrown ─► ready (error)
 *                              ready ─TOGGLE (turning off)─────────────────────► saving
 *
 * Turning it on needs the admin's own two-factor sign-in (the page offers the account page instead, and the server
 * refuses with its words). A save refreshes the session, so the workspace's requirement follows everywhere. The calls,
 * `notify` and `saved` are provided by workspace-security.actors.ts.
 */
import { assign, setup } from 'xstate';
import type { WorkspaceSecurity } from '../../contracts/workspace';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** docs/accounts.md §Messages (ours). */
export const SECURITY_LOAD_FAILED = 'We could not load the security settings. Please try again.';
export const SECURITY_SAVE_FAILED = 'We could not save that setting. Please try again.';
export const REQUIRED_ON = 'Two-factor sign-in is now required in this workspace.';
export const REQUIRED_OFF = 'Two-factor sign-in is no longer required in this workspace.';

export interface WorkspaceSecurityInput {
  workspaceId: string;
}
export interface WorkspaceSecurityContext {
  workspaceId: string;
  security: WorkspaceSecurity | null;
  error: string | null;
}
export type WorkspaceSecurityEvent = { type: 'TOGGLE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

export const workspaceSecurityMachine = setup({
  types: {
    context: {} as WorkspaceSecurityContext,
    events: {} as WorkspaceSecurityEvent,
    input: {} as WorkspaceSecurityInput,
  },
  actors: {
    loadSecurity: toProvide<WorkspaceSecurity, { workspaceId: string }>('loadSecurity'),
    saveSecurity: toProvide<WorkspaceSecurity, { workspaceId: string; requireTwoFactor: boolean }>('saveSecurity'),
  },
  guards: {
    turningOn: ({ context }) => context.security?.requireTwoFactor === false,
    /** The admin can turn it on only with their own two-factor sign-in; turning it off is always allowed. */
    canTurnOn: ({ context }) => context.security?.youHaveTwoFactor === true,
  },
  actions: {
    notify,
    /** The workspace changed on the server: refresh the session (provided by the binding). */
    saved: () => {},
  },
}).createMachine({
  id: 'workspaceSecurity',
  context: ({ input }) => ({ workspaceId: input.workspaceId, security: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSecurity',
        src: 'loadSecurity',
        input: ({ context }) => ({ workspaceId: context.workspaceId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ security: event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, SECURITY_LOAD_FAILED) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        TOGGLE: [
          { guard: 'turningOn', target: 'confirming' },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: { guard: 'canTurnOn', target: 'saving', actions: assign({ error: null }) },
        CANCEL: 'ready',
      },
    },
    saving: {
      invoke: {
        id: 'saveSecurity',
        src: 'saveSecurity',
        input: ({ context }) => ({
          workspaceId: context.workspaceId,
          requireTwoFactor: !context.security!.requireTwoFactor,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => ({ security: event.output })),
            'saved',
            {
              type: 'notify',
              params: ({ event }) => ({
                message: event.output.requireTwoFactor ? REQUIRED_ON : REQUIRED_OFF,
                kind: 'success' as const,
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, SECURITY_SAVE_FAILED) })),
        },
      },
    },
  },
});
