/**
 * `npm run bench:reports`: times five Analyze reports on the embedded DuckDB engine at 10 million events, and the
 * retention cohort table (12 weekly cohorts × 12 weeks), a 5-step funnel (7-day window), and the
 * same compiled queries at 1 million events on DuckDB and on PGlite (PostgreSQL dialect of the same compiler), printing
 * each report's median of 5 runs (after one warm-up) and the PGlite ÷ DuckDB ratio at equal size. Target: every
 * median ≤ 500 ms at 10 M events on 2 cores, memory under 1 GB.
 *
 * The events are generated once and cached in .bench/reports (DuckDB file + PGlite data dir); delete the folder to
 * rebuild (another --events than the default: .bench/reports-<n>m). Options: --events <n> (default 10,000,000), --small <n> (default 1,000,000), --runs <n> (default 5).
 *
 * `--store postgres --database-url <url>` (or DATABASE_URL): the shared analytics store instead (ANALYTICS_STORE=
 * postgres). The 10 M events are written into that database as a server writes them (openAnalytics with the shared
 * store: its migrated app tables, its `analytics` schema with the monthly partitions and indexes, the store's own
 * generate), once: a rerun finds the app's rows there and times only. The same reports and cohort table go through
 * the same compiler and the store's report engine (the PostgreSQL dialect, each in a transaction with its statement
 * timeout, as a report request runs). Targets: the daily-metrics reports ≤ 300 ms, the raw-event report ≤ 1 s.
 * When the DuckDB cache holds the same app (same seed), the answers are compared too.
 *
 * `--users <n>` (`--users 20`; `--duration <s>`, default 60; `--kinds reports,cohorts,funnels` to leave parts out):
 * the same five reports, cohort table and funnel as a mix sent through the real server (scripts/bench-report-server.ts:
 * server/main.ts over a copy of the 10 M events, app `bench-big`) by n concurrent clients, each signed in; prints
 * p50 / p99 per kind and overall, requests/s and errors against the target p99 ≤ 1 s (mainUsers below). The clients
 * ask the same questions, so after the first answers the server's result cache serves them until the data changes;
 * `--cache off` starts the server without it (ANALYTICS_CACHE_ROWS=0), so that every request runs its statement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { withPgliteExtensions } from '../server/db/pglite-extensions';
import { openAnalytics, type Analytics, type AnalyticsEngine } from '../server/analytics/index';
import { openDatabase } from '../server/db/connect';
import { migrate } from '../server/app';
import { compileReport, renderReport, type CompiledReport } from '../server/analytics/compiler';
import { duckdb, postgres, type RenderedSql } from '../server/analytics/sql';
import { compileCohorts, renderCohorts } from '../server/analytics/cohorts';
import { compileFunnel, renderFunnelSteps } from '../server/analytics/funnels';
import { sql } from 'kysely';
import { addDays, type Report } from '../src/contracts/analyze';
import type { CohortQuestion } from '../src/contracts/cohorts';
import type { FunnelQuestion } from '../src/contracts/funnels';
import { BIG_APP_ID, COHORTS, DAYS, END, FUNNELS, REPORTS } from './bench-report-questions';
import { BENCH_SERVER_DIR, startBenchReportServer } from './bench-report-server';
import { stats } from './bench-in-process';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    small: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    store: { type: 'string', default: 'duckdb' },
    'database-url': { type: 'string' },
    users: { type: 'string' },
    duration: { type: 'string', default: '60' },
    /** The `--users` mix's parts (default all): reports, cohorts, funnels, comma-separated. */
    kinds: { type: 'string', default: 'reports,cohorts,funnels' },
    /** The `--users` server's result cache (docs/analyze.md §Result cache): on (as served) or off (every run reads). */
    cache: { type: 'string', default: 'on' },
  },
});
if (args.store !== 'duckdb' && args.store !== 'postgres') throw new Error('--store takes duckdb or postgres');
// Another size than the default gets its own folder, so the 10 M cache (and the server benchmark's copy) stays.
const DIR = path.resolve(
  Number(args.events) === 10_000_000 ? '.bench/reports' : `.bench/reports-${Number(args.events) / 1_000_000}m`,
);
const BIG = { appId: BIG_APP_ID, events: Number(args.events), seed: 42 };
const SMALL = { appId: 'bench-small', events: Number(args.small), seed: 43 };
const RUNS = Number(args.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 25);

