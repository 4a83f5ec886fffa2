/**
 * Where each app's analytics data lives (docs/engineering/deployment.md §Moving an app's data): a row per app that has
 * data, written when a store first writes for the app (processing, a sandbox export, generated events) and switched
 * by `npm run analytics:move` once the copy is verified. An app without a row has no data yet: it goes to the
 * deployment's store. BigQuery apps are chosen by their plugin, not here.
 */
import { sql, type Kysely } from 'kysely';
import type { StoreKind } from './store';

// oxlint-disable-next-line typescript/no-explicit-any -- infrastructure tables, outside the areas' typed schema
type Db = Kysely<any>;

export async function placementOf(db: Db, appId: string): Promise<StoreKind | null> {
  const { rows } = await sql<{
    store: StoreKind;
  }>`SELECT store FROM analytics_placements WHERE app_id = ${appId}`.execute(db);
  return rows[0]?.store ?? null;
}

/** Records the store of an app's first data (a row already there wins: the app's data is where it says). */
export async function placeIfNew(db: Db, appId: string, store: StoreKind): Promise<void> {
  await sql`INSERT INTO analytics_placements (app_id, store) VALUES (${appId}, ${store})
    ON CONFLICT (app_id) DO NOTHING`.execute(db);
}

/** Switches an app to a store (the move's last step, in its transaction). */
export async function place(db: Db, appId: string, store: StoreKind): Promise<void> {
  await sql`INSERT INTO analytics_placements (app_id, store) VALUES (${appId}, ${store})
    ON CONFLICT (app_id) DO UPDATE SET store = excluded.store, placed_at = now()`.execute(db);
}

/** The apps whose data is in a store, by id. */
export async function appsPlacedIn(db: Db, store: StoreKind): Promise<string[]> {
  const { rows } = await sql<{
    app_id: string;
  }>`SELECT app_id FROM analytics_placements WHERE store = ${store} ORDER BY app_id`.execute(db);
  return rows.map((row) => row.app_id);
}

/** Why a server with ANALYTICS_STORE=postgres may not start (apps whose data is still in a DuckDB file), or null. */
export async function sharedStoreRefusal(db: Db): Promise<string | null> {
  const embedded = await appsPlacedIn(db, 'duckdb');
  if (embedded.length === 0) return null;
  const listed = embedded.slice(0, 5).join(', ') + (embedded.length > 5 ? ` and ${embedded.length - 5} more` : '');
  return (
    `ANALYTICS_STORE=postgres, but ${embedded.length} app(s) keep their analytics data in the embedded DuckDB store ` +
    `(${listed}). Move each with the embedded store first: npm run analytics:move -- --app <id> --to postgres ` +
    `(docs/engineering/deployment.md §Moving an app's data).`
  );
}
