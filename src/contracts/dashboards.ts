/**
 * Analyze dashboards (docs/analyze.md §Dashboards): an app's saved reports, cohort tables, funnels and built-in
 * metrics as tiles on a 12-column grid, with a dashboard-wide date range and platform that override the tiles' own.
 *
 * A tile is `{ id, kind, ref, x, y, w, h }`: kind 'report' | 'cohort' | 'funnel' names a saved question of the same
 * app by its id (ref), kind 'metric' names a built-in tile by its key (BUILT_IN_TILES: the Game health metrics and the
 * quest returns table). Bounds live here so the server and the editor agree: name 1–80 characters, at most 24 tiles,
 * positions whole numbers inside the grid. Pure: imports only io-ts and the shared codecs.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, MAX } from './codecs';
import { endpoint } from './endpoint';
import { boundedNumber } from './numbers';
import { maxItems } from './validation';

export const DASHBOARD_NAME_MAX = 80;
export const DASHBOARD_TILES_MAX = 24;
export const GRID_COLUMNS = 12;
export const GRID_ROWS_MAX = 200;
export const TILE_HEIGHT_MAX = 12;
export const DASHBOARD_NAME_MESSAGE = `The name must be 1 to ${DASHBOARD_NAME_MAX} characters.`;
export const TILE_OUTSIDE_MESSAGE = `A tile must fit inside the ${GRID_COLUMNS} columns of the grid.`;
export const TILE_NOT_FOUND_MESSAGE = 'This tile names a saved analysis this app does not have.';
export const GAME_HEALTH_NAME = 'Game health';
export const DEFAULT_DASHBOARD_NAME = 'New dashboard';

export const TileKind = t.keyof({ report: null, cohort: null, funnel: null, metric: null }, 'TileKind');
export type TileKind = t.TypeOf<typeof TileKind>;

/** Built-in tiles (kind 'metric'): a metric of the daily-metrics model by day, or the quest returns table. */
export const BuiltInTile = t.keyof(
  {
    dau: null,
    new_users: null,
    retention: null,
    sessions_per_dau: null,
    revenue: null,
    ecpm: null,
    quest_returns: null,
  },
  'BuiltInTile',
);
export type BuiltInTile = t.TypeOf<typeof BuiltInTile>;

/** What each built-in tile shows: its title and the daily-metrics columns it charts by date (none: the returns table). */
export const BUILT_IN_TILES: Record<BuiltInTile, { title: string; metrics: readonly string[] }> = {
  dau: { title: 'DAU', metrics: ['dau'] },
  new_users: { title: 'New users', metrics: ['new_users'] },
  retention: { title: 'Retention D1 / D7', metrics: ['retention_d1', 'retention_d7'] },
  sessions_per_dau: { title: 'Sessions per DAU', metrics: ['sessions_per_dau'] },
  revenue: { title: 'Revenue', metrics: ['iap_revenue', 'ad_revenue'] },
  ecpm: { title: 'eCPM', metrics: ['ecpm'] },
  quest_returns: { title: 'Returns per quest', metrics: [] },
};

const Column = boundedNumber({ name: 'Column', min: 0, max: GRID_COLUMNS - 1, integer: true });
const Row = boundedNumber({ name: 'Row', min: 0, max: GRID_ROWS_MAX, integer: true });
const Width = boundedNumber({ name: 'Width', min: 1, max: GRID_COLUMNS, integer: true });
const Height = boundedNumber({ name: 'Height', min: 1, max: TILE_HEIGHT_MAX, integer: true });

export const Tile = struct(
  { id: line(MAX.id), kind: TileKind, ref: line(MAX.id), x: Column, y: Row, w: Width, h: Height },
  {},
  'Tile',
);
export type Tile = t.TypeOf<typeof Tile>;

/** The dashboard-wide platform filter (values of the daily-metrics `platform` dimension). */
export const DashboardPlatform = t.keyof({ ANDROID: null, IOS: null }, 'DashboardPlatform');
export type DashboardPlatform = t.TypeOf<typeof DashboardPlatform>;
export const PLATFORM_LABELS: Record<DashboardPlatform, string> = { ANDROID: 'Android', IOS: 'iOS' };

