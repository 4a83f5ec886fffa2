/**
 * The bell in the header (docs/notifications.md §The bell): runs the notifications flow (the unread count, asked for
 * now and every minute) and shows the count on a light button; the Headless UI popover with the panel
 * (NotificationPanel.tsx) loads on first intent and takes the button's place, so neither the popover code nor the
 * panel is part of a page's first download (the bell itself is ≈ 2 kB of it).
 */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useFlowActor } from '../flows/useFlowActor';
import { lazyOnIntent } from '../ui/lazyOnIntent';
import { notificationsFlow } from '../../machines/notifications/notifications.actors';
import { selectUnread } from '../../machines/notifications/notifications.selectors';
import type { BellPopoverProps } from './NotificationPanel';
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from './BellFace';

const BellPopover = lazyOnIntent<BellPopoverProps>(() =>
  import('./NotificationPanel').then((m) => ({ default: m.BellPopover })),
);

export default function NotificationBell({ workspaceId }: { workspaceId: string }) {
  const [, navigate] = useLocation();
  const actor = useFlowActor(
    notificationsFlow,
    { workspaceId },
    { key: `notifications:${workspaceId}`, deps: { navigate } },
  );
  const unread = useSelector(actor, selectUnread);
  return (
    <BellPopover
      actor={actor}
      placeholder={(trigger) => (
        <div className="relative">
          <button
            {...trigger}
            type="button"
            aria-expanded="false"
            aria-label={bellLabel(unread)}
            className={BELL_BUTTON_CLASS}
          >
            <BellFace unread={unread} />
          </button>
        </div>
      )}
    />
  );
}
