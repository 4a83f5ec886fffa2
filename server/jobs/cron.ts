/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week, UTC) as the refresh schedules of plugins
 * store them (docs/integrations.md §Entities Plugin.refreshSchedule; the browser describes the same text with cronstrue, which only
 * describes). Fields take `*`, numbers, ranges `a-b`, steps `*\/n` / `a-b/n`, lists `a,b`, and month/day names
 * (JAN, MON). As in Vixie cron, a day matches when both day fields match, or either when both are restricted.
 *
 *   parseCron('0 3 * * *')                       — throws on anything else
 *   latestFire(parseCron('0 3 * * *'), now)      — the last time at or before `now` the schedule fires (or null)
 */

export interface Cron {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function field(text: string, min: number, max: number, names: readonly string[] = [], nameBase = 0): Set<number> {
  const value = (token: string) => {
    const named = names.indexOf(token.toUpperCase());
    const n = named >= 0 ? named + nameBase : /^\d+$/.test(token) ? Number(token) : NaN;
    if (!(n >= min && n <= max)) throw new Error(`invalid cron value "${token}"`);
    return n;
  };
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/') as [string, string | undefined];
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`invalid cron step "${part}"`);
    let [from, to] = [min, max];
    if (range !== '*') {
      const [a, b] = range.split('-') as [string, string | undefined];
      from = value(a);
      to = b === undefined ? (stepText === undefined ? from : max) : value(b);
    }
    if (from > to) throw new Error(`invalid cron range "${part}"`);
    for (let n = from; n <= to; n += step) out.add(n);
  }
  return out;
}

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error('a cron schedule has 5 fields');
  const [minute, hour, day, month, weekday] = parts as [string, string, string, string, string];
  const weekdays = field(weekday, 0, 7, WEEKDAYS);
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes: field(minute, 0, 59),
    hours: field(hour, 0, 23),
    days: field(day, 1, 31),
    months: field(month, 1, 12, MONTHS, 1),
    weekdays,
    daysRestricted: !day.startsWith('*'),
    weekdaysRestricted: !weekday.startsWith('*'),
  };
}

function dayMatches(cron: Cron, date: Date): boolean {
  if (!cron.months.has(date.getUTCMonth() + 1)) return false;
  const dom = cron.days.has(date.getUTCDate());
  const dow = cron.weekdays.has(date.getUTCDay());
  if (cron.daysRestricted && cron.weekdaysRestricted) return dom || dow;
  return dom && dow;
}

const DAY_MS = 86_400_000;

/** The latest minute at or before `now` (UTC) the schedule fires, looking back at most `lookbackDays`; null if none. */
export function latestFire(cron: Cron, now: Date, lookbackDays = 366): Date | null {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const hours = [...cron.hours].sort((a, b) => b - a);
  const minutes = [...cron.minutes].sort((a, b) => b - a);
  for (let back = 0; back <= lookbackDays; back++) {
    const day = new Date(today - back * DAY_MS);
    if (!dayMatches(cron, day)) continue;
    for (const hour of hours) {
      for (const minute of minutes) {
        const at = day.getTime() + (hour * 60 + minute) * 60_000;
        if (at <= now.getTime()) return new Date(at);
      }
    }
  }
  return null;
}
