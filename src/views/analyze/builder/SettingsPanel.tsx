/**
 * The settings panel of docs/analyze.md §Screens and routes: Metrics (searchable, grouped by the curated groups, drag-reorder, remove), Group By
 * (single select) with Limit, Sort By (searchable among the chosen columns, drag-reorder, ASC/DESC, remove) and
 * Conditions (searchable columns; comparisons by data type; value inputs by type).
 */
import { useId, useRef } from 'react';
import type { SettingsView } from '../../../machines/report-builder/report-builder.selectors';
import {
  CHART_TYPE_LABELS,
  COMPARE_LABELS,
  ChartType,
  CompareMode,
  type ResolvedDates,
} from '../../../contracts/analyze';
import { columnLabel } from '../../../machines/report-builder/report-builder.logic';
import {
  ColumnPicker,
  SettingsCard,
  SortableList,
  idDetail,
  inputClass,
  invalidInputClass,
  labelWithId,
  useRemovalFocus,
  type PickerHandle,
} from './parts';
import { ConditionsCard } from './ConditionsCard';
import { SortAscIcon, SortDescIcon } from '../icons';
import { type ReportBuilderActions } from '../../../machines/report-builder/report-builder.selectors';

type Actions = ReportBuilderActions;

export function SettingsPanel({
  view,
  actions,
  resolved,
}: {
  view: SettingsView;
  actions: Actions;
  resolved: ResolvedDates | null;
}) {
  return (
    <div id="report-settings" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
      <MetricsCard view={view} actions={actions} />
      <GroupByCard view={view} actions={actions} />
      <SortCard view={view} actions={actions} />
      <ConditionsCard view={view} actions={actions} resolved={resolved} />
      <BreakdownCard view={view} actions={actions} />
    </div>
  );
}

const COMPARE_MODES = Object.keys(CompareMode.keys) as CompareMode[];
const CHART_TYPES = Object.keys(ChartType.keys) as ChartType[];

