/**
 * Chart markers (docs/activity.md §Chart markers): the days on an Analyze line chart on which something that moves
 * numbers happened for the app — a quest published, stopped, restarted or capped, the target or budget changed, a
 * source connected or disconnected, Process Data run, a new app version first seen in the events. Pure: entries of
 * the activity log and the chart's x values in, one marker per charted day out, each with the lines its tooltip
 * lists. Markers are not series: they never move the scale.
 *
 * Budgets: the app's daily budget is a target setting (`target.changed`), a quest's daily cap reaches the live quest
 * only when it is published (`quest.published`; a saved draft changes nothing live). Both verbs mark their day, and
 * the line names the budget's change, read from the entry's own before → after.
 */
import { VERB_LABELS, type ActivityEntry, type ActivityVerb } from '../../contracts/activity';

export const MARKER_VERBS: readonly ActivityVerb[] = [
  'quest.published',
  'quest.stopped',
  'quest.restarted',
  'quest.capped',
  'target.changed',
  'plugin.connected',
  'plugin.disconnected',
  'plugin.processed',
  'app.version_seen',
];

/** The fields of a change that are budgets, in words (dollars): a marker's line names their before → after. */
export const BUDGET_FIELDS: Readonly<Record<string, string>> = { dailyBudget: 'daily budget', dailyCap: 'daily cap' };

const dollars = (value: string | number | boolean | null) =>
  typeof value === 'number' ? `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}` : String(value);

/** "Ada Admin published quest Dragon Tamer (daily cap $50 → $80)". */
export function markerLine(entry: ActivityEntry): string {
  const budgets = entry.changes
    .filter((change) => change.field in BUDGET_FIELDS && change.after !== null)
    .map((change) =>
      change.before === null
        ? `${BUDGET_FIELDS[change.field]} ${dollars(change.after)}`
        : `${BUDGET_FIELDS[change.field]} ${dollars(change.before)} → ${dollars(change.after)}`,
    );
  const line = `${entry.actor.name} ${VERB_LABELS[entry.verb as ActivityVerb]} ${entry.object.name}`;
  return budgets.length ? `${line} (${budgets.join(', ')})` : line;
}

export interface ChartMarker {
  /** The x value the marker sits on (a YYYY-MM-DD day of the chart). */
  x: string;
  day: string;
  /** "Ada Admin published quest Dragon Tamer", newest first. */
  lines: string[];
}

const DAY = /^(\d{4}-\d{2}-\d{2})/;

/** The first and last day of the chart's x values, when they are days; null otherwise. */
export function dayRange(xs: readonly string[]): { from: string; to: string } | null {
  const days = xs
    .map((x) => DAY.exec(x)?.[1])
    .filter((d): d is string => !!d)
    .sort();
  return days.length === xs.length && days.length > 0 ? { from: days[0]!, to: days[days.length - 1]! } : null;
}

export function markersOf(entries: readonly ActivityEntry[], xs: readonly string[]): ChartMarker[] {
  const xOfDay = new Map<string, string>();
  for (const x of xs) {
    const day = DAY.exec(x)?.[1];
    if (day && !xOfDay.has(day)) xOfDay.set(day, x);
  }
  const byDay = new Map<string, ChartMarker>();
  for (const entry of entries) {
    if (!MARKER_VERBS.includes(entry.verb as ActivityVerb)) continue;
    const day = entry.at.slice(0, 10);
    const x = xOfDay.get(day);
    if (!x) continue;
    const marker = byDay.get(day) ?? { x, day, lines: [] };
    marker.lines.push(markerLine(entry));
    byDay.set(day, marker);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}
