/**
 * Moving an app's analytics data between the embedded DuckDB store and the shared PostgreSQL store
 * (`npm run analytics:move`, docs/engineering/deployment.md §Moving an app's data): the processed `events` and
 * `daily_user_metrics` and the sandbox's raw export, a day at a time in batches. Each copied day is read back from the
 * target and compared with the source (row count and an order-independent checksum of the rows), then recorded in
 * `analytics_move_days`, so an interrupted move resumes at the first day not verified. Once every day is verified,
 * one transaction switches the app's placement (placements.ts) and forgets the progress: the next report reads the
 * new store. The source copy is kept (a later move back replaces it).
 */
import { createHash } from 'node:crypto';
import stableStringify from 'safe-stable-stringify';
import { sql, type Kysely } from 'kysely';
import { DAILY_DDL, EVENTS_DDL, type EventStore } from './event-store';
import { ensureRawTable, RAW_EVENTS_DDL } from './raw-export';
import { ANALYTICS_SCHEMA, ensurePartitions, ensureSchema, exec } from './postgres-store';
import { place, placementOf } from './placements';
import type { StoreKind } from './store';

// oxlint-disable-next-line typescript/no-explicit-any -- infrastructure tables, outside the areas' typed schema
type Db = Kysely<any>;

/** Rows per batch read from the source and written to the target. */
export const MOVE_BATCH = 5_000;

interface Column {
  name: string;
  /** The DuckDB type, as in the embedded store's DDL. */
  type: string;
}

interface TableSpec {
  name: 'raw_events' | 'events' | 'daily_user_metrics';
  /** The column that names the app (the raw export's dataset is the app id). */
  owner: 'app_id' | 'dataset';
  /** The raw export keys days as 'YYYYMMDD' text; the processed tables as dates. */
  dayIsText: boolean;
  partitioned: boolean;
  columns: Column[];
}

/** The columns of an embedded DDL statement, in order (nested types kept whole). */
export function columnsOf(ddl: string): Column[] {
  const body = ddl
    .replace(/--[^\n]*/g, '')
    .slice(ddl.replace(/--[^\n]*/g, '').indexOf('(') + 1)
    .replace(/\)\s*$/, '');
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of body) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((part) => {
      const [name, ...rest] = part.split(' ');
      return { name: name!, type: rest.join(' ').replace(/ NOT NULL$/, '') };
    });
}

export const MOVED_TABLES: readonly TableSpec[] = [
  { name: 'raw_events', owner: 'dataset', dayIsText: true, partitioned: false, columns: columnsOf(RAW_EVENTS_DDL) },
  { name: 'events', owner: 'app_id', dayIsText: false, partitioned: true, columns: columnsOf(EVENTS_DDL) },
  {
    name: 'daily_user_metrics',
    owner: 'app_id',
    dayIsText: false,
    partitioned: true,
    columns: columnsOf(DAILY_DDL),
  },
];

