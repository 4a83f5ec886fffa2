/**
 * The one snackbar action every machine declares (docs/architecture.md §House rules 3). A machine names the message, its kind and
 * its docs/architecture.md §Layers duration; `<flow>.actors.ts` provides the implementation (`showNotice` in notice.actors.ts), so the
 * machine itself stays free of the notifier.
 *
 *   setup({ actions: { notify } })  …  { type: 'notify', params: { message: REPORT_DELETED, kind: 'success' } }
 */

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

/**
 * docs/architecture.md §Layers snackbar durations by name (the milliseconds live once, in src/services/notify.ts):
 * short 2 s, normal 3 s (the default), long 10 s; AppsFlyer/Adjust: partnerError 6 s, partnerSuccess 10 s.
 */
export type NoticeDuration = 'short' | 'normal' | 'long' | 'partnerError' | 'partnerSuccess';

export interface Notice {
  message: string;
  kind: NoticeKind;
  duration?: NoticeDuration;
}

/** Placeholder of the `notify` action: declare it in `setup({ actions: { notify } })`; the flow's actors provide it. */
export const notify = (_args: unknown, _notice: Notice) => {};
