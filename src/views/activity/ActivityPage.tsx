/**
 * /workspace/{id}/activity (docs/activity.md §Screens and routes): who changed what, when. Filters (app, area, person,
 * action, date range), a search over object names (500 ms after the last keystroke), 50 entries at a time with
 * "Show more", each entry a button that opens its before → after, and a CSV download of what the filters match.
 * A thin view: every action is an event to the activity flow's actor (src/machines/activity); the team list for the
 * person filter is a plain read. A list, not a wide table, so 700 px needs no sideways scroll.
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import { EVENT_AREAS } from '../../contracts/domain-events';
import { ACTIVITY_SEARCH_MAX, QUESTBOARD_ACTOR, QUESTBOARD_PERSON, VERB_LABELS } from '../../contracts/activity';
import { useFlowActor } from '../flows/useFlowActor';
import { useActions } from '../flows/useActions';
import { activityFlow } from '../../machines/activity/activity.actors';
import type { ActivityFilterField, ActivityFilters } from '../../machines/activity/activity.machine';
import {
  activityActions,
  changeValue,
  selectActivity,
  type ActivityRowView,
} from '../../machines/activity/activity.selectors';
import { useTeam } from '../../services/team.queries';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';

const FILTER_FIELDS: readonly ActivityFilterField[] = ['app', 'area', 'person', 'verb', 'from', 'to'];
/** The filters the address may carry (a chart marker links to `?app=…&from=day&to=day`). */
function filtersFromSearch(search: string): ActivityFilters {
  const params = new URLSearchParams(search);
  const filters: ActivityFilters = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value) filters[field] = value;
  }
  return filters;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
const areaLabel = (area: string) => area.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A labelled field (the label names it alone: a wrapped select would add its option to the name). */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        >
          {children}
        </select>
      )}
    </Field>
  );
}

function DayField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="w-full min-w-0 rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-900"
        />
      )}
    </Field>
  );
}

