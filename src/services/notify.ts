/**
 * Snackbar messages (SPEC §9 durations 2 s, 3 s, 10 s). Machines call notify() from their actions; the
 * <Snackbars/> view subscribes. A tiny external store so it works outside React too.
 */
export type NoticeKind = 'success' | 'error' | 'info' | 'warning';
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

export function notify(message: string, kind: NoticeKind = 'success', durationMs = 3000) {
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