const cohortSql = async (engine: AnalyticsEngine, appId: string, question: CohortQuestion, dialect = duckdb) =>
  renderCohorts(
    compileCohorts({ appId, question, available: (await engine.store.dataRange(appId))!, today: END }),
    dialect,
  );

const funnelSql = async (engine: AnalyticsEngine, appId: string, question: FunnelQuestion, dialect = duckdb) =>
  renderFunnelSteps(
    compileFunnel({ appId, question, available: (await engine.store.dataRange(appId))!, today: END }),
    dialect,
  );

async function time(fn: () => Promise<unknown>): Promise<{ ms: number; result: unknown }> {
  await fn(); // warm-up
  const times: number[] = [];
  let result: unknown;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = await fn();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

async function ensureEvents(engine: AnalyticsEngine, spec: typeof BIG) {
  const [row] = await engine.store.rows(
    'SELECT count(*) AS n FROM events WHERE app_id = $app_id',
    { app_id: spec.appId },
    undefined,
    { timeoutMs: 0 },
  );
  const range = await engine.store.dataRange(spec.appId);
  const n = Number(row!.n);
  if (range?.end === END && n > spec.events * 0.9 && n < spec.events * 1.1) {
    console.log(`cached: ${n.toLocaleString('en-US')} events for ${spec.appId}`);
    return n;
  }
  console.log(`generating ~${spec.events.toLocaleString('en-US')} events for ${spec.appId} (once; cached in ${DIR})…`);
  const result = await engine.generate({
    appId: spec.appId,
    days: DAYS,
    events: spec.events,
    seed: spec.seed,
    endDate: END,
  });
  console.log(
    `  ${result.events.toLocaleString('en-US')} events, ${result.users.toLocaleString('en-US')} users in ${(result.ms / 1000).toFixed(1)} s`,
  );
  return result.events;
}

/** DuckDB column types → PostgreSQL; the MAP of other params is left out of the PGlite copy. */
const PG_TYPE: Record<string, string> = {
  VARCHAR: 'text',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
  DOUBLE: 'double precision',
  BIGINT: 'bigint',
  INTEGER: 'integer',
  BOOLEAN: 'boolean',
};

/** Copies one app's rows of a table from DuckDB into PGlite, a day at a time, as CSV produced by DuckDB itself. */
async function copyTable(engine: AnalyticsEngine, pg: PGlite, table: string, appId: string) {
  const described = await engine.store.rows(`DESCRIBE ${table}`, undefined, undefined, { timeoutMs: 0 });
  const columns = described
    .map((c) => ({ name: String(c.column_name), type: String(c.column_type) }))
    .filter((c) => PG_TYPE[c.type]);
  await pg.exec(`CREATE TABLE ${table} (${columns.map((c) => `${c.name} ${PG_TYPE[c.type]}`).join(', ')})`);
  const csv = columns
    .map((c) =>
      c.type === 'VARCHAR'
        ? `coalesce('"' || replace(${c.name}, '"', '""') || '"', '')`
        : `coalesce(CAST(${c.name} AS VARCHAR), '')`,
    )
    .join(` || ',' || `);
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(END, -(DAYS - 1) + d);
    const [chunk] = await engine.store.rows(
      `SELECT string_agg(${csv}, chr(10)) AS csv FROM ${table} WHERE app_id = $app_id AND event_date = CAST($day AS DATE)`,
      { app_id: appId, day },
      undefined,
      { timeoutMs: 0 },
    );
    if (!chunk?.csv) continue;
    await pg.query(`COPY ${table} (${columns.map((c) => c.name).join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([`${chunk.csv as string}\n`]),
    });
  }
  await pg.exec(`CREATE INDEX ${table}_app_date ON ${table} (app_id, event_date); ANALYZE ${table};`);
}

async function ensurePglite(engine: AnalyticsEngine, expected: number): Promise<PGlite> {
  const pg = await PGlite.create(withPgliteExtensions({ dataDir: path.join(DIR, 'pglite') }));
  const exists = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'events'`);
  if (exists.rows[0]!.n > 0) {
    const count = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
    if (count.rows[0]!.n === expected) {
      console.log(`cached: ${expected.toLocaleString('en-US')} events in PGlite`);
      return pg;
    }
    await pg.exec('DROP TABLE IF EXISTS events; DROP TABLE IF EXISTS daily_user_metrics;');
  }
  console.log(`loading ${expected.toLocaleString('en-US')} events into PGlite (once)…`);
  const started = Date.now();
  await copyTable(engine, pg, 'events', SMALL.appId);
  await copyTable(engine, pg, 'daily_user_metrics', SMALL.appId);
  console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return pg;
}

const compileFor = async (engine: AnalyticsEngine, appId: string, report: Report): Promise<CompiledReport> =>
  compileReport({ appId, report, available: (await engine.store.dataRange(appId))!, today: END });

function sameResults(a: unknown, b: unknown) {
  const rows = (x: unknown) =>
    (x as Record<string, unknown>[]).map((r) =>
      Object.values(r)
        .map((v) => (typeof v === 'number' ? v.toPrecision(9) : String(v)))
        .join('|'),
    );
  // A cohort table's rows come in no set order: compare them as sets.
  return JSON.stringify(rows(a).sort()) === JSON.stringify(rows(b).sort());
}

// ---------------------------------------------------------------- --store postgres

/** Targets on the shared store: reports over daily_user_metrics (the cohort table too) ≤ 300 ms, over raw events ≤ 1 s. */
const targetMs = (modelId: string) => (modelId === 'events' ? 1000 : 300);

/** The app's 10 M events in the shared store: generated there once by the store itself; a rerun finds them. */
async function ensureSharedEvents(analytics: Analytics, db: Parameters<typeof migrate>[0]): Promise<number> {
  const count = async () => {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM analytics.events WHERE app_id = ${BIG.appId}`.execute(db);
    return Number(rows[0]!.n);
  };
  const n = await count();
  const range = await analytics.local.dataRange(BIG.appId);
  if (range?.end === END && n > BIG.events * 0.9 && n < BIG.events * 1.1) {
    console.log(`cached: ${n.toLocaleString('en-US')} events for ${BIG.appId} in the shared store`);
    return n;
  }
  console.log(
    `generating ~${BIG.events.toLocaleString('en-US')} events for ${BIG.appId} into the shared store (once)…`,
  );
  const started = Date.now();
  const result = await analytics.generate({
    appId: BIG.appId,
    days: DAYS,
    events: BIG.events,
    seed: BIG.seed,
    endDate: END,
  });
  console.log(
    `  ${result.events.toLocaleString('en-US')} events, ${result.users.toLocaleString('en-US')} users, written and daily metrics rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Fresh statistics for the planner (autovacuum would get there on its own, later).
  await sql`ANALYZE analytics.events`.execute(db);
  await sql`ANALYZE analytics.daily_user_metrics`.execute(db);
  return count();
}

/** The DuckDB cache's answers for the same app (same seed: the same events), when that cache holds it. */
async function duckdbAnswers(queries: { report?: Report; question?: CohortQuestion; funnel?: FunnelQuestion }[]) {
  if (!fs.existsSync(path.join(DIR, 'events.duckdb'))) return null;
  const engine = await openAnalytics({ dataDir: DIR, queryTimeoutMs: 0, cacheRows: 0 });
  try {
    const range = await engine.store.dataRange(BIG.appId);
    if (range?.end !== END) return null;
    const answers: unknown[] = [];
    for (const q of queries)
      answers.push(
        q.report
          ? await engine.duckdb.run(await compileFor(engine, BIG.appId, q.report))
          : q.funnel
            ? await engine.duckdb.rows(await funnelSql(engine, BIG.appId, q.funnel))
            : await engine.duckdb.rows(await cohortSql(engine, BIG.appId, q.question!)),
      );
    return answers;
  } finally {
    await engine.close();
  }
}

async function mainPostgres() {
  const url = args['database-url'] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('--store postgres needs --database-url <postgres://…> (or DATABASE_URL)');
  fs.mkdirSync(DIR, { recursive: true });
  const where = new URL(url);
  console.log(
    `Questboard report benchmark, shared PostgreSQL store (${where.host}${where.pathname}) — ${os.availableParallelism()} cores, Node ${process.version}`,
  );
  const handle = await openDatabase({ databaseUrl: url });
  await migrate(handle.db);
  // As a server with ANALYTICS_STORE=postgres opens it; a generous statement timeout keeps the report path (a
  // transaction with SET LOCAL statement_timeout) without cutting a slow report short.
  const analytics = await openAnalytics({ shared: { db: handle.db, dbKind: 'postgres' }, queryTimeoutMs: 120_000 });
  try {
    const n = await ensureSharedEvents(analytics, handle.db);
    const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
      handle.db,
    );
    const engine = analytics.local.engine;
    const available = (await engine.dataRange(BIG.appId))!;
    const queries = [
      ...REPORTS.map(({ name, report }) => {
        const compiled = compileReport({ appId: BIG.appId, report, available, today: END });
        return { name, modelId: report.model_id, report, run: () => engine.run(compiled) };
      }),
      ...COHORTS.map(({ name, question }) => {
        const rendered = renderCohorts(
          compileCohorts({ appId: BIG.appId, question, available, today: END }),
          engine.dialect,
        );
        return { name, modelId: 'daily_metrics', question, run: () => engine.rows(rendered) };
      }),
      ...FUNNELS.map(({ name, question: funnel }) => {
        const rendered = renderFunnelSteps(
          compileFunnel({ appId: BIG.appId, question: funnel, available, today: END }),
          engine.dialect,
        );
        return { name, modelId: 'events', funnel, run: () => engine.rows(rendered) };
      }),
    ];
    const load = os.loadavg();
    console.log(`timing (load average ${load.map((l) => l.toFixed(2)).join(' ')})…`);
    const timed: { ms: number; result: unknown }[] = [];
    for (const q of queries) {
      timed.push(await time(q.run));
      console.log(`  ${q.name}: ${timed.at(-1)!.ms.toFixed(1)} ms`);
    }
    const loadAfter = os.loadavg();
    const duck = await duckdbAnswers(queries);

    const fmt = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    console.log(
      `\nMedian of ${RUNS} runs (after a warm-up), PostgreSQL ${version[0]!.v}, shared store at ${n.toLocaleString('en-US')} events (${BIG.appId}, 30 days of ${DAYS}).\n`,
    );
    console.log(`| report | PostgreSQL ${(n / 1e6).toFixed(1)} M | target | rows |${duck ? ' same as DuckDB |' : ''}`);
    console.log(`|---|---:|---|---:|${duck ? '---|' : ''}`);
    let missed = 0;
    queries.forEach((q, i) => {
      const target = targetMs(q.modelId);
      const ok = timed[i]!.ms <= target;
      if (!ok) missed++;
      const same = duck ? ` ${sameResults(duck[i], timed[i]!.result) ? 'yes' : 'NO'} |` : '';
      console.log(
        `| ${q.name} | ${fmt(timed[i]!.ms)} | ≤ ${fmt(target)}: ${ok ? 'met' : 'MISSED'} | ${(timed[i]!.result as unknown[]).length} |${same}`,
      );
    });
    console.log(
      `\n${missed ? `${missed} report(s) over target` : 'every report within its target'}; load average before timing ${load.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
    );
    if (!duck)
      console.log(
        '(no DuckDB cache of the same app in .bench/reports: answers not compared; `npm run bench:reports` builds it)',
      );
  } finally {
    clearInterval(sampler);
    await analytics.close();
    await handle.close();
  }
}

// ---------------------------------------------------------------- --users <n>: the mix through the server

/** The mix's target: p99 of every request (each kind and overall) ≤ 1 s with 20 concurrent clients. */
const USERS_TARGET_MS = 1000;

interface MixRequest {
  kind: string;
  path: string;
  body: unknown;
  /** A report run answers a signed result url: the client reads the rows there too (as the report page does). */
  readsResult: boolean;
}

/** One request of the mix as a client makes it (bearer token, JSON); throws on any answer but 2xx. */
async function send(url: string, token: string, request: MixRequest): Promise<void> {
  const res = await fetch(`${url}${request.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  if (!request.readsResult) return;
  const result = await fetch(new URL((JSON.parse(text) as { url: string }).url, url));
  if (!result.ok) throw new Error(`result ${result.status} ${(await result.text()).slice(0, 200)}`);
  await result.arrayBuffer();
}

/**
 * `--users <n>`: the real server over the 10 M events (scripts/bench-report-server.ts), n clients each signed in as
 * the demo editor, each looping over the mix (the five reports through the report run route with saveTemplate false
 * and their signed result read, the cohort table's and the funnel's run routes) for `--duration` seconds; client i
 * starts at the mix's i-th request, so every kind runs all the time. Prints p50 / p99 per kind and overall,
 * requests/s and errors.
 */
async function mainUsers(users: number) {
  const seconds = Number(args.duration);
  if (!(users >= 1 && users <= 500)) throw new Error('--users takes 1 to 500');
  if (!(seconds > 0)) throw new Error('--duration takes seconds (> 0)');
  const kinds = new Set(args.kinds.split(',').map((k) => k.trim()));
  if (![...kinds].every((k) => ['reports', 'cohorts', 'funnels'].includes(k)))
    throw new Error('--kinds takes reports, cohorts and/or funnels (comma-separated)');
  console.log(
    `Questboard report mix through the server — ${users} concurrent clients, ${seconds} s, ${os.availableParallelism()} cores, Node ${process.version}`,
  );
  if (!fs.existsSync(path.join(BENCH_SERVER_DIR, 'data', 'events.duckdb'))) {
    // The server's copy comes from the default run's cache: build that first when it is missing.
    fs.mkdirSync(DIR, { recursive: true });
    const engine = await openAnalytics({ dataDir: DIR, queryTimeoutMs: 0, cacheRows: 0 });
    try {
      await ensureEvents(engine, BIG);
      await engine.store.run('CHECKPOINT');
    } finally {
      await engine.close();
    }
  }
  if (args.cache !== 'on' && args.cache !== 'off') throw new Error('--cache takes on or off');
  console.log(`result cache: ${args.cache}`);
  const server = await startBenchReportServer({
    apiOnly: true,
    env: args.cache === 'off' ? { ANALYTICS_CACHE_ROWS: '0' } : {},
  });
  try {
    const app = encodeURIComponent(server.appId);
    const mix: MixRequest[] = [
      ...(kinds.has('reports') ? REPORTS : []).map(({ name, report }) => ({
        kind: name,
        path: `/analytics/template/${app}`,
        body: { report, saveTemplate: false },
        readsResult: true,
      })),
      ...(kinds.has('cohorts') ? COHORTS : []).map(({ name, question }) => ({
        kind: name,
        path: `/api/app/${app}/analyze/cohorts/run`,
        body: { question },
        readsResult: false,
      })),
      ...(kinds.has('funnels') ? FUNNELS : []).map(({ name, question }) => ({
        kind: name,
        path: `/api/app/${app}/analyze/funnels/run`,
        body: { question },
        readsResult: false,
      })),
    ];
    const tokens: string[] = [];
    for (let i = 0; i < users; i++) tokens.push(await server.signIn());
    // Warm-up: one client runs the mix once (the engine's first reads of the file), untimed.
    for (const request of mix) await send(server.url, tokens[0]!, request);

    const times = new Map<string, number[]>(mix.map((r) => [r.kind, []]));
    const errors = new Map<string, string[]>(mix.map((r) => [r.kind, []]));
    const loadBefore = os.loadavg();
    const startedAt = new Date();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      tokens.map(async (token, client) => {
        for (let i = client; performance.now() < deadline; i++) {
          const request = mix[i % mix.length]!;
          const t0 = performance.now();
          try {
            await send(server.url, token, request);
            times.get(request.kind)!.push(performance.now() - t0);
          } catch (error) {
            errors.get(request.kind)!.push(error instanceof Error ? error.message : String(error));
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const loadAfter = os.loadavg();

    const all = [...times.values()].flat();
    const errorCount = [...errors.values()].reduce((n, e) => n + e.length, 0);
    const fmt = (ms: number) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`);
    console.log(
      `\n${users} clients (demo editor sessions) over ${elapsed.toFixed(1)} s from ${startedAt.toISOString()}, ${server.appId} (${server.range.start} … ${server.range.end}); a report is its run (saveTemplate false) and its result read.\n`,
    );
    console.log('| request | count | p50 | p99 | errors |');
    console.log('|---|---:|---:|---:|---:|');
    const rows = mix.map((r) => ({ kind: r.kind, ms: times.get(r.kind)!, errors: errors.get(r.kind)!.length }));
    rows.push({ kind: '**overall**', ms: all, errors: errorCount });
    for (const row of rows) {
      const s = row.ms.length ? stats(row.kind, row.ms) : null;
      console.log(
        `| ${row.kind} | ${row.ms.length} | ${s ? fmt(s.p50) : '–'} | ${s ? fmt(s.p99) : '–'} | ${row.errors} |`,
      );
    }
    const overall = all.length ? stats('overall', all) : null;
    const worst = Math.max(0, ...rows.map((r) => (r.ms.length ? stats(r.kind, r.ms).p99 : 0)));
    console.log(
      `\n${(all.length / elapsed).toFixed(1)} requests/s; errors: ${errorCount}${errorCount ? ` (first: ${[...errors.values()].flat()[0]})` : ''}`,
    );
    console.log(
      `target p99 ≤ ${fmt(USERS_TARGET_MS)}: overall ${overall ? fmt(overall.p99) : '–'} ${overall && overall.p99 <= USERS_TARGET_MS && errorCount === 0 ? 'met' : 'NOT met'}; slowest kind's p99 ${fmt(worst)} ${worst <= USERS_TARGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (the server, DuckDB and the ${users} clients share the machine)`,
    );
    if (errorCount) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- DuckDB (default) and PGlite

async function main() {
  if (args.users !== undefined) return mainUsers(Number(args.users));
  if (args.store === 'postgres') return mainPostgres();
  fs.mkdirSync(DIR, { recursive: true });
  console.log(`Questboard report benchmark — ${os.availableParallelism()} cores, Node ${process.version}`);
  const engine = await openAnalytics({ dataDir: DIR, queryTimeoutMs: 0, cacheRows: 0 });
  try {
    const bigCount = await ensureEvents(engine, BIG);
    const smallCount = await ensureEvents(engine, SMALL);
    await engine.store.run('CHECKPOINT');

    peakRss = process.memoryUsage().rss;
    const duckBig: { ms: number; rows: number }[] = [];
    const duckSmall: { ms: number; result: unknown }[] = [];
    for (const { report } of REPORTS) {
      const big = await compileFor(engine, BIG.appId, report);
      const timed = await time(() => engine.duckdb.run(big));
      duckBig.push({ ms: timed.ms, rows: (timed.result as unknown[]).length });
      const small = await compileFor(engine, SMALL.appId, report);
      duckSmall.push(await time(() => engine.duckdb.run(small)));
    }
    for (const { question } of COHORTS) {
      const big: RenderedSql = await cohortSql(engine, BIG.appId, question);
      const timed = await time(() => engine.duckdb.rows(big));
      duckBig.push({ ms: timed.ms, rows: (timed.result as unknown[]).length });
      const small = await cohortSql(engine, SMALL.appId, question);
      duckSmall.push(await time(() => engine.duckdb.rows(small)));
    }
    for (const { question } of FUNNELS) {
      const big: RenderedSql = await funnelSql(engine, BIG.appId, question);
      const timed = await time(() => engine.duckdb.rows(big));
      duckBig.push({ ms: timed.ms, rows: (timed.result as unknown[]).length });
      const small = await funnelSql(engine, SMALL.appId, question);
      duckSmall.push(await time(() => engine.duckdb.rows(small)));
    }
    const duckPeak = peakRss;

    const pg = await ensurePglite(engine, smallCount);
    const pgSmall: { ms: number; same: boolean }[] = [];
    const pgQueries = [
      ...(await Promise.all(
        REPORTS.map(async ({ report }) => renderReport(await compileFor(engine, SMALL.appId, report), postgres)),
      )),
      ...(await Promise.all(COHORTS.map(({ question }) => cohortSql(engine, SMALL.appId, question, postgres)))),
      ...(await Promise.all(FUNNELS.map(({ question }) => funnelSql(engine, SMALL.appId, question, postgres)))),
    ];
    for (const [i, rendered] of pgQueries.entries()) {
      const values = rendered.order.map((name) => rendered.params[name]);
      const timed = await time(async () => (await pg.query(rendered.sql, values)).rows);
      const normalised = (timed.result as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [
            k,
            typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10) : v,
          ]),
        ),
      );
      pgSmall.push({ ms: timed.ms, same: sameResults(duckSmall[i]!.result, normalised) });
    }
    await pg.close();

    const fmt = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    console.log(
      `\nMedian of ${RUNS} runs (after a warm-up). DuckDB at ${bigCount.toLocaleString('en-US')} and ${smallCount.toLocaleString('en-US')} events; PGlite at ${smallCount.toLocaleString('en-US')}.\n`,
    );
    console.log(
      `| report | DuckDB ${(bigCount / 1e6).toFixed(1)} M | DuckDB ${(smallCount / 1e6).toFixed(1)} M | PGlite ${(smallCount / 1e6).toFixed(1)} M | PGlite ÷ DuckDB (equal size) |`,
    );
    console.log('|---|---:|---:|---:|---:|');
    [...REPORTS, ...COHORTS, ...FUNNELS].forEach((r, i) => {
      const ratio = pgSmall[i]!.ms / duckSmall[i]!.ms;
      console.log(
        `| ${r.name} | ${fmt(duckBig[i]!.ms)} | ${fmt(duckSmall[i]!.ms)} | ${fmt(pgSmall[i]!.ms)} | ${ratio.toFixed(1)}×${pgSmall[i]!.same ? '' : ' (results differ!)'} |`,
      );
    });
    const worst = Math.max(...duckBig.map((d) => d.ms));
    console.log(
      `\nslowest DuckDB report at ${(bigCount / 1e6).toFixed(1)} M events: ${fmt(worst)} (target ≤ 500 ms) — ${worst <= 500 ? 'OK' : 'OVER TARGET'}`,
    );
    console.log(
      `peak RSS during the DuckDB runs: ${Math.round(duckPeak / 1024 / 1024)} MB; overall (PGlite loaded too): ${Math.round(peakRss / 1024 / 1024)} MB (target < 1 GB)`,
    );
    console.log(`same answers from DuckDB and PGlite at equal size: ${pgSmall.every((p) => p.same) ? 'yes' : 'NO'}`);
  } finally {
    clearInterval(sampler);
    await engine.close();
  }
}

main()
  .then(() => clearInterval(sampler))
  .catch((error) => {
    clearInterval(sampler);
    console.error(error);
    process.exit(1);
  });
