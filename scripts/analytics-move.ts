/**
 * `npm run analytics:move -- --app <id> --to postgres|duckdb`: moves an app's analytics data between the embedded
 * DuckDB store (DATA_DIR/events.duckdb) and the shared PostgreSQL store (the app database's `analytics` schema), day by
 * day, verified, resumable, then switches the app (server/analytics/move.ts; docs/engineering/deployment.md §Moving
 * an app's data). BigQuery apps are chosen by their plugin (Integrations → BigQuery), not here.
 */
import { pathToFileURL } from 'node:url';
import { openAnalytics } from '../server/analytics/index';
import { moveApp } from '../server/analytics/move';
import { runCommand } from './cli-database';

export const ANALYTICS_MOVE_USAGE = `Usage: npm run analytics:move -- --app <app id> --to postgres|duckdb

Copies the app's raw export and processed tables to the other analytics store a day at a time, checks each day's
rows and checksum, then switches the app in one transaction. Run it again after an interruption: it resumes at the
first day not verified. Stop the server first (it holds the DuckDB file). Uses the server's DATABASE_URL / DATA_DIR.`;

export function parseMoveArgs(args: readonly string[]): { app: string; to: 'postgres' | 'duckdb' } | string {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const app = value('--app');
  const to = value('--to');
  if (!app) return 'Missing --app <app id>.';
  if (to !== 'postgres' && to !== 'duckdb')
    return to === 'bigquery'
      ? 'BigQuery is chosen per app by its BigQuery plugin (Integrations → BigQuery → Event store), not by a move.'
      : 'Missing or unknown --to: postgres or duckdb.';
  return { app, to };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return console.log(ANALYTICS_MOVE_USAGE);
  const parsed = parseMoveArgs(args);
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n\n${ANALYTICS_MOVE_USAGE}`);
    process.exit(2);
  }
  await runCommand(async ({ db, kind, config }) => {
    const app = await db.selectFrom('apps').select('id').where('id', '=', parsed.app).executeTakeFirst();
    if (!app) throw new Error(`No app with id ${parsed.app}.`);
    const analytics = await openAnalytics({
      dataDir: config.dataDir,
      queryTimeoutMs: 0,
      placements: { db, dbKind: kind },
    });
    try {
      const started = Date.now();
      const result = await moveApp({
        db,
        duckdb: analytics.store,
        appId: parsed.app,
        to: parsed.to,
        defaultStore: config.analyticsStore,
        log: (line) => console.log(line),
      });
      if (!result) return console.log(`${parsed.app} is already in the ${parsed.to} store: nothing to move.`);
      const rows = Object.entries(result.rows)
        .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
        .join(', ');
      console.log(
        `Moved ${parsed.app} from ${result.from} to ${result.to} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(${rows} rows; ${result.resumed} day(s) verified by an earlier run). Its reports now read the ${result.to} store.`,
      );
    } finally {
      await analytics.close();
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
