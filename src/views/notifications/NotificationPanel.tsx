/**
 * The bell's Headless UI popover (docs/notifications.md §The bell): the button with the unread count and the panel
 * with the person's newest notifications in this workspace (mark one or all read, load more, follow one to its page).
 * Loaded on first use (NotificationBell.tsx shows the same button until then); the popover closes on Escape and on a
 * click outside, and tells the flow when it opens or closes.
 */
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { href } from '../../paths';
import { useActions } from '../flows/useActions';
import { useReplayIntent, type IntentRef } from '../ui/lazyOnIntent';
import type { notificationsMachine } from '../../machines/notifications/notifications.machine';
import { notificationsActions, selectPanel, selectUnread } from '../../machines/notifications/notifications.selectors';
import { fromNow, fullTime } from '../analyze/time';
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from './BellFace';

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

export interface BellPopoverProps {
  actor: NotificationsActor;
}

export function BellPopover({ actor, intent }: BellPopoverProps & { intent?: IntentRef }) {
  const unread = useSelector(actor, selectUnread);
  const actions = useActions(actor, notificationsActions);
  const button = useRef<HTMLButtonElement>(null);
  useReplayIntent(intent, button, 'Enter');
  return (
    <Popover className="relative">
      {({ open }) => (
        <>
          <OpenSync open={open} onOpen={actions.open} onClose={actions.close} />
          <PopoverButton ref={button} aria-label={bellLabel(unread)} className={BELL_BUTTON_CLASS}>
            <BellFace unread={unread} />
          </PopoverButton>
          <PopoverPanel
            anchor="bottom end"
            className="z-50 mt-2 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl bg-white shadow-lg ring-1 ring-slate-200 focus:outline-none"
          >
            {({ close }) => <Panel actor={actor} close={close} />}
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}

/** Tells the flow when the popover opens or closes (Headless UI owns the open state: Escape, outside clicks). */
function OpenSync({ open, onOpen, onClose }: { open: boolean; onOpen: () => void; onClose: () => void }) {
  useEffect(() => {
    if (open) onOpen();
    else onClose();
  }, [open, onOpen, onClose]);
  return null;
}

function Panel({ actor, close }: { actor: NotificationsActor; close: () => void }) {
  const view = useSelector(actor, selectPanel);
  const actions = useActions(actor, notificationsActions);
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        <Link
          href={href.notifications(view.workspaceId)}
          onClick={close}
          className="mr-auto rounded-md px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100"
        >
          Settings<span className="sr-only"> for notifications</span>
        </Link>
        {/* aria-disabled, not disabled: the focus stays here after marking all, so Escape still closes the panel. */}
        <button
          type="button"
          aria-disabled={view.unread === 0 || view.busy}
          onClick={() => {
            if (view.unread > 0 && !view.busy) actions.readAll();
          }}
          className="rounded-md px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50 aria-disabled:cursor-default aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent"
        >
          Mark all read
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {view.loading ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">Loading notifications…</p>
        ) : view.failed ? (
          <div role="alert" className="px-4 py-6 text-center text-sm text-slate-700">
            <p>{view.error}</p>
            <button
              type="button"
              onClick={actions.retry}
              className="mt-2 rounded-md px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
            >
              Try again
            </button>
          </div>
        ) : view.notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">You’re all caught up.</p>
        ) : (
          <ul aria-label="Notifications" className="divide-y divide-slate-100">
            {view.notifications.map((n) => (
              <li key={n.id} className={n.read ? 'bg-white' : 'bg-indigo-50/60'}>
                <div className="flex items-start gap-2 px-4 py-3">
                  <button
                    type="button"
                    onClick={() => {
                      actions.follow(n.id, n.link);
                      close();
                    }}
                    className="min-w-0 flex-1 text-left"
                  >
                    <span
                      className={`block text-sm break-words ${n.read ? 'text-slate-800' : 'font-semibold text-slate-900'}`}
                    >
                      {!n.read && <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    <span className="mt-0.5 block text-xs break-words text-slate-600">{n.body}</span>
                    <time dateTime={n.at} title={fullTime(n.at)} className="mt-0.5 block text-xs text-slate-500">
                      {fromNow(n.at)}
                    </time>
                  </button>
                  {!n.read && (
                    <button
                      type="button"
                      disabled={view.busy}
                      onClick={(e) => {
                        // The button goes once the entry is read: the focus moves to the entry first.
                        e.currentTarget.closest('li')?.querySelector('button')?.focus();
                        actions.read(n.id);
                      }}
                      aria-label={`Mark read: ${n.title}`}
                      className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-60"
                    >
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {view.error && !view.failed && (
          <p role="alert" className="px-4 py-2 text-xs text-rose-700">
            {view.error}
          </p>
        )}
        {view.hasMore && !view.loading && !view.failed && (
          <div className="px-4 py-2 text-center">
            <button
              type="button"
              disabled={view.loadingMore}
              onClick={actions.more}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400"
            >
              {view.loadingMore ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
