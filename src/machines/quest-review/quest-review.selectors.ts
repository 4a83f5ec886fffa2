/** The review dialog and bulk buttons' view model from the quest-review snapshot. */
import type { SnapshotFrom } from 'xstate';
import { DISCARD_ALL_TITLE, discardAllQuestion, type questReviewMachine } from './quest-review.machine';

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
