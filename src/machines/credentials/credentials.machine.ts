/**
 * The Credentials page of a workspace (docs/integrations.md §Credentials): the list, renaming one in a dialog,
 * Refresh (checking one against Google Cloud again) and revoking one after a confirmation, where the server's refusal
 * (a plugin still uses it, named) is shown in the dialog.
 *
 *   loading ─┬─ list ──► ready ─RENAME─► renaming.editing ─SUBMIT (valid)─► renaming.saving ─┬─ done ──► ready 'Credential renamed.'
 *            └─ thrown ─► failed ─RETRY─► loading      ▲ └─CANCEL─► ready                      └─ thrown ─► renaming.editing (words)
 *   ready ─REFRESH─► refreshing ──► ready (the check's outcome, or the failure's words)
 *   ready ─REVOKE─► revoking.confirming ─CONFIRM─► revoking.revoking ─┬─ done ──► ready 'Credential revoked.'
 *                    └─CANCEL─► ready                                  └─ thrown ─► revoking.confirming (the refusal)
 *
 * The calls come from credentials.actors.ts.
 */
import { assign, setup } from 'xstate';
import {
  CREDENTIAL_MESSAGES,
  credentialNameProblem,
  type ManagedCredential,
  type ManagedCredentialAnswer,
  type ManagedCredentialList,
} from '../../contracts/credentials';
import { networkWords, serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';

export interface CredentialsInput {
  workspaceId: string;
}
export interface CredentialsContext {
  workspaceId: string;
  credentials: ManagedCredential[];
  /** The credential being renamed, refreshed or revoked. */
  target: string | null;
  /** The rename dialog's name. */
  draft: string;
  /** Show the name's problem (after a SUBMIT that was not valid). */
  showErrors: boolean;
  /** What just happened (shown above the list). */
  notice: { text: string; kind: 'success' | 'warning' } | null;
  error: string | null;
}
export type CredentialsEvent =
  | { type: 'RETRY' }
  | { type: 'RENAME'; id: string }
  | { type: 'CHANGE_NAME'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'REFRESH'; id: string }
  | { type: 'REVOKE'; id: string }
  | { type: 'CONFIRM' };

const wordsOf = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;
const replaced = (list: ManagedCredential[], credential: ManagedCredential) =>
  list.map((c) => (c.id === credential.id ? credential : c));
const targetOf = (event: CredentialsEvent) => ('id' in event ? event.id : null);

export const credentialsMachine = setup({
  types: {
    context: {} as CredentialsContext,
    events: {} as CredentialsEvent,
    input: {} as CredentialsInput,
  },
  actors: {
    loadCredentials: toProvide<ManagedCredentialList, { workspaceId: string }>('loadCredentials'),
    renameCredential: toProvide<ManagedCredentialAnswer, { workspaceId: string; credentialId: string; name: string }>(
      'renameCredential',
    ),
    refreshCredential: toProvide<ManagedCredentialAnswer, { workspaceId: string; credentialId: string }>(
      'refreshCredential',
    ),
    revokeCredential: toProvide<ManagedCredentialList, { workspaceId: string; credentialId: string }>(
      'revokeCredential',
    ),
  },
  actions: {
    aim: assign(({ event }) => ({ target: targetOf(event), notice: null, error: null })),
  },
  guards: {
    known: ({ context, event }) => context.credentials.some((c) => c.id === targetOf(event)),
    valid: ({ context }) => credentialNameProblem(context.draft) === null,
  },
}).createMachine({
  id: 'credentials',
  context: ({ input }) => ({
    workspaceId: input.workspaceId,
    credentials: [],
    target: null,
    draft: '',
    showErrors: false,
    notice: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCredentials',
        src: 'loadCredentials',
        input: ({ context }) => ({ workspaceId: context.workspaceId }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ credentials: event.output.credentials, error: null })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: wordsOf(event.error, CREDENTIAL_MESSAGES.loadFailed) })),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        RENAME: {
          guard: 'known',
          target: 'renaming',
          actions: [
            'aim',
            assign(({ context, event }) => ({
              draft: context.credentials.find((c) => c.id === event.id)!.name,
              showErrors: false,
            })),
          ],
        },
        REFRESH: { guard: 'known', target: 'refreshing', actions: 'aim' },
        REVOKE: { guard: 'known', target: 'revoking', actions: 'aim' },
      },
    },
    renaming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            CHANGE_NAME: { actions: assign(({ event }) => ({ draft: event.value })) },
            SUBMIT: [
              { guard: 'valid', target: 'saving', actions: assign({ error: null }) },
              { actions: assign({ showErrors: true }) },
            ],
            CANCEL: { target: '#credentials.ready', actions: assign({ target: null, error: null, showErrors: false }) },
          },
        },
        saving: {
          invoke: {
            id: 'renameCredential',
            src: 'renameCredential',
            input: ({ context }) => ({
              workspaceId: context.workspaceId,
              credentialId: context.target!,
              name: context.draft.trim(),
            }),
            onDone: {
              target: '#credentials.ready',
              actions: assign(({ context, event }) => ({
                credentials: replaced(context.credentials, event.output.credential),
                target: null,
                showErrors: false,
                notice: { text: CREDENTIAL_MESSAGES.renamed, kind: 'success' as const },
              })),
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, CREDENTIAL_MESSAGES.renameFailed) })),
            },
          },
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshCredential',
        src: 'refreshCredential',
        input: ({ context }) => ({ workspaceId: context.workspaceId, credentialId: context.target! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const check = event.output.credential.lastCheck;
            return {
              credentials: replaced(context.credentials, event.output.credential),
              target: null,
              notice:
                check && !check.ok
                  ? { text: `${CREDENTIAL_MESSAGES.refreshFailed} ${check.message}`, kind: 'warning' as const }
                  : { text: CREDENTIAL_MESSAGES.refreshed, kind: 'success' as const },
            };
          }),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            target: null,
            error: wordsOf(event.error, CREDENTIAL_MESSAGES.refreshError),
          })),
        },
      },
    },
    revoking: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'revoking', actions: assign({ error: null }) },
            CANCEL: { target: '#credentials.ready', actions: assign({ target: null, error: null }) },
          },
        },
        revoking: {
          invoke: {
            id: 'revokeCredential',
            src: 'revokeCredential',
            input: ({ context }) => ({ workspaceId: context.workspaceId, credentialId: context.target! }),
            onDone: {
              target: '#credentials.ready',
              actions: assign(({ event }) => ({
                credentials: event.output.credentials,
                target: null,
                notice: { text: CREDENTIAL_MESSAGES.revoked, kind: 'success' as const },
              })),
            },
            onError: {
              target: 'confirming',
              actions: assign(({ event }) => ({ error: wordsOf(event.error, CREDENTIAL_MESSAGES.revokeFailed) })),
            },
          },
        },
      },
    },
  },
});
