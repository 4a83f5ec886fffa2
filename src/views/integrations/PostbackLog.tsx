/**
 * The postback log ("Beyond the peers"): the last postbacks received for the app from one source — time,
 * event, outcome (stored / duplicate / refused and why), the advertising id masked — so a publisher testing a device
 * sees at once whether and why an event did not count. Used by the AppsFlyer tab (and the Adjust tab).
 */
import { Link, useParams } from 'wouter';
import { usePostbackLog } from '../../services/postbacks.queries';
import { href } from '../../paths';
import { Button } from '../ui/Button';
import { Card } from './Card';
import { utcTime } from './plugin-view';

const OUTCOME_CLASSES = {
  stored: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  duplicate: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  refused: 'bg-rose-50 text-rose-800 ring-rose-600/30',
} as const;
const OUTCOME_LABELS = { stored: 'Stored', duplicate: 'Duplicate', refused: 'Refused' } as const;

export function PostbackLog({ appId, source, label }: { appId: string; source: string; label: string }) {
  const log = usePostbackLog(appId, source);
  const { workspaceId = '' } = useParams<{ workspaceId?: string }>();
  const entries = log.data ?? [];
  return (
    <Card
      title="Postback Log"
      actions={
        <Button variant="secondary" busy={log.isFetching} onClick={() => void log.refetch()}>
          Refresh
        </Button>
      }
    >
      <p className="text-sm text-slate-600">
        The last postbacks {label} sent for this app, and what became of each.{' '}
        <Link
          href={href.app(workspaceId, appId, `integrations/${label}/postbacks`)}
          className="font-medium text-indigo-700 hover:underline"
        >
          Search the whole postback log
        </Link>
      </p>
      {log.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading postbacks…</p>
      ) : log.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-700">
          The postback log could not be loaded.
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No postbacks received yet.</p>
      ) : (
        <div className="mt-3 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label="Postbacks received">
          <table className="w-full text-left text-sm" data-testid="postback-log">
            <thead className="sticky top-0 bg-white text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3">
                  Outcome
                </th>
                <th scope="col" className="py-2">
                  Advertising ID
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap py-2 pr-3 text-xs text-slate-600">{utcTime(entry.receivedAt)}</td>
                  <td className="break-all py-2 pr-3 font-mono text-xs text-slate-900">{entry.eventName ?? '—'}</td>
                  <td className="py-2 pr-3">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${OUTCOME_CLASSES[entry.outcome]}`}
                    >
                      {OUTCOME_LABELS[entry.outcome]}
                    </span>
                    {entry.reason && <span className="mt-1 block text-xs text-slate-700">{entry.reason}</span>}
                  </td>
                  <td className="py-2 font-mono text-xs text-slate-700">{entry.advertisingId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
