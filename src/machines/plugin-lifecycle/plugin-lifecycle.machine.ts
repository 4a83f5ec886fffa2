/**
 * A plugin's connect / disconnect / delete (docs/integrations.md §Screens and routes plugin info card 'Delete Plugin?' and Connection Status card
 * 'Disconnect Plugin?', §Plugin states "Disconnect always requires confirmation", §API endpoints plugin actions connect, delete, disconnect).
 *
 *   idle ─CONNECT(plugin)─► working.running                              (no confirm)
 *        ─DISCONNECT / DELETE(plugin)─► working.confirming ─CONFIRM─► working.running
 *                                            └─CANCEL─► idle
 *   working.running ─┬─ success ────────► idle (its message, `changed`)
 *                    ├─ success:false ──► idle (its failure message)
 *                    └─ thrown ─────────► idle (logged, its failure message)
 *
 * The confirm → call step is the shared child (invoke id `pluginAction`). `notify`, `changed` (reload the app's
 * plugins) and `logError` are provided by plugin-lifecycle.actors.ts.
 */
import { and, assign, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PluginType } from '../../contracts/plugin';
import { DELETE_PLUGIN_TITLE, DISCONNECT_PLUGIN_TITLE, type SuccessResponse } from '../../contracts/integrations';
import {
  confirmMutation,
  confirmStates,
  thrown,
  outcomeDone,
  outcomeFailed,
  outcomeThrew,
  outcome,
} from '../shared/confirm-mutation.machine';
import { notify } from '../shared/notice';

export type PluginAction = 'connect' | 'disconnect' | 'delete';
export interface PluginRef {
  id: string;
  source: PluginType;
}
export interface PluginActionRequest {
  action: PluginAction;
  pluginId: string;
}

/** Our words (docs/integrations.md §Messages gives none for these actions). */
export const ACTION_MESSAGES: Record<
  PluginAction,
  { done: (source: string) => string; failed: (source: string) => string }
> = {
  connect: { done: (s) => `${s} connected.`, failed: (s) => `Failed to connect ${s}.` },
  disconnect: { done: (s) => `${s} disconnected.`, failed: (s) => `Failed to disconnect ${s}.` },
  delete: { done: (s) => `${s} plugin deleted.`, failed: (s) => `Failed to delete the ${s} plugin.` },
};
export const CONFIRM_TITLES: Record<Exclude<PluginAction, 'connect'>, string> = {
  disconnect: DISCONNECT_PLUGIN_TITLE,
  delete: DELETE_PLUGIN_TITLE,
};
export const confirmQuestion = (action: PluginAction, source: string) =>
  action === 'delete'
    ? `Are you sure you want to delete the ${source} plugin?`
    : `Are you sure you want to disconnect ${source} plugin?`;

export interface PluginLifecycleInput {
  appId: string;
}
export interface PluginLifecycleContext {
  appId: string;
  action: PluginAction | null;
  plugin: PluginRef | null;
}
export type PluginLifecycleEvent =
  | { type: 'CONNECT'; plugin: PluginRef }
  | { type: 'DISCONNECT'; plugin: PluginRef }
  | { type: 'DELETE'; plugin: PluginRef }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const RUNNING = { working: 'running' };
const source = (context: PluginLifecycleContext) => context.plugin?.source ?? 'Plugin';
const doneMessage = ({ context }: { context: PluginLifecycleContext }) => ({
  message: ACTION_MESSAGES[context.action!].done(source(context)),
  kind: 'success' as const,
});
const failedMessage = ({ context }: { context: PluginLifecycleContext }) => ({
  message: ACTION_MESSAGES[context.action!].failed(source(context)),
  kind: 'error' as const,
});

export const pluginLifecycleMachine = setup({
  types: {
    context: {} as PluginLifecycleContext,
    events: {} as PluginLifecycleEvent,
    input: {} as PluginLifecycleInput,
    children: {} as { pluginAction: 'pluginAction' },
  },
  actors: {
    pluginAction: confirmMutation<PluginActionRequest, SuccessResponse>(),
  },
  guards: {
    outcomeDone,
    outcomeFailed,
    outcomeThrew,
    /** The child's answer counts only once the call runs (after CONFIRM when it asked). */
    running: stateIn(RUNNING),
  },
  actions: {
    notify,
    /** The app's plugins changed on the server: reload them. */
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'pluginLifecycle',
  context: ({ input }) => ({ appId: input.appId, action: null, plugin: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        CONNECT: {
          target: 'working.running',
          actions: assign({ action: 'connect', plugin: ({ event }) => event.plugin }),
        },
        DISCONNECT: {
          target: 'working.confirming',
          actions: assign({ action: 'disconnect', plugin: ({ event }) => event.plugin }),
        },
        DELETE: {
          target: 'working.confirming',
          actions: assign({ action: 'delete', plugin: ({ event }) => event.plugin }),
        },
      },
    },
    working: {
      invoke: {
        id: 'pluginAction',
        src: 'pluginAction',
        input: ({ context }) => ({
          request: { action: context.action!, pluginId: context.plugin!.id },
          confirm: context.action !== 'connect',
        }),
        onDone: [
          {
            guard: and(['running', outcome('outcomeDone')]),
            target: 'idle',
            actions: [
              { type: 'notify', params: doneMessage },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            guard: and(['running', outcome('outcomeThrew')]),
            target: 'idle',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: thrown(event.output) }) },
              { type: 'notify', params: failedMessage },
            ],
          },
          {
            guard: and(['running', outcome('outcomeFailed')]),
            target: 'idle',
            actions: { type: 'notify', params: failedMessage },
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: failedMessage },
          ],
        },
      },
      initial: 'running',
      states: confirmStates('pluginAction', '#pluginLifecycle.idle'),
    },
  },
});

export type PluginLifecycleActor = ActorRefFrom<typeof pluginLifecycleMachine>;
export type PluginLifecycleSnapshot = SnapshotFrom<typeof pluginLifecycleMachine>;
