/**
 * Report builder lifecycle (docs/analyze.md §Screens and routes "Report builder", §Entities report template / configuration / condition, §Report states "Report
 * lifecycle", "Settings panel", model change, Sort By and condition rules, §Rules and limits limit / conditions / one-of tokens,
 * §API endpoints "Analytics service", §Messages "Reports" and "Conditions and limit" messages, §Rules and limits report limits).
 *
 *   boot ─┬─ reportId ──► opening (template + results + config) ──► ready.results        ╳ ► openFailed ─RETRY─► opening
 *         └─ none ──────► new (config of the model; a session draft re-applied) ──► ready.editing  ╳ ► configFailed
 *
 *   ready.{editing | results | runFailed | error}   every edit of the settings panel is handled here
 *     ─RUN (a metric, a group-by, no validation error)─► running ─┬─ success ──► ready.results ('Report created successfully.')
 *                                                                 ├─ success:false ──► ready.runFailed (docs/analyze.md §Messages message)
 *                                                                 └─ thrown ──► ready.error (logged, loader stops, panel opens)
 *     SET_BREAKDOWN / SET_BREAKDOWN_TOP / SET_COMPARE change what the next run asks (docs/analyze.md §Breakdown, compare and
 *     chart types); SET_CHART_TYPE / SET_GRID_LAYOUT change how the shown result is drawn, at once (saved with the next run)
 *     ─SET_MODEL─► switchingModel (columns reset, the model's config loaded) ─► ready.editing
 *     ─SET_TITLE (saved report)─► renaming (re-saves; no 'created' notice) ─► back
 *     ─DELETE─► deleting: the delete-report machine (src/machines/delete-report, the same flow as the reports list)
 *               asks 'Delete Report' and deletes ─┬─ deleted ──► new (blank report; it said 'Report deleted successfully.')
 *                                                 └─ failed or cancelled ──► back (it said why)
 *
 * Running saves: the first run of a new report creates the template and the URL moves to /analyze/report/{id}
 * without a reload (action `reportSaved` with `first: true`); later runs update it. Failures show docs/analyze.md §Messages words
 * (RUN_FAILED), or the server's words when it chose them (a report timeout, analyze not enabled), never a crash's.
 * Implementations (HTTP calls with their abort signal, navigation, snackbars, storage) are placeholders here,
 * provided by report-builder.actors.ts; every invoke has an id and an onError.
 */
import { assign, enqueueActions, setup } from 'xstate';
import { networkWords, serverWords } from '../shared/api-error';
import { notify } from '../shared/notice';
import { deleteReportMachine } from '../delete-report/delete-report.machine';
import {
  BREAKDOWN_TOP_DEFAULT,
  DEFAULT_MODEL_ID,
  DEFAULT_REPORT_TITLE,
  type CompiledSql,
  type ChartType,
  type CompareMode,
  type Comparison,
  type ConditionValue,
  type GridLayout,
  type ModelConfiguration,
  type ReportRow,
  type ReportTemplate,
  type ResolvedDates,
  type RunReportRequest,
  type RunReportResponse,
} from '../../contracts/analyze';
import {
  addSort,
  blankConfig,
  breakdownAfterGroupBy,
  breakdownOptions,
  clampTop,
  changeComparison,
  changeConditionChecked,
  changeConditionValue,
  clampDateRange,
  configFromReport,
  fitToModel,
  hasRequiredColumns,
  isValid,
  moveItem,
  newConditionRow,
  nextConditionKey,
  normalizeTitle,
  titleToSave,
  reconcileOrderBy,
  sortOptions,
  toReport,
  toggleSort,
  validateConfig,
  type BuilderConfig,
  type ConditionRow,
  type DecodedDraft,
} from './report-builder.logic';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

