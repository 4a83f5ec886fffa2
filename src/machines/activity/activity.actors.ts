/** The activity flow bound to the activity service, the CSV writer (src/lib/activity-csv.ts) and the snackbars. */
import { fromPromise } from 'xstate';
import { activityMachine } from './activity.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { exportActivity, listActivity } from '../../services/activity.service';
import { downloadActivityCsv } from '../../lib/activity-csv';

export interface ActivityDeps {
  /** An app id in words (the CSV's App column). */
  appName(appId: string): string;
}

export const activityFlow = defineFlow({
  name: 'activity',
  bind: (deps: () => ActivityDeps) =>
    activityMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => listActivity(input.workspaceId, input.query, signal)),
        exportAll: fromPromise(async ({ input, signal }) => {
          const { entries } = await exportActivity(input.workspaceId, input.query, signal);
          downloadActivityCsv(entries, (id) => deps().appName(id));
        }),
      },
      actions: { notify: showNotice },
    }),
});
