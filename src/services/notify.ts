/**
 * Snackbar messages with docs/architecture.md §Layers durations (2 s, 3 s, 10 s; AppsFlyer/Adjust 6 s on error, 10 s on success).
 * Machines name a duration in their `notify` action (src/machines/shared/notice.ts); the flows' actors call
 * notify() here; the <Snackbars/> view subscribes. A tiny external store so it works outside React too.
 */
export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/** docs/architecture.md §Layers, in milliseconds, by the names machines use. */
export const NOTICE_DURATION_MS = {
  short: 2000,
  normal: 3000,
  long: 10_000,
  partnerError: 6000,
  partnerSuccess: 10_000,
} as const;
export type NoticeDuration = keyof typeof NOTICE_DURATION_MS;

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  durationMs: number;
}

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a snackbar for `duration` (a docs/architecture.md §Layers name, or milliseconds; 3 s by default). */
export function notify(message: string, kind: NoticeKind = 'success', duration: NoticeDuration | number = 'normal') {
  const durationMs = typeof duration === 'number' ? duration : NOTICE_DURATION_MS[duration];
  const notice = { id: nextId++, kind, message, durationMs };
  notices = [...notices, notice];
  emit();
  setTimeout(() => dismiss(notice.id), durationMs);
  return notice.id;
}
export function dismiss(id: number) {
  notices = notices.filter((n) => n.id !== id);
  emit();
}
export const subscribeNotices = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const getNotices = () => notices;