// docs/analyze.md §Messages, verbatim.
export const RUN_FAILED = 'We encountered an error while creating the report. Please try again later.';
export const REPORT_CREATED = 'Report created successfully.';
// Ours (docs/analyze.md §Messages).
export const OPEN_FAILED = 'We could not open this report. Please try again.';
export const CONFIG_FAILED = 'We could not load the data model. Please try again.';

/** A run's answer (with the SQL it compiled to in `saved.compiled`, for 'View SQL') and its rows. */
export interface RunOutput {
  saved: RunReportResponse;
  rows: ReportRow[] | null;
}
export interface OpenOutput {
  template: ReportTemplate;
  rows: ReportRow[];
  config: ModelConfiguration;
  compiled: CompiledSql | null;
  resolved: ResolvedDates | null;
}

export interface ReportBuilderInput {
  appId: string;
  reportId?: string | null;
  /** The model a new report starts on (the app's default model). */
  modelId?: string;
  /** Saved reports: whether the settings panel starts open (the showSettings flag of docs/analyze.md §Report states). New reports: always. */
  settingsOpen?: boolean;
  /** An unsaved new report's configuration kept for the browser tab (survives a reload). */
  draft?: DecodedDraft | null;
}

export interface ReportBuilderContext {
  appId: string;
  reportId: string | null;
  title: string;
  /** updated_at of the saved template. */
  updatedAt: string | null;
  /** When the configuration last changed (an edit here, or the template's updated_at). */
  lastChangedAt: string | null;
  modelConfig: ModelConfiguration | null;
  config: BuilderConfig;
  /** What was last saved (or the blank report): the configuration compared to tell unsaved changes. */
  baseline: { config: BuilderConfig; title: string };
  /** The user changed Sort By by hand: the docs/analyze.md §Report states auto sort of a new report stops. */
  sortTouched: boolean;
  nextKey: number;
  rows: ReportRow[] | null;
  resolved: ResolvedDates | null;
  compiled: CompiledSql | null;
  /** A run or load error shown in words (ready.error, openFailed, configFailed). */
  error: string | null;
  settingsOpen: boolean;
  /** The title a rename is saving (shown meanwhile), reverted when it fails. */
  pendingTitle: string | null;
  draft: DecodedDraft | null;
  /** The model being switched to. */
  pendingModelId: string | null;
  /** The model a blank report starts on. */
  defaultModelId: string;
}

export type ReportBuilderEvent =
  | { type: 'RETRY' }
  | { type: 'SET_TITLE'; title: string }
  | { type: 'SET_MODEL'; modelId: string }
  | { type: 'SET_DATE_RANGE'; date_start?: string; date_end?: string }
  | { type: 'ADD_METRIC'; column_name: string }
  | { type: 'REMOVE_METRIC'; column_name: string }
  | { type: 'MOVE_METRIC'; from: number; to: number }
  | { type: 'SET_GROUP_BY'; column_name: string | null }
  | { type: 'SET_LIMIT'; value: string }
  | { type: 'ADD_SORT'; column_name: string }
  | { type: 'REMOVE_SORT'; column_name: string }
  | { type: 'MOVE_SORT'; from: number; to: number }
  | { type: 'TOGGLE_SORT_ORDER'; column_name: string }
  | { type: 'ADD_CONDITION'; column_name: string }
  | { type: 'REMOVE_CONDITION'; key: string }
  | { type: 'SET_CONDITION_CHECKED'; key: string; checked: boolean }
  | { type: 'SET_CONDITION_COMPARISON'; key: string; comparison: Comparison }
  | { type: 'SET_CONDITION_VALUE'; key: string; value: ConditionValue }
  | { type: 'SET_BREAKDOWN'; column_name: string | null }
  | { type: 'SET_BREAKDOWN_TOP'; top: number }
  | { type: 'SET_COMPARE'; compare: CompareMode }
  | { type: 'SET_CHART_TYPE'; chartType: ChartType }
  | { type: 'SET_GRID_LAYOUT'; layout: GridLayout }
  | { type: 'TOGGLE_SETTINGS' }
  | { type: 'RUN' }
  | { type: 'DELETE' };

