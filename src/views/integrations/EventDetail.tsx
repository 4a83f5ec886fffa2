/**
 * The event detail of the Events table (docs/integrations.md §Screens and routes): breadcrumb All Events > event name (All Events goes back), its
 * revenue settings in words, the Revenue Settings button (view-only tooltip for viewers), and the table Event
 * Parameter, Data Type, Sample read from the app's data, with loading, empty and error states.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { REVENUE_TYPE_LABELS } from '../../contracts/integrations';
import type { PluginEvent } from '../../contracts/plugin';
import { DEFAULT_REVENUE } from '../../contracts/revenue-settings';
import { useEventDetail } from '../../services/revenue-settings.queries';
import { revenueSettingsFlow } from '../../machines/revenue-settings/revenue-settings.actors';
import { useFlowActor } from '../flows/useFlowActor';
import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { viewerDenied } from '../ui/permissions';
import { Button } from '../ui/Button';
import { RevenueSettingsDialog } from './RevenueSettingsDialog';
import { revenueSettingsActions } from '../../machines/revenue-settings/revenue-settings.selectors';
import { useActions } from '../flows/useActions';

function RevenueSummary({ eventName, settings }: { eventName: string; settings: PluginEvent['monetizeMetadata'] }) {
  if (!settings) {
    const byDefault = DEFAULT_REVENUE.find((rule) => rule.eventName === eventName);
    return (
      <p className="text-sm text-slate-600">
        No revenue settings:{' '}
        {byDefault ? (
          <>
            counts <strong>{REVENUE_TYPE_LABELS[byDefault.type]}</strong> revenue from{' '}
            <code className="font-mono text-xs">{byDefault.parameter}</code> by default.
          </>
        ) : (
          'this event does not count as revenue.'
        )}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-800">
      Counts <strong>{REVENUE_TYPE_LABELS[settings.revenueType]}</strong> revenue from{' '}
      <code className="font-mono text-xs">{settings.revenueEp}</code>, currency in{' '}
      <code className="font-mono text-xs">{settings.currencyEp}</code>.
    </p>
  );
}

export function EventDetail({
  appId,
  eventId,
  eventName,
  onBack,
}: {
  appId: string;
  eventId: string;
  eventName: string;
  onBack: () => void;
}) {
  const detail = useEventDetail(appId, eventId);
  const role = useCurrentWorkspace()?.role;
  const actor = useFlowActor(revenueSettingsFlow, { appId, eventId }, { key: `${appId}:${eventId}:revenue` });
  const dialogOpen = useSelector(actor, (s) => !s.matches('closed'));
  const actions = useActions(actor, revenueSettingsActions);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const event = detail.data?.event;
  const parameters = detail.data?.parameters ?? [];
  const name = event?.eventName ?? eventName;

  return (
    <section aria-labelledby={`event-${eventId}`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-base">
            <li>
              <button
                type="button"
                onClick={onBack}
                className="font-semibold text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 rounded"
              >
                All Events
              </button>
            </li>
            <li aria-hidden="true" className="text-slate-500">
              &gt;
            </li>
            <li>
              <h2
                id={`event-${eventId}`}
                ref={heading}
                tabIndex={-1}
                aria-current="page"
                className="font-mono text-sm font-semibold text-slate-900 focus:outline-none"
              >
                {name}
              </h2>
            </li>
          </ol>
        </nav>
        <Button
          variant="secondary"
          deniedReason={viewerDenied(role)}
          disabled={!event || dialogOpen}
          onClick={() => event && actions.open(event.monetizeMetadata ?? null)}
        >
          Revenue Settings
        </Button>
      </div>

      {detail.isPending ? (
        <p className="py-6 text-center text-sm text-slate-600">Loading parameters…</p>
      ) : detail.isError ? (
        <div role="alert" className="py-6 text-center">
          <p className="text-sm text-rose-700">The event could not be loaded.</p>
          <Button variant="secondary" className="mt-3" busy={detail.isFetching} onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-3">
            <RevenueSummary eventName={name} settings={event?.monetizeMetadata ?? null} />
          </div>
          {parameters.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">This event has no parameters.</p>
          ) : (
            <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Event parameters">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-3">
                      Event Parameter
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Data Type
                    </th>
                    <th scope="col" className="py-2">
                      Sample
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {parameters.map((p) => (
                    <tr key={p.name} className="border-b border-slate-100">
                      <td className="py-2 pr-3 font-mono text-xs text-slate-900">{p.name}</td>
                      <td className="py-2 pr-3 text-slate-800">{p.dataType}</td>
                      <td
                        className="max-w-[16rem] truncate py-2 font-mono text-xs text-slate-700"
                        title={p.sample ?? undefined}
                      >
                        {p.sample ?? '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <RevenueSettingsDialog actor={actor} parameters={parameters} />
    </section>
  );
}
