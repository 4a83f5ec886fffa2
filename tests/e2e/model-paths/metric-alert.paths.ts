/**
 * The metric alerts' table (src/machines/metric-alert, src/views/analyze/MetricAlertButton.tsx,
 * src/views/notifications/MetricAlertsSection.tsx and MetricAlertDialog.tsx; docs/notifications.md §Metric alerts):
 * each event → what the editor does on a saved report ("Alert on a metric…" and its dialog) or in the "Metric
 * alerts" section of /workspace/{id}/notifications, each state → what the page shows. The metric-alert calls are
 * routed with the machine's own answers (a refusal in the server's words is a 400 ApiError), so nothing is stored;
 * the evaluation and delivery are tested in tests/server/metric-alerts.test.ts. Each test saves its own report
 * through the API and deletes it at its end.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  METRIC_ALERTS_LOAD_FAILED,
  metricAlertMachine,
  thresholdError,
  type MetricAlertContext,
} from '../../../src/machines/metric-alert/metric-alert.machine';
import { describeRule, type MetricAlert } from '../../../src/contracts/metric-alerts';
import { ApiError } from '../../../src/services/http';
import { savedTemplate } from '../../fixtures/analyze';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { appPath, unique } from '../pages/demo';
import { ANALYZE_APP } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, type EventEntry, type FlowTable, type Ui } from './driver';

const WORKSPACE = 'demo-studio';
const app = ANALYZE_APP.id;

interface AlertUi extends Ui {
  token: string;
  reportId: string;
  title: string;
  /** Where the path runs: the saved report (its button and dialog) or the notifications page (the list). */
  where: 'report' | 'list';
}

const alert = (id: string, patch: Partial<MetricAlert> = {}): MetricAlert => ({
  id,
  appId: app,
  reportId: 'path-report',
  reportTitle: 'Path report',
  metric: 'new_users',
  metricLabel: 'New Users',
  condition: 'above',
  threshold: 1200,
  email: true,
  paused: false,
  lastFiredDay: '2026-11-26',
  lastFiredValue: 1310,
  deliveryFailing: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});
const REFUSED = 'Choose one of the report’s metrics.';
// The saved report's metrics, as the builder shows them (savedTemplate: New Users and Retention D1).
const METRICS = [
  { column: 'new_users', label: 'New Users' },
  { column: 'retention_d1', label: 'Retention D1' },
];

const E = {
  retry: { type: 'RETRY' },
  add: { type: 'ADD', report: { appId: app, reportId: 'path-report', metrics: METRICS } },
  edit: { type: 'EDIT', id: 'ma-1', metrics: [] },
  metric: { type: 'CHANGE_METRIC', metric: 'retention_d1' },
  anomaly: { type: 'CHANGE_CONDITION', condition: 'anomaly' },
  k11: { type: 'CHANGE_THRESHOLD', value: '11' },
  k4: { type: 'CHANGE_THRESHOLD', value: '4' },
  value: { type: 'CHANGE_THRESHOLD', value: '1500' },
  email: { type: 'TOGGLE_EMAIL' },
  save: { type: 'SAVE' },
  cancel: { type: 'CANCEL' },
  pause: { type: 'TOGGLE_PAUSE', id: 'ma-1' },
  remove: { type: 'DELETE', id: 'ma-1' },
  confirm: { type: 'CONFIRM' },
  loadedEmpty: doneEvent('loadMetricAlerts', { success: true, alerts: [] }),
  loaded: doneEvent('loadMetricAlerts', { success: true, alerts: [alert('ma-1', { deliveryFailing: true })] }),
  loadFailed: crashEvent('loadMetricAlerts'),
  created: doneEvent('saveMetricAlert', {
    success: true,
    alert: alert('ma-2', { metric: 'retention_d1', metricLabel: 'Retention D1', condition: 'anomaly', threshold: 4 }),
  }),
  updated: doneEvent('saveMetricAlert', { success: true, alert: alert('ma-1', { threshold: 1500 }) }),
  saveRefused: {
    type: 'xstate.error.actor.saveMetricAlert',
    error: new ApiError(400, REFUSED, 'bad_request'),
    actorId: 'saveMetricAlert',
  } as EventObject,
  paused: doneEvent('pauseMetricAlert', { success: true, alert: alert('ma-1', { paused: true, threshold: 1500 }) }),
  pauseFailed: crashEvent('pauseMetricAlert'),
  deleted: doneEvent('deleteMetricAlert', { success: true }),
  deleteFailed: crashEvent('deleteMetricAlert'),
};