function Row({
  row,
  appName,
  onToggle,
}: {
  row: ActivityRowView;
  appName: (id: string) => string;
  onToggle: () => void;
}) {
  const panel = `activity-changes-${row.id}`;
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        aria-expanded={row.expanded}
        aria-controls={panel}
        onClick={onToggle}
        className="flex w-full min-w-0 items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
      >
        <span
          aria-hidden="true"
          className={`mt-1 inline-block text-slate-500 transition-transform ${row.expanded ? 'rotate-90' : ''}`}
        >
          ▸
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words text-sm text-slate-900">
            <span className="font-semibold">{row.who}</span> {row.action}{' '}
            <span className="font-medium">{row.objectName}</span>
          </span>
          <span className="mt-0.5 block break-words text-xs text-slate-600">
            <time dateTime={row.at}>{when(row.at)}</time> · {areaLabel(row.area)}
            {row.appId && <> · {appName(row.appId)}</>} · <span className="font-mono">{row.verb}</span>
          </span>
        </span>
      </button>
      {row.expanded && (
        <div id={panel} className="px-4 pb-4 pl-10">
          {row.changes.length === 0 ? (
            <p className="text-sm text-slate-600">No fields were recorded for this change.</p>
          ) : (
            <table className="w-full table-fixed text-sm">
              <caption className="sr-only">Changes to {row.objectName}</caption>
              <thead>
                <tr className="text-left text-xs text-slate-600">
                  <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {row.changes.map((change) => (
                  <tr key={change.field} className="align-top">
                    <th scope="row" className="break-words py-1 pr-2 text-left font-medium text-slate-700">
                      {change.field}
                    </th>
                    <td className="break-words py-1 pr-2 text-rose-800">
                      <del className="no-underline">{changeValue(change.before)}</del>
                    </td>
                    <td className="break-words py-1 text-emerald-800">
                      <ins className="no-underline">{changeValue(change.after)}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </li>
  );
}

function ActivityScreen({ workspace }: { workspace: Workspace }) {
  const search = useSearch();
  const apps = workspace.apps ?? [];
  const appName = (id: string) => apps.find((app) => app.id === id)?.appName ?? id;
  const actor = useFlowActor(
    activityFlow,
    { workspaceId: workspace.id, filters: filtersFromSearch(search) },
    { key: `${workspace.id}?${search}`, deps: { appName } },
  );
  const view = useSelector(actor, selectActivity);
  const act = useActions(actor, activityActions);
  const team = useTeam(workspace.id);
  const areas = EVENT_AREAS.filter((area) => area !== 'billing' || workspace.role === 'admin');
  const people = (team.data ?? []).filter((m) => !m.invitePending);

  return (
    <section className="mx-auto max-w-5xl">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Activity</h1>
          <p className="mt-1 text-sm text-slate-600">Who changed what in {workspace.name}, newest first.</p>
        </div>
        <Button variant="secondary" busy={view.exporting} disabled={!view.canExport} onClick={act.export}>
          Download CSV
        </Button>
      </div>

      <form
        role="search"
        aria-label="Filter activity"
        className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="col-span-2 sm:col-span-3 lg:col-span-6">
          <Field label="Search object names">
            {(id) => (
              <input
                id={id}
                type="search"
                value={view.search}
                maxLength={ACTIVITY_SEARCH_MAX}
                onChange={(e) => act.search(e.target.value)}
                placeholder="Quest, report, member…"
                className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-900"
              />
            )}
          </Field>
        </div>
        <Select label="App" value={view.filters.app ?? ''} onChange={(v) => act.filter('app', v)}>
          <option value="">All apps</option>
          {apps.map((app) => (
            <option key={app.id} value={app.id}>
              {app.appName}
            </option>
          ))}
        </Select>
        <Select label="Area" value={view.filters.area ?? ''} onChange={(v) => act.filter('area', v)}>
          <option value="">All areas</option>
          {areas.map((area) => (
            <option key={area} value={area}>
              {areaLabel(area)}
            </option>
          ))}
        </Select>
        <Select label="Person" value={view.filters.person ?? ''} onChange={(v) => act.filter('person', v)}>
          <option value="">Everyone</option>
          <option value={QUESTBOARD_PERSON}>{QUESTBOARD_ACTOR}</option>
          {people.map((m) => (
            <option key={m.accountId} value={m.accountId}>
              {`${m.firstName} ${m.lastName}`.trim() || m.workEmail}
            </option>
          ))}
        </Select>
        <Select label="Action" value={view.filters.verb ?? ''} onChange={(v) => act.filter('verb', v)}>
          <option value="">All actions</option>
          {Object.entries(VERB_LABELS).map(([verb, label]) => (
            <option key={verb} value={verb}>
              {label}
            </option>
          ))}
        </Select>
        <DayField label="From" value={view.filters.from ?? ''} onChange={(v) => act.filter('from', v)} />
        <DayField label="To" value={view.filters.to ?? ''} onChange={(v) => act.filter('to', v)} />
      </form>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={view.routine || view.routineMoot}
            disabled={view.routineMoot}
            onChange={(e) => act.routine(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-indigo-600"
          />
          Show postbacks, quest steps and charges
        </label>
        {view.filtered && (
          <button type="button" onClick={act.clear} className="text-sm font-medium text-indigo-700 hover:underline">
            Clear filters
          </button>
        )}
      </div>

      <div className="mt-6" aria-busy={view.loading || view.searching}>
        {view.loading ? (
          <div className="flex items-center gap-2 rounded-2xl bg-white px-4 py-8 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
            <Spinner label="Loading activity" /> Loading activity…
          </div>
        ) : view.error ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-base font-semibold text-slate-900">The activity could not be loaded.</p>
            <p className="mt-1 text-sm text-slate-600">{view.error}</p>
            <Button variant="secondary" className="mt-5" onClick={act.retry}>
              Try again
            </Button>
          </div>
        ) : view.rows.length === 0 && !view.searching ? (
          <EmptyState title={view.filtered ? 'No activity matches these filters' : 'No activity yet'}>
            {view.filtered ? 'Try other filters or clear them.' : 'Changes made in this workspace will appear here.'}
          </EmptyState>
        ) : (
          <>
            <ul aria-label="Activity" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {view.rows.map((row) => (
                <Row key={row.id} row={row} appName={appName} onToggle={() => act.toggle(row.id)} />
              ))}
            </ul>
            {view.moreError && (
              <p role="alert" className="mt-3 text-sm text-rose-700">
                {view.moreError}
              </p>
            )}
            {(view.canLoadMore || view.loadingMore) && (
              <div className="mt-4 flex justify-center">
                <Button variant="secondary" busy={view.loadingMore} onClick={act.more}>
                  Show more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default function ActivityPage() {
  const workspace = useCurrentWorkspace();
  if (!workspace) return null;
  return <ActivityScreen key={workspace.id} workspace={workspace} />;
}
