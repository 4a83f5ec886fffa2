/**
 * The Process Data Daily switch (docs/integrations.md §Screens and routes BigQuery Data Status card; §Plugin states "Process Data Daily switch toggles
 * attributes.dailyProcess; on failure it reverts"; §API endpoints daily process toggle (pluginId, flag)).
 *
 *   idle ─TOGGLE(value)─► saving (the switch shows the new value at once) ─┬─ success ─────► idle (kept; `saved`: reload)
 *                                                                          ├─ success:false ► idle (reverted, notice)
 *                                                                          └─ thrown ───────► idle (reverted, notice)
 * `shown` is the value last chosen and saved; null (the plugin's own value) until the first toggle and after a failure.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SuccessResponse } from '../../contracts/integrations';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

/** Our words (docs/integrations.md §Messages names none for this switch). */
export const DAILY_PROCESS_FAILED = 'Failed to update Process Data Daily.';

export interface DailyProcessContext {
  pluginId: string;
  appId: string;
  shown: boolean | null;
}
export type DailyProcessEvent = { type: 'TOGGLE'; value: boolean };

export const dailyProcessMachine = setup({
  types: {
    context: {} as DailyProcessContext,
    events: {} as DailyProcessEvent,
    input: {} as { pluginId: string; appId: string },
    children: {} as { saveDailyProcess: 'saveDailyProcess' },
  },
  actors: {
    saveDailyProcess: toProvide<SuccessResponse, { pluginId: string; value: boolean }>('saveDailyProcess'),
  },
  guards: { answerSucceeded },
  actions: {
    notify,
    saved: (_args, _params: { appId: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'dailyProcess',
  context: ({ input }) => ({ pluginId: input.pluginId, appId: input.appId, shown: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { TOGGLE: { target: 'saving', actions: assign({ shown: ({ event }) => event.value }) } },
    },
    saving: {
      invoke: {
        id: 'saveDailyProcess',
        src: 'saveDailyProcess',
        input: ({ context }) => ({ pluginId: context.pluginId, value: context.shown! }),
        onDone: [
          // Saved: the switch keeps the value (the reloaded plugin says the same).
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'saved', params: ({ context }) => ({ appId: context.appId }) },
          },
          {
            target: 'idle',
            actions: [
              assign({ shown: null }),
              { type: 'notify', params: { message: DAILY_PROCESS_FAILED, kind: 'error' } },
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ shown: null }),
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { message: DAILY_PROCESS_FAILED, kind: 'error' } },
          ],
        },
      },
    },
  },
});

export type DailyProcessSnapshot = SnapshotFrom<typeof dailyProcessMachine>;
export type DailyProcessActor = ActorRefFrom<typeof dailyProcessMachine>;
