/**
 * The page frame of a saved question (docs/analyze.md §Saved questions), shared by /analyze/cohorts and
 * /analyze/funnels: the way back to Analyze, the heading, the question's settings (the page's), the problem, retry and
 * loading lines, the answer (the page's), and beside them the title with Save and Delete, the delete confirmation and
 * the saved list with its loading, error and empty states. The words come from the kind's noun ('cohort table').
 */
import { Fragment, useId, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import type { SavedQuestionPhase, SavedQuestionSelectors } from '../../machines/shared/saved-question.selectors';
import { useCurrentApp } from '../workspace/useCurrentWorkspace';
import { AnalyzePromo } from './AnalyzePromo';
import type { Role } from '../../contracts/codecs';
import { href } from '../../paths';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { viewerDenied } from '../ui/permissions';
import { AlertIcon, ArrowLeftIcon } from './icons';

export const inputClass =
  'rounded-lg border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-600';
export const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200';

/** What the frame shows of the builder's machine (its selectors). */
export interface SavedQuestionView {
  phase: SavedQuestionPhase | (string & {});
  hasResult: boolean;
  error: string | null;
  saveError: string | null;
  title: string;
  canSave: boolean;
  /** The saved one's id once saved (null for a new question). */
  savedId: string | null;
}

/**
 * The route of a kind's page: Analyze's promo when the app has it off, else the page for the id in the URL (`idParam`),
 * remounted for another app or id.
 */
export function SavedQuestionRoute({
  idParam,
  render,
}: {
  idParam: string;
  render: (p: { workspaceId: string; appId: string; id: string | null }) => ReactNode;
}) {
  const params = useParams<Record<string, string | undefined>>();
  const { workspaceId = '', appId = '' } = params;
  const id = params[idParam] ?? null;
  const app = useCurrentApp();
  if (app && app.enableAnalyze === false) return <AnalyzePromo workspaceId={workspaceId} appId={appId} />;
  return <Fragment key={`${appId}:${id ?? 'new'}`}>{render({ workspaceId, appId, id })}</Fragment>;
}

/** The builder's phase, question and answer, and what the frame shows of it (`view`). */
export function useSavedQuestion<Q, R, Extra extends string>(
  actor: Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>,
  selectors: SavedQuestionSelectors<Q, R, Extra>,
  idKey: string,
) {
  const phase = useSelector(actor, selectors.selectPhase);
  const question = useSelector(actor, selectors.selectQuestion);
  const result = useSelector(actor, selectors.selectResult);
  const error = useSelector(actor, selectors.selectError);
  const saveError = useSelector(actor, selectors.selectSaveError);
  const title = useSelector(actor, selectors.selectTitle);
  const canSave = useSelector(actor, selectors.selectCanSave);
  const savedId = useSelector(actor, (s: { context: Record<string, unknown> }) => s.context[idKey] as string | null);
  const view: SavedQuestionView = { phase, hasResult: result !== null, error, saveError, title, canSave, savedId };
  return { phase, question, result, view };
}

export interface SavedQuestionSenders {
  setTitle: (title: string) => void;
  save: () => void;
  askDelete: () => void;
  confirmDelete: () => void;
  cancelDelete: () => void;
  retry: () => void;
}

export interface SavedQuestionFrameProps {
  workspaceId: string;
  appId: string;
  /** The id in the URL (the saved list marks it). */
  currentId: string | null;
  role: Role | undefined;
  /** 'analyze/cohorts': the new question's path, and the saved ones' below it. */
  basePath: string;
  /** The kind in words: 'cohort table' and 'cohort tables'. */
  noun: { one: string; many: string };
  heading: string;
  intro: ReactNode;
  titleMax: number;
  view: SavedQuestionView;
  actions: SavedQuestionSenders;
  saved: { isPending: boolean; isError: boolean; isSuccess: boolean; data?: { id: string; title: string }[] };
  /** The question's settings form. */
  settings: ReactNode;
  /** Lines of the kind's own after the shared ones (the funnel's drop-off). */
  status?: ReactNode;
  /** The answer, shown once there is one (dimmed while a new one runs). */
  answer: ReactNode;
}

export function SavedQuestionFrame(p: SavedQuestionFrameProps) {
  const { view, actions, noun, workspaceId, appId } = p;
  const { phase, error, saveError, title } = view;
  const titleId = useId();
  const busy = phase === 'running' || phase === 'opening';
  return (
    <section className="mx-auto max-w-6xl min-w-0">
      <Link
        href={href.app(workspaceId, appId, 'analyze/overview')}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-indigo-700"
      >
        <ArrowLeftIcon /> Analyze
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{p.heading}</h1>
      <p className="mt-1 text-sm text-slate-600">{p.intro}</p>

      <div className="mt-6 grid min-w-0 gap-6 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0">
          {p.settings}

          <div aria-live="polite" className="mt-4">
            {phase === 'invalid' && error && <Problem text={error} />}
            {(phase === 'runFailed' || phase === 'openFailed') && error && (
              <Problem text={error} onRetry={actions.retry} />
            )}
            {busy && (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" />{' '}
                {phase === 'opening' ? `Opening the ${noun.one}…` : `Building the ${noun.one}…`}
              </p>
            )}
            {p.status}
          </div>

          {view.hasResult && phase !== 'openFailed' && (
            <div aria-busy={busy || undefined} className={busy ? 'opacity-60' : undefined}>
              {p.answer}
            </div>
          )}
        </div>

        <aside className="min-w-0 space-y-4">
          <form
            aria-label={`Save ${noun.one}`}
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              actions.save();
            }}
            className={cardClass}
          >
            <label htmlFor={titleId} className="text-xs font-semibold text-slate-700">
              Title
            </label>
            <input
              id={titleId}
              type="text"
              className={`${inputClass} mt-1 w-full`}
              value={title}
              maxLength={p.titleMax + 25}
              aria-invalid={saveError ? true : undefined}
              aria-describedby={saveError ? `${titleId}-error` : undefined}
              readOnly={!view.canSave}
              onChange={(e) => actions.setTitle(e.target.value)}
            />
            {saveError && phase !== 'confirmingDelete' && (
              <p id={`${titleId}-error`} className="mt-1 text-xs text-rose-700">
                {saveError}
              </p>
            )}
            <Button
              type="submit"
              className="mt-3 w-full"
              busy={phase === 'saving'}
              deniedReason={viewerDenied(p.role)}
              disabled={phase !== 'ready' && phase !== 'saving'}
            >
              Save {noun.one}
            </Button>
            {view.savedId && view.canSave && (
              <Button
                variant="secondary"
                className="mt-2 w-full"
                disabled={phase !== 'ready'}
                onClick={actions.askDelete}
              >
                Delete {noun.one}
              </Button>
            )}
          </form>
          <ConfirmDialog
            open={phase === 'confirmingDelete' || phase === 'deleting'}
            title={`Delete ${noun.one}`}
            message={`Are you sure you want to delete the ${noun.one} ${title}?`}
            confirmLabel="Delete"
            busy={phase === 'deleting'}
            error={phase === 'confirmingDelete' ? saveError : null}
            onConfirm={actions.confirmDelete}
            onCancel={actions.cancelDelete}
          />
          <SavedList {...p} />
        </aside>
      </div>
    </section>
  );
}

