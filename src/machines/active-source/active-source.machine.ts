/**
 * The Overview's active switch (docs/integrations.md §Screens and routes Overview table, §Plugin states "Only one source can be active. Activating another asks
 * 'Confirm Change?' 'This will cause all events to be stopped.'", §API endpoints change active plugin).
 *
 *   idle ─ACTIVATE(plugin)─► working.confirming ─CONFIRM─► working.running ─┬─ success ────────► idle (`changed`, notice)
 *                                 └─CANCEL─► idle                          ├─ success:false ──► idle (failure notice)
 *                                                                          └─ thrown ─────────► idle (logged, notice)
 * The confirm → call step is the shared child (invoke id `activate`). `notify`, `changed` and `logError` are
 * provided by active-source.actors.ts.
 */
import { and, assign, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { CONFIRM_CHANGE_MESSAGE, CONFIRM_CHANGE_TITLE, type SuccessResponse } from '../../contracts/integrations';
import type { PluginType } from '../../contracts/plugin';
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

export { CONFIRM_CHANGE_MESSAGE, CONFIRM_CHANGE_TITLE };
/** Our words (docs/integrations.md §Messages gives none). */
export const activated = (source: string) => `${source} is now the active source.`;
export const ACTIVATE_FAILED = 'Failed to change the active source.';

export interface ActivateRequest {
  appId: string;
  pluginId: string;
}
export interface ActiveSourceContext {
  appId: string;
  plugin: { id: string; source: PluginType } | null;
}
export type ActiveSourceEvent =
  { type: 'ACTIVATE'; plugin: { id: string; source: PluginType } } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const RUNNING = { working: 'running' };

export const activeSourceMachine = setup({
  types: {
    context: {} as ActiveSourceContext,
    events: {} as ActiveSourceEvent,
    input: {} as { appId: string },
    children: {} as { activate: 'activate' },
  },
  actors: { activate: confirmMutation<ActivateRequest, SuccessResponse>() },
  guards: { outcomeDone, outcomeFailed, outcomeThrew, running: stateIn(RUNNING) },
  actions: {
    notify,
    changed: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'activeSource',
  context: ({ input }) => ({ appId: input.appId, plugin: null }),
  initial: 'idle',
  states: {
    idle: { on: { ACTIVATE: { target: 'working', actions: assign({ plugin: ({ event }) => event.plugin }) } } },
    working: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ request: { appId: context.appId, pluginId: context.plugin!.id }, confirm: true }),
        onDone: [
          {
            guard: and(['running', outcome('outcomeDone')]),
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ context }) => ({ message: activated(context.plugin!.source), kind: 'success' }),
              },
              { type: 'changed', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            guard: and(['running', outcome('outcomeThrew')]),
            target: 'idle',
            actions: [
              { type: 'logError', params: ({ event }) => ({ error: thrown(event.output) }) },
              { type: 'notify', params: { message: ACTIVATE_FAILED, kind: 'error' } },
            ],
          },
          {
            guard: and(['running', outcome('outcomeFailed')]),
            target: 'idle',
            actions: { type: 'notify', params: { message: ACTIVATE_FAILED, kind: 'error' } },
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { message: ACTIVATE_FAILED, kind: 'error' } },
          ],
        },
      },
      initial: 'confirming',
      states: confirmStates('activate', '#activeSource.idle'),
    },
  },
});

export type ActiveSourceSnapshot = SnapshotFrom<typeof activeSourceMachine>;
export type ActiveSourceActor = ActorRefFrom<typeof activeSourceMachine>;
