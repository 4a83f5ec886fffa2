/**
 * Quest changes: draft → review → publish or discard, one or all (docs/acquire.md §Quest states "Quest changes go draft, then review and
 * publish or discard (one, or all)", §Messages 'Failed to discard changes.', 'All quests failed to publish.', 'All quests
 * failed to discard.'; partial bulk failures say which quests failed, in the server's words; a publish refused by the
 * pre-publish check shows the server's reason per step).
 *
 *   closed ─OPEN {quest}→ open.reviewing ─PUBLISH→ open.publishing ─→ closed (notice) | open.reviewing + error
 *                                        ─DISCARD→ open.discarding ─→ closed | open.reviewing + 'Failed to discard changes.'
 *                                        ─CLOSE→ closed
 *   closed ─PUBLISH_ALL→ publishingAll ─→ closed: all published (success) | some failed (warning: which) | none
 *                                              ('All quests failed to publish.')
 *   closed ─DISCARD_ALL {plan}→ discardingAll.confirming ─CONFIRM→ discardingAll.running ─→ closed, likewise with
 *                                 └─CANCEL→ closed                   'All quests failed to discard.'
 * Discarding a never-published quest's draft deletes the quest (nothing else is left of it), so Discard all asks
 * first, naming how many quests revert to their published version and which never-published ones are deleted
 * (`discardAllPlan`, `discardAllQuestion`). The ask → call step is the shared confirm-mutation child (invoke id
 * `discardAll`). `questsChanged` (refresh the grid) and `notify` are provided by quest-review.actors.ts.
 */
