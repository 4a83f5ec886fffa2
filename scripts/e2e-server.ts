/**
 * Starts the real server (`npx tsx server/main.ts`) for the end-to-end tests and the bundle budget: a free port on
 * 127.0.0.1, a FRESH temporary DATA_DIR (so main.ts migrates and seeds the demo data), the production build in dist/.
 * Sets E2E_OUTBOX_TOKEN, a fresh secret that turns on the test-only outbox read (server/testing/outbox-route.ts).
 * Waits for GET /api/health, and stops the whole process group (npx → tsx → node) and removes the data folder on stop.
 *
 * Used by tests/e2e/global-setup.ts and scripts/bundle-budget.ts. Run alone (`npx tsx scripts/e2e-server.ts`) it
 * prints the URL and serves until Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  logFile: string;
  /** The secret of the test-only outbox read (server/testing/outbox-route.ts; tests/e2e/pages/mailbox.ts). */
  outboxToken: string;
  stop(): Promise<void>;
  /** `kill -9` of the whole process group; the data folder stays, for a restart on it (`startServer({ dataDir })`). */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal); // the whole group: npx, tsx and the node process running main.ts
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export async function startServer(
  options: {
    timeoutMs?: number;
    quiet?: boolean;
    /** Demo game events to seed (DEMO_EVENTS); the server's default when not given. */
    demoEvents?: number;
    /** More environment (a server test's SMTP_URL, ALLOW_HTTP_WEBHOOKS…). */
    env?: Record<string, string>;
    /** Serve the API only: no dist/ needed (server tests). */
    apiOnly?: boolean;
    /** Start again on this folder (from an earlier start's `dataDir`, after its `kill()`); it stays on stop. */
    dataDir?: string;
  } = {},
): Promise<RunningServer> {
  // Generous: a first start runs initdb, migrations and the demo seed, and a busy 2-core machine can take a while.
  const timeoutMs = options.timeoutMs ?? Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000);
  if (!options.apiOnly && !fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const url = `http://127.0.0.1:${port}`;
  const outboxToken = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    PUBLIC_URL: url,
    // A Google OAuth client id, so the Google Sheets export is enabled (tests/e2e/exports.spec.ts answers Google's
    // endpoints with Playwright routes; nothing reaches Google). An explicit GOOGLE_CLIENT_ID wins.
    GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID ?? 'questboard-e2e.apps.googleusercontent.com',
    DEMO: 'on', // the specs sign in as the demo accounts
    DEMO_PLAYERS: '0', // the e2e specs play their own players (players:simulate) and check exact balances
    // Every test asks for its mailed links from 127.0.0.1: the per-client limit is the server tests' to check.
    ACCOUNT_LINKS_PER_CLIENT: '100000',
    // Registers the test-only outbox read (only this script sets it; a fresh secret per run).
    E2E_OUTBOX_TOKEN: outboxToken,
    ...(options.demoEvents !== undefined ? { DEMO_EVENTS: String(options.demoEvents) } : {}),
    ...(options.apiOnly ? { STATIC_DIR: path.join(dataDir, 'no-static') } : {}),
    ...options.env,
  };
  delete env.DATABASE_URL; // always the embedded database on a fresh folder
  if (env.NODE_ENV === 'production') delete env.NODE_ENV; // production refuses the demo accounts
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true, // own process group, so stop() reaches tsx's child too
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  // If this process ends without calling stop() (Ctrl-C, a crash), do not leave the server behind.
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    killGroup(child, 'SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(5_000).then(() => false)]);
    if (!done) killGroup(child, 'SIGKILL');
    await sleep(100);
    killGroup(child, 'SIGKILL'); // stragglers in the group (a no-op when all are gone)
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    stopped = true;
    process.removeListener('exit', onExit);
    killGroup(child, 'SIGKILL');
    await exited(child);
    await sleep(100);
    killGroup(child, 'SIGKILL');
  };

  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = readLog();
      await stop();
      throw new Error(
        `server/main.ts exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        if (!options.quiet)
          console.log(
            `[e2e-server] ${url} healthy after ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${env.DATA_DIR})`,
          );
        return { url, dataDir, logFile, outboxToken, stop, kill };
      }
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  const output = readLog();
  await stop();
  throw new Error(`server/main.ts was not healthy at ${url}/api/health after ${timeoutMs / 1000} s:\n${output}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startServer();
  console.log(server.url);
  console.log(
    `E2E_BASE_URL=${server.url} E2E_OUTBOX_TOKEN=${server.outboxToken}  (set both to run specs against this server)`,
  );
  const shutdown = () => void server.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
