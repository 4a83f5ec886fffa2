/**
 * What the in-process cases of `npm run bench:api` share (the activity log and the postback log, docs/activity.md
 * §Speed, docs/postbacks.md §Postback log): the real app on a migrated embedded PGlite (Fastify's inject, no socket),
 * a session for an account, a timed GET, the p50/p99 of a case and its table.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { closeSync, existsSync, openAsBlob, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { withPgliteExtensions } from '../server/db/pglite-extensions';
import { buildApp, migrate } from '../server/app';
import { configFromEnv } from '../server/config';
import { hashToken, newToken } from '../server/auth/crypto';
import type { ServerContext } from '../server/context';

export interface BenchRow {
  case: string;
  samples: number;
  p50: number;
  p99: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The case's p50 and p99 of its timings (ms). */
export const stats = (name: string, ms: number[]): BenchRow => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { case: name, samples: ms.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

export function printBenchTable(title: string, rows: readonly BenchRow[], log: (line: string) => void) {
  log(`| ${title} | samples | p50 ms | p99 ms |`);
  log('|---|---:|---:|---:|');
  for (const r of rows) log(`| ${r.case} | ${r.samples} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
}

/** `samples` timings of `get` (ms) after 5 warm-up calls: the case's row. */
export async function timeCase(name: string, samples: number, get: () => Promise<{ ms: number }>): Promise<BenchRow> {
  for (let i = 0; i < Math.min(5, samples); i++) await get(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) ms.push((await get()).ms);
  return stats(name, ms);
}

/** A bench workspace `workspaceId` with `admins` (ids) as its admins and, when given, one Android app `appId`. */
export async function seedBenchWorkspace(
  ctx: ServerContext,
  ids: { workspaceId: string; admins: readonly string[]; appId?: string },
): Promise<void> {
  await ctx.db
    .insertInto('accounts')
    .values(
      ids.admins.map((id, i) => ({
        id,
        email: `p${i}@bench.dev`,
        first_name: 'Person',
        last_name: String(i),
        password_hash: 'x',
        is_tp_user: false,
      })),
    )
    .execute();
  await ctx.db
    .insertInto('workspaces')
    .values({ id: ids.workspaceId, name: 'Bench', website: 'https://bench.dev', icon_file_id: null, allow_monetize: 0 })
    .execute();
  await ctx.db
    .insertInto('memberships')
    .values(ids.admins.map((id) => ({ workspace_id: ids.workspaceId, account_id: id, role: 'admin' as const })))
    .execute();
  if (ids.appId)
    await ctx.db
      .insertInto('apps')
      .values({
        id: ids.appId,
        workspace_id: ids.workspaceId,
        app_name: 'Bench',
        platform: 'android',
        enabled: true,
        image_file_id: null,
        details: '{}' as never,
      })
      .execute();
}

interface InjectedApp {
  questboard: ServerContext;
  ready(): Promise<unknown>;
  close(): Promise<unknown>;
  inject(o: {
    method: string;
    url: string;
    headers: Record<string, string>;
    query?: Record<string, string>;
  }): Promise<{ statusCode: number; body: string; json(): unknown }>;
}

/** The migrations a database has run. */
const migrationsRun = async (db: ServerContext['db']) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(db).catch(() => ({ rows: [] })))
      .rows[0]?.n ?? 0,
  );

/**
 * A database dump (`dump.file`) made by the same generator (`dump.key`) with every migration of today is reused, to
 * iterate without generating millions of rows each time: it is loaded into a fresh in-memory PGlite, as a generated
 * one lives. Anything else (no file, another key, a migration the dump lacks) answers null.
 */
async function reusedDump(dump: { file: string; key: string } | undefined) {
  if (!dump || !existsSync(dump.file) || !existsSync(`${dump.file}.key`)) return null;
  if (readFileSync(`${dump.file}.key`, 'utf8') !== dump.key) return null;
  const pglite = await PGlite.create(withPgliteExtensions({ loadDataDir: await openAsBlob(dump.file) }));
  const handle = await openDatabase({ pglite });
  const before = await migrationsRun(handle.db);
  await migrate(handle.db);
  if ((await migrationsRun(handle.db)) === before) return { pglite, handle };
  await handle.close();
  return null;
}

/**
 * Runs `body` with the app on a fresh migrated PGlite (no demo), then closes both. `signIn(accountId)` gives the
 * headers of a new session of that account (insert the account first); `timedGet(url, headers)` answers a function
 * that GETs `url` with a query and gives the time and the decoded answer (anything but 200 throws). With `dump`, a
 * dump of the same key is loaded instead (`reused`), and `saveDump()` writes the database's for the next run.
 */
export async function withBenchApp<T>(
  body: (bench: {
    ctx: ServerContext;
    reused: boolean;
    saveDump: () => Promise<void>;
    signIn: (accountId: string) => Promise<Record<string, string>>;
    timedGet: <A>(
      url: string,
      headers: Record<string, string>,
    ) => (query: Record<string, string>) => Promise<{ ms: number; answer: A }>;
  }) => Promise<T>,
  dump?: { file: string; key: string },
): Promise<T> {
  const reused = await reusedDump(dump);
  const pglite = reused?.pglite ?? (await PGlite.create(withPgliteExtensions()));
  const handle = reused?.handle ?? (await openDatabase({ pglite }));
  // PGlite dumps into one array (its WAL included): 1 M postbacks make ≈ 2.9 GB, 5 M ≈ 8.5 GB, past what an array
  // holds. A dump that cannot be made is said and skipped; the bench goes on.
  const saveDump = async () => {
    if (!dump) return;
    try {
      const bytes = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      const fd = openSync(dump.file, 'w');
      for (let at = 0; at < bytes.length; at += 1 << 30) writeSync(fd, bytes, at, Math.min(1 << 30, bytes.length - at));
      closeSync(fd);
      writeFileSync(`${dump.file}.key`, dump.key);
    } catch (error) {
      console.log(`  (the database could not be kept in ${dump.file}: ${String(error)})`);
    }
  };
  try {
    await migrate(handle.db);
    const app = (await buildApp({
      config: { ...configFromEnv({}), staticDir: undefined, demo: false },
      db: handle.db,
    })) as unknown as InjectedApp;
    await app.ready();
    const ctx = app.questboard;
    try {
      return await body({
        ctx,
        reused: reused !== null,
        saveDump,
        signIn: async (accountId) => {
          const token = newToken();
          await ctx.db
            .insertInto('sessions')
            .values({
              token_hash: hashToken(token),
              account_id: accountId,
              expires_at: new Date(Date.now() + 86_400_000),
            })
            .execute();
          return { authorization: `Bearer ${token}` };
        },
        timedGet: (url, headers) => async (query) => {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url, headers, query });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
          return { ms, answer: res.json() as never };
        },
      });
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

/** A fresh database on the PostgreSQL server at `baseUrl` for `fn`, dropped afterwards. */
export async function withBenchDatabase<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `qb_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
