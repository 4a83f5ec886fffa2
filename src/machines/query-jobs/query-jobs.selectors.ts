/** View model of the Jobs card (docs/integrations.md §Job history) and its events as named senders. */
import { QUERY_JOB_MESSAGES } from '../../contracts/query-jobs';
import type { QueryJobsSnapshot, queryJobsMachine } from './query-jobs.machine';
import type { SendTo } from '../shared/flow';

export const selectQueryJobs = (s: QueryJobsSnapshot) => ({
  loading: s.matches('loading'),
  error: s.matches('failed') ? s.context.error : null,
  entries: s.context.entries,
  hasMore: s.context.nextCursor !== null,
  loadingMore: s.matches('loadingMore'),
  moreError: s.context.moreError,
  usdPerTiB: s.context.usdPerTiB,
  confirm: {
    open: s.matches('confirmingCancel') || s.matches('cancelling'),
    title: 'Cancel job?',
    message: QUERY_JOB_MESSAGES.confirmCancel,
    busy: s.matches('cancelling'),
    error: s.context.cancelError,
  },
});

export const queryJobsActions = (send: SendTo<typeof queryJobsMachine>) => ({
  more: () => send({ type: 'MORE' }),
  retry: () => send({ type: 'RETRY' }),
  refresh: () => send({ type: 'REFRESH' }),
  cancel: (id: string) => send({ type: 'CANCEL', id }),
  confirm: () => send({ type: 'CONFIRM' }),
  dismiss: () => send({ type: 'DISMISS' }),
});
