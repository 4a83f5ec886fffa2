/**
 * One object's history where a publisher looks at the object (docs/activity.md §Screens and routes): the quest
 * editor's History section (who changed what, newest first, each change before → after; its step completions behind
 * a checkbox that counts them) and a report's "Changed by {who}" under the status line that says when. Plain reads
 * (src/services/activity.queries.ts); a link opens the full log.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { VERB_LABELS, type ActivityVerb } from '../../contracts/activity';
import { changeValue } from '../../machines/activity/activity.selectors';
import { useObjectHistory, useObjectHistoryPage } from '../../services/activity.queries';
import { historyList } from './object-history';
import { fromNow, fullTime } from '../analyze/time';

/** A verb whose entries the section keeps apart: hidden until the toggle (labelled `label`, with their count) shows them. */
export interface KeptApart {
  verb: ActivityVerb;
  label: string;
}

export function ObjectHistory({
  workspaceId,
  objectType,
  objectId,
  apart,
}: {
  workspaceId: string;
  objectType: string;
  objectId: string;
  apart?: KeptApart;
}) {
  const [showKept, setShowKept] = useState(false);
  const changes = useObjectHistoryPage(workspaceId, objectType, objectId, apart ? { exceptVerb: apart.verb } : {});
  const kept = useObjectHistoryPage(workspaceId, objectType, objectId, apart ? { verb: apart.verb } : {}, !!apart);
  const list = changes.data ? historyList(changes.data, apart ? kept.data : undefined, showKept) : null;
  return (
    <section aria-label="History" className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">History</h3>
      {apart && list?.hasHidden && (
        <label className="mt-2 flex w-fit items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={showKept}
            onChange={(event) => setShowKept(event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
          {apart.label} ({list.count})
        </label>
      )}
      {changes.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading history…</p>
      ) : changes.isError || !list ? (
        <p className="mt-2 text-sm text-slate-600">The history could not be loaded.</p>
      ) : list.entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {list.entries.map((entry) => (
            <li key={entry.id} className="text-sm">
              <p className="break-words text-slate-800">
                <span className="font-medium">{entry.actor.name}</span>{' '}
                {VERB_LABELS[entry.verb as ActivityVerb] ?? entry.verb}{' '}
                <time dateTime={entry.at} title={fullTime(entry.at)} className="text-slate-600">
                  {fromNow(entry.at)}
                </time>
              </p>
              {entry.changes.length > 0 && (
                <ul className="mt-0.5 space-y-0.5 pl-3 text-xs text-slate-600">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      {change.field}: {changeValue(change.before)} → {changeValue(change.after)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      <Link
        href={href.activity(workspaceId)}
        className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline"
      >
        All activity
      </Link>
    </section>
  );
}

/**
 * "Changed by Ada Admin" (the time on hover), from the object's newest entry; nothing until there is one. It sits under
 * a status line that already says when ("Last changed 3 minutes ago"), so it names only who: one status line.
 */
export function LastChangedBy({
  workspaceId,
  objectType,
  objectId,
  version,
}: {
  workspaceId: string;
  objectType: string;
  objectId: string | null;
  version: string | null;
}) {
  const history = useObjectHistory(workspaceId, objectType, objectId, version);
  const last = history.data?.[0];
  if (!last) return null;
  return (
    <p data-testid="last-changed-by" title={fullTime(last.at)} className="mt-0.5 px-1 text-xs text-slate-600">
      Changed by {last.actor.name}
    </p>
  );
}
