/** View model of the report builder: snapshot → what the page, the settings cards and the results show. */
import type { SnapshotFrom } from 'xstate';
import type { reportBuilderMachine } from './report-builder.machine';
import { REPORT_LIMIT_MAX, type Column, type GroupByWhereColumn } from '../../contracts/analyze';
import { configFingerprint, groupMetrics, runBlocker, shownErrors, sortOptions } from './report-builder.logic';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof reportBuilderMachine>;

export type BuilderPhase =
  'loading' | 'loadFailed' | 'editing' | 'running' | 'results' | 'runFailed' | 'error' | 'busy';

export const selectPhase = (s: Snapshot): BuilderPhase => {
  if (s.matches('boot') || s.matches('opening') || s.matches('new')) return 'loading';
  if (s.matches('openFailed') || s.matches('configFailed')) return 'loadFailed';
  if (s.matches('running')) return 'running';
  if (s.matches({ ready: 'results' })) return 'results';
  if (s.matches({ ready: 'runFailed' })) return 'runFailed';
  if (s.matches({ ready: 'error' })) return 'error';
  if (s.matches('ready')) return 'editing';
  return 'busy';
};

/** The configuration differs from what was last saved (or from the blank report). */
export const selectDirty = (s: Snapshot): boolean => {
  const { config, title, baseline } = s.context;
  if (
    s.matches('boot') ||
    s.matches('opening') ||
    s.matches('new') ||
    s.matches('openFailed') ||
    s.matches('configFailed')
  )
    return false;
  return configFingerprint(config, title) !== configFingerprint(baseline.config, baseline.title);
};

export const selectHeader = (s: Snapshot) => ({
  reportId: s.context.reportId,
  title: s.context.pendingTitle ?? s.context.title,
  renaming: s.matches('renaming'),
  lastChangedAt: s.context.lastChangedAt,
  modelId: s.context.pendingModelId ?? s.context.config.modelId,
  switchingModel: s.matches('switchingModel'),
  dateRange: s.context.config.dateRange,
  available: s.context.modelConfig?.date_range[0] ?? null,
  settingsOpen: s.context.settingsOpen,
  canDelete: s.context.reportId !== null && s.matches('ready'),
  deleting: s.matches('deleting'),
});

/** The delete-report actor asking 'Delete Report' for this report (its dialog binds to it), while deleting. */
export const selectDeleteReport = (s: Snapshot) => s.children.deleteReport;

/** Run Report: enabled with a metric and a group-by and no validation error standing (docs/analyze.md §Screens and routes, §Rules and limits). */
export const selectRun = (s: Snapshot) => {
  const labelOf = (name: string) =>
    s.context.modelConfig?.group_by_where.find((d) => d.column_name === name)?.label ?? name;
  const blocker = runBlocker(s.context.config, labelOf);
  const running = s.matches('running');
  return {
    running,
    disabled: running || !s.matches('ready') || blocker !== null,
    reason: s.matches('ready') ? blocker : null,
  };
};

export interface SettingsView {
  editable: boolean;
  metrics: Column[];
  metricGroups: ReturnType<typeof groupMetrics>;
  groupBy: GroupByWhereColumn | null;
  dimensions: GroupByWhereColumn[];
  limit: string;
  limitError: string | null;
  limitMax: number;
  orderBy: { column_name: string; order: 'ASC' | 'DESC'; label: string }[];
  sortOptions: { column_name: string; label: string }[];
  conditions: Snapshot['context']['config']['conditions'];
  conditionErrors: Record<string, string>;
}

export const selectSettings = (s: Snapshot): SettingsView => {
  const { config, modelConfig } = s.context;
  const errors = shownErrors(config);
  const labelOf = (name: string) =>
    (config.groupBy?.column_name === name ? config.groupBy.label : undefined) ??
    config.metrics.find((m) => m.column_name === name)?.label ??
    name;
  return {
    editable: s.matches('ready'),
    metrics: config.metrics,
    metricGroups: groupMetrics(modelConfig?.select ?? []),
    groupBy: config.groupBy,
    dimensions: modelConfig?.group_by_where ?? [],
    limit: config.limit,
    limitError: errors.limit,
    limitMax: REPORT_LIMIT_MAX,
    orderBy: config.orderBy.map((o) => ({ ...o, label: labelOf(o.column_name) })),
    sortOptions: sortOptions(config).map((name) => ({ column_name: name, label: labelOf(name) })),
    conditions: config.conditions,
    conditionErrors: errors.conditions,
  };
};

/**
 * A column of the result as the results show it: its id (the name in the rows and in exports), its label and the
 * catalogue's format (a `percent` column is a ratio shown ×100; src/views/analyze/results/result-columns.ts).
 */
export interface ResultColumnView {
  id: string;
  label: string;
  format?: string;
  /** The catalogue's data type, when known (the exports write DATE and TIMESTAMP columns as dates). */
  dataType?: string;
}

