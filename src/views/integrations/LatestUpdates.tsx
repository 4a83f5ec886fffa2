/** Latest Updates (docs/integrations.md §Screens and routes): the plugin's messages with their timestamps, scrolled to the newest as they arrive. */
import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FeedItem } from '../../contracts/plugin';
import { Card } from './Card';
import { utcTime } from './plugin-view';

const TYPE_CLASSES = { error: 'text-rose-700', success: 'text-emerald-800', default: 'text-slate-800' } as const;

/** A coloured feed (docs/integrations.md §Screens and routes: error, success, default), scrolled to the newest item. */
export function FeedList({
  items,
  label = 'Plugin messages',
  testId = 'latest-updates',
}: {
  items: readonly FeedItem[];
  label?: string;
  testId?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [items.length]);
  return (
    <ol
      ref={list}
      aria-label={label}
      tabIndex={0}
      className="max-h-72 space-y-2 overflow-y-auto pr-1 text-sm"
      data-testid={testId}
    >
      {items.map((item, i) => (
        <li
          key={`${item.createdAt}-${i}`}
          data-type={item.type ?? 'default'}
          className="rounded-lg bg-slate-50 px-3 py-2"
        >
          <span className="block text-xs text-slate-600">
            <time>{utcTime(item.createdAt)}</time>
            {item.by && ` · by ${item.by}`}
          </span>
          <span className={TYPE_CLASSES[item.type ?? 'default']}>{item.message}</span>
        </li>
      ))}
    </ol>
  );
}

export function LatestUpdates({ feed }: { feed: UseQueryResult<FeedItem[]> | null }) {
  const items = feed?.data ?? [];
  return (
    <Card title="Latest Updates">
      {!feed ? (
        <p className="text-sm text-slate-600">No updates yet: connect the plugin to see its messages here.</p>
      ) : feed.isPending ? (
        <p className="text-sm text-slate-600">Loading updates…</p>
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          The updates could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">No updates yet.</p>
      ) : (
        <FeedList items={items} />
      )}
    </Card>
  );
}
