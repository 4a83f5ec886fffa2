/** The postback log flow bound to the postbacks service, the CSV writer (src/lib/postback-log-csv.ts) and the snackbars. */
import { fromPromise } from 'xstate';
import { postbackLogMachine } from './postback-log.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { exportPostbackLog, listPostbackLog } from '../../services/postbacks.service';
import { downloadPostbackLogCsv } from '../../lib/postback-log-csv';

export const postbackLogFlow = defineFlow({
  name: 'postback-log',
  bind: () =>
    postbackLogMachine.provide({
      actors: {
        loadPage: fromPromise(({ input, signal }) => listPostbackLog(input.appId, input.source, input.query, signal)),
        exportAll: fromPromise(async ({ input, signal }) => {
          const { entries } = await exportPostbackLog(input.appId, input.source, input.query, signal);
          downloadPostbackLogCsv(entries);
        }),
      },
      actions: { notify: showNotice },
    }),
});
