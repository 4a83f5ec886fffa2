/**
 * /analyze/reportAi — "Ask in plain words": a question box; how the question was understood, each part a
 * chip that can be changed (its select or value, and a condition's comparison: is ↔ is not) or removed; what could not be placed, with catalogue suggestions;
 * Run Report opens the normal builder with the result, which runs it (every builder rule applies). A thin view over
 * the ask-analyze machine. Every member may use it (running reports is open to every member, docs/ask.md §Roles).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { shallowEqual, useSelector } from '@xstate/react';
import { ASK_QUESTION_MAX } from '../../contracts/ask';
import { askAnalyzeFlow } from '../../machines/ask-analyze/ask-analyze.actors';
import {
  selectError,
  selectPhase,
  selectQuestion,
  selectUnderstanding,
} from '../../machines/ask-analyze/ask-analyze.selectors';
import type { Part } from '../../machines/ask-analyze/ask-analyze.logic';
import { href } from '../../paths';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { AnalyzePromo } from './AnalyzePromo';
import { AlertIcon, ArrowLeftIcon, CloseIcon, PlayIcon } from './icons';
import { askAnalyzeActions } from '../../machines/ask-analyze/ask-analyze.selectors';
import { useActions } from '../flows/useActions';

const EXAMPLES = [
  'retention d1 and d7 by country for the last 30 days, only iOS',
  'ad revenue per DAU by week since March',
  'top 10 countries by installs last month',
];

export default function ReportAiPage() {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const app = useCurrentApp();
  if (app && app.enableAnalyze === false) return <AnalyzePromo workspaceId={workspaceId} appId={appId} />;
  return <Ask key={appId} workspaceId={workspaceId} appId={appId} />;
}

function Ask({ workspaceId, appId }: { workspaceId: string; appId: string }) {
  const [, navigate] = useLocation();
  const actor = useFlowActor(askAnalyzeFlow, { appId }, { deps: { workspaceId, navigate } });
  const actions = useActions(actor, askAnalyzeActions);
  const phase = useSelector(actor, selectPhase);
  const question = useSelector(actor, selectQuestion);
  const error = useSelector(actor, selectError);
  const understanding = useSelector(actor, selectUnderstanding, shallowEqual);
  const inputId = useId();
  const hintId = useId();
  const busy = phase === 'understanding';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.ask();
  };

  return (
    <section className="mx-auto max-w-4xl">
      <Link
        href={href.app(workspaceId, appId, 'analyze/overview')}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-indigo-700"
      >
        <ArrowLeftIcon /> Analyze
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Ask in plain words</h1>
      <p className="mt-1 text-sm text-slate-600">
        Type what you want to see. It becomes a report of the builder, using only your app&apos;s metrics and columns;
        check how it was understood, then run it.
      </p>

      <form onSubmit={submit} className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
          Your question
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            id={inputId}
            type="text"
            value={question}
            maxLength={ASK_QUESTION_MAX}
            autoComplete="off"
            aria-describedby={hintId}
            placeholder="e.g. retention d1 and d7 by country for the last 30 days, only iOS"
            onChange={(e) => actions.type(e.target.value)}
            className="min-w-0 flex-1 rounded-lg border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-indigo-600"
          />
          <Button type="submit" busy={busy} disabled={question.trim() === ''}>
            Ask
          </Button>
        </div>
        <div id={hintId} className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span>Try:</span>
          {EXAMPLES.map((example) => (
            <button
              key={example}
              type="button"
              onClick={() => {
                actions.type(example);
                actions.ask();
              }}
              className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
            >
              {example}
            </button>
          ))}
        </div>
      </form>

      <div aria-live="polite" className="mt-6">
        {busy && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Reading your question…
          </p>
        )}
        {phase === 'failed' && error && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
          >
            <AlertIcon /> <span className="flex-1">{error}</span>
            <Button variant="secondary" onClick={actions.retry}>
              Try again
            </Button>
          </div>
        )}
      </div>

      {understanding && !busy && phase !== 'failed' && (
        <section
          aria-labelledby={`${inputId}-understood`}
          className="mt-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${inputId}-understood`} className="text-base font-semibold text-slate-900">
              How I understood it
            </h2>
            <p className="text-xs text-slate-600">
              {understanding.source === 'model' ? (
                'Read by the configured language model'
              ) : (
                <>
                  <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-800">Sandbox</span>
                  Read offline, from your catalogue
                </>
              )}
              {' · '}
              {understanding.modelName} data
            </p>
          </div>
          <p className="mt-2 text-sm text-slate-700" data-testid="ask-summary">
            {understanding.summary}
          </p>

          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Parts of the report">
            {understanding.parts.map((part) => (
              <PartChip
                key={part.id}
                part={part}
                hint={
                  part.kind === 'dates' && part.current === 'default' && understanding.defaultDates
                    ? `${understanding.defaultDates.date_start} to ${understanding.defaultDates.date_end}`
                    : undefined
                }
                onChange={(value) => actions.changePart(part.id, value)}
                onComparison={(value) => actions.changePart(part.id.replace(/^condition:/, 'comparison:'), value)}
                onRemove={() => actions.removePart(part.id)}
              />
            ))}
          </ul>

          {understanding.message && (
            <p role="status" className="mt-4 text-sm font-medium text-rose-700">
              {understanding.message}
            </p>
          )}

          {understanding.unplaced.length > 0 && (
            <div className="mt-4 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200">
              <h3 className="text-sm font-semibold text-amber-900">What I could not place</h3>
              <ul className="mt-2 space-y-2 text-sm text-amber-900">
                {understanding.unplaced.map((u) => (
                  <li key={u.text + u.message}>
                    <span>{u.message}</span>
                    {u.suggestions.length > 0 && (
                      <span className="ml-1 inline-flex flex-wrap items-center gap-1.5">
                        <span>Try</span>
                        {u.suggestions.map((s) => (
                          <button
                            key={s.column_name}
                            type="button"
                            onClick={() => actions.pickSuggestion(s)}
                            className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
                          >
                            {s.kind === 'metric' ? `Add ${s.label}` : `Group by ${s.label}`}
                          </button>
                        ))}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}

          <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
            <p className="text-xs text-slate-600">
              Opens the report builder, which runs it; you can change everything there.
            </p>
            <Button
              icon={<PlayIcon />}
              aria-disabled={understanding.blocker ? true : undefined}
              title={understanding.blocker ?? undefined}
              onClick={() => {
                if (!understanding.blocker) actions.run();
              }}
              className={understanding.blocker ? 'cursor-not-allowed opacity-60' : ''}
            >
              Run Report
            </Button>
          </div>
        </section>
      )}
    </section>
  );
}

function PartChip({
  part,
  hint,
  onChange,
  onComparison,
  onRemove,
}: {
  part: Part;
  hint?: string;
  onChange: (value: string) => void;
  onComparison: (value: string) => void;
  onRemove: () => void;
}) {
  const chip =
    'inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-1 pl-3 pr-1 text-sm text-indigo-900 ring-1 ring-indigo-200';
  const control =
    'field-sizing-content min-w-0 max-w-[18rem] truncate rounded-full border-0 bg-transparent py-0 pl-0 pr-7 text-sm font-semibold text-indigo-900 focus:ring-2 focus:ring-indigo-600';
  return (
    <li className={chip} title={hint} data-testid={`part-${part.id}`}>
      {part.options ? (
        <>
          {part.prefix && <span aria-hidden="true">{part.prefix}</span>}
          <select
            aria-label={`Change ${part.text}`}
            value={part.current}
            onChange={(e) => onChange(e.target.value)}
            className={control}
          >
            {!part.options.some((o) => o.value === part.current) && <option value={part.current}>{part.text}</option>}
            {part.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          {part.comparison ? (
            <>
              <span>{part.comparison.subject}</span>
              <select
                aria-label={`Change the comparison of ${part.text}`}
                value={part.comparison.current}
                onChange={(e) => onComparison(e.target.value)}
                className={`${control} font-normal`}
              >
                {part.comparison.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <span>{part.prefix}</span>
          )}
          <ValueEditor part={part} onChange={onChange} />
        </>
      )}
      {part.removable ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${part.text}`}
          className="rounded-full p-1 text-indigo-700 hover:bg-indigo-100"
        >
          <CloseIcon className="size-3.5" />
        </button>
      ) : (
        <span className="w-2" />
      )}
    </li>
  );
}

/** A condition's typed value, in a field (Enter or leaving it applies). */
function ValueEditor({ part, onChange }: { part: Part; onChange: (value: string) => void }) {
  const [value, setValue] = useState(part.current);
  // A new value from the flow replaces the one being typed (adjusted while rendering).
  const [shown, setShown] = useState(part.current);
  if (shown !== part.current) {
    setShown(part.current);
    setValue(part.current);
  }
  const commit = () => {
    if (value.trim() !== '' && value !== part.current) onChange(value.trim());
    else setValue(part.current);
  };
  return (
    <>
      <input
        aria-label={`Change the value of ${part.text}`}
        value={value}
        size={Math.max(4, Math.min(24, value.length + 1))}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'Escape') setValue(part.current);
        }}
        className="field-sizing-content min-w-12 rounded-full border-0 bg-white px-2 py-0 text-sm font-semibold text-indigo-900 ring-1 ring-indigo-200 focus:ring-2 focus:ring-indigo-600"
      />
    </>
  );
}
