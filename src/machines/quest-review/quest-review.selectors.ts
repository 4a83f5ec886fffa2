/** The review dialog and bulk buttons' view model from the quest-review snapshot. */
import type { SnapshotFrom } from 'xstate';
import { DISCARD_ALL_TITLE, discardAllPlan, discardAllQuestion, type questReviewMachine } from './quest-review.machine';
import type { SendTo } from '../shared/flow';
import type { Quest } from '../../contracts/acquire';

export const selectQuestReview = (s: SnapshotFrom<typeof questReviewMachine>) => ({
  open: s.matches('open'),
  questId: s.context.questId,
  publishing: s.matches({ open: 'publishing' }),
  discarding: s.matches({ open: 'discarding' }),
  bulkBusy: s.matches('publishingAll') || s.matches('discardingAll'),
  publishingAll: s.matches('publishingAll'),
  discardingAll: s.matches({ discardingAll: 'running' }),
  /** The Discard all question (open while it asks; busy while the call runs). */
  discardAllConfirm: {
    open: s.matches('discardingAll'),
    busy: s.matches({ discardingAll: 'running' }),
    title: DISCARD_ALL_TITLE,
    message: s.context.discardPlan ? discardAllQuestion(s.context.discardPlan) : '',
  },
  error: s.context.error,
});

/** The events the quests grid and the review dialog send, as named senders. */
export const questReviewActions = (send: SendTo<typeof questReviewMachine>) => ({
  open: (questId: string) => send({ type: 'OPEN', questId }),
  publish: () => send({ type: 'PUBLISH' }),
  discard: () => send({ type: 'DISCARD' }),
  close: () => send({ type: 'CLOSE' }),
  publishAll: () => send({ type: 'PUBLISH_ALL' }),
  /** Asks first, naming the never-published quests it deletes (`discardAllPlan`). */
  discardAll: (quests: readonly Pick<Quest, 'id' | 'active' | 'draft'>[]) =>
    send({ type: 'DISCARD_ALL', plan: discardAllPlan(quests) }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
});