function SavedList({ workspaceId, appId, basePath, currentId, noun, saved }: SavedQuestionFrameProps) {
  return (
    <nav aria-label={`Saved ${noun.many}`} className={cardClass}>
      <h2 className="text-sm font-semibold text-slate-900">Saved {noun.many}</h2>
      <Link
        href={href.app(workspaceId, appId, basePath)}
        className="mt-2 block text-sm font-medium text-indigo-700 hover:underline"
      >
        New {noun.one}
      </Link>
      {saved.isPending && <p className="mt-2 text-xs text-slate-600">Loading…</p>}
      {saved.isError && <p className="mt-2 text-xs text-rose-700">We could not load the saved {noun.many}.</p>}
      {saved.isSuccess && saved.data?.length === 0 && (
        <p className="mt-2 text-xs text-slate-600">No saved {noun.one} yet.</p>
      )}
      <ul className="mt-2 space-y-1">
        {saved.data?.map((q) => (
          <li key={q.id}>
            <Link
              href={href.app(workspaceId, appId, `${basePath}/${encodeURIComponent(q.id)}`)}
              aria-current={q.id === currentId ? 'page' : undefined}
              className="block truncate rounded px-1 py-0.5 text-sm text-slate-800 hover:bg-slate-50 hover:text-indigo-700 aria-[current=page]:font-semibold"
              title={q.title}
            >
              {q.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A problem in words, with Retry where trying again may help. */
export function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
    >
      <AlertIcon className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{text}</span>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
