/**
 * Dashboards (docs/analyze.md §Dashboards): an app's saved reports, cohort tables, funnels and built-in metrics as
 * tiles on a grid, with a dashboard-wide date range and platform. Stored per app (so per workspace) in `dashboards`;
 * the tiles run in the browser through the existing run endpoints, nothing is computed here.
 *
 * - Bounds come from src/contracts/dashboards.ts (name 1–80, at most 24 tiles, positions inside the grid); a tile of
 *   a saved question must name one of this app's questions of that kind, else 400 naming the tile's field.
 * - Every change is one transaction with its activity entry (report.saved / report.deleted, the object being the
 *   dashboard), as saved reports do.
 * - The Game health dashboard is made on the first list of an app with data (Analyze enabled, or quests), once: a
 *   partial unique index holds one per app, and a second concurrent insert does nothing. It cannot be deleted.
 */
import { sql, type Selectable } from 'kysely';
import type { DashboardsTable } from '../../db/schema';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../auth/crypto';
import { analyzePluginOf } from '../apps/index';
import { appHasQuests } from '../acquire/index';
import {
  DASHBOARD_NAME_MESSAGE,
  GAME_HEALTH_NAME,
  NO_FILTERS,
  TILE_NOT_FOUND_MESSAGE,
  gameHealthTiles,
  layoutProblem,
  validDashboardName,
  type Dashboard,
  type DashboardFilters,
  type DashboardKind,
  type DashboardSummary,
  type SaveDashboardRequest,
  type Tile,
} from '../../../src/contracts/dashboards';
import { workspaceOfApp } from './analyze';

export const GAME_HEALTH_UNDELETABLE = 'The Game health dashboard is made for every app and cannot be deleted.';

type Row = Selectable<DashboardsTable>;

const toDashboard = (row: Row): Dashboard => ({
  id: row.id,
  name: row.name,
  kind: row.kind as DashboardKind,
  tiles: row.tiles as Tile[],
  filters: { ...NO_FILTERS, ...(row.filters as Partial<DashboardFilters>) },
  updated_at: new Date(row.updated_at).toISOString(),
});

/** Makes the app's Game health dashboard when the app has data and has none yet; safe under concurrent calls. */
export async function ensureGameHealth(ctx: ServerContext, appId: string): Promise<void> {
  const existing = await ctx.db
    .selectFrom('dashboards')
    .select('id')
    .where('app_id', '=', appId)
    .where('kind', '=', 'game_health')
    .executeTakeFirst();
  if (existing) return;
  const [analyze, quests] = await Promise.all([analyzePluginOf(ctx, appId), appHasQuests(ctx, appId)]);
  if (!analyze && !quests) return;
  await ctx.db
    .insertInto('dashboards')
    .values({
      id: newId(),
      app_id: appId,
      name: GAME_HEALTH_NAME,
      kind: 'game_health',
      tiles: JSON.stringify(gameHealthTiles(quests)),
      filters: JSON.stringify(NO_FILTERS),
      created_by: null,
      updated_at: ctx.now(),
    })
    // The index predicate as a literal: a bound parameter does not let PostgreSQL infer the partial index.
    .onConflict((oc) =>
      oc
        .column('app_id')
        .where(sql<boolean>`kind = 'game_health'`)
        .doNothing(),
    )
    .execute();
}

/** Game health first, then newest first. */
export async function listDashboards(ctx: ServerContext, appId: string): Promise<DashboardSummary[]> {
  await ensureGameHealth(ctx, appId);
  const rows = await ctx.db
    .selectFrom('dashboards')
    .selectAll()
    .where('app_id', '=', appId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind as DashboardKind,
      tiles: (row.tiles as unknown[]).length,
      updated_at: new Date(row.updated_at).toISOString(),
    }))
    .sort((a, b) => Number(b.kind === 'game_health') - Number(a.kind === 'game_health'));
}

const find = (ctx: ServerContext, appId: string, id: string) =>
  ctx.db.selectFrom('dashboards').selectAll().where('id', '=', id).where('app_id', '=', appId).executeTakeFirst();

