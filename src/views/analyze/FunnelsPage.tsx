/**
 * /analyze/funnels and /analyze/funnels/{funnelId} (docs/analyze.md §Funnels): 2–10 ordered steps (an event of the app,
 * with optional conditions), the conversion window, the order, the entry dates and a split; the answer as a bar
 * chart of the steps (each bar with its label and number in text) and a table per group (every player, then each split
 * value) with conversions, drop-off and median times; a step's drop-off downloads the ids of the players who dropped
 * there as a CSV. Editors and admins save it under a title; the saved funnels are listed beside it. A thin view over
 * the funnel-builder machine; loaded on demand (routes.ts), so it adds nothing to the first screens.
 */
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { useSelector } from '@xstate/react';
import {
  FUNNEL_ORDERS,
  FUNNEL_SPLITS,
  FUNNEL_STEPS_MAX,
  FUNNEL_STEPS_MIN,
  FUNNEL_TITLE_MAX,
  STEP_CONDITIONS_MAX,
  STEP_CONDITION_COLUMNS,
  WINDOW_MINUTES_MAX,
  WINDOW_UNITS,
  UNIT_MINUTES,
  formatDuration,
  type FunnelGroup,
  type FunnelOrder,
  type FunnelResult,
  type FunnelSplit,
  type FunnelStep,
  type WindowUnit,
} from '../../contracts/funnels';
import type { Comparison, Condition } from '../../contracts/analyze';
import { funnelBuilderFlow, funnelBuilderKey } from '../../machines/funnel-builder/funnel-builder.actors';
import {
  funnelBuilderActions,
  funnelSelectors,
  selectDropoff,
} from '../../machines/funnel-builder/funnel-builder.selectors';
import { useFunnelEventNames, useSavedFunnels } from '../../services/funnels.queries';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { ScrollRegion } from '../ui/ScrollRegion';
import {
  cardClass,
  inputClass,
  Problem,
  SavedQuestionFrame,
  SavedQuestionRoute,
  useSavedQuestion,
} from './SavedQuestionFrame';
import { CloseIcon } from './icons';

export default function FunnelsPage() {
  return (
    <SavedQuestionRoute
      idParam="funnelId"
      render={({ workspaceId, appId, id }) => <Funnels workspaceId={workspaceId} appId={appId} funnelId={id} />}
    />
  );
}

const input = inputClass;
const card = cardClass;

