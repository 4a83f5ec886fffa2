/**
 * The report builder's table (src/machines/report-builder/report-builder.machine.ts, src/views/analyze/*; docs/analyze.md §Screens and routes
 * Report builder, §Report states report lifecycle and settings panel, §Rules and limits limit and conditions, §Messages report messages) on the demo
 * app with data, as the demo editor: each event → what the editor does on /analyze/new or /analyze/report/{id}, each
 * state → what the page shows, read from the state the machine predicts (its selectors give the Run button's state).
 *
 * Payloads are the model tier's fixtures (tests/fixtures/analyze.ts, the real catalogue's columns). Calls are held
 * from the step that sends them, then answered by the real server, or refused (`success: false`) or crashed (500)
 * through Playwright routes. The saved report a path opens is made for that test, and every report a test's runs
 * save is deleted when it ends, so other specs never meet them.
 */
import { expect, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  reportBuilderMachine,
  type OpenOutput,
  type ReportBuilderContext,
  type ReportBuilderEvent,
  type RunOutput,
} from '../../../src/machines/report-builder/report-builder.machine';
import { selectHeader, selectRun } from '../../../src/machines/report-builder/report-builder.selectors';
import {
  builderEvents,
  dailyMetricsConfig,
  eventsConfig,
  renamed,
  resultRows,
  runNotSaved,
  runSucceeded,
  savedTemplate,
} from '../../fixtures/analyze';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { ANALYZE_APP, ReportBuilder } from '../pages/report-builder.page';
import { answers, crashEvent, doneEvent, outcome, TRANSIENT, type EventEntry, type FlowTable, type Ui } from './driver';

// docs/analyze.md §Messages, verbatim.
const RUN_FAILED = 'We encountered an error while creating the report. Please try again later.';

interface BuilderUi extends Ui {
  builder: ReportBuilder;
  token: string;
  /** The saved report the 'saved report' paths open (made for this test). */
  reportId: string | null;
  /** Every report this test saved (deleted at its end). */
  saved: Set<string>;
}

type Ev<K extends ReportBuilderEvent['type']> = Extract<ReportBuilderEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ReportBuilderContext;
const app = ANALYZE_APP.id;

// ---------------------------------------------------------------------------------------------------------------
// Event payloads (the outcomes' payloads only decide the answer: the real server's, a refusal or a crash)

const runOk: RunOutput = { saved: runSucceeded, rows: resultRows };
/** An unnamed new report's first save is titled from its question (the default metrics by date), as the server saves it. */
const runOkByDate: RunOutput = {
  saved: {
    ...runSucceeded,
    template: { ...runSucceeded.template!, title: 'New Users, New Users % and Retention D1 by Date' },
  },
  rows: resultRows,
};
const opened: OpenOutput = {
  template: savedTemplate.template,
  rows: savedTemplate.report.report,
  config: dailyMetricsConfig,
  compiled: null,
  resolved: null,
};

const E = {
  ...builderEvents,
  configLoaded: doneEvent('loadConfig', dailyMetricsConfig),
  configCrashed: crashEvent('loadConfig'),
  reportLoaded: doneEvent('loadReport', opened),
  reportCrashed: crashEvent('loadReport'),
  runDone: doneEvent('runReport', runOk),
  runDoneByDate: doneEvent('runReport', runOkByDate),
  runNotSaved: doneEvent('runReport', { saved: runNotSaved, rows: null } satisfies RunOutput),
  runCrashed: crashEvent('runReport'),
  renameDone: doneEvent('renameReport', renamed),
  renameRefused: doneEvent('renameReport', runNotSaved),
  renameCrashed: crashEvent('renameReport'),
  deleteConfirmed: doneEvent('deleteReport', { deleted: true }),
  deleteCancelled: doneEvent('deleteReport', { deleted: false }),
  deleteCrashed: crashEvent('deleteReport'),
  modelLoaded: doneEvent('loadModelConfig', eventsConfig),
  modelCrashed: crashEvent('loadModelConfig'),
};

// ---------------------------------------------------------------------------------------------------------------
// Actions

