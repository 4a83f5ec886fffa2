/**
 * The Events table (docs/integrations.md §Screens and routes): Event Name, Status (Active or Enabled), Last Received (not for BigQuery), a 'Search
 * Event Name' box searched 500 ms after the last keystroke, and Refresh. Rows come from the plugin's events (written
 * by Process Data for BigQuery). An event's name opens its detail (EventDetail.tsx); its All Events comes back here.
 */
import { useEffect, useRef, useState } from 'react';
import { EVENT_STATUS_LABELS } from '../../contracts/integrations';
import type { Plugin } from '../../contracts/plugin';
import { usePluginEvents } from '../../services/integrations.queries';
import { Button } from '../ui/Button';
import { useEventSearch } from '../ui/useEventSearch';
import { Card } from './Card';
import { utcTime } from './plugin-view';
import { EventDetail } from './EventDetail';

export function EventsTable({ appId, plugin }: { appId: string; plugin: Plugin }) {
  const { search, box } = useEventSearch();
  const events = usePluginEvents(appId, plugin.id, search);
  const showLastReceived = plugin.source !== 'BigQuery';
  const rows = events.data ?? [];
  // An operation of the plugin ended (an export or a processing job lists new events): read the events again.
  const busy = (plugin.inProgress ?? []).length > 0;
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void events.refetch();
    wasBusy.current = busy;
  }, [busy, events]);
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(null);
  // Back from a detail, focus returns to the event's name.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (selected || !returnTo.current) return;
    document.querySelector<HTMLButtonElement>(`[data-event-id="${CSS.escape(returnTo.current)}"]`)?.focus();
    returnTo.current = null;
  }, [selected]);
  if (selected) {
    return (
      <EventDetail
        appId={appId}
        eventId={selected.id}
        eventName={selected.name}
        onBack={() => {
          returnTo.current = selected.id;
          setSelected(null);
        }}
      />
    );
  }
  return (
    <Card
      title="Events"
      actions={
        <Button variant="secondary" busy={events.isFetching} onClick={() => void events.refetch()}>
          Refresh
        </Button>
      }
    >
      {box}
      <div
        className="mt-3 max-h-[640px] min-h-[320px] overflow-y-auto"
        tabIndex={0}
        role="region"
        aria-label="Events list"
      >
        {events.isPending ? (
          <p className="py-6 text-center text-sm text-slate-600">Loading events…</p>
        ) : events.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-rose-700">
            The events could not be loaded.
          </p>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">
            {search ? `No event matches "${search}".` : 'No events yet: process data to see them here.'}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3">
                  Event Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                {showLastReceived && (
                  <th scope="col" className="py-2">
                    Last Received
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3">
                    <button
                      type="button"
                      data-event-id={event.id}
                      onClick={() => setSelected({ id: event.id, name: event.eventName })}
                      className="rounded font-mono text-xs text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      {event.eventName}
                    </button>
                  </td>
                  <td className="py-2 pr-3 text-slate-800">{EVENT_STATUS_LABELS[event.status]}</td>
                  {showLastReceived && (
                    <td className="py-2 text-slate-700">
                      {event.lastReceivedAt ? utcTime(event.lastReceivedAt) : 'Never'}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Card>
  );
}
