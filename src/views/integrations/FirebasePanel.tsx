/**
 * The Firebase tab's right-hand panel (docs/integrations.md §Screens and routes Firebase: conversion events table with checkboxes, Refresh, Disable,
 * Enable, Go to Acquire, the 'Enabling Events' spinner, the function-deploy in-progress state, the warning banner;
 * §Plugin states the Firebase no-data text). Rows from the conversion events read; Enable / Disable are events to the
 * firebase-conversion-events flow; the deployment that follows shows from the plugin's `function_deploy` operation.
 */
import { useSelector } from '@xstate/react';
import { DEPLOYING_FUNCTION, ENABLING_EVENTS } from '../../contracts/firebase';
import { EVENT_STATUS_LABELS, NO_DATA_TEXT } from '../../contracts/integrations';
import type { Plugin } from '../../contracts/plugin';
import { useConversionEvents } from '../../services/firebase.queries';
import { firebaseConversionEventsFlow } from '../../machines/firebase-conversion-events/firebase-conversion-events.actors';
import {
  selectConversionTable,
  firebaseConversionEventsActions,
} from '../../machines/firebase-conversion-events/firebase-conversion-events.selectors';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { Card } from './Card';
import { GoToAcquire } from './GoToAcquire';
import { hasOperation, utcTime } from './plugin-view';
import { useActions } from '../flows/useActions';

interface Props {
  workspaceId: string;
  appId: string;
  plugin: Plugin;
  denied: string | null;
}

export function FirebasePanel({ workspaceId, appId, plugin, denied }: Props) {
  const revision = `${plugin.connected}:${(plugin.inProgress ?? []).join(',')}`;
  const events = useConversionEvents(appId, plugin.id, revision);
  const actor = useFlowActor(
    firebaseConversionEventsFlow,
    { pluginId: plugin.id, appId },
    { key: `${appId}:${plugin.id}:conversion-events` },
  );
  const actions = useActions(actor, firebaseConversionEventsActions);
  const rows = events.data ?? [];
  const table = useSelector(actor, (s) => selectConversionTable(s, rows));
  const deploying = hasOperation(plugin, 'function_deploy');
  const anyEnabled = rows.some((e) => e.status === 'ENABLED');
  const unlocked = anyEnabled && plugin.connected !== 'disconnected';

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {events.isSuccess && !anyEnabled && (
        <p
          role="status"
          data-testid="firebase-banner"
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-300"
        >
          <span aria-hidden="true">⚠ </span>
          {NO_DATA_TEXT.Firebase}
        </p>
      )}
      {deploying && (
        <p
          role="status"
          data-testid="function-deploy"
          className="flex items-center gap-2 rounded-xl bg-indigo-50 px-4 py-3 text-sm font-medium text-indigo-900 ring-1 ring-indigo-200"
        >
          <Spinner className="size-4" /> {DEPLOYING_FUNCTION}
        </p>
      )}
      {unlocked && <GoToAcquire workspaceId={workspaceId} appId={appId} />}
      <Card
        title="Conversion Events"
        actions={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" busy={events.isFetching} onClick={() => void events.refetch()}>
              Refresh
            </Button>
            <Button
              variant="secondary"
              deniedReason={denied}
              busy={table.disabling}
              disabled={table.busy || table.toDisable.length === 0}
              onClick={() => actions.disable(table.toDisable)}
            >
              Disable
            </Button>
            <Button
              deniedReason={denied}
              disabled={table.busy || table.toEnable.length === 0}
              onClick={() => actions.enable(table.toEnable)}
            >
              Enable
            </Button>
          </div>
        }
      >
        {table.enabling && (
          <p role="status" className="mb-3 flex items-center gap-2 text-sm font-medium text-indigo-800">
            <Spinner className="size-4" /> {ENABLING_EVENTS}
          </p>
        )}
        <div
          className="max-h-[640px] min-h-[320px] overflow-auto"
          tabIndex={0}
          role="region"
          aria-label="Conversion events list"
        >
          {events.isPending ? (
            <p className="py-6 text-center text-sm text-slate-600">Loading events…</p>
          ) : events.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-rose-700">
              The events could not be loaded.
            </p>
          ) : rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No events received from Firebase yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-white">
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="w-10 py-2 pr-2">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Event Name
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    Last Received
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((event) => (
                  <tr key={event.id} className="border-b border-slate-100">
                    <td className="py-2 pr-2">
                      <input
                        type="checkbox"
                        aria-label={event.eventName}
                        className="size-4 rounded border-slate-400 text-indigo-600"
                        checked={table.selected.has(event.eventName)}
                        disabled={!!denied || table.busy}
                        onChange={() => actions.toggle(event.eventName)}
                      />
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs text-slate-900">{event.eventName}</td>
                    <td className="py-2 pr-3 text-slate-800">{EVENT_STATUS_LABELS[event.status]}</td>
                    <td className="py-2 text-slate-700">
                      {event.lastReceivedAt ? utcTime(event.lastReceivedAt) : 'Never'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </Card>
    </div>
  );
}
