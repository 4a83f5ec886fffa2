/**
 * The real server over the report benchmark's 10 M events, shared by `npm run bench:reports -- --users <n>` (the
 * report mix from concurrent clients) and `npm run bench:report-ui -- --dashboard` (an 8-tile dashboard in Chromium);
 * docs/analyze.md §Benchmark.
 *
 * Its folder (.bench/report-server, kept between runs; delete it to rebuild) holds the server's DATA_DIR. On the first
 * start the DuckDB file built by `npm run bench:reports` (.bench/reports/events.duckdb, app `bench-big`) is copied in
 * as the server's own analytics store, and the server's database gets the demo workspace (the demo accounts sign in)
 * and one more app of it, `bench-big`, with a BigQuery plugin whose data range is that app's data, so that Analyze is
 * enabled for it and every route serves it as any app (scripts/e2e-server.ts starts `server/main.ts` on the folder).
 * The demo apps get a small demo export (DEMO_EVENTS, 20,000) so that the first start stays short.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openAnalytics } from '../server/analytics/index';
import { newId } from '../server/auth/crypto';
import { JsonObject, writeJson } from '../server/db/json-column';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_WORKSPACE_ID, isSeeded, seedDemo } from '../server/demo/seed';
import { openServerDatabase } from './cli-database';
import { ROOT, startServer, type RunningServer } from './e2e-server';
import { BIG_APP_ID } from './bench-report-questions';

export const BENCH_SERVER_DIR = path.join(ROOT, '.bench/report-server');
export const BENCH_REPORTS_DIR = path.join(ROOT, '.bench/reports');
export const BENCH_WORKSPACE_ID = DEMO_WORKSPACE_ID;
export const BENCH_APP_NAME = 'Bench Big (10 M events)';

export interface BenchReportServer extends RunningServer {
  appId: string;
  workspaceId: string;
  /** The app's data range (its plugin's). */
  range: { start: string; end: string };
  /** A new session of a demo account (default the editor): its bearer token. */
  signIn(email?: string): Promise<string>;
}

const DUCKDB_FILES = ['events.duckdb', 'events.duckdb.wal'];

/** Copies the benchmark's DuckDB file into the server's data folder, once. */
function copyEvents(dataDir: string, log: (line: string) => void) {
  if (fs.existsSync(path.join(dataDir, 'events.duckdb'))) return;
  const source = path.join(BENCH_REPORTS_DIR, 'events.duckdb');
  if (!fs.existsSync(source))
    throw new Error(`${source} is missing: run \`npm run bench:reports\` first (it generates the 10 M events once).`);
  fs.mkdirSync(dataDir, { recursive: true });
  log(`copying ${source} (${(fs.statSync(source).size / 1e9).toFixed(2)} GB) into ${dataDir} (once)…`);
  for (const name of DUCKDB_FILES) {
    const from = path.join(BENCH_REPORTS_DIR, name);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dataDir, `${name}.part`));
  }
  // Renamed last, so that an interrupted copy is redone by the next run.
  for (const name of [...DUCKDB_FILES].reverse()) {
    const part = path.join(dataDir, `${name}.part`);
    if (fs.existsSync(part)) fs.renameSync(part, path.join(dataDir, name));
  }
}

/** The demo workspace and the `bench-big` app with its BigQuery plugin over `range` (idempotent). */
async function registerApp(dataDir: string, range: { start: string; end: string }) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const handle = await openServerDatabase(env);
  try {
    const { db } = handle;
    if (!(await isSeeded(db))) await seedDemo(db);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('apps')
        .values({
          id: BIG_APP_ID,
          workspace_id: DEMO_WORKSPACE_ID,
          app_name: BENCH_APP_NAME,
          platform: 'android',
          enabled: true,
          image_file_id: null,
          details: writeJson(JsonObject, { notificationSettings: { questStart: true, questComplete: true } }),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      const plugin = await trx
        .selectFrom('plugins')
        .select('id')
        .where('app_id', '=', BIG_APP_ID)
        .where('type', '=', 'BigQuery')
        .executeTakeFirst();
      const values = {
        status: 'connected' as const,
        data_start: range.start,
        data_end: range.end,
        last_refresh: new Date(),
      };
      if (plugin) await trx.updateTable('plugins').set(values).where('id', '=', plugin.id).execute();
      else
        await trx
          .insertInto('plugins')
          .values({
            id: newId(),
            app_id: BIG_APP_ID,
            type: 'BigQuery',
            // No daily processing: the generated data is processed already and is never refreshed.
            attributes: writeJson(JsonObject, { targetProject: 'bench-analytics', targetProjectName: 'Bench' }),
            refresh_schedule: null,
            ...values,
          })
          .execute();
    });
  } finally {
    await handle.close();
  }
}

/** A new session (bearer token) of an account, by default the demo editor. */
export async function signInAs(
  url: string,
  email: string = DEMO_ACCOUNTS.editor,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Starts the server over the benchmark's events (see the header). `apiOnly`: no dist/ needed (the `--users` mix);
 * otherwise the production build in dist/ is served too (`npx vite build` first).
 */
export async function startBenchReportServer(
  options: { apiOnly?: boolean; log?: (line: string) => void; env?: Record<string, string> } = {},
): Promise<BenchReportServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = path.join(BENCH_SERVER_DIR, 'data');
  copyEvents(dataDir, log);
  const analytics = await openAnalytics({ dataDir, queryTimeoutMs: 0 });
  let range: { start: string; end: string } | null;
  try {
    range = await analytics.store.dataRange(BIG_APP_ID);
  } finally {
    await analytics.close();
  }
  if (!range) throw new Error(`${dataDir}/events.duckdb holds no events of ${BIG_APP_ID}: delete ${BENCH_SERVER_DIR}.`);
  await registerApp(dataDir, range);
  const started = Date.now();
  log(`starting the server on ${dataDir} (the first start seeds the demo: a few minutes)…`);
  const server = await startServer({
    dataDir: BENCH_SERVER_DIR,
    apiOnly: options.apiOnly,
    demoEvents: 20_000,
    timeoutMs: 15 * 60_000,
    quiet: true,
    env: { DEMO_PLAYERS: '0', ...options.env },
  });
  log(`  ${server.url} healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    ...server,
    appId: BIG_APP_ID,
    workspaceId: BENCH_WORKSPACE_ID,
    range,
    signIn: (email) => signInAs(server.url, email),
  };
}
