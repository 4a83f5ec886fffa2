/**
 * The AppsFlyer tab's lifecycle (docs/postbacks.md §Screens and routes AppsFlyer tab, §Partner plugin states AppsFlyer: no plugin, Enable Plugin, enabled but not
 * connected, connected once events arrive; "Disconnect always requires confirmation"; §Messages integrations messages).
 *
 *   sorting ─(by the plugin the page knows)─► noPlugin | enabled | connected        (SYNC re-sorts when it changes)
 *   noPlugin ─ENABLE─► enabling ─┬─ success ──────────► enabled   (plugins reload)
 *                                ├─ success:false ────► noPlugin  (error)
 *                                └─ thrown ───────────► noPlugin  (logged; error)
 *   enabled ─CHECK─► checking (the check-status child) ─┬─ now connected ─► connected
 *                                                       └─ otherwise ─────► enabled  (chip: No Events Received)
 *   connected ─DISCONNECT─► disconnecting.confirming ─CONFIRM─► disconnecting.running ─┬─ success ─► noPlugin
 *                                      └─CANCEL─► connected                            └─ failure ─► connected
 *
 * A disconnected plugin shows as noPlugin: Enable Plugin enables it again. Check Status itself, its messages and
 * durations are the check-status machine's. `notify`, `changed` (reload the app's plugins) and `logError` are
 * provided by appsflyer.actors.ts.
 */
import { and, assign, enqueueActions, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectionStatus } from '../../contracts/plugin';
import type { PluginAnswer, SuccessResponse } from '../../contracts/integrations';
import { checkStatusMachine, type CheckStatusOutput } from '../check-status/check-status.machine';
import { ACTION_MESSAGES } from '../plugin-lifecycle/plugin-lifecycle.machine';
import { confirmMutation, confirmStates, thrown, outcomeDone, outcome } from '../shared/confirm-mutation.machine';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';

/** Our words (docs/postbacks.md §Messages gives none for enabling). */
export const APPSFLYER_ENABLED = 'AppsFlyer plugin enabled.';
export const APPSFLYER_ENABLE_FAILED = 'Failed to enable the AppsFlyer plugin.';

