/** The review dialog and bulk buttons' view model from the quest-review snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { questReviewMachine } from './quest-review.machine';

export const selectQuestReview = (s: SnapshotFrom<typeof questReviewMachine>) => ({
  open: s.matches('open'),
  questId: s.context.questId,
  publishing: s.matches({ open: 'publishing' }),
  discarding: s.matches({ open: 'discarding' }),
  bulkBusy: s.matches('publishingAll') || s.matches('discardingAll'),
  publishingAll: s.matches('publishingAll'),
  discardingAll: s.matches('discardingAll'),
  error: s.context.error,
});
