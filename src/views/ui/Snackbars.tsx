/** Renders the notify() queue as snackbars in the bottom corner. */
import { useSyncExternalStore } from 'react';
import { dismiss, getNotices, subscribeNotices } from '../../services/notify';

const tone = {
  success: 'bg-emerald-700',
  error: 'bg-rose-600',
  info: 'bg-slate-800',
  warning: 'bg-amber-700', // white text needs 4.5:1 (amber-500 gave 2.1)
};

export function Snackbars() {
  const notices = useSyncExternalStore(subscribeNotices, getNotices);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {notices.map((notice) => (
        <div
          key={notice.id}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex max-w-lg items-center gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-lg ${tone[notice.kind]}`}
        >
          <span>{notice.message}</span>
          <button
            type="button"
            onClick={() => dismiss(notice.id)}
            className="ml-2 rounded px-1 text-white/80 hover:text-white"
            aria-label="Dismiss"
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