import { and, assign, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { BulkQuestResult, Quest } from '../../contracts/acquire';
import type { SuccessMessage } from '../../contracts/codecs';
import { serverWords } from '../shared/api-error';
import { confirmMutation, confirmStates, succeeded, outcomeDone, outcome } from '../shared/confirm-mutation.machine';
import { notify, type Notice } from '../shared/notice';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export const DISCARD_FAILED = 'Failed to discard changes.';
export const ALL_PUBLISH_FAILED = 'All quests failed to publish.';
export const ALL_DISCARD_FAILED = 'All quests failed to discard.';
/** Ours (docs/acquire.md §Messages has no publish-one failure text); the server's reason is shown when it gave one. */
export const PUBLISH_FAILED = 'Failed to publish changes.';

type QuestCall = { appId: string; questId: string };

/** What Discard all does to the quests with changes: published ones go back to their active version, the others go. */
export interface DiscardAllPlan {
  /** The quests asked about: the server discards only these (a draft saved after the question stays). */
  questIds: string[];
  /** How many published quests lose their draft. */
  reverted: number;
  /** The names of the never-published quests, deleted with their draft. */
  deleted: string[];
}

/** The plan for the quests of the grid (the server discards every quest that has a draft). */
export function discardAllPlan(quests: readonly Pick<Quest, 'id' | 'active' | 'draft'>[]): DiscardAllPlan {
  const withDraft = quests.filter((q) => q.draft);
  return {
    questIds: withDraft.map((q) => q.id),
    reverted: withDraft.filter((q) => q.active).length,
    deleted: withDraft.filter((q) => !q.active).map((q) => q.draft!.name),
  };
}

const quests = (n: number) => `${n} quest${n === 1 ? '' : 's'}`;
export const DISCARD_ALL_TITLE = 'Discard all changes?';
/** The question of the Discard all dialog: how many quests, how many revert, which are deleted. */
export function discardAllQuestion(plan: DiscardAllPlan): string {
  const total = plan.reverted + plan.deleted.length;
  const parts = [`Discard the unpublished changes of ${quests(total)}?`];
  if (plan.reverted > 0) {
    parts.push(
      `${plan.reverted === 1 ? '1 published quest goes' : `${plan.reverted} published quests go`} back to the published version.`,
    );
  }
  if (plan.deleted.length > 0) {
    const names = plan.deleted.join(', ');
    parts.push(
      plan.deleted.length === 1
        ? `${names} was never published and will be deleted.`
        : `${plan.deleted.length} quests were never published and will be deleted: ${names}.`,
    );
  }
  return parts.join(' ');
}

export interface QuestReviewContext {
  appId: string;
  questId: string | null;
  error: string | null;
  /** What the Discard all being asked about would do. */
  discardPlan: DiscardAllPlan | null;
}

export type QuestReviewEvent =
  | { type: 'OPEN'; questId: string }
  | { type: 'PUBLISH' }
  | { type: 'DISCARD' }
  | { type: 'CLOSE' }
  | { type: 'PUBLISH_ALL' }
  | { type: 'DISCARD_ALL'; plan: DiscardAllPlan }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

const errorNotice = (message: string): Notice => ({ message, kind: 'error', duration: 'long' });

/** What a bulk answer means: all done, some failed (the server's words say which), or none. */
export function bulkNotice(answer: BulkQuestResult, allFailed: string): Notice {
  if (answer.failed.length === 0) return { message: answer.message ?? 'Done.', kind: 'success' };
  if (answer.succeeded.length === 0) return errorNotice(allFailed);
  return { message: answer.message ?? allFailed, kind: 'warning', duration: 'long' };
}

export const questReviewMachine = setup({
  types: {
    context: {} as QuestReviewContext,
    events: {} as QuestReviewEvent,
    input: {} as { appId: string },
    children: {} as {
      publishQuest: 'publishQuest';
      discardQuest: 'discardQuest';
      publishAll: 'publishAll';
      discardAll: 'discardAll';
    },
  },
  actors: {
    publishQuest: toProvide<SuccessMessage, QuestCall>('publishQuest'),
    discardQuest: toProvide<SuccessMessage, QuestCall>('discardQuest'),
    publishAll: toProvide<BulkQuestResult, { appId: string }>('publishAll'),
    discardAll: confirmMutation<{ appId: string; questIds: string[] }, BulkQuestResult>(),
  },
  guards: {
    answerSucceeded,
    outcomeDone,
    running: stateIn({ discardingAll: 'running' }),
  },
  actions: {
    notify,
    questsChanged: (_args, _params: { appId: string }) => {},
  },
}).createMachine({
  id: 'questReview',
  context: ({ input }) => ({ appId: input.appId, questId: null, error: null, discardPlan: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: { target: 'open', actions: assign({ questId: ({ event }) => event.questId, error: null }) },
        PUBLISH_ALL: 'publishingAll',
        DISCARD_ALL: { target: 'discardingAll', actions: assign({ discardPlan: ({ event }) => event.plan }) },
      },
    },
    open: {
      initial: 'reviewing',
      states: {
        reviewing: {
          on: {
            PUBLISH: { target: 'publishing', actions: assign({ error: null }) },
            DISCARD: { target: 'discarding', actions: assign({ error: null }) },
            CLOSE: '#questReview.closed',
          },
        },
        publishing: {
          invoke: {
            id: 'publishQuest',
            src: 'publishQuest',
            input: ({ context }) => ({ appId: context.appId, questId: context.questId! }),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: '#questReview.closed',
                actions: [
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      message: event.output.message || 'Changes published.',
                      kind: 'success' as const,
                    }),
                  },
                  { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
                ],
              },
              {
                target: 'reviewing',
                actions: assign({ error: ({ event }) => event.output.message || PUBLISH_FAILED }),
              },
            ],
            onError: {
              target: 'reviewing',
              actions: assign({ error: ({ event }) => serverWords(event.error) ?? PUBLISH_FAILED }),
            },
          },
        },
        discarding: {
          invoke: {
            id: 'discardQuest',
            src: 'discardQuest',
            input: ({ context }) => ({ appId: context.appId, questId: context.questId! }),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: '#questReview.closed',
                actions: [
                  {
                    type: 'notify',
                    params: ({ event }) => ({
                      message: event.output.message || 'Changes discarded.',
                      kind: 'success' as const,
                    }),
                  },
                  { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
                ],
              },
              {
                target: 'reviewing',
                actions: [assign({ error: DISCARD_FAILED }), { type: 'notify', params: errorNotice(DISCARD_FAILED) }],
              },
            ],
            onError: {
              target: 'reviewing',
              actions: [assign({ error: DISCARD_FAILED }), { type: 'notify', params: errorNotice(DISCARD_FAILED) }],
            },
          },
        },
      },
    },
    publishingAll: {
      invoke: {
        id: 'publishAll',
        src: 'publishAll',
        input: ({ context }) => ({ appId: context.appId }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'notify', params: ({ event }) => bulkNotice(event.output, ALL_PUBLISH_FAILED) },
            { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
          ],
        },
        onError: { target: 'closed', actions: { type: 'notify', params: errorNotice(ALL_PUBLISH_FAILED) } },
      },
    },
    discardingAll: {
      exit: assign({ discardPlan: null }),
      invoke: {
        id: 'discardAll',
        src: 'discardAll',
        input: ({ context }) => ({
          request: { appId: context.appId, questIds: context.discardPlan?.questIds ?? [] },
          confirm: true,
        }),
        // The child answers only once confirmed (running); CANCEL leaves before it could.
        onDone: [
          {
            guard: and(['running', outcome('outcomeDone')]),
            target: 'closed',
            actions: [
              {
                type: 'notify',
                params: ({ event }) =>
                  succeeded(event.output)
                    ? bulkNotice(event.output.answer, ALL_DISCARD_FAILED)
                    : errorNotice(ALL_DISCARD_FAILED),
              },
              { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
          {
            guard: 'running',
            target: 'closed',
            actions: [
              { type: 'notify', params: errorNotice(ALL_DISCARD_FAILED) },
              { type: 'questsChanged', params: ({ context }) => ({ appId: context.appId }) },
            ],
          },
        ],
        onError: { target: 'closed', actions: { type: 'notify', params: errorNotice(ALL_DISCARD_FAILED) } },
      },
      initial: 'confirming',
      states: confirmStates('discardAll', '#questReview.closed'),
    },
  },
});

export type QuestReviewActor = ActorRefFrom<typeof questReviewMachine>;
