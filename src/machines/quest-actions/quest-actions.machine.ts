/**
 * A quest's options menu actions (docs/acquire.md §Quest states Quest menu: Restart if restartable; Stop if stoppable, with a confirmation;
 * Delete if not stoppable, with a confirmation, removing the active version, then the draft; §Messages 'Failed to stop
 * campaign', 'Failed to restart campaign' with the server's message, 'Failed to delete active quest!', 'Failed to
 * delete draft quest'). Edit and Review Edits open the editor and the review (their own flows).
 *
 *   idle ─STOP→ stop.confirming ─CONFIRM→ stop.stopping ─→ idle (notice) | idle with 'Failed to stop campaign'
 *   idle ─RESTART→ restarting ─→ idle | idle with 'Failed to restart campaign: {server message}'
 *   idle ─DELETE→ remove.confirming ─CONFIRM→ remove.deletingActive (when there is one) → remove.deletingDraft (when
 *        there is one) → idle; a failure stops there with its own message. CANCEL leaves a confirmation.
 * `questsChanged` (refresh the grid) and `notify` are provided by quest-actions.actors.ts.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { SuccessMessage } from '../../contracts/codecs';
import { serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export const STOP_FAILED = 'Failed to stop campaign';
export const RESTART_FAILED = 'Failed to restart campaign';
export const DELETE_ACTIVE_FAILED = 'Failed to delete active quest!';
export const DELETE_DRAFT_FAILED = 'Failed to delete draft quest';
/** Ours, when the server's answer carries no message. */
export const QUEST_DELETED = 'Quest deleted.';

export interface QuestRef {
  id: string;
  name: string;
  hasActive: boolean;
  hasDraft: boolean;
}
type QuestCall = { appId: string; questId: string };

export interface QuestActionsContext {
  appId: string;
  quest: QuestRef | null;
}

export type QuestActionsEvent =
  | { type: 'STOP'; quest: QuestRef }
  | { type: 'RESTART'; quest: QuestRef }
  | { type: 'DELETE'; quest: QuestRef }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const errorNotice = (message: string) => ({ message, kind: 'error' as const, duration: 'long' as const });
const call = ({ context }: { context: QuestActionsContext }): QuestCall => ({
  appId: context.appId,
  questId: context.quest!.id,
});
const restartWords = (message: string | null | undefined) =>
  message ? `${RESTART_FAILED}: ${message}` : RESTART_FAILED;

export const questActionsMachine = setup({
  types: {
    context: {} as QuestActionsContext,
    events: {} as QuestActionsEvent,
    input: {} as { appId: string },
    children: {} as {
      stopQuest: 'stopQuest';
      restartQuest: 'restartQuest';
      deleteActive: 'deleteActive';
      deleteDraft: 'deleteDraft';
    },
  },
  actors: {
    stopQuest: toProvide<SuccessMessage, QuestCall>('stopQuest'),
    restartQuest: toProvide<SuccessMessage, QuestCall>('restartQuest'),
    deleteActive: toProvide<SuccessMessage, QuestCall>('deleteActive'),
    deleteDraft: toProvide<SuccessMessage, QuestCall>('deleteDraft'),
  },
  guards: {
    answerSucceeded,
    /** The active version is deleted and a draft remains to delete. */
    draftLeft: ({ context }, answer: SuccessMessage) => answer.success && context.quest?.hasDraft === true,
    hasActive: ({ context }) => context.quest?.hasActive === true,
    hasDraft: ({ context }) => context.quest?.hasDraft === true,
  },
  actions: {
    notify,
    questsChanged: (_args, _params: { appId: string }) => {},
    pick: assign({ quest: ({ event }) => ('quest' in event ? event.quest : null) }),
  },
}).createMachine({
  id: 'questActions',
  context: ({ input }) => ({ appId: input.appId, quest: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        STOP: { target: 'stop', actions: 'pick' },
        RESTART: { target: 'restarting', actions: 'pick' },
        DELETE: { target: 'remove', actions: 'pick' },
      },
    },
    stop: {
      initial: 'confirming',
      states: {
        confirming: { on: { CONFIRM: 'stopping', CANCEL: '#questActions.idle' } },
        stopping: {
          invoke: {
            id: 'stopQuest',
            src: 'stopQuest',
            input: call,
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: '#questActions.idle',
                actions: [
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      message: event.output.message || 'Quest stopped.',
                      kind: 'success' as const,
                    }),
                  },
                  { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
                ],
              },
              { target: '#questActions.idle', actions: { type: 'notify', params: errorNotice(STOP_FAILED) } },
            ],
            onError: { target: '#questActions.idle', actions: { type: 'notify', params: errorNotice(STOP_FAILED) } },
          },
        },
      },
    },
    restarting: {
      invoke: {
        id: 'restartQuest',
        src: 'restartQuest',
        input: call,
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => ({
                  message: event.output.message || 'Quest restarted.',
                  kind: 'success' as const,
                }),
              },
              { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            target: 'idle',
            actions: { type: 'notify', params: ({ event }) => errorNotice(restartWords(event.output.message)) },
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => errorNotice(restartWords(serverWords(event.error))) },
        },
      },
    },
    remove: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            CONFIRM: [{ guard: 'hasActive', target: 'deletingActive' }, { target: 'deletingDraft' }],
            CANCEL: '#questActions.idle',
          },
        },
        deletingActive: {
          invoke: {
            id: 'deleteActive',
            src: 'deleteActive',
            input: call,
            onDone: [
              { guard: { type: 'draftLeft', params: ({ event }) => event.output }, target: 'deletingDraft' },
              { guard: { type: 'answerSucceeded', params: ({ event }) => event.output }, target: 'deleted' },
              { target: '#questActions.idle', actions: { type: 'notify', params: errorNotice(DELETE_ACTIVE_FAILED) } },
            ],
            onError: {
              target: '#questActions.idle',
              actions: { type: 'notify', params: errorNotice(DELETE_ACTIVE_FAILED) },
            },
          },
        },
        deletingDraft: {
          invoke: {
            id: 'deleteDraft',
            src: 'deleteDraft',
            input: call,
            onDone: [
              { guard: { type: 'answerSucceeded', params: ({ event }) => event.output }, target: 'deleted' },
              {
                target: '#questActions.idle',
                actions: [
                  { type: 'notify', params: errorNotice(DELETE_DRAFT_FAILED) },
                  { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
                ],
              },
            ],
            onError: {
              target: '#questActions.idle',
              actions: [
                { type: 'notify', params: errorNotice(DELETE_DRAFT_FAILED) },
                { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
              ],
            },
          },
        },
        deleted: {
          always: {
            target: '#questActions.idle',
            actions: [
              { type: 'notify', params: { message: QUEST_DELETED, kind: 'success' } },
              { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
        },
      },
    },
  },
});

export type QuestActionsActor = ActorRefFrom<typeof questActionsMachine>;
