/**
 * The settings panel of docs/analyze.md §Screens and routes: Metrics (searchable, grouped by the curated groups, drag-reorder, remove), Group By
 * (single select) with Limit, Sort By (searchable among the chosen columns, drag-reorder, ASC/DESC, remove) and
 * Conditions (searchable columns; comparisons by data type; value inputs by type).
 */
import { useId, useRef } from 'react';
import type { SettingsView } from '../../../machines/report-builder/report-builder.selectors';
import type { ResolvedDates } from '../../../contracts/analyze';
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
    </div>
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
