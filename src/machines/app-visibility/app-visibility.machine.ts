/**
 * The 'Show on Questboard App' switch of one app card (docs/apps.md §App states app enabled/disabled via a popover switch, §Roles editors
 * and admins, §API endpoints POST /app/enable/{appId} {enabled} → data.enabled). Optimistic: the switch moves at once, the call
 * runs, and a failure (a `success: false` answer or a thrown call) puts it back and says so.
 *
 *   idle ─TOGGLE─► saving ─┬─ success ──► idle (enabled = data.enabled; `changed` refreshes the workspace)
 *     ▲ SYNC (the          └─ failure ──► idle (reverted, 'Failed to update the app visibility.')
 *       workspace's value)
 *
 * docs/apps.md §Messages names no message for this switch: the failure words are ours. The call, `notify` and `changed` are
 * provided by app-visibility.actors.ts.
 */
import { assign, setup } from 'xstate';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export const VISIBILITY_FAILED = 'Failed to update the app visibility.';

export interface AppVisibilityInput {
  appId: string;
  enabled: boolean;
}
export interface AppVisibilityContext extends AppVisibilityInput {
  /** The value before the optimistic move (restored on failure). */
  previous: boolean;
}
export type AppVisibilityEvent = { type: 'TOGGLE' } | { type: 'SYNC'; enabled: boolean };
interface EnableAnswer {
  success: boolean;
  data: { enabled: boolean };
}

export const appVisibilityMachine = setup({
  types: {
    context: {} as AppVisibilityContext,
    events: {} as AppVisibilityEvent,
    input: {} as AppVisibilityInput,
    children: {} as { setEnabled: 'setEnabled' },
  },
  actors: {
    setEnabled: toProvide<EnableAnswer, { appId: string; enabled: boolean }>('setEnabled'),
  },
  guards: { answerSucceeded },
  actions: {
    notify,
    /** The app's visibility changed on the server: refresh the workspace (provided by the binding). */
    changed: () => {},
    revert: assign(({ context }) => ({ enabled: context.previous })),
  },
}).createMachine({
  id: 'appVisibility',
  context: ({ input }) => ({ appId: input.appId, enabled: input.enabled, previous: input.enabled }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: {
          target: 'saving',
          actions: assign(({ context }) => ({ previous: context.enabled, enabled: !context.enabled })),
        },
        SYNC: { actions: assign({ enabled: ({ event }) => event.enabled }) },
      },
    },
    saving: {
      invoke: {
        id: 'setEnabled',
        src: 'setEnabled',
        input: ({ context }) => ({ appId: context.appId, enabled: context.enabled }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [assign({ enabled: ({ event }) => event.output.data.enabled }), 'changed'],
          },
          {
            target: 'idle',
            actions: ['revert', { type: 'notify', params: { message: VISIBILITY_FAILED, kind: 'error' } }],
          },
        ],
        onError: {
          target: 'idle',
          actions: ['revert', { type: 'notify', params: { message: VISIBILITY_FAILED, kind: 'error' } }],
        },
      },
    },
  },
});