type ModelConfig = Snapshot['context']['modelConfig'];
type SavedConfig = Snapshot['context']['baseline']['config'];

/** The result's columns (the group-by, then the metrics: the server's order too), named from the model's catalogue. */
export function resultColumns(config: SavedConfig, model: ModelConfig): ResultColumnView[] {
  const metric = new Map(model?.select.map((m) => [m.column_name, m]));
  const dimension = new Map(model?.group_by_where.map((d) => [d.column_name, d]));
  const view = (
    id: string,
    label: string | undefined,
    format: string | undefined,
    dataType: string | undefined,
  ): ResultColumnView => ({
    id,
    label: label || id,
    ...(format === undefined ? {} : { format }),
    ...(dataType === undefined ? {} : { dataType }),
  });
  const group = config.groupBy;
  return [
    ...(group
      ? [
          view(
            group.column_name,
            dimension.get(group.column_name)?.label ?? group.label,
            undefined,
            dimension.get(group.column_name)?.data_type ?? group.data_type,
          ),
        ]
      : []),
    ...config.metrics.map((m) => {
      const current = metric.get(m.column_name);
      return view(
        m.column_name,
        current?.label ?? m.label,
        current?.format ?? m.format,
        current?.data_type ?? m.data_type,
      );
    }),
  ];
}

// One columns array per saved configuration and model, so the results (10,000 rows, a chart) do not re-render on
// every edit.
const columnsCache = new WeakMap<object, { model: ModelConfig; columns: ResultColumnView[] }>();
const cachedResultColumns = (config: SavedConfig, model: ModelConfig): ResultColumnView[] => {
  const cached = columnsCache.get(config);
  if (cached && cached.model === model) return cached.columns;
  const columns = resultColumns(config, model);
  columnsCache.set(config, { model, columns });
  return columns;
};

/** The result as last run: rows, their columns in order with labels and formats, the limit, the title. */
export const selectResults = (s: Snapshot) => {
  const { rows, config, resolved, compiled, title, baseline, modelConfig } = s.context;
  const limit = Number(baseline.config.limit) || Number(config.limit) || 0;
  return {
    rows,
    columns: cachedResultColumns(baseline.config, modelConfig),
    limit,
    resolved,
    compiled,
    title: baseline.title || title,
  };
};

export const selectError = (s: Snapshot) => s.context.error;

/** The events the report builder sends, as named senders. */
export const reportBuilderActions = (send: SendTo<typeof reportBuilderMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  setTitle: (title: string) => send({ type: 'SET_TITLE', title }),
  setModel: (modelId: string) => send({ type: 'SET_MODEL', modelId }),
  setDateStart: (date_start: string) => send({ type: 'SET_DATE_RANGE', date_start }),
  setDateEnd: (date_end: string) => send({ type: 'SET_DATE_RANGE', date_end }),
  addMetric: (column_name: string) => send({ type: 'ADD_METRIC', column_name }),
  removeMetric: (column_name: string) => send({ type: 'REMOVE_METRIC', column_name }),
  moveMetric: (from: number, to: number) => send({ type: 'MOVE_METRIC', from, to }),
  setGroupBy: (column_name: string | null) => send({ type: 'SET_GROUP_BY', column_name }),
  setLimit: (value: string) => send({ type: 'SET_LIMIT', value }),
  addSort: (column_name: string) => send({ type: 'ADD_SORT', column_name }),
  removeSort: (column_name: string) => send({ type: 'REMOVE_SORT', column_name }),
  moveSort: (from: number, to: number) => send({ type: 'MOVE_SORT', from, to }),
  toggleSortOrder: (column_name: string) => send({ type: 'TOGGLE_SORT_ORDER', column_name }),
  addCondition: (column_name: string) => send({ type: 'ADD_CONDITION', column_name }),
  removeCondition: (key: string) => send({ type: 'REMOVE_CONDITION', key }),
  setConditionChecked: (key: string, checked: boolean) => send({ type: 'SET_CONDITION_CHECKED', key, checked }),
  setConditionComparison: (
    key: string,
    comparison: EventOf<typeof reportBuilderMachine, 'SET_CONDITION_COMPARISON'>['comparison'],
  ) => send({ type: 'SET_CONDITION_COMPARISON', key, comparison }),
  setConditionValue: (key: string, value: EventOf<typeof reportBuilderMachine, 'SET_CONDITION_VALUE'>['value']) =>
    send({ type: 'SET_CONDITION_VALUE', key, value }),
  toggleSettings: () => send({ type: 'TOGGLE_SETTINGS' }),
  run: () => send({ type: 'RUN' }),
  remove: () => send({ type: 'DELETE' }),
});
export type ReportBuilderActions = ReturnType<typeof reportBuilderActions>;
