/**
 * When a subscription's digest is due (docs/notifications.md §Subscriptions): the first instant after `after` at which
 * the wall clock in the subscription's time zone reads its hour (daily) or its weekday and hour (weekly), found with
 * Intl's time-zone data so summer time moves the UTC instant, never the local hour. An hour that a summer-time change
 * skips on that day (02:00 in a spring-forward night) is sent at the first instant after the jump. Pure.
 */
import type { SubscriptionFrequency } from '../../../src/contracts/report-subscriptions';

export interface ScheduleRule {
  frequency: SubscriptionFrequency;
  hour: number;
  /** 0 Monday … 6 Sunday; used when weekly. */
  weekday: number | null;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The UTC instant at which the wall clock in `timeZone` reads `local` (ms, as if UTC); the later one in a gap. */
export function zonedInstant(local: number, timeZone: string): number {
  const offset1 = wallClock(local, timeZone) - local;
  let instant = local - offset1;
  const offset2 = wallClock(instant, timeZone) - instant;
  if (offset2 !== offset1) {
    const second = local - offset2;
    // In a gap neither guess reads `local`: take the later instant (the first after the jump).
    instant = wallClock(second, timeZone) === local ? second : Math.max(instant, second);
  }
  return instant;
}

const DAY = 86_400_000;

/** The first due instant strictly after `after`. */
export function nextRun(rule: ScheduleRule, after: Date): Date {
  const localNow = wallClock(after.getTime(), rule.timeZone);
  const today = Math.floor(localNow / DAY) * DAY;
  for (let day = 0; day <= 8; day++) {
    const date = today + day * DAY;
    // getUTCDay: 0 Sunday … 6 Saturday → ISO order 0 Monday … 6 Sunday.
    const weekday = (new Date(date).getUTCDay() + 6) % 7;
    if (rule.frequency === 'weekly' && weekday !== (rule.weekday ?? 0)) continue;
    const instant = zonedInstant(date + rule.hour * 3_600_000, rule.timeZone);
    if (instant > after.getTime()) return new Date(instant);
  }
  // Unreachable for a valid rule (a week always holds the day); a safe answer anyway.
  return new Date(after.getTime() + 7 * DAY);
}