export interface AppsFlyerPluginRef {
  id: string;
  connected: ConnectionStatus;
}
export interface AppsFlyerInput {
  appId: string;
  plugin: AppsFlyerPluginRef | null;
}
export interface AppsFlyerContext {
  appId: string;
  plugin: AppsFlyerPluginRef | null;
  /** What the last Check Status found (null before one ran). */
  lastCheck: CheckStatusOutput | null;
}
export type AppsFlyerEvent =
  | { type: 'SYNC'; plugin: AppsFlyerPluginRef | null }
  | { type: 'ENABLE' }
  | { type: 'CHECK' }
  | { type: 'DISCONNECT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const isEnabled = (plugin: AppsFlyerPluginRef | null) => !!plugin && plugin.connected !== 'disconnected';
const RUNNING = { disconnecting: 'running' };
const disconnectFailed = { message: ACTION_MESSAGES.disconnect.failed('AppsFlyer'), kind: 'error' as const };

export const appsflyerMachine = setup({
  types: {
    context: {} as AppsFlyerContext,
    events: {} as AppsFlyerEvent,
    input: {} as AppsFlyerInput,
    children: {} as { enablePlugin: 'enablePlugin'; checkStatus: 'checkStatus'; disconnect: 'disconnect' },
  },
  actors: {
    enablePlugin: toProvide<PluginAnswer, { appId: string }>('enablePlugin'),
    checkStatus: checkStatusMachine,
    disconnect: confirmMutation<{ pluginId: string }, SuccessResponse>(),
  },
  guards: {
    testConnected: (_, status: { connected: boolean }) => status.connected,
    pluginEnabled: (_, answer: { success: boolean; plugin?: unknown }) => answer.success && !!answer.plugin,
    outcomeDone,
    noPlugin: ({ context }) => !isEnabled(context.plugin),
    connected: ({ context }) => context.plugin?.connected === 'connected',
    running: stateIn(RUNNING),
  },
  actions: {
    notify,
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'appsflyer',
  context: ({ input }) => ({ appId: input.appId, plugin: input.plugin, lastCheck: null }),
  initial: 'sorting',
  states: {
    sorting: {
      always: [
        { guard: 'noPlugin', target: 'noPlugin' },
        { guard: 'connected', target: 'connected' },
        { target: 'enabled' },
      ],
    },
    noPlugin: {
      on: {
        SYNC: { target: 'sorting', actions: assign({ plugin: ({ event }) => event.plugin }) },
        ENABLE: 'enabling',
      },
    },
    enabling: {
      invoke: {
        id: 'enablePlugin',
        src: 'enablePlugin',
        input: ({ context }) => ({ appId: context.appId }),
        onDone: [
          {
            guard: { type: 'pluginEnabled', params: ({ event }) => event.output },
            target: 'sorting',
            actions: [
              assign({
                plugin: ({ event }) => ({ id: event.output.plugin!.id, connected: event.output.plugin!.connected }),
              }),
              { type: 'notify', params: { message: APPSFLYER_ENABLED, kind: 'success', duration: 'partnerSuccess' } },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'noPlugin',
            actions: {
              type: 'notify',
              params: { message: APPSFLYER_ENABLE_FAILED, kind: 'error', duration: 'partnerError' },
            },
          },
        ],
        onError: {
          target: 'noPlugin',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { message: APPSFLYER_ENABLE_FAILED, kind: 'error', duration: 'partnerError' } },
          ],
        },
      },
    },
    enabled: {
      on: {
        SYNC: { target: 'sorting', actions: assign({ plugin: ({ event }) => event.plugin }) },
        CHECK: 'checking',
      },
    },
    checking: {
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({
          appId: context.appId,
          pluginId: context.plugin!.id,
          source: 'AppsFlyer' as const,
          connected: false,
        }),
        onDone: [
          {
            guard: { type: 'testConnected', params: ({ event }) => event.output },
            target: 'connected',
            actions: assign({
              lastCheck: ({ event }) => event.output,
              plugin: ({ context }) => ({ id: context.plugin!.id, connected: 'connected' as const }),
            }),
          },
          { target: 'enabled', actions: assign({ lastCheck: ({ event }) => event.output }) },
        ],
        onError: { target: 'enabled', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    connected: {
      on: {
        SYNC: { target: 'sorting', actions: assign({ plugin: ({ event }) => event.plugin }) },
        DISCONNECT: 'disconnecting',
      },
    },
    disconnecting: {
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }) => ({ request: { pluginId: context.plugin!.id }, confirm: true }),
        onDone: [
          {
            guard: and(['running', outcome('outcomeDone')]),
            target: 'noPlugin',
            actions: [
              assign({
                plugin: ({ context }) => ({ id: context.plugin!.id, connected: 'disconnected' as const }),
                lastCheck: null,
              }),
              { type: 'notify', params: { message: ACTION_MESSAGES.disconnect.done('AppsFlyer'), kind: 'success' } },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            // Refused or thrown: still connected; a thrown call is logged too.
            guard: 'running',
            target: 'connected',
            actions: enqueueActions(({ event, enqueue }) => {
              const error = thrown(event.output);
              if (error !== null) enqueue({ type: 'logError', params: { error } });
              enqueue({ type: 'notify', params: disconnectFailed });
            }),
          },
        ],
        onError: {
          target: 'connected',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: disconnectFailed },
          ],
        },
      },
      initial: 'confirming',
      states: confirmStates('disconnect', '#appsflyer.connected'),
    },
  },
});

export type AppsFlyerActor = ActorRefFrom<typeof appsflyerMachine>;
export type AppsFlyerSnapshot = SnapshotFrom<typeof appsflyerMachine>;
