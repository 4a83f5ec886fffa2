/**
 * The markers of a report's line chart (docs/activity.md §Chart markers) for the app of the page: the activity of the
 * chart's days, read once per day range, and the link from a marker to the log filtered to its day.
 */
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { href } from '../../paths';
import { useAppActivity } from '../../services/activity.queries';
import { dayRange, markersOf, type ChartMarker } from './chart-markers';

export function useChartMarkers(xs: readonly string[]): { markers: ChartMarker[]; link: (day: string) => string } {
  const { workspaceId = '', appId = '' } = useParams<{ workspaceId?: string; appId?: string }>();
  const range = useMemo(() => dayRange(xs), [xs]);
  const activity = useAppActivity(workspaceId, appId, range);
  const markers = useMemo(() => (activity.data ? markersOf(activity.data, xs) : []), [activity.data, xs]);
  return { markers, link: (day) => href.activity(workspaceId, { app: appId, from: day, to: day }) };
}