function Funnels({ workspaceId, appId, funnelId }: { workspaceId: string; appId: string; funnelId: string | null }) {
  const [, navigate] = useLocation();
  const role = useCurrentWorkspace()?.role;
  const actor = useFlowActor(
    funnelBuilderFlow,
    { appId, funnelId, canSave: role === 'admin' || role === 'editor' },
    { key: funnelBuilderKey({ appId, funnelId }), deps: { workspaceId, navigate } },
  );
  const actions = useActions(actor, funnelBuilderActions);
  const { phase, question, result, view } = useSavedQuestion(actor, funnelSelectors, 'funnelId');
  const dropoff = useSelector(actor, selectDropoff);
  const saved = useSavedFunnels(appId);
  const eventNames = useFunnelEventNames(appId);
  const ids = {
    window: useId(),
    unit: useId(),
    order: useId(),
    split: useId(),
    from: useId(),
    to: useId(),
  };
  const locked = phase === 'opening' || phase === 'openFailed';
  const range = question.date_range ?? (result ? { date_start: result.date_start, date_end: result.date_end } : null);
  const maxValue = Math.floor(WINDOW_MINUTES_MAX / UNIT_MINUTES[question.window.unit]);

  return (
    <SavedQuestionFrame
      workspaceId={workspaceId}
      appId={appId}
      currentId={funnelId}
      role={role}
      basePath="analyze/funnels"
      noun={{ one: 'funnel', many: 'funnels' }}
      heading="Funnels"
      intro="How many players go through a sequence of events within a conversion window, and where they drop out."
      titleMax={FUNNEL_TITLE_MAX}
      view={view}
      actions={actions}
      saved={saved}
      settings={
        <form aria-label="Funnel settings" onSubmit={(e) => e.preventDefault()} className={`${card} space-y-4`}>
          <fieldset className="min-w-0">
            <legend className="text-xs font-semibold text-slate-700">Steps</legend>
            <ol className="mt-2 space-y-2">
              {question.steps.map((step, i) => (
                <StepRow
                  key={i}
                  index={i}
                  step={step}
                  count={question.steps.length}
                  eventNames={eventNames.data ?? []}
                  disabled={locked}
                  actions={actions}
                />
              ))}
            </ol>
            <Button
              variant="secondary"
              className="mt-2"
              disabled={locked || question.steps.length >= FUNNEL_STEPS_MAX}
              onClick={actions.addStep}
            >
              Add step
            </Button>
            {eventNames.isError && <p className="mt-1 text-xs text-rose-700">We could not load the app’s events.</p>}
          </fieldset>

          <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.window} className="text-xs font-semibold text-slate-700">
                Conversion window
              </label>
              <div className="flex gap-2">
                <input
                  id={ids.window}
                  type="number"
                  min={1}
                  max={maxValue}
                  step={1}
                  className={`${input} w-20`}
                  value={question.window.value}
                  disabled={locked}
                  onChange={(e) => {
                    const value = Number(e.target.value);
                    if (Number.isInteger(value) && value >= 1) actions.setWindow(value, question.window.unit);
                  }}
                />
                <label htmlFor={ids.unit} className="sr-only">
                  Window unit
                </label>
                <select
                  id={ids.unit}
                  className={input}
                  value={question.window.unit}
                  disabled={locked}
                  onChange={(e) => actions.setWindow(question.window.value, e.target.value as WindowUnit)}
                >
                  {WINDOW_UNITS.map((u) => (
                    <option key={u.value} value={u.value}>
                      {u.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.order} className="text-xs font-semibold text-slate-700">
                Order
              </label>
              <select
                id={ids.order}
                className={input}
                value={question.order}
                disabled={locked}
                onChange={(e) => actions.setOrder(e.target.value as FunnelOrder)}
              >
                {FUNNEL_ORDERS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.from} className="text-xs font-semibold text-slate-700">
                Entered from
              </label>
              <input
                id={ids.from}
                type="date"
                className={input}
                value={range?.date_start ?? ''}
                max={range?.date_end}
                disabled={!range || locked}
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
                disabled={!range || locked}
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
                disabled={locked}
                onChange={(e) => actions.setSplit((e.target.value || null) as FunnelSplit | null)}
              >
                <option value="">Nothing</option>
                {FUNNEL_SPLITS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </form>
      }
      status={
        <>
          {phase === 'loadingDropoff' && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Listing the players who dropped…
            </p>
          )}
          {dropoff.error && <Problem text={dropoff.error} />}
          {dropoff.result && dropoff.target && (
            <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
              {dropoff.result.count.toLocaleString('en-US')} players dropped before step {dropoff.target.step}
              {dropoff.target.split_value !== null ? ` (${dropoff.target.split_value})` : ''}
              {dropoff.result.count > 0
                ? dropoff.result.truncated
                  ? `; the first ${dropoff.result.user_ids.length.toLocaleString('en-US')} ids were downloaded as a CSV.`
                  : '; their ids were downloaded as a CSV.'
                : '.'}
            </p>
          )}
        </>
      }
      answer={
        result && (
          <Results
            result={result}
            canDropoff={phase === 'ready'}
            onDropoff={(step, group) => actions.dropoff({ step, split_value: group.split_value, other: group.other })}
          />
        )
      }
    />
  );
}

type Actions = ReturnType<typeof funnelBuilderActions>;

function StepRow({
  index,
  step,
  count,
  eventNames,
  disabled,
  actions,
}: {
  index: number;
  step: FunnelStep;
  count: number;
  eventNames: readonly string[];
  disabled: boolean;
  actions: Actions;
}) {
  const selectId = useId();
  const names =
    step.event_name && !eventNames.includes(step.event_name) ? [step.event_name, ...eventNames] : eventNames;
  const n = index + 1;
  return (
    <li className="rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="w-14 text-sm font-semibold text-slate-800">
          Step {n}
        </label>
        <select
          id={selectId}
          className={`${input} min-w-0 flex-1`}
          value={step.event_name}
          disabled={disabled}
          onChange={(e) => actions.setStep(index, e.target.value)}
        >
          <option value="">Choose an event</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          disabled={disabled || index === 0}
          onClick={() => actions.moveStep(index, -1)}
          aria-label={`Move step ${n} up`}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          disabled={disabled || index === count - 1}
          onClick={() => actions.moveStep(index, 1)}
          aria-label={`Move step ${n} down`}
        >
          ↓
        </Button>
        <Button
          variant="secondary"
          disabled={disabled || count <= FUNNEL_STEPS_MIN}
          onClick={() => actions.removeStep(index)}
          aria-label={`Remove step ${n}`}
        >
          <CloseIcon className="size-4" />
        </Button>
      </div>
      <StepConditions index={index} step={step} disabled={disabled} actions={actions} />
    </li>
  );
}

const COMPARISONS: Record<string, { value: Comparison; label: string }[]> = {
  BOOL: [
    { value: 'is_true', label: 'is true' },
    { value: 'is_false', label: 'is false' },
  ],
  STRING: [
    { value: 'equals', label: 'is' },
    { value: 'not_equals', label: 'is not' },
    { value: 'contains', label: 'contains' },
  ],
  NUMBER: [
    { value: 'equals', label: '=' },
    { value: 'greater_than_or_equal', label: '≥' },
    { value: 'less_than_or_equal', label: '≤' },
  ],
};
const comparisonsOf = (type: string) => COMPARISONS[type] ?? COMPARISONS.NUMBER!;

/** A step's parameter conditions: a column of the event, a comparison and a value (the report builder's conditions). */
function StepConditions({
  index,
  step,
  disabled,
  actions,
}: {
  index: number;
  step: FunnelStep;
  disabled: boolean;
  actions: Actions;
}) {
  const [column, setColumn] = useState(STEP_CONDITION_COLUMNS[0]!.value);
  const def = STEP_CONDITION_COLUMNS.find((c) => c.value === column) ?? STEP_CONDITION_COLUMNS[0]!;
  const [comparison, setComparison] = useState<Comparison>(comparisonsOf(def.data_type)[0]!.value);
  const [value, setValue] = useState('');
  const ids = { column: useId(), comparison: useId(), value: useId() };
  const conditions = step.where ?? [];
  const needsValue = def.data_type !== 'BOOL';
  const numeric = def.data_type === 'INTEGER' || def.data_type === 'FLOAT64';
  const valueOk = !needsValue || (value.trim() !== '' && (!numeric || Number.isFinite(Number(value))));
  const full = conditions.length >= STEP_CONDITIONS_MAX;
  const add = () => {
    if (!valueOk || full) return;
    const condition: Condition = {
      label: def.value,
      column_name: def.value,
      comparison,
      checked: true,
      data_type: def.data_type,
      ...(needsValue ? { value: value.trim() } : {}),
    };
    actions.addCondition(index, condition);
    setValue('');
  };
  const labelOf = (name: string) => STEP_CONDITION_COLUMNS.find((c) => c.value === name)?.label ?? name;
  const describe = (c: Condition) =>
    `${labelOf(c.column_name ?? c.label)} ${comparisonsOf(c.data_type).find((x) => x.value === c.comparison)?.label ?? c.comparison}${
      c.value !== undefined && c.value !== null ? ` ${String(c.value as string)}` : ''
    }`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 pl-16 text-sm">
      {conditions.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Conditions of step ${index + 1}`}>
          {conditions.map((c, i) => (
            <li
              key={`${c.label}-${i}`}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs text-indigo-900 ring-1 ring-indigo-200"
            >
              where {describe(c)}
              <button
                type="button"
                onClick={() => actions.removeCondition(index, i)}
                disabled={disabled}
                aria-label={`Remove condition ${describe(c)} of step ${index + 1}`}
                className="rounded-full p-0.5 hover:bg-indigo-100"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={ids.column} className="sr-only">
        Condition column of step {index + 1}
      </label>
      <select
        id={ids.column}
        className={input}
        value={column}
        disabled={disabled}
        onChange={(e) => {
          setColumn(e.target.value);
          const next = STEP_CONDITION_COLUMNS.find((c) => c.value === e.target.value)!;
          setComparison(comparisonsOf(next.data_type)[0]!.value);
        }}
      >
        {STEP_CONDITION_COLUMNS.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <label htmlFor={ids.comparison} className="sr-only">
        Comparison of step {index + 1}
      </label>
      <select
        id={ids.comparison}
        className={input}
        value={comparison}
        disabled={disabled}
        onChange={(e) => setComparison(e.target.value as Comparison)}
      >
        {comparisonsOf(def.data_type).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {needsValue && (
        <>
          <label htmlFor={ids.value} className="sr-only">
            Condition value of step {index + 1}
          </label>
          <input
            id={ids.value}
            type={numeric ? 'number' : 'text'}
            className={`${input} w-28`}
            value={value}
            maxLength={200}
            disabled={disabled}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </>
      )}
      <Button variant="secondary" onClick={add} disabled={disabled || full || !valueOk}>
        Add condition
      </Button>
    </div>
  );
}

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`);
const count = (n: number) => n.toLocaleString('en-US');

function Results({
  result,
  canDropoff,
  onDropoff,
}: {
  result: FunnelResult;
  canDropoff: boolean;
  onDropoff: (step: number, group: FunnelGroup) => void;
}) {
  const split = FUNNEL_SPLITS.find((s) => s.value === result.split);
  if (result.total.steps[0]!.players === 0)
    return (
      <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        No player did the first step in these dates. Choose other dates, another first step or remove a condition.
      </p>
    );
  return (
    <div className="mt-4 space-y-6">
      <section className={card}>
        <h2 className="text-sm font-semibold text-slate-900">Every player</h2>
        <StepBars group={result.total} />
        <StepTable group={result.total} caption="Every player" canDropoff={canDropoff} onDropoff={onDropoff} />
      </section>
      {result.groups.map((group) => {
        const name = `${split?.label ?? 'Split'}: ${group.split_value ?? '(not set)'}`;
        return (
          <section key={`${group.other}:${group.split_value ?? ''}`} className={card}>
            <h2 className="text-sm font-semibold text-slate-900">{name}</h2>
            <StepTable group={group} caption={name} canDropoff={canDropoff} onDropoff={onDropoff} />
          </section>
        );
      })}
    </div>
  );
}

/** The steps as horizontal bars, each with its event and its players in text (the width is only a picture of it). */
function StepBars({ group }: { group: FunnelGroup }) {
  const first = group.steps[0]!.players || 1;
  return (
    <ol aria-label="Players per step" className="mt-3 space-y-2">
      {group.steps.map((s, i) => (
        <li key={i} className="grid grid-cols-[minmax(0,10rem)_1fr] items-center gap-3 text-sm">
          <span className="truncate text-slate-800" title={s.event_name}>
            {i + 1}. {s.event_name}
          </span>
          <span className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className="h-6 rounded bg-indigo-600"
              style={{ width: `${Math.max(1, (s.players / first) * 100) * 0.8}%` }}
            />
            <span className="text-slate-900 tabular-nums">
              {count(s.players)} ({percent(s.from_first)})
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function StepTable({
  group,
  caption,
  canDropoff,
  onDropoff,
}: {
  group: FunnelGroup;
  caption: string;
  canDropoff: boolean;
  onDropoff: (step: number, group: FunnelGroup) => void;
}) {
  return (
    <ScrollRegion label={`Funnel steps, ${caption}`}>
      <table className="mt-3 w-max min-w-full border-collapse text-sm">
        <caption className="sr-only">Funnel steps, {caption}</caption>
        <thead>
          <tr className="text-left text-xs text-slate-700">
            <th scope="col" className="px-2 py-1.5 font-semibold">
              Step
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              Players
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              From first
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              From previous
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              Dropped
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-semibold">
              Median time
            </th>
          </tr>
        </thead>
        <tbody>
          {group.steps.map((s, i) => (
            <tr key={i} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap text-slate-900">
                {i + 1}. {s.event_name}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">{count(s.players)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{percent(s.from_first)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{i === 0 ? '–' : percent(s.from_previous)}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {i === 0 ? (
                  '–'
                ) : s.dropped > 0 ? (
                  <button
                    type="button"
                    className="font-medium text-indigo-700 underline hover:text-indigo-900 disabled:text-slate-500"
                    disabled={!canDropoff}
                    onClick={() => onDropoff(i + 1, group)}
                    aria-label={`Download the ${count(s.dropped)} players who dropped before step ${i + 1}, ${caption}`}
                  >
                    {count(s.dropped)}
                  </button>
                ) : (
                  '0'
                )}
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums">
                {i === 0 ? '–' : formatDuration(s.median_seconds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
