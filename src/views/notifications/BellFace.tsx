/** What the bell button shows, shared by the header's placeholders and the popover's button, so all read the same. */
export const BELL_BUTTON_CLASS =
  'relative flex size-9 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50';

export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

/** The bell, and the unread count as a badge (99+ above 99); the button's label says the count in words. */
export function BellFace({ unread = 0 }: { unread?: number }) {
  return (
    <>
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}
