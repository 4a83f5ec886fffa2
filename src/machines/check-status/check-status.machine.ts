/**
 * Check Status of an attribution plugin (docs/postbacks.md §Partner plugin states Check Status, §API endpoints check plugin status, §Messages "Can't check status of
 * {source} plugin!", §Rules and limits 6000 ms on error, 10000 ms on success). One check, as a child the AppsFlyer and Adjust tab
 * machines invoke (or a flow of its own):
 *
 *   deciding ─┬─ already connected, events file ─► done         (reloads the event schemas: Adjust)
 *             ├─ already connected ──────────────► done         (does nothing: AppsFlyer)
 *             └─ not connected ─► fetching ─┬─ success, now connected ──► done  ('{source} connected successfully',
 *                                           │                                   10 s; the plugins reload)
 *                                           ├─ success, still waiting ──► done  ('No events received yet')
 *                                           ├─ success:false ───────────► done  (the docs/postbacks.md §Messages error, 6 s)
 *                                           └─ thrown ──────────────────► done  (logged; the same error)
 *
 * Its output says whether the plugin is connected now. The server connects a waiting plugin when its first postback
 * is stored (server/areas/postbacks/postbacks.ts): the check only reads that status and refreshes the page. `notify`, `reloadPlugins`, `reloadEventSchemas` and `logError` are
 * provided by check-status.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isNowConnected, statusCheckFailed } from '../../contracts/integrations';
import { hasEventsFile, type PostbackPartner } from '../../contracts/partners';
import { NO_EVENTS_YET, connectedSuccessfully, type CheckStatusResponse } from '../../contracts/postbacks';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** A partner whose postbacks Questboard receives (the registry, src/contracts/partners.ts). */
export type AttributionSource = PostbackPartner;

export interface CheckStatusInput {
  appId: string;
  pluginId: string;
  source: AttributionSource;
  /** The plugin's status as the page knows it: docs/postbacks.md §Partner plugin states acts differently when it is already connected. */
  connected: boolean;
}
export interface CheckStatusOutput {
  connected: boolean;
  /** null when the status was not fetched (already connected, or the check failed). */
  eventsReceived: boolean | null;
  lastEventAt: number | null;
}
export interface CheckStatusContext extends CheckStatusInput {
  result: CheckStatusOutput;
}

export const checkStatusMachine = setup({
  types: {
    context: {} as CheckStatusContext,
    input: {} as CheckStatusInput,
    output: {} as CheckStatusOutput,
    children: {} as { checkPluginStatus: 'checkPluginStatus' },
  },
  actors: {
    checkPluginStatus: toProvide<CheckStatusResponse, { pluginId: string }>('checkPluginStatus'),
  },
  guards: {
    nowConnected: (_, status: CheckStatusResponse) => isNowConnected(status),
    answerSucceeded,
    // The partner's registry entry decides: one whose events come from an events file reloads the event schemas.
    connectedWithEventsFile: ({ context }) => context.connected && hasEventsFile(context.source),
    alreadyConnected: ({ context }) => context.connected,
  },
  actions: {
    notify,
    reloadPlugins: (_args, _params: { appId: string }) => {},
    reloadEventSchemas: (_args, _params: { appId: string; pluginId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'checkStatus',
  context: ({ input }) => ({
    ...input,
    result: { connected: input.connected, eventsReceived: null, lastEventAt: null },
  }),
  initial: 'deciding',
  output: ({ context }) => context.result,
  states: {
    deciding: {
      always: [
        {
          guard: 'connectedWithEventsFile',
          target: 'done',
          actions: {
            type: 'reloadEventSchemas',
            params: ({ context }) => ({ appId: context.appId, pluginId: context.pluginId }),
          },
        },
        { guard: 'alreadyConnected', target: 'done' },
        { target: 'fetching' },
      ],
    },
    fetching: {
      invoke: {
        id: 'checkPluginStatus',
        src: 'checkPluginStatus',
        input: ({ context }) => ({ pluginId: context.pluginId }),
        onDone: [
          {
            guard: { type: 'nowConnected', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              assign({
                result: ({ event }) => ({
                  connected: true,
                  eventsReceived: event.output.eventsReceived ?? true,
                  lastEventAt: event.output.lastEventAt ?? null,
                }),
              }),
              {
                type: 'notify',
                params: ({ context }) => ({
                  message: connectedSuccessfully(context.source),
                  kind: 'success',
                  duration: 'partnerSuccess',
                }),
              },
              { type: 'reloadPlugins', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'done',
            actions: [
              assign({
                result: ({ event }) => ({
                  connected: false,
                  eventsReceived: event.output.eventsReceived ?? false,
                  lastEventAt: event.output.lastEventAt ?? null,
                }),
              }),
              { type: 'notify', params: { message: NO_EVENTS_YET, kind: 'info' } },
              { type: 'reloadPlugins', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'done',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                message: statusCheckFailed(context.source),
                kind: 'error',
                duration: 'partnerError',
              }),
            },
          },
        ],
        onError: {
          target: 'done',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }) => ({
                message: statusCheckFailed(context.source),
                kind: 'error',
                duration: 'partnerError',
              }),
            },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});

export type CheckStatusActor = ActorRefFrom<typeof checkStatusMachine>;
export type CheckStatusSnapshot = SnapshotFrom<typeof checkStatusMachine>;