export async function getDashboard(ctx: ServerContext, appId: string, id: string): Promise<Dashboard> {
  const row = await find(ctx, appId, id);
  if (!row) throw notFound('Dashboard');
  return toDashboard(row);
}

/** The request checked beyond its contract: the name, the layout and each tile's saved question of this app. */
async function checked(ctx: ServerContext, appId: string, body: SaveDashboardRequest) {
  const name = validDashboardName(body.name);
  if (!name) throw invalid(DASHBOARD_NAME_MESSAGE, ['name']);
  const problem = layoutProblem(body.tiles);
  if (problem) throw invalid(problem.message, [problem.field]);
  const saved = body.tiles.flatMap((tile, i) => (tile.kind === 'metric' ? [] : [{ tile, i }]));
  if (saved.length) {
    const rows = await ctx.db
      .selectFrom('report_templates')
      .select(['id', 'kind'])
      .where('app_id', '=', appId)
      .where(
        'id',
        'in',
        saved.map((s) => s.tile.ref),
      )
      .execute();
    const kinds = new Map(rows.map((r) => [r.id, r.kind]));
    const missing = saved.find((s) => kinds.get(s.tile.ref) !== s.tile.kind);
    if (missing) throw invalid(TILE_NOT_FOUND_MESSAGE, [`tiles.${missing.i}.ref`]);
  }
  const { date_range } = body.filters;
  if (
    date_range &&
    !(date_range.date_start <= date_range.date_end && isDay(date_range.date_start) && isDay(date_range.date_end))
  )
    throw invalid('The date range must be two days, the first not after the last.', ['filters.date_range']);
  return { name, tiles: body.tiles, filters: body.filters };
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

const contentOf = (d: { name: string; tiles: unknown; filters: unknown }) => ({
  name: d.name,
  tiles: d.tiles,
  filters: d.filters,
});

export async function createDashboard(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  body: SaveDashboardRequest,
): Promise<Dashboard> {
  const value = await checked(ctx, appId, body);
  const now = ctx.now();
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    const row = await tx.db
      .insertInto('dashboards')
      .values({
        id,
        app_id: appId,
        name: value.name,
        kind: 'custom',
        tiles: JSON.stringify(value.tiles),
        filters: JSON.stringify(value.filters),
        created_by: accountId,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await emit(tx, 'report.saved', {
      workspaceId: await workspaceOfApp(tx, appId),
      appId,
      reportId: id,
      title: value.name,
      changes: changesOf(null, contentOf(value)),
    });
    return toDashboard(row);
  });
}

export async function updateDashboard(
  ctx: ServerContext,
  appId: string,
  id: string,
  body: SaveDashboardRequest,
): Promise<Dashboard> {
  const value = await checked(ctx, appId, body);
  return inTransaction(ctx, async (tx) => {
    const existing = await find(tx, appId, id);
    if (!existing) throw notFound('Dashboard');
    const changes = changesOf(contentOf(existing), contentOf(value));
    if (!changes.length) return toDashboard(existing);
    const row = await tx.db
      .updateTable('dashboards')
      .set({
        name: value.name,
        tiles: JSON.stringify(value.tiles),
        filters: JSON.stringify(value.filters),
        updated_at: ctx.now(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await emit(tx, 'report.saved', {
      workspaceId: await workspaceOfApp(tx, appId),
      appId,
      reportId: id,
      title: value.name,
      changes,
    });
    return toDashboard(row);
  });
}

export async function deleteDashboard(ctx: ServerContext, appId: string, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const existing = await find(tx, appId, id);
    if (!existing) throw notFound('Dashboard');
    if (existing.kind === 'game_health') throw conflict(GAME_HEALTH_UNDELETABLE, 'dashboard_undeletable');
    await tx.db.deleteFrom('dashboards').where('id', '=', id).execute();
    await emit(tx, 'report.deleted', {
      workspaceId: await workspaceOfApp(tx, appId),
      appId,
      reportId: id,
      title: existing.name,
      changes: changesOf({ name: existing.name }, null),
    });
  });
}
