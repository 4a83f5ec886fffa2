/**
 * Report builder screen (docs/analyze.md §Screens and routes "Report builder", §Report states report lifecycle and settings panel): /analyze/report,
 * /analyze/new (blank) and /analyze/report/{id} (saved). A thin view over the report-builder machine: it reads view
 * models from the selectors and sends events. Everyone with access to the app may build, run and delete reports
 * (docs/analyze.md §Roles: no role gating shown); the server decides.
 *
 * Keyboard: Ctrl/Cmd+Enter runs the report from anywhere on the page; every control is a native input, a button or a
 * Headless UI combobox; lists reorder with Alt+↑/↓ or the Move buttons as well as by dragging.
 *
 * Focus (ours): Run Report is never natively disabled. While it cannot run (nothing to run, a validation error, a run
 * under way) it is aria-disabled and ignores clicks, so the keyboard focus stays on it through a run — also across
 * the first run of a new report, which moves to the saved report's URL and so mounts a new page (RunButton puts the
 * focus back). Ctrl/Cmd+Enter leaves the focus where it was (or on Run Report when that control is gone).
 */
import { useCallback, useEffect, useId, useLayoutEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { shallowEqual, useSelector } from '@xstate/react';
import { DEFAULT_MODEL_ID } from '../../contracts/analyze';
import { RUN_FAILED } from '../../machines/report-builder/report-builder.machine';
import {
  selectDeleteReport,
  selectDirty,
  selectError,
  selectHeader,
  selectPhase,
  selectResults,
  selectRun,
  selectSettings,
  reportBuilderActions,
} from '../../machines/report-builder/report-builder.selectors';
import { useModels } from '../../services/analyze.queries';
import { href } from '../../paths';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { DeleteReportDialog } from './DeleteReportDialog';
import { SubscribeButton } from '../notifications/SubscribeDialog';
import { MetricAlertButton, MetricAlertCount } from './MetricAlertButton';
import { useReportBuilder, type ReportBuilderActor } from './useReportBuilder';
import { useLeaveGuard } from './useLeaveGuard';
import { SettingsPanel } from './builder/SettingsPanel';
import { ResultsSection } from './builder/ResultsSection';
import { SqlDialog } from './builder/SqlDialog';
import { TitleEditor } from './builder/TitleEditor';
import { AnalyzePromo } from './AnalyzePromo';
import { fromNow, fullTime, useNow } from './time';
import { reportStatusText } from './report-status';
import { LastChangedBy } from '../activity/ObjectHistory';
import { AlertIcon, ArrowLeftIcon, CodeIcon, PlayIcon, ReportIcon, SlidersIcon, TrashIcon } from './icons';
import { inputClass } from './builder/parts';
import { useActions } from '../flows/useActions';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export default function ReportBuilderPage() {
  const {
    workspaceId = '',
    appId = '',
    reportId,
  } = useParams<{ workspaceId?: string; appId?: string; reportId?: string }>();
  const app = useCurrentApp();
  if (app && app.enableAnalyze === false) return <AnalyzePromo workspaceId={workspaceId} appId={appId} />;
  return (
    <Builder
      key={`${appId}:${reportId ?? 'new'}`}
      workspaceId={workspaceId}
      appId={appId}
      reportId={reportId ?? null}
    />
  );
}

function Builder({ workspaceId, appId, reportId }: { workspaceId: string; appId: string; reportId: string | null }) {
  const models = useModels(appId);
  const defaultModel = models.data?.find((m) => m.is_default)?.id;
  const actor = useReportBuilder({ workspaceId, appId, reportId, modelId: defaultModel ?? DEFAULT_MODEL_ID });
  const actions = useActions(actor, reportBuilderActions);
  const phase = useSelector(actor, selectPhase);
  const header = useSelector(actor, selectHeader, shallowEqual);
  const run = useSelector(actor, selectRun, shallowEqual);
  const dirty = useSelector(actor, selectDirty);
  const error = useSelector(actor, selectError);
  const deletion = useSelector(actor, selectDeleteReport);
  const [sqlOpen, setSqlOpen] = useState(false);
  const now = useNow();
  const guard = useLeaveGuard(useCallback(() => selectDirty(actor.getSnapshot()), [actor]));
  const overview = href.app(workspaceId, appId, 'analyze/overview');
  const runId = useId();

  // Ctrl/Cmd+Enter runs the report (ours, beyond the peers).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        // The value being typed is committed by the blur/change handlers before RUN is read.
        const active =
          document.activeElement instanceof HTMLElement && document.activeElement !== document.body
            ? document.activeElement
            : null;
        active?.blur();
        actions.run();
        // Then the focus goes back: to the same control once React has settled, unless it is gone (the title
        // editor closes on blur) or is a search box (focusing it reopens its list): then to Run Report.
        window.requestAnimationFrame(() => {
          if (document.activeElement && document.activeElement !== document.body) return;
          const back =
            active?.isConnected && active.getAttribute('role') !== 'combobox' ? active : document.getElementById(runId);
          back?.focus();
        });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, runId]);

  if (phase === 'loading') return <BuilderSkeleton backTo={overview} />;
  if (phase === 'loadFailed') {
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink to={overview} />
        <div role="alert" className="mt-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-rose-200">
          <div className="flex items-start gap-3">
            <AlertIcon className="mt-0.5 size-5 shrink-0 text-rose-600" />
            <div>
              <h1 className="text-base font-semibold text-slate-900">
                {reportId ? 'This report could not be opened' : 'The report builder could not start'}
              </h1>
              <p className="mt-1 text-sm text-slate-600">{error}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Button onClick={actions.retry}>Try again</Button>
                {reportId && (
                  <Link
                    href={href.app(workspaceId, appId, 'analyze/report')}
                    className="inline-flex items-center rounded-lg px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    Start a blank report
                  </Link>
                )}
              </div>
            </div>
          </div>
        </div>
      </div>
    );
  }

  const modelOptions = models.data?.length
    ? models.data
    : [{ id: header.modelId, name: header.modelId, description: '' }];
  const status = reportStatusText({
    saved: header.reportId !== null,
    dirty,
    lastChanged: fromNow(header.lastChangedAt, now),
  });
  return (
    <div className="mx-auto max-w-[1600px] space-y-4">
      <BackLink to={overview} />

      <section aria-label="Report" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        {/* The buttons sit beside the title while both fit, and go under it before the title would be squeezed. */}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-72">
            <TitleEditor
              title={header.title}
              saving={header.renaming}
              disabled={phase === 'running' || phase === 'busy'}
              onSave={(title) => actions.setTitle(title)}
            />
            {status && (
              <p
                data-testid="report-status"
                title={header.reportId ? fullTime(header.lastChangedAt) : 'Running the report saves it.'}
                className={`mt-1 px-1 text-xs ${header.reportId && dirty ? 'font-medium text-amber-800' : 'text-slate-600'}`}
              >
                {status}
              </p>
            )}
            {header.reportId && (
              <LastChangedBy
                workspaceId={workspaceId}
                objectType="report"
                objectId={header.reportId}
                version={header.lastChangedAt}
              />
            )}
            {header.reportId && <MetricAlertCount workspaceId={workspaceId} reportId={header.reportId} />}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ResultsSqlButton actor={actor} onOpen={() => setSqlOpen(true)} />
            {header.reportId && (
              <>
                <SubscribeButton
                  workspaceId={workspaceId}
                  kind="report"
                  appId={appId}
                  id={header.reportId}
                  title={header.title}
                />
                <MetricAlertButton builder={actor} workspaceId={workspaceId} appId={appId} reportId={header.reportId} />
              </>
            )}
            {header.reportId && (
              <Button variant="secondary" icon={<TrashIcon />} onClick={actions.remove} disabled={!header.canDelete}>
                Delete
              </Button>
            )}
            <RunButton id={runId} actor={actor} run={run} onRun={actions.run} />
          </div>
        </div>
        {run.reason && (
          <p id="run-blocker" className="mt-2 px-1 text-xs text-slate-500 lg:text-right">
            {run.reason}
          </p>
        )}

        <div className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
          <label className="block min-w-0">
            <span className="mb-1 block text-xs font-medium text-slate-700">Data Model</span>
            <select
              className={inputClass}
              value={header.modelId}
              disabled={phase !== 'editing' && phase !== 'results' && phase !== 'runFailed' && phase !== 'error'}
              onChange={(event) => actions.setModel(event.target.value)}
            >
              {modelOptions.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <DateField
            label="Start Date"
            value={header.dateRange?.date_start ?? ''}
            min={header.available?.start_date}
            max={header.dateRange?.date_end ?? header.available?.end_date}
            disabled={!header.dateRange || header.switchingModel || phase === 'running'}
            onChange={actions.setDateStart}
          />
          <DateField
            label="End Date"
            value={header.dateRange?.date_end ?? ''}
            min={header.dateRange?.date_start ?? header.available?.start_date}
            max={header.available?.end_date}
            disabled={!header.dateRange || header.switchingModel || phase === 'running'}
            onChange={actions.setDateEnd}
          />
          <Button
            variant="secondary"
            icon={<SlidersIcon />}
            aria-expanded={header.settingsOpen}
            aria-controls="report-settings"
            onClick={actions.toggleSettings}
            className="sm:col-span-2 lg:col-span-1"
          >
            {header.settingsOpen ? 'Hide Settings' : 'Show Settings'}
          </Button>
        </div>
        {header.available && (
          <p className="mt-2 text-xs text-slate-500">
            Data available from {header.available.start_date} to {header.available.end_date}.
            {header.switchingModel && (
              <span className="ml-2 inline-flex items-center gap-1 text-indigo-600">
                <Spinner className="size-3" /> Loading the data model…
              </span>
            )}
          </p>
        )}
      </section>

      {header.settingsOpen && <Settings actor={actor} />}

      <Outcome actor={actor} phase={phase} error={error} />

      <DeleteReportDialog actor={deletion} />
      <ConfirmDialog
        open={guard.asking}
        title="Leave this report?"
        message="You have unsaved changes to this report. If you leave now, they will be lost."
        confirmLabel="Leave"
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
      <SqlDialogFor actor={actor} open={sqlOpen} onClose={() => setSqlOpen(false)} />
    </div>
  );
}

