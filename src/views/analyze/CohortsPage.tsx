/**
 * /analyze/cohorts and /analyze/cohorts/{cohortId} (docs/analyze.md §Retention cohorts): the retention triangle by install
 * cohort — grain, periods, install dates, split and filters; a heat-map table per split value (a real table: the
 * colour always comes with the number) with cohort sizes and the weighted average row; cells not mature yet are
 * empty. Editors and admins save it under a title; the saved tables are listed beside it. A thin view over the
 * cohort-builder machine; loaded on demand (routes.ts), so it adds nothing to the first screens.
 */
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import {
  COHORT_CONDITIONS_MAX,
  COHORT_SPLITS,
  COHORT_TITLE_MAX,
  GRAIN_LABELS,
  PERIODS_MAX,
  type CohortGrain,
  type CohortGroup,
  type CohortResult,
  type CohortSplit,
} from '../../contracts/cohorts';
import { oneOfValues, type Condition } from '../../contracts/analyze';
import { cohortBuilderFlow, cohortBuilderKey } from '../../machines/cohort-builder/cohort-builder.actors';
import { cohortBuilderActions, cohortSelectors } from '../../machines/cohort-builder/cohort-builder.selectors';
import { useSavedCohorts } from '../../services/cohorts.queries';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { ScrollRegion } from '../ui/ScrollRegion';
import { inputClass, SavedQuestionFrame, SavedQuestionRoute, useSavedQuestion } from './SavedQuestionFrame';
import { CloseIcon } from './icons';

export default function CohortsPage() {
  return (
    <SavedQuestionRoute
      idParam="cohortId"
      render={({ workspaceId, appId, id }) => <Cohorts workspaceId={workspaceId} appId={appId} cohortId={id} />}
    />
  );
}

const input = inputClass;
const FILTER_COLUMNS = COHORT_SPLITS;

