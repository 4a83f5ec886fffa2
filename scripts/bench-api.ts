/**
 * `npm run bench:api`: the API server under load. Starts the real server (`server/main.ts`, as `npm start` runs it)
 * on a cached demo data folder and drives it with autocannon at 50 connections, printing req/s, p50, p99 and max
 * latency for: GET /api/health, GET /api/me, a team read, a report run (POST /analytics/template/{appId}), and the
 * mixed case (report runs + /api/me + /api/health at the same time).
 *
 * Runs on the embedded PGlite database, and — when a PostgreSQL URL is given (`--database-url` or
 * BENCH_DATABASE_URL) — on PostgreSQL with 1 and then 2 server processes on one database (autocannon spreads its
 * connections over both ports, as a round-robin load balancer would). A throwaway database `qb_bench_…` is created
 * on that server for the run and dropped afterwards (the role needs CREATEDB). The PostgreSQL servers share their
 * analytics through the database (ANALYTICS_STORE=postgres): the first one writes and processes the demo events
 * there on its first start, the second answers from the same tables (no file is copied; after the ×2 cases the run
 * checks that both servers' health says store=postgres and that neither DATA_DIR holds an events file).
 *
 * Options: --duration <s> (5 per case), --connections <n> (50), --health-connections <n> (10, in the mixed case),
 * --events <n> (demo events of the cached data, 1,200,000), --data-dir <dir> (.bench/api; delete it to rebuild),
 * --only pglite|postgres|activity|postbacks|pacing|returns|holds, --activity-rows <n> (1,000,000), --activity-samples <n> (200), --cpu-per-server <cores> (a CPU quota per server process; see capCpu). Besides latency it prints the server's CPU time per request (from /proc, Linux), a figure that
 * depends much less on what else the machine is doing. Targets: PGlite /api/health p99 ≤ 20 ms under any load, /api/me ≥ 1,000 req/s,
 * report run p99 ≤ 2 s in the mixed case; PostgreSQL /api/me p99 ≤ 50 ms and 2 processes ≥ 1.6× one.
 * The activity case (scripts/bench-api-activity.ts, in-process on PGlite): the activity page at 1 M entries in one
 * workspace (target p99 ≤ 50 ms) and what writing an entry adds to a change's transaction (target ≤ 1 ms).
 * The postback log case (scripts/bench-api-postbacks.ts, in-process on PGlite, `--only postbacks`,
 * --postback-rows <n> (5,000,000), --postback-dump <file> (keep the generated database there and load it on the next
 * run instead of generating again, while the generator and the migrations are the same; PGlite cannot dump 5 M postbacks
 * (≈ 8.5 GB with its WAL), so this serves runs of up to ≈ 1 M)): the postback log page at
 * 5 M postbacks of one app (target p99 ≤ 50 ms).
 * The spend and pacing case (scripts/bench-api-pacing.ts, in-process on PGlite, `--only pacing`, --pacing-rows <n>
 * (1,000,000)): the Quests tab's pacing card and a quest's spend at 1 M completions (target p99 ≤ 50 ms).
 * The returns-per-quest case (scripts/bench-api-returns.ts, in-process on PGlite, `--only returns`, --returns-rows <n>
 * (1,000,000)): the quest list's returns (ROAS D7, retention) and one quest's at 1 M completions (target p99 ≤ 50 ms).
 * The fraud holds case (scripts/bench-api-holds.ts, in-process on PGlite, `--only holds`, --holds-rows <n>
 * (1,000,000)): the Held completions review list at 1 M holds of one app (target p99 ≤ 50 ms).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, ROOT } from './e2e-server';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_PASSWORD, DEMO_WORKSPACE_ID } from '../server/demo/seed';
import { addDays, type RunReportRequest } from '../src/contracts/analyze';
import { benchActivity, printActivityTable, type ActivityBenchRow } from './bench-api-activity';
import { benchPostbackLog, printPostbackLogTable, type PostbackLogBenchRow } from './bench-api-postbacks';
import { benchPacing, printPacingTable } from './bench-api-pacing';
import { benchReturns, printReturnsTable } from './bench-api-returns';
import { benchHolds, printHoldsTable } from './bench-api-holds';
import { withBenchDatabase, type BenchRow } from './bench-in-process';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    'health-connections': { type: 'string', default: '10' },
    events: { type: 'string', default: '1200000' },
    'data-dir': { type: 'string', default: '.bench/api' },
    only: { type: 'string' },
    'cpu-per-server': { type: 'string' },
    'activity-rows': { type: 'string', default: '1000000' },
    'activity-samples': { type: 'string', default: '200' },
    'postback-rows': { type: 'string', default: '5000000' },
    'postback-dump': { type: 'string' },
    'pacing-rows': { type: 'string', default: '1000000' },
    'returns-rows': { type: 'string', default: '1000000' },
    'holds-rows': { type: 'string', default: '1000000' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const HEALTH_CONNECTIONS = Number(args['health-connections']);
const DATA_DIR = path.resolve(ROOT, args['data-dir']!);
const DATABASE_URL = args['database-url'] ?? process.env.BENCH_DATABASE_URL;
const APP_ID = DEMO_APP_IDS.dragonMergeAndroid;
const CPU_PER_SERVER = args['cpu-per-server'] === undefined ? null : Number(args['cpu-per-server']);
if (CPU_PER_SERVER !== null && !(CPU_PER_SERVER > 0))
  throw new Error('--cpu-per-server takes a number of cores, such as 0.5');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- servers

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * `--cpu-per-server <cores>`: each server process gets its own CPU quota (a Linux cgroup, as a container's CPU limit
 * would), so that on a small machine the servers, not the load generator or the database, are what runs out of CPU,
 * and the 2-process case shows what a second process adds. Needs a writable cgroup file system (root).
 */