const ctx = (state: AnyMachineSnapshot) => state.context as MetricAlertContext;
const errorOf = (event: EventObject) => (event as EventObject & { error?: unknown }).error;
const routed = (method: string, url: RegExp, name: string): EventEntry<AlertUi> =>
  outcome<AlertUi>(
    { method, url },
    (event) => {
      const error = errorOf(event);
      if (error instanceof ApiError)
        return { status: error.status, json: { success: false, message: error.message, code: error.code } };
      if (event.type.startsWith('xstate.error.')) return answers.crash;
      return { status: 200, json: (event as EventObject & { output: unknown }).output };
    },
    (event) => (event.type.startsWith('xstate.error.') ? `${name} refused` : `${name} ✓`),
  );
const ALERTS = '/api/workspace/[^/]+/notifications/metric-alerts';
const listCall = routed('GET', new RegExp(`${ALERTS}(\\?.*)?$`), 'list');
const createCall = routed('POST', new RegExp(`${ALERTS}$`), 'add');
const updateCall = routed('PUT', new RegExp(`${ALERTS}/[^/]+$`), 'save');
// A new alert is a POST of the list, a change a PUT of the alert: the paths add ma-2 (and are refused only when
// adding) and change ma-1.
const isCreate = (event: EventObject) =>
  event.type.startsWith('xstate.error.') ||
  (event as EventObject & { output: { alert: MetricAlert } }).output.alert.id !== 'ma-1';
const saveCall: EventEntry<AlertUi> = {
  arrange: (ui, event) => (isCreate(event) ? createCall : updateCall).arrange!(ui, event),
  act: (ui, event, before) => (isCreate(event) ? createCall : updateCall).act(ui, event, before),
  label: (event) => (isCreate(event) ? createCall : updateCall).label!(event),
};
const pauseCall = routed('PUT', new RegExp(`${ALERTS}/[^/]+$`), 'pause');
const deleteCall = routed('DELETE', new RegExp(`${ALERTS}/[^/]+$`), 'delete');

const section = (ui: AlertUi) => ui.page.getByRole('region', { name: 'Metric alerts', exact: true });
const dialog = (ui: AlertUi) => ui.page.getByRole('dialog');
const addButton = (ui: AlertUi) => ui.page.getByRole('button', { name: 'Alert on a metric…', exact: true });
const thresholdLabel = /^(Value|Change \(%\)|k \(band width\))$/;