const Day = line(MAX.date);
/** Null date range: each tile's own; null platform: every platform. */
export const DashboardFilters = struct(
  { date_range: nullable(struct({ date_start: Day, date_end: Day })), platform: nullable(DashboardPlatform) },
  {},
  'DashboardFilters',
);
export type DashboardFilters = t.TypeOf<typeof DashboardFilters>;
export const NO_FILTERS: DashboardFilters = { date_range: null, platform: null };

export const DashboardKind = t.keyof({ custom: null, game_health: null }, 'DashboardKind');
export type DashboardKind = t.TypeOf<typeof DashboardKind>;

export const DashboardSummary = struct(
  { id: t.string, name: t.string, kind: DashboardKind, tiles: t.number, updated_at: t.string },
  {},
  'DashboardSummary',
);
export type DashboardSummary = t.TypeOf<typeof DashboardSummary>;

export const Dashboard = struct(
  {
    id: t.string,
    name: t.string,
    kind: DashboardKind,
    tiles: t.array(Tile),
    filters: DashboardFilters,
    updated_at: t.string,
  },
  {},
  'Dashboard',
);
export type Dashboard = t.TypeOf<typeof Dashboard>;

/** Create or replace a dashboard: name, tiles and filters (the server checks each tile's saved question). */
export const SaveDashboardRequest = struct(
  {
    name: line(MAX.title),
    tiles: maxItems(Tile, DASHBOARD_TILES_MAX, 'Tiles'),
    filters: DashboardFilters,
  },
  {},
  'SaveDashboardRequest',
);
export type SaveDashboardRequest = t.TypeOf<typeof SaveDashboardRequest>;

export const DashboardAppParams = struct({ appId: Id });
export const DashboardParams = struct({ appId: Id, dashboardId: Id });
const DashboardResponse = struct({ dashboard: Dashboard }, {}, 'DashboardResponse');

export const dashboardEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/dashboards',
    params: DashboardAppParams,
    response: struct({ dashboards: t.array(DashboardSummary) }, {}, 'DashboardList'),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/app/:appId/analyze/dashboards/:dashboardId',
    params: DashboardParams,
    response: DashboardResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/app/:appId/analyze/dashboards',
    params: DashboardAppParams,
    body: SaveDashboardRequest,
    response: DashboardResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/app/:appId/analyze/dashboards/:dashboardId',
    params: DashboardParams,
    body: SaveDashboardRequest,
    response: DashboardResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app/:appId/analyze/dashboards/:dashboardId',
    params: DashboardParams,
    response: struct({ success: t.boolean }, {}, 'DeleteDashboardResponse'),
  }),
};

/** Why a layout is refused, as { field, message } (the server's 400 and the editor's check), or null. */
export function layoutProblem(tiles: readonly Tile[]): { field: string; message: string } | null {
  const ids = new Set<string>();
  for (const [i, tile] of tiles.entries()) {
    if (tile.x + tile.w > GRID_COLUMNS) return { field: `tiles.${i}.w`, message: TILE_OUTSIDE_MESSAGE };
    if (ids.has(tile.id)) return { field: `tiles.${i}.id`, message: 'Each tile needs its own id.' };
    ids.add(tile.id);
    if (tile.kind === 'metric' && !BuiltInTile.is(tile.ref))
      return { field: `tiles.${i}.ref`, message: TILE_NOT_FOUND_MESSAGE };
  }
  return null;
}

/** The name as kept: trimmed, 1–80 characters; null when refused. */
export function validDashboardName(name: string): string | null {
  const value = name.trim();
  return value.length >= 1 && value.length <= DASHBOARD_NAME_MAX ? value : null;
}

/** The Game health layout: two tiles a row, the quest returns table full width when the app has quests. */
export function gameHealthTiles(withQuestReturns: boolean): Tile[] {
  const metrics: BuiltInTile[] = ['dau', 'new_users', 'retention', 'sessions_per_dau', 'revenue', 'ecpm'];
  const tiles: Tile[] = metrics.map((ref, i) => ({
    id: `gh-${ref}`,
    kind: 'metric',
    ref,
    x: (i % 2) * 6,
    y: Math.floor(i / 2) * 6,
    w: 6,
    h: 6,
  }));
  if (withQuestReturns)
    tiles.push({ id: 'gh-quest_returns', kind: 'metric', ref: 'quest_returns', x: 0, y: 18, w: 12, h: 6 });
  return tiles;
}
