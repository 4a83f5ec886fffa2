/** A source's connection status as a chip (docs/integrations.md §Plugin states status colours): its icon and label, from `statusLook`. */
import type { Plugin } from '../../contracts/plugin';
import { TONE_CLASSES, statusLook } from './plugin-view';
import { fromNow } from '../analyze/time';
import { NO_EVENTS_YET } from '../../contracts/postbacks';

export function StatusChip({ plugin }: { plugin: Plugin | null }) {
  const look = statusLook(plugin);
  return (
    <span
      data-testid="plugin-status"
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE_CLASSES[look.tone]}`}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5" aria-hidden="true">
        {look.tone === 'success' ? (
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        ) : (
          <circle cx="10" cy="10" r="5" />
        )}
      </svg>
      {look.label}
    </span>
  );
}

/**
 * The first two rows of an attribution source's Connection Status card (docs/integrations.md §Screens and routes AppsFlyer and Adjust tabs): Status,
 * and Last Event Received as a relative time (the exact time on hover), or 'No events received yet'. With no plugin
 * (none yet, or deleted) only the Status row shows: nothing of a deleted plugin stays on the tab.
 */
export function StatusRows({
  plugin,
  lastEventAt,
  now,
}: {
  plugin: Plugin | null;
  lastEventAt: number | null;
  now: number;
}) {
  return (
    <>
      <div className="flex items-center justify-between gap-3 py-2">
        <dt className="text-slate-600">Status</dt>
        <dd>
          <StatusChip plugin={plugin} />
        </dd>
      </div>
      {plugin && (
        <div className="flex items-center justify-between gap-3 py-2">
          <dt className="text-slate-600">Last Event Received</dt>
          <dd
            data-testid="last-event"
            className="text-slate-900"
            title={lastEventAt ? new Date(lastEventAt).toISOString() : undefined}
          >
            {lastEventAt ? fromNow(new Date(lastEventAt).toISOString(), now) : NO_EVENTS_YET}
          </dd>
        </div>
      )}
    </>
  );
}
