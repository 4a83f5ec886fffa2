/** Relative times for the Analyze screens ('Last changed 5 minutes ago', report cards), re-rendered every 30 s. */
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** '5 minutes ago' for an ISO time; '' when it cannot be read. Future times (clock skew) read as 'a few seconds ago'. */
export function fromNow(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const time = dayjs(iso);
  if (!time.isValid()) return '';
  return time.valueOf() > now ? dayjs(now).fromNow() : time.from(now);
}

/** A full local date and time for a tooltip. */
export const fullTime = (iso: string | null | undefined) =>
  iso && dayjs(iso).isValid() ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '';

/** The current time, refreshed every `everyMs` so relative times stay true. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
