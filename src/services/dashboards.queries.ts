/**
 * React Query reads of dashboards: the dashboards of an app (the dashboard flow refreshes them after a change) and
 * each tile's result, one query per tile.
 */
import { useServerQuery } from '../queryClient';
import { listDashboards } from './dashboards.service';
import { runTile } from './dashboard-tiles.service';
import type { DashboardFilters, Tile } from '../contracts/dashboards';

export type { TileResult } from './dashboard-tiles.service';

export const dashboardsKey = (appId: string) => ['dashboards', appId] as const;

/** The dashboards of an app, Game health first (the first read makes it for an app with data). */
export function useDashboards(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: dashboardsKey(appId ?? ''),
    queryFn: ({ signal }) => listDashboards(appId!, signal),
    enabled: !!appId && enabled,
  });
}

/** One tile's result, keyed by the tile's question and the filters (a layout change does not run it again). */
export function useTileResult(appId: string, tile: Tile, filters: DashboardFilters) {
  return useServerQuery({
    queryKey: ['dashboard-tile', appId, tile.kind, tile.ref, filters],
    queryFn: ({ signal }) => runTile(appId, tile, filters, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