/** A column's label in the catalogue (the fixtures hold the real catalogue's labels). */
const LABELS = new Map(
  [
    ...dailyMetricsConfig.select,
    ...dailyMetricsConfig.group_by_where,
    ...eventsConfig.select,
    ...eventsConfig.group_by_where,
  ].map((c) => [c.column_name, c.label ?? c.column_name]),
);
const label = (column: string) => LABELS.get(column) ?? column;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A picker option: its label, then its column id ('New Users new_users', never 'New Users % new_users_per'). */
const option = (column: string) => new RegExp(`^${escape(label(column))} ${escape(column)}\\b`);
const conditionLabel = (state: AnyMachineSnapshot, key: string) =>
  label(ctx(state).config.conditions.find((c) => c.key === key)!.column_name);

const templateUrl = new RegExp(`/analytics/template/${app}$`);
const configUrl = new RegExp(`/analytics/application/${app}/report/config/[^/]+$`);
const answerOf = (event: EventObject) => {
  if (event.type.startsWith('xstate.error.')) return answers.crash;
  const output = (event as EventObject & { output: unknown }).output as {
    success?: boolean;
    saved?: { success: boolean };
  };
  const success = output.saved ? output.saved.success : output.success !== false;
  return success ? answers.server : { status: 200, json: { success: false, url: '', template: null } };
};
const outcomeLabel = (event: EventObject) => {
  const id = event.type.split('.').pop();
  return event.type.startsWith('xstate.error.')
    ? `${id} 500`
    : answerOf(event) === answers.server
      ? `${id} ✓`
      : `${id} success:false`;
};
const runCall = outcome<BuilderUi>({ method: 'POST', url: templateUrl }, answerOf, outcomeLabel);
const configCall = outcome<BuilderUi>({ method: 'GET', url: configUrl }, answerOf, outcomeLabel);
const openCall = outcome<BuilderUi>(
  { method: 'GET', url: new RegExp(`/analytics/template/${app}/[^/]+$`) },
  answerOf,
  outcomeLabel,
);

const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete Report', exact: true });
/** The delete flow's outcome: the editor confirms (the real server deletes, or answers 500), or cancels. */
const deleteOutcome: EventEntry<BuilderUi> = {
  arrange: async (ui, event) => {
    if (event.type.startsWith('xstate.error.')) {
      await ui.page.route(
        new RegExp(`/analytics/template/${app}/[^/]+$`),
        (route) =>
          route.request().method() === 'DELETE'
            ? route.fulfill({ status: 500, json: (answers.crash as { json: unknown }).json })
            : route.fallback(),
        { times: 1 },
      );
    }
  },
  act: async (ui, event) => {
    const confirm =
      event.type.startsWith('xstate.error.') ||
      (event as EventObject & { output: { deleted: boolean } }).output.deleted;
    await deleteDialog(ui.page)
      .getByRole('button', { name: confirm ? 'Delete' : 'Cancel', exact: true })
      .click();
    await expect(deleteDialog(ui.page)).toHaveCount(0);
  },
  label: (event) =>
    event.type.startsWith('xstate.error.')
      ? 'deleteReport 500'
      : (event as EventObject & { output: { deleted: boolean } }).output.deleted
        ? 'deleteReport confirmed'
        : 'deleteReport cancelled',
};

// ---------------------------------------------------------------------------------------------------------------
// State checks

/** What every `ready` state shows: the title, the status of Run Report, the settings panel and its chosen columns. */
async function readyCommon(ui: BuilderUi, state: AnyMachineSnapshot) {
  const { builder } = ui;
  await builder.expectTitle(selectHeader(state as never).title);
  await expect(builder.runButton).toHaveText(/Run Report/);
  const run = selectRun(state as never);
  if (run.disabled) await expect(builder.runButton).toHaveAttribute('aria-disabled', 'true');
  else await expect(builder.runButton).not.toHaveAttribute('aria-disabled');
  const c = ctx(state);
  await expect(builder.settingsToggle).toHaveText(c.settingsOpen ? 'Hide Settings' : 'Show Settings');
  if (c.settingsOpen) {
    await expect(builder.metricsList.getByRole('listitem')).toHaveText(
      c.config.metrics.map((m) => new RegExp(`^${escape(label(m.column_name))}(?! %)`)),
    );
    await expect(builder.groupBy).toHaveValue(c.config.groupBy?.column_name ?? '');
    await expect(builder.limit).toHaveValue(c.config.limit);
    for (const row of c.config.conditions) {
      const group = builder.condition(label(row.column_name));
      await expect(group.getByRole('checkbox')).toBeChecked({ checked: row.checked });
      if (row.error) await expect(group.getByText(row.error, { exact: true })).toBeVisible();
    }
    await expect(ui.page.getByRole('group', { name: /^Condition / })).toHaveCount(c.config.conditions.length);
    // docs/analyze.md §Breakdown, compare and chart types.
    await expect(combo(ui.page, 'Breakdown')).toHaveValue(c.config.breakdown?.column_name ?? '');
    await expect(combo(ui.page, 'Top')).toHaveValue(c.config.breakdown ? String(c.config.breakdown.top) : '');
    await expect(combo(ui.page, 'Compare with')).toHaveValue(c.config.compare);
    await expect(combo(ui.page, 'Chart')).toHaveValue(c.config.chartType);
    await expect(combo(ui.page, 'Grid')).toHaveValue(c.config.gridLayout);
  }
  await expect(deleteDialog(ui.page)).toHaveCount(0);
  // Saved reports have a Delete button; new ones do not.
  await expect(builder.deleteButton).toHaveCount(c.reportId ? 1 : 0);
}