function Cohorts({ workspaceId, appId, cohortId }: { workspaceId: string; appId: string; cohortId: string | null }) {
  const [, navigate] = useLocation();
  const role = useCurrentWorkspace()?.role;
  const actor = useFlowActor(
    cohortBuilderFlow,
    { appId, cohortId, canSave: role === 'admin' || role === 'editor' },
    { key: cohortBuilderKey({ appId, cohortId }), deps: { workspaceId, navigate } },
  );
  const actions = useActions(actor, cohortBuilderActions);
  const { phase, question, result, view } = useSavedQuestion(actor, cohortSelectors, 'cohortId');
  const saved = useSavedCohorts(appId);
  const ids = { grain: useId(), periods: useId(), split: useId(), from: useId(), to: useId() };
  const range = question.date_range ?? (result ? { date_start: result.date_start, date_end: result.date_end } : null);

  return (
    <SavedQuestionFrame
      workspaceId={workspaceId}
      appId={appId}
      currentId={cohortId}
      role={role}
      basePath="analyze/cohorts"
      noun={{ one: 'cohort table', many: 'cohort tables' }}
      heading="Retention cohorts"
      intro="Players grouped by when they installed: the share of each cohort that came back in each period since install. Periods that have not fully passed yet are left empty."
      titleMax={COHORT_TITLE_MAX}
      view={view}
      actions={actions}
      saved={saved}
      settings={
        <form
          aria-label="Cohort settings"
          onSubmit={(e) => e.preventDefault()}
          className="flex flex-wrap items-end gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.grain} className="text-xs font-semibold text-slate-700">
              Cohorts by
            </label>
            <select
              id={ids.grain}
              className={input}
              value={question.grain}
              disabled={phase === 'opening' || phase === 'openFailed'}
              onChange={(e) => actions.setGrain(e.target.value as CohortGrain)}
            >
              <option value="day">Install day</option>
              <option value="week">Install week</option>
              <option value="month">Install month</option>
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.periods} className="text-xs font-semibold text-slate-700">
              {GRAIN_LABELS[question.grain].period}s
            </label>
            <select
              id={ids.periods}
              className={input}
              value={question.periods}
              disabled={phase === 'opening' || phase === 'openFailed'}
              onChange={(e) => actions.setPeriods(Number(e.target.value))}
            >
              {Array.from({ length: PERIODS_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.from} className="text-xs font-semibold text-slate-700">
              Installed from
            </label>
            <input
              id={ids.from}
              type="date"
              className={input}
              value={range?.date_start ?? ''}
              max={range?.date_end}
              disabled={!range}
              onChange={(e) => e.target.value && range && actions.setRange(e.target.value, range.date_end)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.to} className="text-xs font-semibold text-slate-700">
              to
            </label>
            <input
              id={ids.to}
              type="date"
              className={input}
              value={range?.date_end ?? ''}
              min={range?.date_start}
              max={result?.data_end}
              disabled={!range}
              onChange={(e) => e.target.value && range && actions.setRange(range.date_start, e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.split} className="text-xs font-semibold text-slate-700">
              Split by
            </label>
            <select
              id={ids.split}
              className={input}
              value={question.split ?? ''}
              disabled={phase === 'opening' || phase === 'openFailed'}
              onChange={(e) => actions.setSplit((e.target.value || null) as CohortSplit | null)}
            >
              <option value="">Nothing</option>
              {COHORT_SPLITS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <Filters
            conditions={question.where ?? []}
            onAdd={actions.addCondition}
            onRemove={actions.removeCondition}
            disabled={phase === 'opening' || phase === 'openFailed'}
          />
        </form>
      }
      answer={result && <Triangle result={result} />}
    />
  );
}

/** Filters on the install day: a column and the values it must be one of (the report builder's is-one-of). */
function Filters({
  conditions,
  onAdd,
  onRemove,
  disabled,
}: {
  conditions: readonly Condition[];
  onAdd: (condition: Condition) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}) {
  const [column, setColumn] = useState<CohortSplit>('country');
  const [values, setValues] = useState('');
  const columnId = useId();
  const valuesId = useId();
  const full = conditions.length >= COHORT_CONDITIONS_MAX;
  const add = () => {
    const list = oneOfValues(values);
    if (list.length === 0 || full) return;
    onAdd({
      label: column,
      column_name: column,
      comparison: 'is_one_of',
      value: list.join(','),
      checked: true,
      data_type: 'STRING',
    });
    setValues('');
  };
  const labelOf = (name: string) => FILTER_COLUMNS.find((c) => c.value === name)?.label ?? name;
  return (
    <fieldset className="flex min-w-0 basis-full flex-col gap-2">
      <legend className="text-xs font-semibold text-slate-700">Only players who installed with</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={columnId} className="sr-only">
          Filter column
        </label>
        <select
          id={columnId}
          className={input}
          value={column}
          disabled={disabled}
          onChange={(e) => setColumn(e.target.value as CohortSplit)}
        >
          {FILTER_COLUMNS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <label htmlFor={valuesId} className="sr-only">
          Filter values, separated by commas
        </label>
        <input
          id={valuesId}
          type="text"
          className={`${input} min-w-0 flex-1`}
          placeholder="e.g. US, DE"
          value={values}
          maxLength={500}
          disabled={disabled}
          onChange={(e) => setValues(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={disabled || full || oneOfValues(values).length === 0}>
          Add filter
        </Button>
      </div>
      {conditions.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Filters">
          {conditions.map((c, i) => (
            <li
              key={`${c.label}-${i}`}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs text-indigo-900 ring-1 ring-indigo-200"
            >
              {labelOf(c.column_name ?? c.label)} is {oneOfValues(c.value).join(', ')}
              <button
                type="button"
                onClick={() => onRemove(i)}
                disabled={disabled}
                aria-label={`Remove filter ${labelOf(c.column_name ?? c.label)}`}
                className="rounded-full p-0.5 hover:bg-indigo-100"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
function cohortLabel(grain: CohortGrain, start: string) {
  if (grain === 'month') return monthFormat.format(at(start));
  return grain === 'week' ? `Week of ${dateFormat.format(at(start))}` : dateFormat.format(at(start));
}
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
/** Heat colour of a share: light tints with dark text, deep tints with white text (contrast ≥ 4.5:1 both ways). */
function heat(share: number) {
  if (share < 0.05) return 'bg-indigo-50 text-slate-900';
  if (share < 0.1) return 'bg-indigo-100 text-slate-900';
  if (share < 0.2) return 'bg-indigo-200 text-slate-900';
  if (share < 0.35) return 'bg-indigo-300 text-slate-900';
  if (share < 0.6) return 'bg-indigo-600 text-white';
  return 'bg-indigo-800 text-white';
}

function Triangle({ result }: { result: CohortResult }) {
  const split = COHORT_SPLITS.find((s) => s.value === result.split);
  if (result.groups.every((g) => g.average.size === 0))
    return (
      <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        No player installed in these cohorts. Choose other install dates or remove a filter.
      </p>
    );
  return (
    <div className="mt-4 space-y-6">
      {result.groups.map((group) => {
        const name = split ? `${split.label}: ${group.split_value ?? '(not set)'}` : null;
        return (
          <section
            key={group.split_value ?? ''}
            className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            {name && <h2 className="mb-2 text-sm font-semibold text-slate-900">{name}</h2>}
            <CohortTable result={result} group={group} caption={name} />
          </section>
        );
      })}
    </div>
  );
}

function CohortTable({ result, group, caption }: { result: CohortResult; group: CohortGroup; caption: string | null }) {
  const short = GRAIN_LABELS[result.grain].short;
  const periods = Array.from({ length: result.periods }, (_, i) => i);
  const label = `Retention by install ${result.grain}${caption ? `, ${caption}` : ''}`;
  const cell = (share: number | null, key: number) =>
    share === null ? (
      <td key={key} className="border-l border-white px-2 py-1.5">
        <span className="sr-only">not yet</span>
      </td>
    ) : (
      <td key={key} className={`border-l border-white px-2 py-1.5 text-right tabular-nums ${heat(share)}`}>
        {percent(share)}
      </td>
    );
  return (
    <ScrollRegion label={label}>
      <table className="w-max min-w-full border-collapse text-xs">
        <caption className="sr-only">
          {label}: the share of each cohort active in each {result.grain} since install; empty cells have not fully
          passed yet.
        </caption>
        <thead>
          <tr className="text-left text-slate-700">
            <th scope="col" className="sticky left-0 bg-white px-2 py-1.5 font-semibold">
              Cohort
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              Players
            </th>
            {periods.map((n) => (
              <th key={n} scope="col" className="px-2 py-1.5 text-right font-semibold">
                <abbr title={`${GRAIN_LABELS[result.grain].period} ${n}`} className="no-underline">
                  {short}
                  {n}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {group.cohorts.map((row) => (
            <tr key={row.cohort} className="border-t border-white">
              <th
                scope="row"
                className="sticky left-0 bg-white px-2 py-1.5 text-left font-medium whitespace-nowrap text-slate-900"
              >
                {cohortLabel(result.grain, row.cohort)}
              </th>
              <td className="px-2 py-1.5 text-right text-slate-900 tabular-nums">{row.size.toLocaleString('en-US')}</td>
              {row.share.map(cell)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-semibold">
            <th scope="row" className="sticky left-0 bg-white px-2 py-1.5 text-left whitespace-nowrap text-slate-900">
              Weighted average
            </th>
            <td className="px-2 py-1.5 text-right text-slate-900 tabular-nums">
              {group.average.size.toLocaleString('en-US')}
            </td>
            {group.average.share.map(cell)}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
