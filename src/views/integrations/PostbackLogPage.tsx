/**
 * /integrations/{partner}/postbacks (docs/postbacks.md §Postback log): every postback the partner sent for the app,
 * newest first, with what became of it (stored, duplicate, refused and why). Filters (event, outcome, device id, date
 * range), a search over events, device ids and reasons (500 ms after the last keystroke), 50 at a time with
 * "Load more", and a CSV download of what the filters match. Opened from the partner tab's Postback Log card.
 * A thin view: every action is an event to the postback-log flow's actor (src/machines/postback-log); the event
 * names offered come from the summary read. The table scrolls sideways in its own focusable region, never the page.
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { POSTBACK_LOG_FILTER_MAX, POSTBACK_LOG_SEARCH_MAX } from '../../contracts/postbacks';
import { isPostbackPartner, sourceOf } from '../../contracts/partners';
import { href } from '../../paths';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { postbackLogFlow } from '../../machines/postback-log/postback-log.actors';
import {
  OUTCOME_LABELS,
  postbackLogActions,
  selectPostbackLog,
  type PostbackLogRowView,
} from '../../machines/postback-log/postback-log.selectors';
import { usePostbackSummary } from '../../services/postbacks.queries';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { Table, type TableColumn } from '../ui/Table';

const OUTCOME_CLASSES = {
  stored: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  duplicate: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  refused: 'bg-rose-50 text-rose-800 ring-rose-600/30',
} as const;

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, '');
const INPUT = 'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900';

/** A labelled field (the label names it alone: a wrapped select would add its option to the name). */
function Field({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The log's columns (the one Table of the views: docs/architecture.md §Views). */
const COLUMNS: readonly TableColumn<PostbackLogRowView>[] = [
  {
    header: 'Received (UTC)',
    headerClassName: 'pl-4',
    className: 'whitespace-nowrap pl-4 text-xs text-slate-600',
    cell: (row) => <time dateTime={row.at}>{when(row.at)}</time>,
  },
  { header: 'Event', className: 'break-all font-mono text-xs text-slate-900', cell: (row) => row.event },
  {
    header: 'Outcome',
    cell: (row) => (
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${OUTCOME_CLASSES[row.outcome]}`}
      >
        {row.outcomeLabel}
      </span>
    ),
  },
  {
    header: 'Reason',
    className: 'text-xs text-slate-700',
    cell: (row) => (
      <>
        {row.reason ?? '—'}
        {row.reasonCode && <span className="mt-0.5 block font-mono text-slate-600">{row.reasonCode}</span>}
      </>
    ),
  },
  {
    header: 'Device ID',
    headerClassName: 'pr-4',
    className: 'whitespace-nowrap pr-4 font-mono text-xs text-slate-700',
    cell: (row) => row.device,
  },
];
const TABLE_CLASSES = {
  table: 'w-full min-w-[40rem] text-left text-sm',
  head: 'text-xs uppercase text-slate-600',
  headerCell: 'border-b border-slate-200 py-2 pr-3 font-semibold',
  row: 'align-top',
  cell: 'py-2 pr-3',
};

function PostbackLogScreen({ workspaceId, appId, partner }: { workspaceId: string; appId: string; partner: string }) {
  const source = sourceOf(partner);
  const actor = useFlowActor(postbackLogFlow, { appId, source }, { key: `${appId}/${source}` });
  const view = useSelector(actor, selectPostbackLog);
  const act = useActions(actor, postbackLogActions);
  const summary = usePostbackSummary(appId, source);
  const eventNames = (summary.data?.events ?? []).map((event) => event.eventName);
  const chosenEvent = view.filters.event;
  if (chosenEvent && !eventNames.includes(chosenEvent)) eventNames.unshift(chosenEvent);

  return (
    <section className="mx-auto max-w-6xl">
      <p className="text-sm">
        <Link
          href={href.app(workspaceId, appId, `integrations/${partner}`)}
          className="font-medium text-indigo-700 hover:underline"
        >
          ← {partner}
        </Link>
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Postback log</h1>
          <p className="mt-1 text-sm text-slate-600">
            Every postback {partner} sent for this app, newest first, and what became of it.
          </p>
        </div>
        <Button variant="secondary" busy={view.exporting} disabled={!view.canExport} onClick={act.export}>
          Download CSV
        </Button>
      </div>

      <form
        role="search"
        aria-label="Filter postbacks"
        className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label="Search events, device IDs and reasons" className="col-span-2 sm:col-span-3 lg:col-span-6">
          {(id) => (
            <input
              id={id}
              type="search"
              value={view.typed.q}
              maxLength={POSTBACK_LOG_SEARCH_MAX}
              onChange={(e) => act.type('q', e.target.value)}
              placeholder="purchase, AEBE52E7, not a time…"
              className={INPUT}
            />
          )}
        </Field>
        <Field label="Event">
          {(id) => (
            <select
              id={id}
              value={view.filters.event ?? ''}
              onChange={(e) => act.filter('event', e.target.value)}
              className={INPUT}
            >
              <option value="">All events</option>
              {eventNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Outcome">
          {(id) => (
            <select
              id={id}
              value={view.filters.outcome ?? ''}
              onChange={(e) => act.filter('outcome', e.target.value)}
              className={INPUT}
            >
              <option value="">All outcomes</option>
              {Object.entries(OUTCOME_LABELS).map(([outcome, label]) => (
                <option key={outcome} value={outcome}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Device ID" className="col-span-2">
          {(id) => (
            <input
              id={id}
              type="text"
              value={view.typed.device}
              maxLength={POSTBACK_LOG_FILTER_MAX}
              onChange={(e) => act.type('device', e.target.value)}
              placeholder="The whole advertising ID"
              spellCheck={false}
              className={`${INPUT} font-mono`}
            />
          )}
        </Field>
        <Field label="From (UTC)">
          {(id) => (
            <input
              id={id}
              type="date"
              value={view.filters.from ?? ''}
              onChange={(e) => act.filter('from', e.target.value)}
              className={INPUT}
            />
          )}
        </Field>
        <Field label="To (UTC)">
          {(id) => (
            <input
              id={id}
              type="date"
              value={view.filters.to ?? ''}
              onChange={(e) => act.filter('to', e.target.value)}
              className={INPUT}
            />
          )}
        </Field>
      </form>
      {view.filtered && (
        <div className="mt-3 flex justify-end">
          <button type="button" onClick={act.clear} className="text-sm font-medium text-indigo-700 hover:underline">
            Clear filters
          </button>
        </div>
      )}

      <div className="mt-6" aria-busy={view.loading || view.searching}>
        {view.loading ? (
          <div className="flex items-center gap-2 rounded-2xl bg-white px-4 py-8 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
            <Spinner label="Loading postbacks" /> Loading postbacks…
          </div>
        ) : view.error ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-base font-semibold text-slate-900">The postback log could not be loaded.</p>
            <p className="mt-1 text-sm text-slate-600">{view.error}</p>
            <Button variant="secondary" className="mt-5" onClick={act.retry}>
              Try again
            </Button>
          </div>
        ) : view.rows.length === 0 && !view.searching && !view.canLoadMore && !view.loadingMore ? (
          <EmptyState title={view.filtered ? 'No postbacks match these filters' : 'No postbacks received yet'}>
            {view.filtered
              ? 'Try other filters or clear them.'
              : `Postbacks ${partner} sends for this app will appear here.`}
          </EmptyState>
        ) : (
          <>
            {view.rows.length > 0 && (
              <Table
                rows={view.rows}
                rowKey={(row) => row.id}
                columns={COLUMNS}
                frame={{ region: 'Postbacks' }}
                caption="Postbacks received, newest first"
                classes={TABLE_CLASSES}
              />
            )}
            {view.searchedTo && (
              <p className="mt-3 text-sm text-slate-600" data-testid="postback-log-searched-to">
                {view.rows.length === 0 ? 'No matches among' : 'Searched'} the postbacks received since{' '}
                <time dateTime={view.searchedTo}>{when(view.searchedTo)}</time> (UTC). Load more to search older ones.
              </p>
            )}
            {view.moreError && (
              <p role="alert" className="mt-3 text-sm text-rose-700">
                {view.moreError}
              </p>
            )}
            {(view.canLoadMore || view.loadingMore) && (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={view.loadingMore} onClick={act.more}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default function PostbackLogPage() {
  const {
    workspaceId = '',
    appId = '',
    source = '',
  } = useParams<{ workspaceId?: string; appId?: string; source?: string }>();
  if (!isPostbackPartner(source))
    return (
      <section className="mx-auto max-w-6xl">
        <h1 className="text-2xl font-bold text-slate-900">Postback log</h1>
        <p className="mt-2 text-sm text-slate-600">
          {source} sends no postbacks.{' '}
          <Link
            href={href.app(workspaceId, appId, 'integrations/Overview')}
            className="font-medium text-indigo-700 hover:underline"
          >
            Back to Integrations
          </Link>
        </p>
      </section>
    );
  return <PostbackLogScreen key={`${appId}/${source}`} workspaceId={workspaceId} appId={appId} partner={source} />;
}