const combo = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

const loading = async (ui: BuilderUi) => {
  await expect(ui.page.getByRole('status', { name: 'Loading report' })).toBeVisible();
};
const loadFailed = (heading: string) => async (ui: BuilderUi, state: AnyMachineSnapshot) => {
  const alert = ui.page.getByRole('alert').filter({ has: ui.page.getByRole('heading', { name: heading }) });
  await expect(alert).toContainText(ctx(state).error!);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
};
/** The run's failure in the page (a banner; the snackbar may say it too). */
const runBanner = async (ui: BuilderUi, message: string) => {
  await expect(ui.page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
};

// ---------------------------------------------------------------------------------------------------------------

async function api(ui: { page: Page; token: string }, method: 'POST' | 'DELETE', path: string, data?: unknown) {
  return ui.page.request.fetch(path, { method, data, headers: { authorization: `Bearer ${ui.token}` } });
}

export const reportBuilderTable: FlowTable<BuilderUi> = {
  flow: 'report builder',
  machine: reportBuilderMachine,
  // What the page can tell apart: the state, saved or not, results or not, whether Run can go (a group-by).
  serialize: (state) => {
    const c = ctx(state);
    return JSON.stringify([state.value, c.reportId !== null, c.rows !== null, c.config.groupBy !== null]);
  },
  async setup(page, events) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.editor);
    const ui: BuilderUi = { page, token, builder: new ReportBuilder(page), reportId: null, saved: new Set() };
    // Every template a run or rename of this test saves, to delete it at the end.
    page.on('response', (res) => {
      if (res.request().method() !== 'POST' || !templateUrl.test(new URL(res.url()).pathname) || res.status() !== 200)
        return;
      void res.json().then(
        (body: { template?: { id?: string } | null }) => body.template?.id && ui.saved.add(body.template.id),
        () => {},
      );
    });
    if (
      events.some(
        (event) => event.type === 'xstate.done.actor.loadReport' || event.type === 'xstate.error.actor.loadReport',
      )
    ) {
      // The saved report the fixture describes (title, columns, condition); the server picks the last 7 days.
      const report = {
        ...savedTemplate.template.report,
        configuration: { ...savedTemplate.template.report.configuration, date_range: [] },
      };
      const res = await api(ui, 'POST', `/analytics/template/${app}`, {
        report,
        saveTemplate: true,
        id: null,
        title: savedTemplate.template.title,
      });
      expect(res.status(), 'saving the report a path opens').toBe(200);
      ui.reportId = ((await res.json()) as { template: { id: string } }).template.id;
      ui.saved.add(ui.reportId);
    }
    return ui;
  },
  async teardown(ui) {
    for (const id of ui.saved) {
      const res = await api(ui, 'DELETE', `/analytics/template/${app}/${id}`);
      expect([200, 404], `deleting the report ${id} this test saved`).toContain(res.status());
    }
  },
  traversals: [
    {
      // The run lifecycle of a new report: every outcome of loading the model and of the first run.
      name: 'new report',
      kind: 'shortest',
      input: { appId: app },
      open: (ui) => ui.page.goto(`/workspace/demo-studio/app/${app}/analyze/new`).then(() => undefined),
      events: [E.configLoaded, E.configCrashed, E.groupByDate, E.run, E.runDoneByDate, E.runNotSaved, E.runCrashed],
      filterEvents: (state, event) => event.type !== 'RUN' || ctx(state).reportId === null,
    },
    {
      name: 'saved report',
      kind: 'journey',
      input: { appId: app, reportId: savedTemplate.template.id },
      open: (ui) =>
        ui.page.goto(`/workspace/demo-studio/app/${app}/analyze/report/${ui.reportId}`).then(() => undefined),
      // It cannot open, Try again opens it; a rerun fails both ways; a rename fails both ways, then works; a model
      // switch fails, then works; a delete fails, is cancelled, then deletes and a blank report starts.
      events: [
        E.reportCrashed,
        E.retry,
        E.reportLoaded,
        E.run,
        E.runNotSaved,
        E.run,
        E.runCrashed,
        E.rename,
        E.renameCrashed,
        E.rename,
        E.renameRefused,
        E.rename,
        E.renameDone,
        E.switchModel,
        E.modelCrashed,
        E.switchModel,
        E.modelLoaded,
        E.delete,
        E.deleteCrashed,
        E.delete,
        E.deleteCancelled,
        E.delete,
        E.deleteConfirmed,
      ],
    },
    {
      name: 'settings',
      kind: 'journey',
      input: { appId: app },
      open: (ui) => ui.page.goto(`/workspace/demo-studio/app/${app}/analyze/new`).then(() => undefined),
      // Every edit of the settings panel, a Run blocked by a missing condition value, then a run.
      events: [
        E.configLoaded,
        E.toggleSettings,
        E.toggleSettings,
        E.groupByDate,
        E.addMetric,
        E.moveMetric,
        E.removeMetric,
        E.addSort,
        E.toggleSort,
        E.moveSort,
        E.removeSort,
        E.addIntCondition,
        E.run,
        E.changeComparison,
        E.fillCondition,
        E.uncheckCondition,
        E.removeCondition,
        E.badLimit,
        E.goodLimit,
        E.setDates,
        E.run,
        E.runDone,
      ],
    },
    {
      // docs/analyze.md §Breakdown, compare and chart types: a breakdown with its Top, compare, a stacked chart and the
      // pivot grid, a run; then the chart and the next run's options change.
      name: 'breakdown and compare',
      kind: 'journey',
      input: { appId: app },
      open: (ui) => ui.page.goto(`/workspace/demo-studio/app/${app}/analyze/new`).then(() => undefined),
      events: [
        E.configLoaded,
        E.groupByDate,
        E.breakdownCountry,
        E.breakdownTop3,
        E.compareYear,
        E.chartStacked,
        E.gridPivot,
        E.run,
        E.runDoneByDate,
        E.chartTable,
        E.compareOff,
        E.breakdownNone,
      ],
    },
  ],
  events: {
    RETRY: { act: (ui) => ui.page.getByRole('button', { name: 'Try again', exact: true }).click() },
    SET_TITLE: { act: (ui, event: Ev<'SET_TITLE'>) => ui.builder.rename(event.title) },
    SET_MODEL: {
      act: (ui, event: Ev<'SET_MODEL'>) => ui.builder.dataModel.selectOption(event.modelId).then(() => undefined),
    },
    // The fixture's date may be outside the demo data: the earliest day the picker offers (the machine clamps alike).
    SET_DATE_RANGE: { act: async (ui) => ui.builder.startDate.fill((await ui.builder.startDate.getAttribute('min'))!) },
    ADD_METRIC: {
      act: (ui, event: Ev<'ADD_METRIC'>) => ui.builder.addMetric(label(event.column_name), option(event.column_name)),
    },
    REMOVE_METRIC: {
      act: (ui, event: Ev<'REMOVE_METRIC'>) =>
        ui.builder.metricsList.getByRole('button', { name: `Remove ${label(event.column_name)}`, exact: true }).click(),
    },
    MOVE_METRIC: {
      act: (ui, event: Ev<'MOVE_METRIC'>, before) =>
        ui.builder.metricsList
          .getByRole('button', {
            name: `Move ${label(ctx(before).config.metrics[event.from]!.column_name)} ${event.to > event.from ? 'down' : 'up'}`,
            exact: true,
          })
          .click(),
    },
    SET_GROUP_BY: {
      act: (ui, event: Ev<'SET_GROUP_BY'>) =>
        ui.builder.groupBy.selectOption(event.column_name ?? '').then(() => undefined),
    },
    SET_LIMIT: { act: (ui, event: Ev<'SET_LIMIT'>) => ui.builder.limit.fill(event.value) },
    ADD_SORT: {
      act: (ui, event: Ev<'ADD_SORT'>) => ui.builder.addSort(label(event.column_name), option(event.column_name)),
    },
    REMOVE_SORT: {
      act: (ui, event: Ev<'REMOVE_SORT'>) =>
        ui.builder.sortList.getByRole('button', { name: `Remove ${label(event.column_name)}`, exact: true }).click(),
    },
    MOVE_SORT: {
      act: (ui, event: Ev<'MOVE_SORT'>, before) =>
        ui.builder.sortList
          .getByRole('button', {
            name: `Move ${label(ctx(before).config.orderBy[event.from]!.column_name)} ${event.to > event.from ? 'down' : 'up'}`,
            exact: true,
          })
          .click(),
    },
    TOGGLE_SORT_ORDER: {
      act: (ui, event: Ev<'TOGGLE_SORT_ORDER'>) =>
        ui.builder.sortList
          .getByRole('button', { name: new RegExp(`^${escape(label(event.column_name))} sorted `) })
          .click(),
    },
    ADD_CONDITION: {
      act: (ui, event: Ev<'ADD_CONDITION'>) =>
        ui.builder.addCondition(label(event.column_name), option(event.column_name)),
    },
    REMOVE_CONDITION: {
      act: (ui, event: Ev<'REMOVE_CONDITION'>, before) =>
        ui.page
          .getByRole('button', { name: `Remove condition ${conditionLabel(before, event.key)}`, exact: true })
          .click(),
    },
    SET_CONDITION_CHECKED: {
      act: (ui, event: Ev<'SET_CONDITION_CHECKED'>, before) =>
        ui.page
          .getByRole('checkbox', { name: `Apply condition on ${conditionLabel(before, event.key)}`, exact: true })
          .setChecked(event.checked),
    },
    SET_CONDITION_COMPARISON: {
      act: (ui, event: Ev<'SET_CONDITION_COMPARISON'>, before) =>
        ui.builder
          .comparison(conditionLabel(before, event.key))
          .selectOption(event.comparison)
          .then(() => undefined),
    },
    SET_CONDITION_VALUE: {
      act: async (ui, event: Ev<'SET_CONDITION_VALUE'>, before) => {
        const field = ui.builder.value(conditionLabel(before, event.key));
        await field.fill(String(event.value));
        await field.blur();
      },
    },
    TOGGLE_SETTINGS: { act: (ui) => ui.builder.settingsToggle.click() },
    SET_BREAKDOWN: {
      act: (ui, event: Ev<'SET_BREAKDOWN'>) =>
        combo(ui.page, 'Breakdown')
          .selectOption(event.column_name ?? '')
          .then(() => undefined),
    },
    SET_BREAKDOWN_TOP: {
      act: (ui, event: Ev<'SET_BREAKDOWN_TOP'>) =>
        combo(ui.page, 'Top')
          .selectOption(String(event.top))
          .then(() => undefined),
    },
    SET_COMPARE: {
      act: (ui, event: Ev<'SET_COMPARE'>) =>
        combo(ui.page, 'Compare with')
          .selectOption(event.compare)
          .then(() => undefined),
    },
    SET_CHART_TYPE: {
      act: (ui, event: Ev<'SET_CHART_TYPE'>) =>
        combo(ui.page, 'Chart')
          .selectOption(event.chartType)
          .then(() => undefined),
    },
    SET_GRID_LAYOUT: {
      act: (ui, event: Ev<'SET_GRID_LAYOUT'>) =>
        combo(ui.page, 'Grid')
          .selectOption(event.layout)
          .then(() => undefined),
    },
    // A blocked report's Run button is disabled (it says why); the keyboard's Ctrl+Enter still sends RUN, which the
    // machine answers by showing what blocks it.
    RUN: {
      act: async (ui) =>
        (await ui.builder.runButton.isDisabled())
          ? ui.page.keyboard.press('Control+Enter')
          : ui.builder.runButton.click(),
    },
    DELETE: { act: (ui) => ui.builder.deleteButton.click() },
    'xstate.done.actor.loadConfig': configCall,
    'xstate.error.actor.loadConfig': configCall,
    'xstate.done.actor.loadModelConfig': configCall,
    'xstate.error.actor.loadModelConfig': configCall,
    'xstate.done.actor.loadReport': openCall,
    'xstate.error.actor.loadReport': openCall,
    'xstate.done.actor.runReport': runCall,
    'xstate.error.actor.runReport': runCall,
    'xstate.done.actor.renameReport': runCall,
    'xstate.error.actor.renameReport': runCall,
    'xstate.done.actor.deleteReport': deleteOutcome,
    'xstate.error.actor.deleteReport': deleteOutcome,
  },
  states: {
    'reportBuilder.boot': TRANSIENT,
    'reportBuilder.settle': TRANSIENT,
    'reportBuilder.opening': loading,
    'reportBuilder.new': loading,
    'reportBuilder.openFailed': loadFailed('This report could not be opened'),
    'reportBuilder.configFailed': loadFailed('The report builder could not start'),
    'reportBuilder.ready.editing': async (ui, state) => {
      await readyCommon(ui, state);
      await expect(ui.page.getByRole('heading', { name: 'No results yet' })).toBeVisible();
      await expect(ui.builder.results).toHaveCount(0);
    },
    'reportBuilder.ready.results': async (ui, state) => {
      await readyCommon(ui, state);
      await expect(ui.builder.results).toBeVisible();
      await expect(ui.builder.rowCount).toHaveText(/^\d+ rows?$/);
      // docs/analyze.md §Breakdown, compare and chart types: 'Table only' draws no chart; a pivot grid has a column per
      // breakdown value; compare adds the previous value and the change beside each metric.
      const c = ctx(state);
      const ran = c.baseline.config;
      if (c.config.chartType === 'table')
        await expect(ui.page.getByRole('region', { name: 'Report chart' })).toHaveCount(0);
      else await expect(ui.page.getByRole('region', { name: 'Report chart' })).toBeVisible();
      const headers = ui.builder.results.getByRole('columnheader');
      if (ran.breakdown && c.config.gridLayout === 'pivot')
        await expect(headers.filter({ hasText: ` · ` }).first()).toBeVisible();
      if (ran.compare !== 'off' && !(ran.breakdown && c.config.gridLayout === 'pivot'))
        await expect(headers.filter({ hasText: /\(previous\)/ }).first()).toBeVisible();
      // A saved report lives at its own URL.
      await expect(ui.page).toHaveURL(new RegExp(`/analyze/report/[^/]+$`));
    },
    'reportBuilder.ready.runFailed': async (ui, state) => {
      await readyCommon(ui, state);
      await runBanner(ui, RUN_FAILED);
      expect(ctx(state).error).toBe(RUN_FAILED);
    },
    'reportBuilder.ready.error': async (ui, state) => {
      await readyCommon(ui, state);
      // A crash (500) shows SPEC's words, never the server's.
      expect(ctx(state).error).toBe(RUN_FAILED);
      await runBanner(ui, RUN_FAILED);
      // The settings panel opens so the report can be fixed.
      await expect(ui.builder.settingsToggle).toHaveText('Hide Settings');
    },
    'reportBuilder.running': async (ui) => {
      await expect(ui.builder.runButton).toHaveText(/^Running…/);
      await expect(ui.builder.runButton).toHaveAttribute('aria-busy', 'true');
      await expect(ui.page.getByRole('status').filter({ hasText: 'Running the report…' })).toBeVisible();
    },
    'reportBuilder.switchingModel': async (ui, state) => {
      await expect(ui.page.getByText('Loading the data model…')).toBeVisible();
      await expect(ui.builder.dataModel).toHaveValue(ctx(state).pendingModelId!);
    },
    'reportBuilder.renaming': async (ui, state) => {
      await ui.builder.expectTitle(ctx(state).pendingTitle!);
      await expect(ui.builder.titleButton).toBeDisabled();
    },
    'reportBuilder.deleting': async (ui, state) => {
      await expect(deleteDialog(ui.page)).toBeVisible();
      await expect(deleteDialog(ui.page)).toContainText(
        `Are you sure you want to delete the report ${ctx(state).title}?`,
      );
    },
  },
  timeout: 90_000,
};
