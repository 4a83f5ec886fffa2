/** View model of the report builder: snapshot → what the page, the settings cards and the results show. */
import type { SnapshotFrom } from 'xstate';
import type { reportBuilderMachine } from './report-builder.machine';
import {
  BREAKDOWN_TOP_MAX,
  BREAKDOWN_TOP_MIN,
  CHANGE_SUFFIX,
  PREVIOUS_SUFFIX,
  previousRange,
  type ChartType,
  type Column,
  type CompareMode,
  type GridLayout,
  type GroupByWhereColumn,
  REPORT_LIMIT_MAX,
} from '../../contracts/analyze';
import {
  breakdownOptions,
  configFingerprint,
  groupMetrics,
  runBlocker,
  shownErrors,
  sortOptions,
} from './report-builder.logic';
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
  /** docs/analyze.md §Breakdown, compare and chart types. */
  breakdown: { column_name: string; top: number } | null;
  breakdownOptions: GroupByWhereColumn[];
  topMin: number;
  topMax: number;
  compare: CompareMode;
  /** The period compare would use for the chosen dates, shown beside the choice. */
  previous: { date_start: string; date_end: string } | null;
  chartType: ChartType;
  gridLayout: GridLayout;
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
    breakdown: config.breakdown,
    breakdownOptions: breakdownOptions(modelConfig?.group_by_where ?? [], config.groupBy),
    topMin: BREAKDOWN_TOP_MIN,
    topMax: BREAKDOWN_TOP_MAX,
    compare: config.compare,
    previous: config.dateRange ? previousRange(config.dateRange, config.compare) : null,
    chartType: config.chartType,
    gridLayout: config.gridLayout,
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
  /** compare: the metric this previous value or change belongs to (docs/analyze.md §Breakdown, compare and chart types). */
  of?: string;
  role?: 'previous' | 'change';
}

/** The shape of a result as it was run: which column is the breakdown, which metrics, whether compare was on. */
export interface ResultShape {
  group: string | null;
  breakdown: string | null;
  metrics: string[];
  compare: boolean;
}
export const resultShape = (config: SavedConfig): ResultShape => ({
  group: config.groupBy?.column_name ?? null,
  breakdown: config.breakdown?.column_name ?? null,
  metrics: config.metrics.map((m) => m.column_name),
  compare: config.compare !== 'off',
});

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
  const breakdown = config.breakdown ? dimension.get(config.breakdown.column_name) : undefined;
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
    ...(config.breakdown
      ? [view(config.breakdown.column_name, breakdown?.label, undefined, breakdown?.data_type ?? 'STRING')]
      : []),
    ...config.metrics.flatMap((m) => {
      const current = metric.get(m.column_name);
      const label = current?.label ?? m.label ?? m.column_name;
      const format = current?.format ?? m.format;
      const own = view(m.column_name, label, format, current?.data_type ?? m.data_type);
      if (config.compare === 'off') return [own];
      return [
        own,
        {
          ...view(m.column_name + PREVIOUS_SUFFIX, `${label} (previous)`, format, own.dataType),
          of: m.column_name,
          role: 'previous' as const,
        },
        {
          ...view(m.column_name + CHANGE_SUFFIX, `${label} change`, 'change_percent', 'FLOAT64'),
          of: m.column_name,
          role: 'change' as const,
        },
      ];
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

const shapeCache = new WeakMap<object, ResultShape>();
const cachedShape = (config: SavedConfig): ResultShape => {
  const cached = shapeCache.get(config);
  if (cached) return cached;
  const shape = resultShape(config);
  shapeCache.set(config, shape);
  return shape;
};

/** The result as last run: rows, their columns in order with labels and formats, the limit, the title. */
export const selectResults = (s: Snapshot) => {
  const { rows, config, resolved, compiled, title, baseline, modelConfig } = s.context;
  const limit = Number(baseline.config.limit) || Number(config.limit) || 0;
  return {
    rows,
    columns: cachedResultColumns(baseline.config, modelConfig),
    shape: cachedShape(baseline.config),
    // How the result is drawn follows the current choice at once (no new run needed).
    chartType: config.chartType,
    gridLayout: config.gridLayout,
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
  setBreakdown: (column_name: string | null) => send({ type: 'SET_BREAKDOWN', column_name }),
  setBreakdownTop: (top: number) => send({ type: 'SET_BREAKDOWN_TOP', top }),
  setCompare: (compare: CompareMode) => send({ type: 'SET_COMPARE', compare }),
  setChartType: (chartType: ChartType) => send({ type: 'SET_CHART_TYPE', chartType }),
  setGridLayout: (layout: GridLayout) => send({ type: 'SET_GRID_LAYOUT', layout }),
  toggleSettings: () => send({ type: 'TOGGLE_SETTINGS' }),
  run: () => send({ type: 'RUN' }),
  remove: () => send({ type: 'DELETE' }),
});
export type ReportBuilderActions = ReturnType<typeof reportBuilderActions>;