// Builders whose Run Report had the focus when their page went away (new → saved report URL): the next page of the
// same actor puts it back.
const runFocusedOnUnmount = new WeakSet<ReportBuilderActor>();

/** Run Report: aria-disabled (still focusable) while it cannot run; clicks are ignored then. */
function RunButton({
  id,
  actor,
  run,
  onRun,
}: {
  id: string;
  actor: ReportBuilderActor;
  run: ReturnType<typeof selectRun>;
  onRun: () => void;
}) {
  useLayoutEffect(() => {
    const button = document.getElementById(id);
    if (runFocusedOnUnmount.has(actor)) {
      runFocusedOnUnmount.delete(actor);
      if (!document.activeElement || document.activeElement === document.body) button?.focus();
    }
    return () => {
      if (button && document.activeElement === button) runFocusedOnUnmount.add(actor);
    };
  }, [actor, id]);
  return (
    <Button
      id={id}
      icon={run.running ? <Spinner className="size-4" /> : <PlayIcon />}
      aria-disabled={run.disabled || undefined}
      aria-busy={run.running || undefined}
      onClick={() => {
        if (!run.disabled) onRun();
      }}
      title={run.reason ?? `Run Report (${isMac ? '⌘' : 'Ctrl'}+Enter)`}
      aria-describedby={run.reason ? 'run-blocker' : undefined}
      aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}
      className="aria-disabled:cursor-not-allowed aria-disabled:bg-indigo-300 aria-disabled:hover:bg-indigo-300"
    >
      {run.running ? 'Running…' : 'Run Report'}
      {!run.running && (
        <kbd
          aria-hidden="true"
          className="hidden rounded bg-indigo-800 px-1 font-sans text-[10px] font-medium text-white sm:inline"
        >
          {isMac ? '⌘↵' : 'Ctrl+↵'}
        </kbd>
      )}
    </Button>
  );
}

