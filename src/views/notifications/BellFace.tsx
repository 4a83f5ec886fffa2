/** What the bell button shows, shared by the header's light placeholder and the loaded bell, so both read the same. */
export const BELL_BUTTON_CLASS =
  'relative flex size-9 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50';

export const bellLabel = (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`);

export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