const nested = (type: string) => /[([]|MAP|STRUCT/.test(type);

/** One side of a move: the days of a table, a day's rows in batches, writes. */
interface Side {
  kind: StoreKind;
  days(table: TableSpec, appId: string): Promise<string[]>;
  /** A batch of the day's rows as a JSON array (ordered by every column, so batches never overlap). */
  batch(table: TableSpec, appId: string, day: string, offset: number): Promise<{ json: string; n: number }>;
  count(table: TableSpec, appId: string, day: string): Promise<number>;
  deleteDay(table: TableSpec, appId: string, day: string): Promise<void>;
  deleteApp(table: TableSpec, appId: string): Promise<void>;
  insert(table: TableSpec, json: string, day: string): Promise<void>;
}

const orderBy = (table: TableSpec, cast: (name: string) => string) =>
  table.columns.map((c) => (nested(c.type) ? cast(c.name) : `"${c.name}"`)).join(', ');

export function duckdbSide(store: EventStore): Side {
  const dayOf = (table: TableSpec) => (table.dayIsText ? '$day' : 'CAST($day AS DATE)');
  const where = (table: TableSpec) => `${table.owner} = $app AND event_date = ${dayOf(table)}`;
  return {
    kind: 'duckdb',
    async days(table, appId) {
      const rows = await store.rows(
        `SELECT DISTINCT CAST(event_date AS VARCHAR) AS day FROM ${table.name} WHERE ${table.owner} = $app ORDER BY day`,
        { app: appId },
        undefined,
        { timeoutMs: 0 },
      );
      return rows.map((row) => String(row.day));
    },
    async batch(table, appId, day, offset) {
      const [row] = await store.rows(
        `SELECT CAST(to_json(list(t)) AS VARCHAR) AS j, count(*) AS n FROM (SELECT * FROM ${table.name} WHERE ${where(table)}
         ORDER BY ${orderBy(table, (c) => `CAST("${c}" AS VARCHAR)`)} LIMIT ${MOVE_BATCH} OFFSET ${offset}) t`,
        { app: appId, day },
        undefined,
        { timeoutMs: 0 },
      );
      return { json: (row?.j as string | null) ?? '[]', n: Number(row?.n ?? 0) };
    },
    async count(table, appId, day) {
      const [row] = await store.rows(`SELECT count(*) AS n FROM ${table.name} WHERE ${where(table)}`, {
        app: appId,
        day,
      });
      return Number(row?.n ?? 0);
    },
    deleteDay: (table, appId, day) => store.run(`DELETE FROM ${table.name} WHERE ${where(table)}`, { app: appId, day }),
    deleteApp: (table, appId) => store.run(`DELETE FROM ${table.name} WHERE ${table.owner} = $app`, { app: appId }),
    async insert(table, json) {
      // The batch as a bound JSON value, shaped by the table's own column types (no file: external access is off).
      const shape = JSON.stringify([Object.fromEntries(table.columns.map((c) => [c.name, c.type]))]);
      await store.run(
        `INSERT INTO ${table.name} SELECT unnest(r) FROM (SELECT unnest(from_json(CAST($j AS JSON), '${shape}')) AS r)`,
        { j: json },
      );
    },
  };
}

export function postgresSide(db: Db): Side {
  const S = ANALYTICS_SCHEMA;
  const dayOf = (table: TableSpec) => (table.dayIsText ? '$day' : 'CAST($day AS date)');
  const where = (table: TableSpec) => `${table.owner} = $app AND event_date = ${dayOf(table)}`;
  const rows = async (text: string, values: Record<string, unknown>) =>
    (await exec(db, text, values)).rows as Record<string, unknown>[];
  return {
    kind: 'postgres',
    async days(table, appId) {
      const found = await rows(
        `SELECT DISTINCT CAST(event_date AS text) AS day FROM ${S}.${table.name} WHERE ${table.owner} = $app ORDER BY day`,
        { app: appId },
      );
      return found.map((row) => String(row.day));
    },
    async batch(table, appId, day, offset) {
      const [row] = await rows(
        `SELECT coalesce(json_agg(t), '[]')::text AS j, count(*)::int AS n FROM (SELECT * FROM ${S}.${table.name}
         WHERE ${where(table)} ORDER BY ${orderBy(table, (c) => `"${c}"::text`)} LIMIT ${MOVE_BATCH} OFFSET ${offset}) t`,
        { app: appId, day },
      );
      return { json: (row?.j as string | undefined) ?? '[]', n: Number(row?.n ?? 0) };
    },
    async count(table, appId, day) {
      const [row] = await rows(`SELECT count(*)::int AS n FROM ${S}.${table.name} WHERE ${where(table)}`, {
        app: appId,
        day,
      });
      return Number(row?.n ?? 0);
    },
    async deleteDay(table, appId, day) {
      await exec(db, `DELETE FROM ${S}.${table.name} WHERE ${where(table)}`, { app: appId, day });
    },
    async deleteApp(table, appId) {
      await exec(db, `DELETE FROM ${S}.${table.name} WHERE ${table.owner} = $app`, { app: appId });
    },
    async insert(table, json, day) {
      if (table.partitioned) await ensurePartitions(db, day, day);
      await exec(
        db,
        `INSERT INTO ${S}.${table.name} SELECT * FROM json_populate_recordset(NULL::${S}.${table.name}, $j::json)`,
        { j: json },
      );
    },
  };
}

const TIMESTAMP = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d+))?$/;

/** A string as both stores agree on it: a timestamp as 'YYYY-MM-DD HH:mm:ss[.fff]', anything else as it is. */
function canonicalString(value: string): string {
  const m = TIMESTAMP.exec(value);
  if (!m) return value;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return `${m[1]} ${m[2]}${fraction ? `.${fraction}` : ''}`;
}

/** A row's JSON text as both stores agree on it: object keys sorted, timestamps canonical. */
const canonicalJson = (row: unknown): string =>
  stableStringify(row, (_key, value: unknown) => (typeof value === 'string' ? canonicalString(value) : value)) ?? '';

const MASK = (1n << 64n) - 1n;

/** Row count and an order-independent checksum (the sum of each row's hash, mod 2^64) of a JSON array of rows. */
export function checksumOf(json: string, into = { rows: 0, sum: 0n }): { rows: number; sum: bigint } {
  for (const row of JSON.parse(json) as unknown[]) {
    const digest = createHash('sha256').update(canonicalJson(row)).digest();
    into.sum = (into.sum + digest.readBigUInt64BE(0)) & MASK;
    into.rows++;
  }
  return into;
}