function capCpu(name: string, pid: number, cores: number): () => void {
  const period = 10_000; // µs: a short period keeps throttling pauses short (the default 100 ms would add them to p99)
  const quota = String(Math.round(cores * period));
  const v2 = fs.existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? `/sys/fs/cgroup/qb-bench-${name}-${pid}` : `/sys/fs/cgroup/cpu/qb-bench-${name}-${pid}`;
  fs.mkdirSync(dir);
  if (v2) fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`);
  else {
    fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
    fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), quota);
  }
  fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  return () => {
    try {
      fs.rmdirSync(dir); // succeeds once the process has exited
    } catch {
      /* the kernel removes nothing for us; a left-over empty group is harmless */
    }
  };
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const logFile = path.join(DATA_DIR, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      STATIC_DIR: path.join(DATA_DIR, 'no-static'),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_EVENTS: args.events!,
      DEMO_PLAYERS: '0',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    process.removeListener('exit', kill);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) child.kill('SIGKILL');
  };
  const started = Date.now();
  // A first start on the shared store writes and processes the demo events in the database: minutes on a busy machine.
  while (Date.now() - started < 1_800_000) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${fs.readFileSync(logFile, 'utf8')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      console.log(`  ${name} ready at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (CPU_PER_SERVER === null) return { url, pid: child.pid!, stop };
      const uncap = capCpu(name, child.pid!, CPU_PER_SERVER);
      return { url, pid: child.pid!, stop: () => stop().finally(uncap) };
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`${name} was not healthy after 30 minutes (log: ${logFile})`);
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(url: string, email: string): Promise<string> {
  const body = await json<{ token: string }>(
    await fetch(`${url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
  return body.token;
}

/** The default report (new users, new users %, D1 retention by date) over the last 30 days of the app's data. */
async function reportBody(url: string, token: string): Promise<string> {
  const config = await json<{ config: { configuration: { date_range: { end_date: string }[] } } }>(
    await fetch(`${url}/analytics/application/${APP_ID}/report/config/daily_metrics`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const end = config.config.configuration.date_range[0]!.end_date;
  const col = (column_name: string) => ({
    column_name,
    id: column_name,
    data_type: 'FLOAT64' as const,
    format: 'decimal',
  });
  const request: RunReportRequest = {
    saveTemplate: false,
    report: {
      model_id: 'daily_metrics',
      configuration: {
        select: ['new_users', 'new_users_per', 'retention_d1'].map(col),
        group_by: [{ column_name: 'date', data_type: 'STRING', sample_value: null }],
        date_range: [{ date_start: addDays(end, -29), date_end: end }],
        limit: [{ value: 1000 }],
        order_by: [],
        where: [],
      },
    },
  };
  return JSON.stringify(request);
}

// ---------------------------------------------------------------- load

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  token?: string;
  connections?: number;
}

interface Row {
  setup: string;
  case: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bad: number;
  /** Server CPU time per request (all server processes), when measurable and the case ran alone. */
  cpuPerRequest: number | null;
}

function load(urls: string[], target: Target, duration = DURATION): Promise<autocannon.Result> {
  const headers: Record<string, string> = {};
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (target.body) headers['content-type'] = 'application/json';
  return autocannon({
    url: urls.map((u) => u + target.path),
    method: target.method ?? 'GET',
    headers,
    body: target.body,
    connections: target.connections ?? CONNECTIONS,
    duration,
    timeout: 30,
  });
}

const toRow = (
  setup: string,
  name: string,
  connections: number,
  r: autocannon.Result,
  cpu: number | null = null,
): Row => ({
  setup,
  case: name,
  connections,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  bad: r.non2xx + r.errors + r.timeouts,
  cpuPerRequest: cpu === null || !r.requests.total ? null : cpu / r.requests.total,
});

const serverCpu = (pids: number[]) => {
  const values = pids.map(cpuMs);
  return values.some((v) => v === null) ? null : values.reduce((sum, v) => sum! + v!, 0)!;
};

async function runCases(setup: string, urls: string[], pids: number[], rows: Row[]) {
  const token = await signIn(urls[0]!, DEMO_ACCOUNTS.viewer);
  const body = await reportBody(urls[0]!, token);
  const health: Target = { name: 'GET /api/health', path: '/api/health' };
  const me: Target = { name: 'GET /api/me', path: '/api/me', token };
  const team: Target = { name: 'GET team', path: `/api/workspace/${DEMO_WORKSPACE_ID}/team`, token };
  const report: Target = {
    name: 'POST report run',
    method: 'POST',
    path: `/analytics/template/${APP_ID}`,
    body,
    token,
  };
  // Warm-up, not measured: each case once for 2 s, so that every process has compiled its hot paths before it is
  // timed (otherwise the first setup pays for the JIT and a second process looks better than it is).
  for (const target of [health, me, team, report]) await load(urls, target, 2);
  for (const target of [health, me, team, report]) {
    const cpu0 = serverCpu(pids);
    const result = await load(urls, target);
    const cpu1 = serverCpu(pids);
    rows.push(toRow(setup, target.name, CONNECTIONS, result, cpu0 === null || cpu1 === null ? null : cpu1 - cpu0));
    console.log(`  ${setup} ${target.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  }
  const mixed = [report, me, { ...health, connections: HEALTH_CONNECTIONS }];
  const results = await Promise.all(mixed.map((target) => load(urls, target)));
  mixed.forEach((target, i) =>
    rows.push(toRow(setup, `mixed: ${target.name}`, target.connections ?? CONNECTIONS, results[i]!)),
  );
  console.log(`  ${setup} mixed: report p99 ${results[0]!.latency.p99} ms, health p99 ${results[2]!.latency.p99} ms`);
}

// ---------------------------------------------------------------- PostgreSQL database for the run

/**
 * A PostgreSQL server process's own DATA_DIR (its credentials key, logs); analytics live in the shared database.
 * An events file left there by an older run (which copied one to each server) is removed, so that the check after
 * the run (sharedStoreCheck) sees only what this run's servers made.
 */
function serverDir(name: string): string {
  const dir = path.join(DATA_DIR, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const file of fs.readdirSync(dir))
    if (file.startsWith('events.duckdb')) fs.rmSync(path.join(dir, file), { force: true });
  return dir;
}
const SHARED_ANALYTICS = { ANALYTICS_STORE: 'postgres' };

/** Both servers answer from the shared store: their health says so, and neither made an events file of its own. */
async function sharedStoreCheck(servers: { name: string; url: string }[]): Promise<string> {
  for (const server of servers) {
    const health = await json<{ store?: string }>(await fetch(`${server.url}/api/health`));
    if (health.store !== 'postgres') throw new Error(`${server.name} reports the analytics store ${health.store}`);
    const files = fs.readdirSync(path.join(DATA_DIR, server.name)).filter((file) => file.startsWith('events.duckdb'));
    if (files.length) throw new Error(`${server.name} has ${files.join(', ')} in its DATA_DIR`);
  }
  return `analytics: ${servers.map((s) => s.name).join(' and ')} report store=postgres; no events file in either DATA_DIR`;
}

// ---------------------------------------------------------------- main

function printTable(rows: Row[]) {
  const header = [
    'setup',
    'case',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'non-2xx/errors',
    'server CPU ms/req',
  ];
  const lines = rows.map((r) => [
    r.setup,
    r.case,
    String(r.connections),
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.max),
    String(r.bad),
    r.cpuPerRequest === null ? '' : r.cpuPerRequest.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const line of lines) console.log(fmt(line));
}

/** 2 processes against 1 on one PostgreSQL database, per case that ran alone (target: ≥ 1.6× for /api/me). */
function printScaleOut(rows: Row[]) {
  const one = rows.filter((r) => r.setup === 'PostgreSQL ×1' && !r.case.startsWith('mixed'));
  const lines = one.flatMap((r) => {
    const two = rows.find((t) => t.setup === 'PostgreSQL ×2' && t.case === r.case);
    return two && r.rps ? [`  ${r.case}: ${(two.rps / r.rps).toFixed(2)}×`] : [];
  });
  if (lines.length) console.log(`\n2 processes against 1 (req/s):\n${lines.join('\n')}`);
}

async function main() {
  const load0 = os.loadavg();
  const cap = CPU_PER_SERVER === null ? 'no CPU cap' : `each server process capped at ${CPU_PER_SERVER} CPU`;
  console.log(
    `bench:api — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${DURATION} s per case, ${CONNECTIONS} connections, ${cap}; load average ${load0.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const rows: Row[] = [];
  const activityRows: ActivityBenchRow[] = [];
  if (!args.only || args.only === 'activity') {
    console.log(
      `Activity (in-process on PGlite, ${Number(args['activity-rows']).toLocaleString('en-US')} entries in one workspace):`,
    );
    activityRows.push(
      ...(await benchActivity({
        rows: Number(args['activity-rows']),
        samples: Number(args['activity-samples']),
        log: console.log,
      })),
    );
  }
  const postbackRows: PostbackLogBenchRow[] = [];
  if (!args.only || args.only === 'postbacks') {
    console.log(
      `Postback log (in-process on PGlite, ${Number(args['postback-rows']).toLocaleString('en-US')} postbacks of one app):`,
    );
    postbackRows.push(
      ...(await benchPostbackLog({
        rows: Number(args['postback-rows']),
        samples: Number(args['activity-samples']),
        log: console.log,
        dump: args['postback-dump'] ? path.resolve(args['postback-dump']) : undefined,
      })),
    );
  }
  const pacingRows: BenchRow[] = [];
  if (!args.only || args.only === 'pacing') {
    console.log(
      `Spend and pacing (in-process on PGlite, ${Number(args['pacing-rows']).toLocaleString('en-US')} completions of one app):`,
    );
    pacingRows.push(
      ...(await benchPacing({
        rows: Number(args['pacing-rows']),
        samples: Number(args['activity-samples']),
        log: console.log,
      })),
    );
  }
  const returnsRows: BenchRow[] = [];
  if (!args.only || args.only === 'returns') {
    console.log(
      `Returns per quest (in-process on PGlite, ${Number(args['returns-rows']).toLocaleString('en-US')} completions of one app):`,
    );
    returnsRows.push(
      ...(await benchReturns({
        rows: Number(args['returns-rows']),
        samples: Number(args['activity-samples']),
        log: console.log,
      })),
    );
  }
  const holdsRows: BenchRow[] = [];
  if (!args.only || args.only === 'holds') {
    console.log(
      `Fraud holds (in-process on PGlite, ${Number(args['holds-rows']).toLocaleString('en-US')} holds of one app):`,
    );
    holdsRows.push(
      ...(await benchHolds({
        rows: Number(args['holds-rows']),
        samples: Number(args['activity-samples']),
        log: console.log,
      })),
    );
  }
  const inProcessOnly = ['activity', 'postbacks', 'pacing', 'returns', 'holds'].includes(args.only ?? '');
  if (args.only !== 'postgres' && !inProcessOnly) {
    console.log('PGlite (embedded; the first run generates the demo events, later runs reuse them):');
    const server = await startServer('pglite', { DATA_DIR: path.join(DATA_DIR, 'pglite') });
    try {
      await runCases('PGlite', [server.url], [server.pid], rows);
    } finally {
      await server.stop();
    }
  }
  if (DATABASE_URL && args.only !== 'pglite' && !inProcessOnly) {
    await withBenchDatabase(DATABASE_URL, async (url) => {
      console.log('PostgreSQL, 1 process:');
      const first = await startServer('postgres-1', {
        DATA_DIR: serverDir('postgres-1'),
        DATABASE_URL: url,
        ...SHARED_ANALYTICS,
      });
      try {
        await runCases('PostgreSQL ×1', [first.url], [first.pid], rows);
        console.log('PostgreSQL, 2 processes:');
        const second = await startServer('postgres-2', {
          DATA_DIR: serverDir('postgres-2'),
          DATABASE_URL: url,
          ...SHARED_ANALYTICS,
        });
        try {
          await runCases('PostgreSQL ×2', [first.url, second.url], [first.pid, second.pid], rows);
          console.log(
            `  ${await sharedStoreCheck([
              { name: 'postgres-1', url: first.url },
              { name: 'postgres-2', url: second.url },
            ])}`,
          );
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    });
  }
  console.log('');
  if (rows.length) printTable(rows);
  printScaleOut(rows);
  if (activityRows.length) {
    console.log('');
    printActivityTable(activityRows, console.log);
  }
  if (postbackRows.length) {
    console.log('');
    printPostbackLogTable(postbackRows, console.log);
  }
  if (pacingRows.length) {
    console.log('');
    printPacingTable(pacingRows, console.log);
  }
  if (returnsRows.length) {
    console.log('');
    printReturnsTable(returnsRows, console.log);
  }
  if (holdsRows.length) {
    console.log('');
    printHoldsTable(holdsRows, console.log);
  }
  const load1 = os.loadavg();
  console.log(
    `\nload average before ${load0.map((l) => l.toFixed(2)).join(' ')}, after ${load1.map((l) => l.toFixed(2)).join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
