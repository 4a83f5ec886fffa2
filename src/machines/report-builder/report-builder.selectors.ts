/** View model of the report builder: snapshot → what the page, the settings cards and the results show. */
import type { SnapshotFrom } from 'xstate';
import type { reportBuilderMachine } from './report-builder.machine';
import { REPORT_LIMIT_MAX, type Column, type GroupByWhereColumn } from '../../contracts/analyze';
import { configFingerprint, groupMetrics, runBlocker, shownErrors, sortOptions } from './report-builder.logic';

type Snapshot = SnapshotFrom<typeof reportBuilderMachine>;

export type BuilderPhase = 'loading' | 'loadFailed' | 'editing' | 'running' | 'results' | 'runFailed' | 'error' | 'busy';

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
  if (s.matches('boot') || s.matches('opening') || s.matches('new') || s.matches('openFailed') || s.matches('configFailed')) return false;
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

/** Run Report: enabled with a metric and a group-by and no validation error standing (SPEC §2, §5). */
export const selectRun = (s: Snapshot) => {
  const blocker = runBlocker(s.context.config);
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

// One columns array per saved configuration, so the results (10,000 rows, a chart) do not re-render on every edit.
const columnsCache = new WeakMap<object, string[]>();
const resultColumns = (config: Snapshot['context']['baseline']['config']): string[] => {
  let columns = columnsCache.get(config);
  if (!columns) {
    columns = [...(config.groupBy ? [config.groupBy.column_name] : []), ...config.metrics.map((m) => m.column_name)];
    columnsCache.set(config, columns);
  }
  return columns;
};

/** The result as last run: rows, their columns in order (the group-by, then the metrics: the server's order too). */
export const selectResults = (s: Snapshot) => {
  const { rows, config, resolved, compiled, title, baseline } = s.context;
  const limit = Number(baseline.config.limit) || Number(config.limit) || 0;
  return { rows, columns: resultColumns(baseline.config), limit, resolved, compiled, title: baseline.title || title };
};

export const selectError = (s: Snapshot) => s.context.error;