async function dayChecksum(side: Side, table: TableSpec, appId: string, day: string) {
  const total = { rows: 0, sum: 0n };
  for (let offset = 0; ; offset += MOVE_BATCH) {
    const { json, n } = await side.batch(table, appId, day, offset);
    checksumOf(json, total);
    if (n < MOVE_BATCH) return { rows: total.rows, checksum: total.sum.toString(16).padStart(16, '0') };
  }
}

export interface MoveOptions {
  db: Db;
  duckdb: EventStore;
  appId: string;
  to: StoreKind;
  /** Where the app's data is when it has no placement yet (the deployment's ANALYTICS_STORE). */
  defaultStore: StoreKind;
  log?: (line: string) => void;
  /** Stops (throws) after copying this many days: how a test interrupts a move. */
  stopAfterDays?: number;
}

export interface MoveResult {
  from: StoreKind;
  to: StoreKind;
  /** Days copied and verified in this run, per table. */
  copied: Record<string, number>;
  /** Days an earlier, interrupted run had already verified. */
  resumed: number;
  rows: Record<string, number>;
  /** Per table and day: the verified checksum. */
  checksums: Record<string, Record<string, string>>;
}

export class MoveInterrupted extends Error {}

export async function moveApp(options: MoveOptions): Promise<MoveResult | null> {
  const { db, appId, to } = options;
  const log = options.log ?? (() => {});
  const from = (await placementOf(db, appId)) ?? options.defaultStore;
  if (from === to) return null;
  await ensureSchema(db);
  await ensureRawTable(options.duckdb);
  const sides: Record<StoreKind, Side> = { duckdb: duckdbSide(options.duckdb), postgres: postgresSide(db) };
  const source = sides[from];
  const target = sides[to];
  const { rows: done } = await sql<{ table_name: string; day: string; row_count: number; checksum: string }>`
    SELECT table_name, day, row_count, checksum FROM analytics_move_days WHERE app_id = ${appId} AND to_store = ${to}`.execute(
    db,
  );
  const verified = new Map(done.map((row) => [`${row.table_name}/${row.day}`, row]));
  if (verified.size === 0) {
    // A fresh move: the target keeps nothing of an earlier copy (a day gone from the source must not linger).
    for (const table of MOVED_TABLES) await target.deleteApp(table, appId);
  }
  const result: MoveResult = { from, to, copied: {}, resumed: 0, rows: {}, checksums: {} };
  let copiedDays = 0;
  for (const table of MOVED_TABLES) {
    result.copied[table.name] = 0;
    result.rows[table.name] = 0;
    result.checksums[table.name] = {};
    for (const day of await source.days(table, appId)) {
      const earlier = verified.get(`${table.name}/${day}`);
      if (earlier && (await target.count(table, appId, day)) === earlier.row_count) {
        result.resumed++;
        result.rows[table.name] += earlier.row_count;
        result.checksums[table.name]![day] = earlier.checksum;
        continue;
      }
      if (options.stopAfterDays !== undefined && copiedDays >= options.stopAfterDays)
        throw new MoveInterrupted(`stopped after ${copiedDays} days`);
      await target.deleteDay(table, appId, day);
      for (let offset = 0; ; offset += MOVE_BATCH) {
        const { json, n } = await source.batch(table, appId, day, offset);
        if (n > 0) await target.insert(table, json, day);
        if (n < MOVE_BATCH) break;
      }
      const [want, got] = [await dayChecksum(source, table, appId, day), await dayChecksum(target, table, appId, day)];
      if (want.rows !== got.rows || want.checksum !== got.checksum)
        throw new Error(
          `${table.name} ${day}: the copy differs from the source (${got.rows} rows, checksum ${got.checksum}; source ${want.rows} rows, ${want.checksum})`,
        );
      await sql`INSERT INTO analytics_move_days (app_id, to_store, table_name, day, row_count, checksum)
        VALUES (${appId}, ${to}, ${table.name}, ${day}, ${want.rows}, ${want.checksum})
        ON CONFLICT (app_id, to_store, table_name, day) DO UPDATE SET row_count = excluded.row_count, checksum = excluded.checksum`.execute(
        db,
      );
      copiedDays++;
      result.copied[table.name]!++;
      result.rows[table.name] += want.rows;
      result.checksums[table.name]![day] = want.checksum;
      log(`  ${table.name} ${day}: ${want.rows.toLocaleString('en-US')} rows, checksum ${want.checksum}`);
    }
  }
  await db.transaction().execute(async (trx) => {
    await place(trx, appId, to);
    await sql`DELETE FROM analytics_move_days WHERE app_id = ${appId} AND to_store = ${to}`.execute(trx);
  });
  return result;
}
