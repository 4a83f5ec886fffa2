/**
 * `npm run bench:postbacks`: attribution postbacks in a burst. Starts the real server (`server/main.ts`, as `npm start`
 * runs it) on a fresh data folder (embedded PGlite; or PostgreSQL with --database-url / BENCH_DATABASE_URL, which
 * must be an empty database), reads the demo iOS app's AppsFlyer postback URL through the API, then 50 concurrent
 * senders (keep-alive connections) send AppsFlyer postbacks for --duration seconds, every 10th one a retry of the
 * sender's previous postback. Meanwhile one client reads GET /api/me and another GET /api/health, each every 20 ms
 * (does the burst slow other routes? the hardening issue wants health p99 ≤ 20 ms under any load and /api/me p99
 * ≤ 50 ms on PostgreSQL).
 *
 * Prints accepted postbacks per second, the server's CPU time per postback (from /proc: a figure that depends much
 * less on what else the machine runs), p50 / p99 / max latency, the /api/me and /api/health p99 during the burst, and the
 * exactly-once check: every acknowledged 'stored' postback is one row, every retry answered 'duplicate', nothing else
 * stored. Targets: embedded ≥ 500/s with p99 ≤ 100 ms; PostgreSQL ≥ 2,000/s. The per-app rate limit is
 * raised for the run (POSTBACK_RATE_PER_SECOND), since the point is the server's throughput.
 *
 * Options: --duration <s> (10), --connections <n> (50), --data-dir <dir> (.bench/postbacks, emptied first),
 * --database-url <url>. BENCH_CPU_PROF=<dir> runs the server with `node --cpu-prof` writing its profiles (one per thread:
 * the main thread and the database worker) there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT } from './e2e-server';
import { appsflyerPostback, type PostbackOptions } from './postback-send';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'data-dir': { type: 'string', default: '.bench/postbacks' },
    'database-url': { type: 'string' },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CONNECTIONS = Number(args.connections);
const DATA_DIR = path.resolve(ROOT, args['data-dir']!);
const DATABASE_URL = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? '';
const APP_ID = 'dragon-merge-ios';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function startServer(): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const logFile = path.join(DATA_DIR, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL,
        DATA_DIR,
        STATIC_DIR: path.join(DATA_DIR, 'no-static'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_EVENTS: '2000',
        DEMO_PLAYERS: '0',
        POSTBACK_RATE_PER_SECOND: '1000000',
        POSTBACK_BURST: '1000000',
      },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    process.removeListener('exit', kill);
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const started = Date.now();
  while (Date.now() - started < 600_000) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${fs.readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid, stop };
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  await stop();
  throw new Error(`the server was not healthy after 10 minutes (log: ${logFile})`);
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 2 });
/** GET with a keep-alive connection: status, body and latency (ms). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function main() {
  console.log(
    `bench:postbacks — ${CONNECTIONS} concurrent senders for ${DURATION_MS / 1000} s on ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
  );
  const server = await startServer();
  try {
    const signIn = await json(
      await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demostudio.dev', password: 'questboard-demo' }),
      }),
    );
    const auth = { authorization: `Bearer ${String(signIn.token)}` };
    const postbackUrl = String(
      (await json(await fetch(`${server.url}/api/app/${APP_ID}/postbacks/appsflyer/url`, { headers: auth }))).url,
    );

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let stored = 0;
    let duplicates = 0;
    let retries = 0;
    let wrong = 0;
    let stop = false;
    const sender = async (n: number) => {
      const options: PostbackOptions = {
        appId: APP_ID,
        platform: 'ios',
        device: `BENCH-${n}-0000-0000-000000000000`,
        appsflyerId: `bench-${n}`,
        player: `player-${n}`,
        quest: 'quest-bench',
        installedAt: new Date(Date.now() - 3_600_000),
      };
      let previous: string | null = null;
      for (let i = 0; !stop; i++) {
        const retry = previous !== null && i % 10 === 9;
        const query: string = retry
          ? previous!
          : new URLSearchParams(appsflyerPostback(i, options, new Date(Date.now() - 60_000 + i))).toString();
        const res = await get(`${postbackUrl}?${query}`);
        latencies.push(res.ms);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const outcome = res.status === 200 ? (JSON.parse(res.body) as { outcome: string }).outcome : null;
        if (retry) {
          retries += 1;
          if (outcome === 'duplicate') duplicates += 1;
          else wrong += 1;
        } else if (outcome === 'stored') stored += 1;
        else if (outcome !== null) wrong += 1;
        previous = query;
      }
    };
    const meLatencies: number[] = [];
    const healthLatencies: number[] = [];
    const reader = async (route: string, into: number[], everyMs: number, headers: Record<string, string> = {}) => {
      while (!stop) {
        into.push((await get(`${server.url}${route}`, headers)).ms);
        await sleep(everyMs);
      }
    };
    // Warm-up (JIT, connections, prepared statements), not counted.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        get(
          `${postbackUrl}?${new URLSearchParams(appsflyerPostback(0, { appId: APP_ID, platform: 'ios', device: `WARM-${i}`, appsflyerId: `warm-${i}`, player: 'p', quest: 'q', installedAt: new Date() }, new Date())).toString()}`,
        ),
      ),
    );
    const idle: number[] = [];
    for (let i = 0; i < 20; i++) idle.push((await get(`${server.url}/api/me`, auth)).ms);
    const rowsOf = async () =>
      (
        (await json(await fetch(`${server.url}/api/app/${APP_ID}/postbacks/appsflyer/summary`, { headers: auth })))
          .events as { count: number }[]
      ).reduce((sum, e) => sum + e.count, 0);
    const rowsBefore = await rowsOf();

    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    const timer = setTimeout(() => (stop = true), DURATION_MS);
    await Promise.all([
      ...Array.from({ length: CONNECTIONS }, (_, n) => sender(n)),
      reader('/api/me', meLatencies, 20, auth),
      reader('/api/health', healthLatencies, 20),
    ]);
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMs(server.pid);

    const rows = (await rowsOf()) - rowsBefore;
    const sorted = [...latencies].sort((a, b) => a - b);
    const me = [...meLatencies].sort((a, b) => a - b);
    const idleSorted = [...idle].sort((a, b) => a - b);
    const exactlyOnce = rows === stored && duplicates === retries && wrong === 0;

    console.log('');
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(
      `| postbacks sent | ${latencies.length} (${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}) |`,
    );
    console.log(
      `| accepted postbacks per second | ${(latencies.length / seconds).toFixed(0)} /s (new events stored: ${(stored / seconds).toFixed(0)} /s) |`,
    );
    console.log(
      `| latency p50 / p99 / max | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)!.toFixed(1)} ms |`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      const perRequest = (cpuAfter - cpuBefore) / (latencies.length + meLatencies.length + healthLatencies.length);
      console.log(
        `| server CPU per postback (all threads) | ${perRequest.toFixed(2)} ms → about ${(1000 / perRequest).toFixed(0)} /s per core |`,
      );
    }
    console.log(
      `| GET /api/me p99 idle → p50 / p99 during the burst | ${percentile(idleSorted, 99).toFixed(1)} → ${percentile(me, 50).toFixed(1)} / ${percentile(me, 99).toFixed(1)} ms (${me.length} reads) |`,
    );
    const health = [...healthLatencies].sort((a, b) => a - b);
    console.log(
      `| GET /api/health p50 / p99 / max during the burst | ${percentile(health, 50).toFixed(1)} / ${percentile(health, 99).toFixed(1)} / ${health.at(-1)?.toFixed(1)} ms (${health.length} reads) |`,
    );
    console.log(
      `| stored exactly once | ${exactlyOnce ? 'yes' : 'NO'}: ${stored} acknowledged as stored, ${rows} rows; ${duplicates} of ${retries} retries answered duplicate${wrong ? `; ${wrong} unexpected answers` : ''} |`,
    );
    if (!exactlyOnce) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
