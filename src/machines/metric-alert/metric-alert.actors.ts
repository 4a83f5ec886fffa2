/** The metric alerts' flow bound to the metric-alert calls (src/services/notifications.service.ts). */
import { fromPromise } from 'xstate';
import { metricAlertMachine } from './metric-alert.machine';
import { defineFlow } from '../shared/flow';
import { deleteMetricAlert, listMetricAlerts, saveMetricAlert } from '../../services/notifications.service';

export const metricAlertFlow = defineFlow({
  name: 'metric-alert',
  bind: () =>
    metricAlertMachine.provide({
      actors: {
        loadMetricAlerts: fromPromise(({ input, signal }) =>
          listMetricAlerts(input.workspaceId, input.reportId, signal),
        ),
        saveMetricAlert: fromPromise(({ input }) => saveMetricAlert(input.workspaceId, input.alertId, input.input)),
        deleteMetricAlert: fromPromise(({ input }) => deleteMetricAlert(input.workspaceId, input.alertId)),
      },
    }),
});
