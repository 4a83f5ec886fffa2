/**
 * App Settings → Events (docs/app-settings.md §Screens and routes settings/events; §Entities App eventSchemas): the app's events as its data shows them, each
 * with its parameters and their data types, the sources that carried it and when it was last seen; a search box
 * (500 ms after the last keystroke, the events search (docs/app-settings.md §Screens and routes)) and Refresh. Loading, error (with Retry) and empty states:
 * nothing connected yet (a way to Integrations), nothing received yet, nothing matching the search. The tab changes
 * nothing, so viewers see exactly what editors see.
 */
import { Link } from 'wouter';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { useEventSchemas } from '../../services/app-links.queries';
import { href } from '../../paths';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { useEventSearch } from '../ui/useEventSearch';
import { utcTime } from '../integrations/plugin-view';
import { SettingsSubpage } from './SettingsSubpage';

export default function EventsTab({ app, workspace }: { app: App; workspace: Workspace }) {
  const { search, box } = useEventSearch(
    'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-100',
  );
  const query = useEventSchemas(app.id, search);
  const events = query.data?.events ?? [];
  const integrations = href.app(workspace.id, app.id, 'integrations/Overview');

  return (
    <SettingsSubpage
      title="Events"
      intro={
        <p>
          The events {app.appName} sends, each with its parameters and their data types as seen in its data. Quest steps
          and Analyze conditions are built from them.
        </p>
      }
      actions={
        <Button variant="secondary" busy={query.isFetching && !query.isPending} onClick={() => void query.refetch()}>
          Refresh
        </Button>
      }
    >
      {box}
      <div className="mt-4">
        {query.isPending ? (
          <div className="flex justify-center py-12 text-indigo-600">
            <Spinner className="size-6" label="Loading events" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="rounded-2xl bg-rose-50 p-6 text-sm text-rose-800 ring-1 ring-rose-200">
            <p>The events could not be loaded.</p>
            <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : query.data.sources.length === 0 ? (
          <EmptyState
            title="No events yet"
            action={
              <Link
                href={integrations}
                className="rounded-lg bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
              >
                Go to Integrations
              </Link>
            }
          >
            Connect BigQuery, Firebase or an attribution partner, and the events of {app.appName} appear here.
          </EmptyState>
        ) : events.length === 0 ? (
          search ? (
            <EmptyState title="No matching events">No event name contains “{search}”.</EmptyState>
          ) : (
            <EmptyState title="No events received yet">
              Events appear here once data is processed or the first events arrive from {query.data.sources.join(', ')}.
            </EmptyState>
          )
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {events.length === 1 ? '1 event' : `${events.length} events`}
            </p>
            <ul aria-label="Event schemas" className="space-y-3">
              {events.map((event) => {
                const params = Object.entries(event.params);
                return (
                  <li key={event.eventName} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-mono text-sm font-semibold text-slate-900">{event.eventName}</h3>
                      <p className="text-xs text-slate-600">
                        {event.sources.join(', ')} · Last seen{' '}
                        {event.lastReceivedAt ? utcTime(event.lastReceivedAt) : 'never'}
                      </p>
                    </div>
                    {params.length === 0 ? (
                      <p className="mt-2 text-xs text-slate-600">No parameters.</p>
                    ) : (
                      <dl aria-label={`Parameters of ${event.eventName}`} className="mt-3 flex flex-wrap gap-2">
                        {params.map(([name, type]) => (
                          <div key={name} className="flex overflow-hidden rounded-md text-xs ring-1 ring-slate-200">
                            <dt className="bg-slate-50 px-2 py-1 font-mono text-slate-800">{name}</dt>
                            <dd className="px-2 py-1 font-medium text-indigo-800">{type}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </SettingsSubpage>
  );
}