function Settings({ actor }: { actor: ReportBuilderActor }) {
  const view = useSelector(actor, selectSettings, shallowEqual);
  const resolved = useSelector(actor, (s) => s.context.resolved);
  const actions = useActions(actor, reportBuilderActions);
  return <SettingsPanel view={view} actions={actions} resolved={resolved} />;
}

function Outcome({
  actor,
  phase,
  error,
}: {
  actor: ReportBuilderActor;
  phase: ReturnType<typeof selectPhase>;
  error: string | null;
}) {
  const results = useSelector(actor, selectResults, shallowEqual);
  return (
    <div className="space-y-3">
      {phase === 'running' && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-800 ring-1 ring-indigo-100"
        >
          <Spinner className="size-4" /> Running the report…
        </div>
      )}
      {phase === 'runFailed' && <Banner>{RUN_FAILED}</Banner>}
      {phase === 'error' && <Banner>{error ?? RUN_FAILED}</Banner>}
      {results.rows ? (
        <div
          className={phase === 'running' ? 'pointer-events-none opacity-60 transition-opacity' : 'transition-opacity'}
        >
          <ResultsSection
            title={results.title}
            rows={results.rows}
            columns={results.columns}
            limit={results.limit}
            shape={results.shape}
            chartType={results.chartType}
            gridLayout={results.gridLayout}
          />
        </div>
      ) : phase !== 'running' ? (
        <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <ReportIcon className="size-6" />
          </span>
          <h2 className="mt-3 text-sm font-semibold text-slate-900">No results yet</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-500">
            Choose metrics and a group-by in the settings, then Run Report. Running saves the report.
          </p>
        </div>
      ) : null}
    </div>
  );
}

