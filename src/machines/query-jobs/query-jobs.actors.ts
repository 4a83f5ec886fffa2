/** The job-history flow bound to the integrations service and the snackbars. */
import { fromPromise } from 'xstate';
import { queryJobsMachine } from './query-jobs.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { cancelQueryJob, listQueryJobs } from '../../services/integrations.service';

export const queryJobsFlow = defineFlow({
  name: 'query-jobs',
  bind: () =>
    queryJobsMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => listQueryJobs(input.appId, input.cursor, signal)),
        cancelJob: fromPromise(({ input, signal }) => cancelQueryJob(input.appId, input.jobId, signal)),
      },
      actions: { notify: showNotice },
    }),
});