/** docs/analyze.md §Breakdown, compare and chart types: a second dimension, compare with the previous period, the chart and grid. */
function BreakdownCard({ view, actions }: { view: SettingsView; actions: Actions }) {
  const id = useId();
  const tops = Array.from({ length: view.topMax - view.topMin + 1 }, (_, i) => view.topMin + i);
  return (
    <SettingsCard
      title="Breakdown & Compare"
      description="Split by a second column, compare periods, choose the chart."
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
        <div>
          <label htmlFor={`${id}-breakdown`} className="block text-xs font-medium text-slate-700">
            Breakdown
          </label>
          <select
            id={`${id}-breakdown`}
            value={view.breakdown?.column_name ?? ''}
            disabled={!view.editable}
            onChange={(event) => actions.setBreakdown(event.target.value || null)}
            className={`mt-1 ${inputClass}`}
          >
            <option value="">None</option>
            {view.breakdownOptions.map((d) => (
              <option key={d.column_name} value={d.column_name} title={d.column_name}>
                {columnLabel(d)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-top`} className="block text-xs font-medium text-slate-700">
            Top
          </label>
          <select
            id={`${id}-top`}
            value={view.breakdown?.top ?? ''}
            disabled={!view.editable || !view.breakdown}
            onChange={(event) => actions.setBreakdownTop(Number(event.target.value))}
            className={`mt-1 ${inputClass}`}
          >
            {!view.breakdown && <option value="">–</option>}
            {tops.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {view.breakdown
          ? `The top ${view.breakdown.top} values by the first metric, the rest as Other.`
          : 'One series per value of a text column.'}
      </p>
      <label htmlFor={`${id}-compare`} className="mt-3 block text-xs font-medium text-slate-700">
        Compare with
      </label>
      <select
        id={`${id}-compare`}
        value={view.compare}
        disabled={!view.editable}
        onChange={(event) => actions.setCompare(event.target.value as CompareMode)}
        aria-describedby={view.previous ? `${id}-previous` : undefined}
        className={`mt-1 ${inputClass}`}
      >
        {COMPARE_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {COMPARE_LABELS[mode]}
          </option>
        ))}
      </select>
      {view.previous && (
        <p id={`${id}-previous`} className="mt-1 text-xs text-slate-500">
          {view.previous.date_start} to {view.previous.date_end}
        </p>
      )}
      <div className="mt-3 grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-chart`} className="block text-xs font-medium text-slate-700">
            Chart
          </label>
          <select
            id={`${id}-chart`}
            value={view.chartType}
            disabled={!view.editable}
            onChange={(event) => actions.setChartType(event.target.value as ChartType)}
            className={`mt-1 ${inputClass}`}
          >
            {CHART_TYPES.map((type) => (
              <option key={type} value={type}>
                {CHART_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-grid`} className="block text-xs font-medium text-slate-700">
            Grid
          </label>
          <select
            id={`${id}-grid`}
            value={view.gridLayout}
            disabled={!view.editable || !view.breakdown}
            onChange={(event) => actions.setGridLayout(event.target.value === 'pivot' ? 'pivot' : 'long')}
            className={`mt-1 ${inputClass}`}
          >
            <option value="long">Long</option>
            <option value="pivot">Pivot</option>
          </select>
        </div>
      </div>
    </SettingsCard>
  );
}

function MetricsCard({ view, actions }: { view: SettingsView; actions: Actions }) {
  const picker = useRef<PickerHandle>(null);
  const removal = useRemovalFocus(
    view.metrics.map((m) => m.column_name),
    () => picker.current?.focus(),
  );
  const chosen = new Set(view.metrics.map((m) => m.column_name));
  const options = view.metricGroups.flatMap((group) =>
    group.metrics.map((m) => ({
      value: m.column_name,
      label: columnLabel(m),
      detail: idDetail(columnLabel(m), m.column_name),
      group: group.name,
      hint: chosen.has(m.column_name) ? 'Added' : undefined,
      disabled: chosen.has(m.column_name),
    })),
  );
  return (
    <SettingsCard title="Metrics" description="What to measure. Drag to reorder.">
      <ColumnPicker
        ref={picker}
        label="Search metrics"
        placeholder="Search metrics"
        options={options}
        disabled={!view.editable}
        onPick={(name) => actions.addMetric(name)}
      />
      <div className="mt-3 flex-1">
        {view.metrics.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-xs text-slate-500">
            Add at least one metric.
          </p>
        ) : (
          <SortableList
            listLabel="Chosen metrics"
            items={view.metrics}
            keyOf={(m) => m.column_name}
            labelOf={(m) => columnLabel(m)}
            titleOf={(m) => labelWithId(columnLabel(m), m.column_name)}
            disabled={!view.editable}
            onMove={(from, to) => actions.moveMetric(from, to)}
            onRemove={(m) => actions.removeMetric(m.column_name)}
            removal={removal}
          />
        )}
      </div>
    </SettingsCard>
  );
}

function GroupByCard({ view, actions }: { view: SettingsView; actions: Actions }) {
  const groupId = useId();
  const limitId = useId();
  return (
    <SettingsCard title="Group By" description="One row per value of this column.">
      <label htmlFor={groupId} className="sr-only">
        Group By
      </label>
      <select
        id={groupId}
        value={view.groupBy?.column_name ?? ''}
        disabled={!view.editable}
        onChange={(event) => actions.setGroupBy(event.target.value || null)}
        className={inputClass}
      >
        <option value="">Select a column…</option>
        {view.dimensions.map((d) => (
          <option key={d.column_name} value={d.column_name} title={d.column_name}>
            {columnLabel(d)}
          </option>
        ))}
      </select>
      {!view.groupBy && <p className="mt-1.5 text-xs text-slate-500">Choose a group-by to run the report.</p>}
      <div className="mt-4">
        <label htmlFor={limitId} className="block text-xs font-medium text-slate-700">
          Limit
        </label>
        <input
          id={limitId}
          type="number"
          inputMode="numeric"
          min={1}
          max={view.limitMax}
          step={1}
          value={view.limit}
          disabled={!view.editable}
          aria-invalid={!!view.limitError || undefined}
          aria-describedby={view.limitError ? `${limitId}-error` : `${limitId}-hint`}
          onChange={(event) => actions.setLimit(event.target.value)}
          className={`mt-1 ${inputClass} ${view.limitError ? invalidInputClass : ''}`}
        />
        {view.limitError ? (
          <p id={`${limitId}-error`} role="alert" className="mt-1 text-xs text-rose-600">
            {view.limitError}
          </p>
        ) : (
          <p id={`${limitId}-hint`} className="mt-1 text-xs text-slate-500">
            Most rows the report returns.
          </p>
        )}
      </div>
    </SettingsCard>
  );
}

function SortCard({ view, actions }: { view: SettingsView; actions: Actions }) {
  const picker = useRef<PickerHandle>(null);
  const removal = useRemovalFocus(
    view.orderBy.map((o) => o.column_name),
    () => picker.current?.focus(),
  );
  const sorted = new Set(view.orderBy.map((o) => o.column_name));
  const options = view.sortOptions.map((o) => ({
    value: o.column_name,
    label: o.label,
    detail: idDetail(o.label, o.column_name),
    disabled: sorted.has(o.column_name),
    hint: sorted.has(o.column_name) ? 'Added' : undefined,
  }));
  return (
    <SettingsCard title="Sort By" description="Among the chosen metrics and group-by.">
      <ColumnPicker
        ref={picker}
        label="Search sort columns"
        placeholder="Search sort columns"
        options={options}
        disabled={!view.editable}
        emptyText={view.sortOptions.length === 0 ? 'Choose metrics or a group-by first' : 'No matching columns'}
        onPick={(name) => actions.addSort(name)}
      />
      <div className="mt-3 flex-1">
        {view.orderBy.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-xs text-slate-500">
            No sorting: the engine's order.
          </p>
        ) : (
          <SortableList
            listLabel="Sort order"
            items={view.orderBy}
            keyOf={(o) => o.column_name}
            labelOf={(o) => o.label}
            titleOf={(o) => labelWithId(o.label, o.column_name)}
            disabled={!view.editable}
            onMove={(from, to) => actions.moveSort(from, to)}
            onRemove={(o) => actions.removeSort(o.column_name)}
            removal={removal}
            render={(o) => (
              <span className="flex items-center justify-between gap-2">
                <span className="truncate">{o.label}</span>
                <button
                  type="button"
                  disabled={!view.editable}
                  onClick={() => actions.toggleSortOrder(o.column_name)}
                  aria-label={`${o.label} sorted ${o.order}, switch to ${o.order === 'ASC' ? 'DESC' : 'ASC'}`}
                  title="Toggle ASC / DESC"
                  className={`inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 transition ${
                    o.order === 'ASC'
                      ? 'bg-emerald-50 text-emerald-700 ring-emerald-200 hover:bg-emerald-100'
                      : 'bg-indigo-50 text-indigo-700 ring-indigo-200 hover:bg-indigo-100'
                  }`}
                >
                  {o.order === 'ASC' ? <SortAscIcon className="size-3" /> : <SortDescIcon className="size-3" />}
                  {o.order}
                </button>
              </span>
            )}
          />
        )}
      </div>
    </SettingsCard>
  );
}