function Banner({ children }: { children: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </div>
  );
}

function ResultsSqlButton({ actor, onOpen }: { actor: ReportBuilderActor; onOpen: () => void }) {
  const compiled = useSelector(actor, (s) => s.context.compiled);
  const hasRows = useSelector(actor, (s) => s.context.rows !== null);
  const reason = compiled ? null : hasRows ? 'The SQL of this run is not available.' : 'Run the report to see its SQL.';
  return (
    <Button
      variant="secondary"
      icon={<CodeIcon />}
      onClick={onOpen}
      disabled={!compiled}
      title={reason ?? 'Show the compiled SQL and its bound values'}
    >
      View SQL
    </Button>
  );
}

function SqlDialogFor({ actor, open, onClose }: { actor: ReportBuilderActor; open: boolean; onClose: () => void }) {
  const compiled = useSelector(actor, (s) => s.context.compiled);
  return <SqlDialog open={open} compiled={compiled} onClose={onClose} />;
}

function DateField({
  label,
  value,
  min,
  max,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block min-w-0">
      <span className="mb-1 block text-xs font-medium text-slate-700">{label}</span>
      <input
        type="date"
        className={inputClass}
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        required
        onChange={(event) => event.target.value && onChange(event.target.value)}
      />
    </label>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      href={to}
      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <ArrowLeftIcon /> Back
    </Link>
  );
}

function BuilderSkeleton({ backTo }: { backTo: string }) {
  return (
    <div className="mx-auto max-w-[1600px] space-y-4" aria-busy="true">
      <BackLink to={backTo} />
      <div role="status" aria-label="Loading report" className="animate-pulse space-y-4">
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="h-7 w-64 max-w-full rounded bg-slate-200" />
          <div className="mt-2 h-3 w-40 rounded bg-slate-100" />
          <div className="mt-5 grid gap-3 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-9 rounded-lg bg-slate-100" />
            ))}
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-48 rounded-xl bg-white ring-1 ring-slate-200" />
          ))}
        </div>
      </div>
    </div>
  );
}
