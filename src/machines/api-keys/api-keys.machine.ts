/**
 * App Settings → API Keys (docs/app-settings.md §Entities API key: key, type api|s2s, status active|terminated, a local id from its index;
 * §API endpoints update API keys: the whole app object is sent). Both calls are the shared confirm → mutate child.
 *
 *   idle ─CREATE(type)─► creating ─┬─ done ──► showingKey (the full key, once) ─DISMISS─► idle
 *     │                            └─ failed ─► idle (notice)
 *     └─TERMINATE(index)─► terminate.confirming ─CONFIRM─► terminate.terminating ─┬─ done ──► idle 'API key terminated.'
 *                               └─CANCEL─► idle                                  └─ failed ─► idle (notice)
 *   SYNC (the app changed elsewhere) replaces the app while idle.
 *
 * A refusal shows the server's words when it chose them (a viewer's 403, a stale list's 409); anything else
 * API_KEY_FAILED. The full key lives only in `createdKey` while showingKey and is dropped on DISMISS.
 */
import { assign, sendTo, setup } from 'xstate';
import type { App } from '../../contracts/apps';
import {
  API_KEY_CREATED,
  API_KEY_FAILED,
  API_KEY_TERMINATED,
  type ApiKeysResponse,
  type ApiKeysUpdate,
  type ApiKeyType,
} from '../../contracts/app-settings';
import { serverWords } from '../shared/api-error';
import {
  confirmMutation,
  succeeded,
  outcomeDone,
  outcomeFailed,
  outcome,
  type MutationOutcome,
} from '../shared/confirm-mutation.machine';
import { notify } from '../shared/notice';

export interface ApiKeysInput {
  app: App;
}
export interface ApiKeysContext {
  app: App;
  createdKey: string | null;
  /** The local id (index) of the key being terminated. */
  target: number | null;
}
export type ApiKeysEvent =
  | { type: 'CREATE'; keyType: ApiKeyType }
  | { type: 'DISMISS' }
  | { type: 'TERMINATE'; index: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'SYNC'; app: App };

type Outcome = MutationOutcome<ApiKeysResponse>;
const keysOf = (app: App) => (app.apiKeys ?? []).map(({ key, type, status }) => ({ key, type, status }));
/** The whole app object with the list changed (docs/app-settings.md §API endpoints). */
export const withKeys = (app: App, apiKeys: ApiKeysUpdate['apiKeys']): ApiKeysUpdate & App => ({ ...app, apiKeys });
const failureWords = (outcome: Outcome) =>
  outcome.status === 'failed' ? (serverWords(outcome.error) ?? API_KEY_FAILED) : API_KEY_FAILED;

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
    input: {} as ApiKeysInput,
    children: {} as { createKey: 'createKey'; terminateKey: 'terminateKey' },
  },
  actors: {
    createKey: confirmMutation<ApiKeysUpdate, ApiKeysResponse>(),
    terminateKey: confirmMutation<ApiKeysUpdate, ApiKeysResponse>(),
  },
  guards: {
    outcomeDone,
    outcomeFailed,
    /** TERMINATE names a key that is still active. */
    keyActive: ({ context, event }) =>
      event.type === 'TERMINATE' && context.app.apiKeys?.[event.index]?.status === 'active',
    /** The key was created and the answer shows it (once). */
    keyCreated: (_, created: Outcome) => succeeded(created) && !!created.answer.createdKey,
  },
  actions: {
    notify,
    /** The app changed on the server: refresh the session (provided by the binding). */
    saved: () => {},
  },
}).createMachine({
  id: 'apiKeys',
  context: ({ input }) => ({ app: input.app, createdKey: null, target: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CREATE: 'creating',
        TERMINATE: {
          guard: 'keyActive',
          target: 'terminate',
          actions: assign({ target: ({ event }) => event.index }),
        },
        SYNC: { actions: assign({ app: ({ event }) => event.app }) },
      },
    },
    creating: {
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context, event }) => ({
          request: withKeys(context.app, [
            ...keysOf(context.app),
            { key: '', type: (event as Extract<ApiKeysEvent, { type: 'CREATE' }>).keyType, status: 'active' as const },
          ]),
          confirm: false,
        }),
        onDone: [
          {
            guard: { type: 'keyCreated', params: ({ event }) => event.output },
            target: 'showingKey',
            actions: [
              assign(({ event }) => {
                const answer = (event.output as Extract<Outcome, { status: 'done' }>).answer;
                return { app: answer.data, createdKey: answer.createdKey ?? null };
              }),
              { type: 'notify', params: { message: API_KEY_CREATED, kind: 'success' } },
              'saved',
            ],
          },
          {
            target: 'idle',
            actions: {
              type: 'notify',
              params: ({ event }) => ({ message: failureWords(event.output), kind: 'error' as const }),
            },
          },
        ],
        onError: { target: 'idle', actions: { type: 'notify', params: { message: API_KEY_FAILED, kind: 'error' } } },
      },
    },
    showingKey: {
      on: { DISMISS: { target: 'idle', actions: assign({ createdKey: null }) } },
    },
    terminate: {
      invoke: {
        id: 'terminateKey',
        src: 'terminateKey',
        input: ({ context }) => ({
          request: withKeys(
            context.app,
            keysOf(context.app).map((k, i) => (i === context.target ? { ...k, status: 'terminated' as const } : k)),
          ),
          confirm: true,
        }),
        // The child answers only after CONFIRM (it waits in its own confirming state; CANCEL stops it).
        onDone: [
          {
            guard: outcome('outcomeDone'),
            target: 'idle',
            actions: [
              assign(({ event }) => ({
                app: (event.output as Extract<Outcome, { status: 'done' }>).answer.data,
                target: null,
              })),
              { type: 'notify', params: { message: API_KEY_TERMINATED, kind: 'success' } },
              'saved',
            ],
          },
          {
            guard: outcome('outcomeFailed'),
            target: 'idle',
            actions: [
              assign({ target: null }),
              {
                type: 'notify',
                params: ({ event }) => ({ message: failureWords(event.output), kind: 'error' as const }),
              },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [assign({ target: null }), { type: 'notify', params: { message: API_KEY_FAILED, kind: 'error' } }],
        },
      },
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: { target: 'terminating', actions: sendTo('terminateKey', { type: 'CONFIRM' }) },
            CANCEL: { target: '#apiKeys.idle', actions: assign({ target: null }) },
          },
        },
        terminating: {},
      },
    },
  },
});