/** The words for a failed call: the server's when it chose them (or the network's), else ours. */
const failureWords = (error: unknown, fallback: string) => serverWords(error) ?? networkWords(error) ?? fallback;

function initialContext(input: ReportBuilderInput): ReportBuilderContext {
  const defaultModelId = input.modelId ?? DEFAULT_MODEL_ID;
  const config = blankConfig((input.reportId ? null : input.draft?.report.model_id) ?? defaultModelId, null);
  return {
    appId: input.appId,
    reportId: input.reportId ?? null,
    title: DEFAULT_REPORT_TITLE,
    updatedAt: null,
    lastChangedAt: null,
    modelConfig: null,
    config,
    baseline: { config, title: DEFAULT_REPORT_TITLE },
    sortTouched: false,
    nextKey: 1,
    rows: null,
    resolved: null,
    compiled: null,
    error: null,
    settingsOpen: input.reportId ? (input.settingsOpen ?? false) : true,
    pendingTitle: null,
    draft: input.reportId ? null : (input.draft ?? null),
    pendingModelId: null,
    defaultModelId,
  };
}

/** Applies an edit to the configuration; the metrics or group-by changing re-runs the docs/analyze.md §Report states Sort By rules. */
const withColumns = (
  context: ReportBuilderContext,
  next: Pick<BuilderConfig, 'metrics' | 'groupBy'>,
): BuilderConfig => {
  const merged = { ...context.config, ...next };
  return {
    ...merged,
    breakdown: breakdownAfterGroupBy(merged.breakdown, merged.groupBy),
    orderBy: reconcileOrderBy(merged, { isNew: context.reportId === null, sortTouched: context.sortTouched }),
  };
};
const updateRow = (rows: ConditionRow[], key: string, fn: (row: ConditionRow) => ConditionRow) =>
  rows.map((r) => (r.key === key ? fn(r) : r));
const now = () => new Date().toISOString();

