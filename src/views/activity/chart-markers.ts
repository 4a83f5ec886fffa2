/**
 * Chart markers (docs/activity.md §Chart markers): the days on an Analyze line chart on which something that moves
 * numbers happened for the app — a quest published, stopped, restarted or capped, the target or budget changed, a
 * source connected or disconnected, Process Data run. Pure: entries of the activity log and the chart's x values in, one marker per
 * charted day out, each with the lines its tooltip lists. Markers are not series: they never move the scale.
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
];

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
    marker.lines.push(`${entry.actor.name} ${VERB_LABELS[entry.verb as ActivityVerb]} ${entry.object.name}`);
    byDay.set(day, marker);
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}
