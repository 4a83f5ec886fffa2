/**
 * Servers sharing one database, by heartbeat: each running server has a row in `servers` (id, host, pid, analytics
 * store, started, last seen), refreshed every HEARTBEAT_MS and removed on a clean shutdown; a row seen within
 * LIVE_MS is a live server. A row of a killed process on this host is not live (its pid is gone).
 *
 * `joinServers` is the start's check: a server keeping analytics in its own embedded DuckDB file refuses to start
 * beside another live server (each would answer reports from its own file), and so does any server beside a live
 * one that does (docs/engineering/deployment.md §Scale-out).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AnalyticsStoreKind } from '../config';

export const HEARTBEAT_MS = 10_000;
export const LIVE_MS = 30_000;

export interface ServerRow {
  id: string;
  host: string;
  pid: number;
  analytics_store: string;
  started_at: Date;
  last_seen_at: Date;
}

export class ServerRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerRefused';
  }
}

// oxlint-disable-next-line typescript/no-explicit-any -- `servers` is infrastructure, outside the areas' typed schema
type Db = Kysely<any>;

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The other live servers on this database. */
export async function liveServers(db: Db, now: Date, exceptId?: string): Promise<ServerRow[]> {
  const { rows } = await sql<ServerRow>`SELECT id, host, pid, analytics_store, started_at, last_seen_at FROM servers
    WHERE last_seen_at > ${new Date(now.getTime() - LIVE_MS)} AND id <> ${exceptId ?? ''}
    ORDER BY started_at`.execute(db);
  return rows.filter((row) => row.host !== os.hostname() || processAlive(row.pid));
}

const describe = (row: ServerRow, now: Date) =>
  `${row.host}, process ${row.pid}, seen ${Math.max(0, Math.round((now.getTime() - new Date(row.last_seen_at).getTime()) / 1000))} s ago`;

/** Why this server may not run beside the others, or null. */
export function refusal(store: AnalyticsStoreKind, others: readonly ServerRow[], now: Date): string | null {
  if (others.length === 0) return null;
  if (store === 'duckdb') {
    return [
      `Refusing to start: another server is running on this database (${describe(others[0]!, now)}), and this one keeps analytics in its own embedded DuckDB file (ANALYTICS_STORE=duckdb), so the two would answer reports differently.`,
      'Set ANALYTICS_STORE=postgres on every server sharing the database (or move every app to BigQuery), or stop the other server.',
    ].join('\n');
  }
  const embedded = others.find((row) => row.analytics_store === 'duckdb');
  if (!embedded) return null;
  return [
    `Refusing to start: a server keeping analytics in its own embedded DuckDB file is running on this database (${describe(embedded, now)}).`,
    'Restart it with ANALYTICS_STORE=postgres (every server sharing the database must use it), then start this one.',
  ].join('\n');
}

export interface Heartbeat {
  readonly id: string;
  /** Stops the timer and removes the row. */
  stop(): Promise<void>;
}

/**
 * Records this server (its row first, so that two servers starting together see each other), refuses with
 * ServerRefused when `refusal` says so (removing the row again), then refreshes the row every HEARTBEAT_MS.
 */
export async function joinServers(
  db: Db,
  options: {
    store: AnalyticsStoreKind;
    now?: () => Date;
    log?: (line: string) => void;
    intervalMs?: number;
  },
): Promise<Heartbeat> {
  const now = options.now ?? (() => new Date());
  const id = randomUUID();
  const started = now();
  await sql`INSERT INTO servers (id, host, pid, analytics_store, started_at, last_seen_at)
    VALUES (${id}, ${os.hostname()}, ${process.pid}, ${options.store}, ${started}, ${started})`.execute(db);
  const remove = () => sql`DELETE FROM servers WHERE id = ${id}`.execute(db);
  const refused = refusal(options.store, await liveServers(db, now(), id), now());
  if (refused) {
    await remove();
    throw new ServerRefused(refused);
  }
  let beat: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beat = sql`UPDATE servers SET last_seen_at = ${now()} WHERE id = ${id}`
      .execute(db)
      .then(async (result) => {
        // A row removed meanwhile (a restore, an operator): written again.
        if (Number(result.numAffectedRows ?? 1) === 0)
          await sql`INSERT INTO servers (id, host, pid, analytics_store, started_at, last_seen_at)
            VALUES (${id}, ${os.hostname()}, ${process.pid}, ${options.store}, ${started}, ${now()})`.execute(db);
      })
      .catch((error: unknown) => options.log?.(`[servers] heartbeat failed: ${(error as Error).message}`));
  }, options.intervalMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await beat;
      await remove();
    },
  };
}