const openReport = async (ui: AlertUi) => {
  ui.where = 'report';
  await ui.page.goto(appPath(app, `analyze/report/${ui.reportId}`));
  await expect(ui.page.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled({ timeout: 30_000 });
};
const openList = async (ui: AlertUi) => {
  ui.where = 'list';
  await ui.page.goto(`/workspace/${WORKSPACE}/notifications`);
  await expect(section(ui).getByRole('heading', { level: 2, name: 'Metric alerts', exact: true })).toBeVisible({
    timeout: 20_000,
  });
};

export const metricAlertTable: FlowTable<AlertUi> = {
  flow: 'metric-alert',
  machine: metricAlertMachine,
  serialize: (state) =>
    JSON.stringify([state.value, ctx(state).alerts.length, ctx(state).showErrors, ctx(state).error !== null]),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.editor);
    const title = unique('Alert report');
    const report = {
      ...savedTemplate.template.report,
      configuration: { ...savedTemplate.template.report.configuration, date_range: [] },
    };
    const res = await page.request.post(`/analytics/template/${app}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { report, saveTemplate: true, id: null, title },
    });
    expect(res.status(), 'saving the report a path alerts on').toBe(200);
    const reportId = ((await res.json()) as { template: { id: string } }).template.id;
    return { page, token, reportId, title, where: 'report' as const };
  },
  async teardown(ui) {
    const res = await ui.page.request.delete(`/analytics/template/${app}/${ui.reportId}`, {
      headers: { authorization: `Bearer ${ui.token}` },
    });
    expect([200, 404], 'the report this test saved is gone').toContain(res.status());
  },
  traversals: [
    // On the saved report: the dialog opens on its first metric; Escape closes it; k 11 refused in the dialog
    // (nothing sent); another metric, k 4, no e-mail; refused in the server's words, then added.
    {
      name: 'add on a report',
      kind: 'journey',
      input: { workspaceId: WORKSPACE, reportId: 'path-report' },
      open: openReport,
      events: [
        E.loadedEmpty,
        E.add,
        E.cancel,
        E.add,
        E.anomaly,
        E.k11,
        E.save,
        E.metric,
        E.k4,
        E.email,
        E.save,
        E.saveRefused,
        E.save,
        E.created,
      ],
    },
    // The notifications page: a crashed load (Try again), the list with "Delivery failing"; edit and save; pause,
    // failing once; delete, cancelled, failing once, then deleted (the empty list).
    {
      name: 'manage on the notifications page',
      kind: 'journey',
      input: { workspaceId: WORKSPACE, reportId: null },
      open: openList,
      events: [
        E.loadFailed,
        E.retry,
        E.loaded,
        E.edit,
        E.value,
        E.save,
        E.updated,
        E.pause,
        E.pauseFailed,
        E.pause,
        E.paused,
        E.remove,
        E.cancel,
        E.remove,
        E.confirm,
        E.deleteFailed,
        E.confirm,
        E.deleted,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => section(ui).getByRole('button', { name: 'Try again', exact: true }).click() },
    ADD: { act: (ui) => addButton(ui).click() },
    EDIT: {
      act: (ui, _event, before) => {
        const a = ctx(before).alerts[0]!;
        return section(ui)
          .getByRole('button', { name: `Edit alert: ${describeRule(a.metricLabel, a.condition, a.threshold)}` })
          .click();
      },
    },
    CHANGE_METRIC: {
      act: (ui, event: { metric: string }) =>
        dialog(ui)
          .getByLabel('Metric', { exact: true })
          .selectOption(event.metric)
          .then(() => {}),
    },
    CHANGE_CONDITION: {
      act: (ui, event: { condition: string }) =>
        dialog(ui)
          .getByLabel('Condition', { exact: true })
          .selectOption(event.condition)
          .then(() => {}),
    },
    CHANGE_THRESHOLD: {
      act: (ui, event: { value: string }) => dialog(ui).getByLabel(thresholdLabel).fill(event.value),
      label: (event: { value: string }) => `CHANGE_THRESHOLD ${event.value}`,
    },
    TOGGLE_EMAIL: { act: (ui) => dialog(ui).getByRole('checkbox', { name: 'Also by e-mail', exact: true }).click() },
    SAVE: {
      act: (ui) =>
        dialog(ui)
          .getByRole('button', { name: /^(Add|Save) alert$/ })
          .click(),
    },
    // Escape closes the dialog (and the delete confirm); the confirm's own Cancel is a button.
    CANCEL: {
      act: async (ui, _event, before) => {
        if (before.matches('editing')) await ui.page.keyboard.press('Escape');
        else await dialog(ui).getByRole('button', { name: 'Cancel', exact: true }).click();
      },
      label: () => 'CANCEL',
    },
    TOGGLE_PAUSE: {
      act: (ui, _event, before) => {
        const a = ctx(before).alerts[0]!;
        return section(ui)
          .getByRole('button', {
            name: `${a.paused ? 'Resume' : 'Pause'} alert: ${describeRule(a.metricLabel, a.condition, a.threshold)}`,
          })
          .click();
      },
    },
    DELETE: {
      act: (ui, _event, before) => {
        const a = ctx(before).alerts[0]!;
        return section(ui)
          .getByRole('button', { name: `Delete alert: ${describeRule(a.metricLabel, a.condition, a.threshold)}` })
          .click();
      },
    },
    CONFIRM: { act: (ui) => dialog(ui).getByRole('button', { name: 'Delete', exact: true }).click() },
    'xstate.done.actor.loadMetricAlerts': listCall,
    'xstate.error.actor.loadMetricAlerts': listCall,
    'xstate.done.actor.saveMetricAlert': saveCall,
    'xstate.error.actor.saveMetricAlert': saveCall,
    'xstate.done.actor.pauseMetricAlert': pauseCall,
    'xstate.error.actor.pauseMetricAlert': pauseCall,
    'xstate.done.actor.deleteMetricAlert': deleteCall,
    'xstate.error.actor.deleteMetricAlert': deleteCall,
  },
  states: {
    'metricAlert.loading': async (ui) => {
      if (ui.where === 'list')
        await expect(section(ui).getByText('Loading your metric alerts…', { exact: true })).toBeVisible();
      else await expect(addButton(ui)).toBeDisabled();
    },
    'metricAlert.failed': async (ui) => {
      await expect(section(ui).getByRole('alert').filter({ hasText: METRIC_ALERTS_LOAD_FAILED })).toBeVisible();
      await expect(section(ui).getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
    },
    'metricAlert.ready': async (ui, state) => {
      const { alerts, notice, error } = ctx(state);
      await expect(ui.page.getByRole('dialog')).toHaveCount(0);
      if (ui.where === 'report') {
        await expect(addButton(ui)).toBeEnabled();
        if (alerts.length > 0)
          await expect(
            ui.page.getByText(`${alerts.length} alert${alerts.length === 1 ? '' : 's'} on this report`, {
              exact: true,
            }),
          ).toBeVisible();
        return;
      }
      if (alerts.length === 0) await expect(section(ui).getByText(/^No metric alerts yet\./)).toBeVisible();
      for (const a of alerts)
        await expect(
          section(ui).getByRole('heading', {
            level: 3,
            name: describeRule(a.metricLabel, a.condition, a.threshold),
            exact: true,
          }),
        ).toBeVisible();
      await expect(section(ui).getByText('Delivery failing', { exact: true })).toHaveCount(
        alerts.filter((a) => a.deliveryFailing).length,
      );
      await expect(section(ui).getByText('Paused', { exact: true })).toHaveCount(alerts.filter((a) => a.paused).length);
      if (notice) await expect(section(ui).getByText(notice, { exact: true })).toBeVisible();
      if (error) await expect(section(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
    },
    'metricAlert.editing': async (ui, state) => {
      const { draft, showErrors, error } = ctx(state);
      await expect(dialog(ui).getByLabel('Metric', { exact: true })).toHaveValue(draft.metric);
      await expect(dialog(ui).getByLabel('Condition', { exact: true })).toHaveValue(draft.condition);
      await expect(dialog(ui).getByLabel(thresholdLabel)).toHaveValue(draft.threshold);
      await expect(dialog(ui).getByRole('checkbox', { name: 'Also by e-mail', exact: true })).toBeChecked({
        checked: draft.email,
      });
      const problem = showErrors ? thresholdError(draft.condition, draft.threshold) : null;
      if (problem) await expect(dialog(ui).getByText(problem, { exact: true })).toBeVisible();
      if (error) await expect(dialog(ui).getByRole('alert').filter({ hasText: error })).toBeVisible();
      else await expect(dialog(ui).getByRole('alert')).toHaveCount(0);
    },
    'metricAlert.saving': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: /^(Add|Save) alert$/ })).toHaveAttribute('aria-busy', 'true');
    },
    'metricAlert.pausing': async (ui, state) => {
      const a = ctx(state).alerts.find((x) => x.id === ctx(state).target)!;
      await expect(
        section(ui).getByRole('button', {
          name: `${a.paused ? 'Resume' : 'Pause'} alert: ${describeRule(a.metricLabel, a.condition, a.threshold)}`,
        }),
      ).toHaveAttribute('aria-busy', 'true');
    },
    'metricAlert.confirmingDelete': async (ui, state) => {
      await expect(dialog(ui).getByRole('heading', { name: 'Delete metric alert?' })).toBeVisible();
      if (ctx(state).error) await expect(dialog(ui).getByRole('alert')).toHaveText(ctx(state).error!);
    },
    'metricAlert.deleting': async (ui) => {
      await expect(dialog(ui).getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  },
  timeout: 90_000,
};
