/** The delete-report flow bound to the analytics service, the snackbars and the cached report lists. */
import { deleteReportMachine } from './delete-report.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { deleteTemplate } from '../../services/analyze.service';
import { templatesKey } from '../../services/analyze.queries';
import type { TemplateSummary } from '../../contracts/analyze';
import { queryClient } from '../../queryClient';

export const liveDeleteReportMachine = deleteReportMachine.provide({
  actors: {
    deleteTemplate: mutation(({ appId, reportId }, signal) => deleteTemplate(appId, reportId, signal)),
  },
  actions: {
    notify: showNotice,
    deleted: (_, { appId, id }) => {
      queryClient.setQueryData(templatesKey(appId), (list: TemplateSummary[] | undefined) =>
        list?.filter((t) => t.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: templatesKey(appId) });
    },
    logError: (_, { error }) => {
      console.error('[delete report]', error);
    },
  },
});

export const deleteReportFlow = defineFlow({ name: 'delete-report', bind: () => liveDeleteReportMachine });