export const reportBuilderMachine = setup({
  types: {
    context: {} as ReportBuilderContext,
    events: {} as ReportBuilderEvent,
    input: {} as ReportBuilderInput,
    children: {} as {
      loadReport: 'loadReport';
      loadConfig: 'loadConfig';
      loadModelConfig: 'loadConfig';
      runReport: 'runReport';
      renameReport: 'saveTitle';
      deleteReport: 'deleteReport';
    },
  },
  actors: {
    loadConfig: toProvide<ModelConfiguration, { appId: string; modelId: string }>('loadConfig'),
    loadReport: toProvide<OpenOutput, { appId: string; reportId: string }>('loadReport'),
    runReport: toProvide<RunOutput, { appId: string; request: RunReportRequest }>('runReport'),
    saveTitle: toProvide<RunReportResponse, { appId: string; request: RunReportRequest }>('saveTitle'),
    deleteReport: deleteReportMachine,
  },
  guards: {
    otherModel: ({ context, event }) => event.type === 'SET_MODEL' && event.modelId !== context.config.modelId,
    /** ADD_METRIC names a metric of the model not chosen yet. */
    newMetricOfModel: ({ context, event }) =>
      event.type === 'ADD_METRIC' &&
      !context.config.metrics.some((m) => m.column_name === event.column_name) &&
      !!context.modelConfig?.select.some((m) => m.column_name === event.column_name),
    sortable: ({ context, event }) =>
      event.type === 'ADD_SORT' && sortOptions(context.config).includes(event.column_name),
    conditionOfModel: ({ context, event }) =>
      event.type === 'ADD_CONDITION' &&
      !!context.modelConfig?.group_by_where.some((d) => d.column_name === event.column_name),
    reportDeleted: (_, outcome: { deleted: boolean }) => outcome.deleted,
    /** SET_BREAKDOWN clears it, or names a text column of the model other than the group-by. */
    breakdownOfModel: ({ context, event }) =>
      event.type === 'SET_BREAKDOWN' &&
      (event.column_name === null ||
        breakdownOptions(context.modelConfig?.group_by_where ?? [], context.config.groupBy).some(
          (d) => d.column_name === event.column_name,
        )),
    hasBreakdown: ({ context }) => context.config.breakdown !== null,
    answerSucceeded,
    hasReportId: ({ context }) => context.reportId !== null,
    hasRows: ({ context }) => context.rows !== null,
    /** docs/analyze.md §Screens and routes/§Rules and limits: a metric and a group-by chosen and no validation error (limit, checked conditions). */
    canRun: ({ context }) => hasRequiredColumns(context.config) && isValid(validateConfig(context.config)),
    missingColumns: ({ context }) => !hasRequiredColumns(context.config),
    titleChangedOnSavedReport: ({ context, event }) =>
      event.type === 'SET_TITLE' && context.reportId !== null && normalizeTitle(event.title) !== context.title,
  },
  actions: {
    notify,
    /** The template was saved: refresh lists; on the first save move the URL to /analyze/report/{id} (no reload). */
    reportSaved: (_args, _params: { id: string; first: boolean }) => {},
    /** docs/analyze.md §Report states: after the first successful run the showSettings flag goes to local storage. */
    storeShowSettings: () => {},
    /** The template was deleted (the delete flow refreshed the lists): go to the blank report at /analyze/report. */
    reportDeleted: (_args, _params: { id: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
    touch: assign({ lastChangedAt: () => now() }),
    /** Shows every validation error at once (a Run attempt that is blocked). */
    showValidation: assign(({ context }) => {
      const result = validateConfig(context.config);
      return {
        config: {
          ...context.config,
          conditions: context.config.conditions.map((row) => ({ ...row, error: result.conditions[row.key] ?? null })),
        },
      };
    }),
  },
}).createMachine({
  id: 'reportBuilder',
  context: ({ input }) => initialContext(input),
  initial: 'boot',
  on: {
    TOGGLE_SETTINGS: { actions: assign({ settingsOpen: ({ context }) => !context.settingsOpen }) },
  },
  states: {
    boot: {
      always: [{ guard: 'hasReportId', target: 'opening' }, { target: 'new' }],
    },

    // Opening /analyze/report/{id}: template, its latest results and its model's config (docs/analyze.md §Report states).
    opening: {
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: ({ context }) => ({ appId: context.appId, reportId: context.reportId! }),
        onDone: {
          target: 'ready.results',
          actions: assign(({ event }) => {
            const { template, rows, config: model, compiled, resolved } = event.output;
            const config = configFromReport(template.report, model);
            const title = normalizeTitle(template.title);
            return {
              reportId: template.id,
              title,
              updatedAt: template.updated_at,
              lastChangedAt: template.updated_at,
              modelConfig: model,
              config,
              baseline: { config, title },
              sortTouched: true,
              nextKey: nextConditionKey(config.conditions),
              rows,
              compiled,
              resolved,
              error: null,
            };
          }),
        },
        onError: {
          target: 'openFailed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => failureWords(event.error, OPEN_FAILED) }),
          ],
        },
      },
    },
    openFailed: {
      on: { RETRY: { target: 'opening', actions: assign({ error: null }) } },
    },

    // A blank report (or the tab's draft of one): the model's config gives metrics, dates and limit (docs/analyze.md §Entities, §Report states).
    new: {
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ appId: context.appId, modelId: context.config.modelId }),
        onDone: {
          target: 'ready.editing',
          actions: assign(({ context, event }) => {
            const model = event.output;
            const blank = blankConfig(context.config.modelId, model);
            const draft = context.draft;
            const config = draft ? fitToModel(configFromReport(draft.report, model), model) : blank;
            return {
              modelConfig: model,
              config,
              title: draft?.title ?? DEFAULT_REPORT_TITLE,
              baseline: { config: blank, title: DEFAULT_REPORT_TITLE },
              sortTouched: draft?.sortTouched ?? false,
              nextKey: nextConditionKey(config.conditions),
              draft: null,
              error: null,
            };
          }),
        },
        onError: {
          target: 'configFailed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => failureWords(event.error, CONFIG_FAILED) }),
          ],
        },
      },
    },
    configFailed: {
      on: { RETRY: { target: 'new', actions: assign({ error: null }) } },
    },

    ready: {
      initial: 'editing',
      states: {
        /** No results yet. */
        editing: {},
        /** The last run's rows are shown. */
        results: {},
        /** docs/analyze.md §Messages: the run answered success:false. */
        runFailed: {},
        /** docs/analyze.md §Messages: the run threw; logged, loader stopped, settings panel opened. */
        error: {},
      },
      on: {
        SET_TITLE: [
          {
            guard: 'titleChangedOnSavedReport',
            target: 'renaming',
            actions: assign({ pendingTitle: ({ event }) => normalizeTitle(event.title) }),
          },
          { guard: 'hasReportId' },
          { actions: [assign({ title: ({ event }) => normalizeTitle(event.title) }), 'touch'] },
        ],
        SET_MODEL: {
          guard: 'otherModel',
          target: 'switchingModel',
          actions: assign({ pendingModelId: ({ event }) => event.modelId }),
        },
        SET_DATE_RANGE: {
          actions: [
            assign({
              config: ({ context, event }) => {
                const moved = event.date_start !== undefined ? 'start' : 'end';
                const range = {
                  ...context.config.dateRange,
                  ...(event.date_start !== undefined ? { date_start: event.date_start } : {}),
                  ...(event.date_end !== undefined ? { date_end: event.date_end } : {}),
                };
                return {
                  ...context.config,
                  dateRange:
                    clampDateRange(range, context.modelConfig?.date_range[0], moved) ?? context.config.dateRange,
                };
              },
            }),
            'touch',
          ],
        },
        ADD_METRIC: {
          guard: 'newMetricOfModel',
          actions: [
            assign({
              config: ({ context, event }) =>
                withColumns(context, {
                  metrics: [
                    ...context.config.metrics,
                    context.modelConfig!.select.find((m) => m.column_name === event.column_name)!,
                  ],
                  groupBy: context.config.groupBy,
                }),
            }),
            'touch',
          ],
        },
        REMOVE_METRIC: {
          actions: [
            assign({
              config: ({ context, event }) =>
                withColumns(context, {
                  metrics: context.config.metrics.filter((m) => m.column_name !== event.column_name),
                  groupBy: context.config.groupBy,
                }),
            }),
            'touch',
          ],
        },
        MOVE_METRIC: {
          actions: [
            assign({
              config: ({ context, event }) =>
                withColumns(context, {
                  metrics: moveItem(context.config.metrics, event.from, event.to),
                  groupBy: context.config.groupBy,
                }),
            }),
            'touch',
          ],
        },
        SET_GROUP_BY: {
          actions: [
            assign({
              config: ({ context, event }) =>
                withColumns(context, {
                  metrics: context.config.metrics,
                  groupBy:
                    event.column_name === null
                      ? null
                      : (context.modelConfig?.group_by_where.find((d) => d.column_name === event.column_name) ??
                        context.config.groupBy),
                }),
            }),
            'touch',
          ],
        },
        SET_LIMIT: {
          actions: [assign({ config: ({ context, event }) => ({ ...context.config, limit: event.value }) }), 'touch'],
        },
        ADD_SORT: {
          guard: 'sortable',
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                orderBy: addSort(context.config.orderBy, event.column_name),
              }),
              sortTouched: true,
            }),
            'touch',
          ],
        },
        REMOVE_SORT: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                orderBy: context.config.orderBy.filter((o) => o.column_name !== event.column_name),
              }),
              sortTouched: true,
            }),
            'touch',
          ],
        },
        MOVE_SORT: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                orderBy: moveItem(context.config.orderBy, event.from, event.to),
              }),
              sortTouched: true,
            }),
            'touch',
          ],
        },
        TOGGLE_SORT_ORDER: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                orderBy: toggleSort(context.config.orderBy, event.column_name),
              }),
              sortTouched: true,
            }),
            'touch',
          ],
        },
        ADD_CONDITION: {
          guard: 'conditionOfModel',
          actions: [
            assign(({ context, event }) => {
              const column = context.modelConfig!.group_by_where.find((d) => d.column_name === event.column_name)!;
              return {
                config: {
                  ...context.config,
                  conditions: [...context.config.conditions, newConditionRow(column, `c${context.nextKey}`)],
                },
                nextKey: context.nextKey + 1,
              };
            }),
            'touch',
          ],
        },
        REMOVE_CONDITION: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                conditions: context.config.conditions.filter((c) => c.key !== event.key),
              }),
            }),
            'touch',
          ],
        },
        SET_CONDITION_CHECKED: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                conditions: updateRow(context.config.conditions, event.key, (r) =>
                  changeConditionChecked(r, event.checked),
                ),
              }),
            }),
            'touch',
          ],
        },
        SET_CONDITION_COMPARISON: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                conditions: updateRow(context.config.conditions, event.key, (r) =>
                  changeComparison(r, event.comparison),
                ),
              }),
            }),
            'touch',
          ],
        },
        SET_CONDITION_VALUE: {
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                conditions: updateRow(context.config.conditions, event.key, (r) =>
                  changeConditionValue(r, event.value),
                ),
              }),
            }),
            'touch',
          ],
        },
        SET_BREAKDOWN: {
          guard: 'breakdownOfModel',
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                breakdown:
                  event.column_name === null
                    ? null
                    : { column_name: event.column_name, top: context.config.breakdown?.top ?? BREAKDOWN_TOP_DEFAULT },
              }),
            }),
            'touch',
          ],
        },
        SET_BREAKDOWN_TOP: {
          guard: 'hasBreakdown',
          actions: [
            assign({
              config: ({ context, event }) => ({
                ...context.config,
                breakdown: { ...context.config.breakdown!, top: clampTop(event.top) },
              }),
            }),
            'touch',
          ],
        },
        SET_COMPARE: {
          actions: [
            assign({ config: ({ context, event }) => ({ ...context.config, compare: event.compare }) }),
            'touch',
          ],
        },
        SET_CHART_TYPE: {
          actions: [
            assign({ config: ({ context, event }) => ({ ...context.config, chartType: event.chartType }) }),
            'touch',
          ],
        },
        SET_GRID_LAYOUT: {
          actions: [
            assign({ config: ({ context, event }) => ({ ...context.config, gridLayout: event.layout }) }),
            'touch',
          ],
        },
        RUN: [{ guard: 'missingColumns' }, { guard: 'canRun', target: 'running' }, { actions: 'showValidation' }],
        DELETE: { guard: 'hasReportId', target: 'deleting' },
      },
    },

    running: {
      invoke: {
        id: 'runReport',
        src: 'runReport',
        input: ({ context }) => ({
          appId: context.appId,
          request: {
            report: toReport(context.config),
            saveTemplate: true,
            id: context.reportId,
            title: titleToSave(context.reportId, context.title, context.config, context.modelConfig),
          },
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output.saved },
            target: 'ready.results',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const { saved, rows } = event.output;
              const first = context.reportId === null;
              const id = saved.template?.id ?? context.reportId;
              const title = saved.template ? normalizeTitle(saved.template.title) : context.title;
              enqueue.assign({
                reportId: id,
                title,
                updatedAt: saved.template?.updated_at ?? context.updatedAt,
                lastChangedAt: saved.template?.updated_at ?? context.lastChangedAt,
                baseline: { config: context.config, title },
                rows: rows ?? [],
                resolved: saved.resolved ?? null,
                compiled: saved.compiled ?? null,
                error: null,
              });
              enqueue({ type: 'notify', params: { message: REPORT_CREATED, kind: 'info' } });
              if (first) enqueue('storeShowSettings');
              if (id) enqueue({ type: 'reportSaved', params: { id, first } });
            }),
          },
          {
            target: 'ready.runFailed',
            actions: [
              { type: 'notify', params: { message: RUN_FAILED, kind: 'error' } },
              assign({ error: RUN_FAILED }),
            ],
          },
        ],
        onError: {
          target: 'ready.error',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => failureWords(event.error, RUN_FAILED), settingsOpen: true }),
          ],
        },
      },
    },

    switchingModel: {
      invoke: {
        id: 'loadModelConfig',
        src: 'loadConfig',
        input: ({ context }) => ({ appId: context.appId, modelId: context.pendingModelId! }),
        onDone: {
          target: 'ready.editing',
          // docs/analyze.md §Report states: changing the data model resets the columns and loads that model's config.
          actions: [
            assign(({ context, event }) => ({
              modelConfig: event.output,
              config: blankConfig(context.pendingModelId!, event.output),
              sortTouched: false,
              pendingModelId: null,
              rows: null,
              resolved: null,
              compiled: null,
              error: null,
            })),
            'touch',
          ],
        },
        onError: {
          target: 'settle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({ message: failureWords(event.error, CONFIG_FAILED), kind: 'error' as const }),
            },
            assign({ pendingModelId: null }),
          ],
        },
      },
    },

    // docs/analyze.md §Report states: renaming re-saves the saved report (its saved configuration, the new title); no 'created' notice.
    renaming: {
      invoke: {
        id: 'renameReport',
        src: 'saveTitle',
        input: ({ context }) => ({
          appId: context.appId,
          request: {
            report: toReport(context.baseline.config),
            saveTemplate: true,
            id: context.reportId,
            title: context.pendingTitle ?? context.title,
          },
        }),
        onDone: [
          {
            guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
            target: 'settle',
            actions: [
              assign(({ context, event }) => {
                const title = event.output.template
                  ? normalizeTitle(event.output.template.title)
                  : (context.pendingTitle ?? context.title);
                return {
                  title,
                  baseline: { config: context.baseline.config, title },
                  updatedAt: event.output.template?.updated_at ?? context.updatedAt,
                  lastChangedAt: event.output.template?.updated_at ?? context.lastChangedAt,
                  pendingTitle: null,
                };
              }),
              { type: 'reportSaved', params: ({ context }) => ({ id: context.reportId!, first: false }) },
            ],
          },
          {
            target: 'settle',
            actions: [
              { type: 'notify', params: { message: RUN_FAILED, kind: 'error' } },
              assign({ pendingTitle: null }),
            ],
          },
        ],
        onError: {
          target: 'settle',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ event }) => ({ message: failureWords(event.error, RUN_FAILED), kind: 'error' as const }),
            },
            assign({ pendingTitle: null }),
          ],
        },
      },
    },

    // The one delete flow asks 'Delete Report', deletes and says how it went (docs/analyze.md §Screens and routes, §Messages); here only the outcome.
    deleting: {
      invoke: {
        id: 'deleteReport',
        src: 'deleteReport',
        input: ({ context }) => ({ appId: context.appId, report: { id: context.reportId!, title: context.title } }),
        onDone: [
          {
            guard: { type: 'reportDeleted', params: ({ event }) => event.output },
            target: 'new',
            actions: [
              { type: 'reportDeleted', params: ({ context }) => ({ id: context.reportId! }) },
              assign(({ context }) => initialContext({ appId: context.appId, modelId: context.defaultModelId })),
            ],
          },
          { target: 'settle' },
        ],
        onError: { target: 'settle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },

    /** Back to where the builder was: the results when there are rows, else editing. */
    settle: {
      always: [{ guard: 'hasRows', target: 'ready.results' }, { target: 'ready.editing' }],
    },
  },
});
