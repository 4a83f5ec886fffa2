/**
 * The postback log page (docs/postbacks.md §Postback log): every postback of an app from one source with what became
 * of it — stored (a `postbacks` row), duplicate or refused with its reason (a `postback_log` row) — newest first,
 * filtered by event, outcome, device id, time range and a search text, walked 50 at a time by a (received_at, id)
 * cursor. Both tables take their ids from one sequence (migration 0930), so (received_at, id) is one key over both:
 * each table is read along its keyset index up to one page past the cursor, and the two are merged. Filters are bound
 * values only; the CSV is written by the SPA from the export's JSON (src/lib/exports.ts, formula-safe).
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/schema';
import { decodeTimeCursor, encodeTimeCursor } from '../../db/time-cursor';
import { invalid, notFound } from '../../errors';
import {
  POSTBACK_LOG_EXPORT_LIMIT,
  POSTBACK_LOG_PAGE_SIZE,
  maskAdvertisingId,
  type PostbackLogPage,
  type PostbackLogQuery,
  type PostbackLogRow,
  type PostbackReasonCode,
} from '../../../src/contracts/postbacks';
import { postbackPartnerOf } from '../../../src/contracts/partners';

/**
 * The time filters as SQL conditions on bound text (a Date past year 9999 does not survive the driver): a day covers
 * the whole UTC day, an instant is itself. A reversed range is refused.
 */
function timeRange(query: PostbackLogQuery): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  const day = (s: string) => s.length === 10;
  if (query.from) {
    conditions.push(
      day(query.from)
        ? sql<boolean>`received_at >= (${query.from}::timestamp AT TIME ZONE 'UTC')`
        : sql<boolean>`received_at >= ${query.from}::timestamptz`,
    );
  }
  if (query.to) {
    conditions.push(
      day(query.to)
        ? sql<boolean>`received_at < ((${query.to}::timestamp + interval '1 day') AT TIME ZONE 'UTC')`
        : sql<boolean>`received_at <= ${query.to}::timestamptz`,
    );
  }
  if (query.from && query.to) {
    const from = Date.parse(day(query.from) ? `${query.from}T00:00:00Z` : query.from);
    const to = day(query.to) ? Date.parse(`${query.to}T00:00:00Z`) + 86_400_000 : Date.parse(query.to);
    if (day(query.to) ? from >= to : from > to)
      throw invalid('from must not be after to.', ['from', 'to'], 'invalid_range');
  }
  return conditions;
}

/** The text as an ILIKE pattern that finds it anywhere (its own %, _ and backslash match themselves). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The receipt time as fixed-width ISO text with microseconds: the cursor keeps what the database holds. */
const atText = sql<string>`to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The cursor as this list writes it (the time as `atText` prints it, an id that fits a bigint), else 400. */
function pageCursor(text: string) {
  const cursor = decodeTimeCursor(text);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(cursor.at) || cursor.id.length > 18)
    throw invalid('cursor is not one this list gave out.', ['cursor']);
  return cursor;
}

interface Found {
  id: string;
  at: string;
  event_name: string | null;
  outcome: PostbackLogRow['outcome'];
  reason_code: PostbackReasonCode | null;
  reason: string | null;
  advertising_id: string | null;
}

/** The filters an index serves (app, source, event, device, time, cursor): bound values only. */
function indexed<T extends 'postbacks' | 'postback_log'>(
  q: SelectQueryBuilder<Database, T, {}>,
  appId: string,
  source: string,
  query: PostbackLogQuery,
  cursor: Position | null,
): SelectQueryBuilder<Database, T, {}> {
  // The builder's table is one of two with these columns; kysely cannot name them over a union of tables.
  let b = q as unknown as SelectQueryBuilder<Database, 'postbacks', {}>;
  b = b.where('app_id', '=', appId).where('source', '=', source);
  if (query.event) b = b.where('event_name', '=', query.event);
  if (query.device) b = b.where('advertising_id', '=', query.device);
  for (const condition of timeRange(query)) b = b.where(condition);
  if (cursor) b = b.where(sql<boolean>`(received_at, id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`);
  return b as unknown as SelectQueryBuilder<Database, T, {}>;
}

interface Position {
  at: string;
  id: string;
}
/** Newest first by (received_at, id): the texts are fixed width, the ids compared as numbers. */
const newerFirst = (a: Position, b: Position) =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : BigInt(a.id) === BigInt(b.id) ? 0 : BigInt(b.id) > BigInt(a.id) ? 1 : -1;

/**
 * How many rows of a table one request reads at most when a filter no index serves is set (a common search text;
 * the outcome on the log): its matches are looked for among that many rows after the cursor, so a filter that matches
 * almost nothing never reads millions of rows in one request; the answer then says how far it searched.
 */
export const SCAN_WINDOW = 2_500;
const EXPORT_SCAN_WINDOW = 200_000;

/**
 * Past this many matching distinct values the search text is common, and the newest rows are walked with it instead
 * (the CSV, which reads up to 10,000 rows of each value, past EXPORT_SEARCH_VALUES).
 */
export const SEARCH_VALUES = 1_000;
/** The newest rows a search reads first (the log down to where they end): a common text fills its page there. */
export const QUICK_WINDOW = 500;
const EXPORT_SEARCH_VALUES = 50;

type Kind = 'event' | 'device' | 'reason';
/** The searched columns of each table, by the kind of value they hold. */
const SEARCHED: Record<'postbacks' | 'postback_log', [Kind, 'event_name' | 'advertising_id' | 'reason'][]> = {
  postbacks: [
    ['event', 'event_name'],
    ['device', 'advertising_id'],
  ],
  postback_log: [
    ['event', 'event_name'],
    ['device', 'advertising_id'],
    ['reason', 'reason'],
  ],
};

/**
 * The patterns found to match more than their most values, per server (the oldest forgotten past COMMON_TEXTS_KEPT).
 * Values are only ever added, so such a text stays common: the next requests of its walk ("Load more") skip the count.
 * Walking is right for any text (it says how far it looked), so a pattern kept here can never give a wrong page.
 */
const commonTexts = new WeakMap<object, Set<string>>();
const COMMON_TEXTS_KEPT = 1_000;
function commonTextsOf(ctx: ServerContext) {
  let found = commonTexts.get(ctx.config);
  if (!found) commonTexts.set(ctx.config, (found = new Set()));
  return found;
}

/**
 * The app's distinct event names, device ids and reasons from the source that the pattern finds, by kind
 * (`postback_search_values`, trigram-indexed), or null when there are more than SEARCH_VALUES of them.
 */
async function matchingValues(ctx: ServerContext, appId: string, source: string, pattern: string, max: number) {
  const common = commonTextsOf(ctx);
  const key = `${appId}\u0000${source}\u0000${max}\u0000${pattern}`;
  if (common.has(key)) return null;
  const found = ctx.db
    .selectFrom('postback_search_values')
    .select(['kind', 'value'])
    .where('app_id', '=', appId)
    .where('source', '=', source)
    .where('value', 'ilike', pattern)
    .limit(max + 1)
    .as('v');
  // One row: the count, and the values only when there are at most `max` (a thousand rows read back one by one cost
  // about as much as finding them).
  const { n, kinds, values } = await ctx.db
    .selectFrom(found)
    .select([
      sql<string>`count(*)`.as('n'),
      sql<Kind[] | null>`CASE WHEN count(*) <= ${max} THEN array_agg(v.kind) END`.as('kinds'),
      sql<string[] | null>`CASE WHEN count(*) <= ${max} THEN array_agg(v.value) END`.as('values'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(n) > max) {
    common.add(key);
    if (common.size > COMMON_TEXTS_KEPT) common.delete(common.values().next().value!);
    return null;
  }
  const byKind: Record<Kind, string[]> = { event: [], device: [], reason: [] };
  (kinds ?? []).forEach((kind, i) => byKind[kind].push(values![i]!));
  return byKind;
}

/** The rows as both tables give them: the postbacks table's missing columns are read as nulls. */
function logColumns<T extends 'postbacks' | 'postback_log'>(q: SelectQueryBuilder<Database, T, {}>, logTable: boolean) {
  const b = q as unknown as SelectQueryBuilder<Database, 'postback_log', {}>;
  return b
    .select(['id', 'received_at', 'event_name', 'advertising_id'])
    .$if(logTable, (q) => q.select(['outcome', 'reason_code', 'reason']))
    .$if(!logTable, (q) =>
      q.select([
        sql<'stored'>`'stored'`.as('outcome'),
        sql<null>`null`.as('reason_code'),
        sql<null>`null`.as('reason'),
      ]),
    );
}

/** A row as read: the postbacks table's missing columns are typed as absent by kysely, read as nulls. */
interface ReadRow {
  id: string;
  at: string;
  event_name?: string | null;
  outcome?: string;
  reason_code?: PostbackReasonCode | null;
  reason?: string | null;
  advertising_id?: string | null;
}
const toFound = (row: ReadRow): Found => ({
  id: String(row.id),
  at: row.at,
  event_name: row.event_name ?? null,
  advertising_id: row.advertising_id ?? null,
  outcome: row.outcome as Found['outcome'],
  reason_code: row.reason_code ?? null,
  reason: row.reason ?? null,
});

async function find(
  ctx: ServerContext,
  appId: string,
  source: string,
  query: PostbackLogQuery,
  limit: number,
  window: number,
  maxValues: number,
): Promise<{ rows: Found[]; searchedTo: Position | null }> {
  if (!postbackPartnerOf(source)) throw notFound('Postback source');
  const cursor = query.cursor ? pageCursor(query.cursor) : null;
  const text = query.q?.trim() ? containing(query.q.trim()) : null;
  const wantStored = !query.outcome || query.outcome === 'stored';
  const wantLogged = query.outcome !== 'stored';
  const outcome = query.outcome === 'stored' ? undefined : query.outcome;

  /**
   * A search that finds at most `maxValues` distinct values reads along the index of each value's column, in two
   * steps: each value's newest row after the cursor (one index descent per value and table), then, from the values
   * whose newest row is among the `limit` newest of them (so at most `limit` values), their rows down to the
   * `limit`-th newest of those rows (none older can be on the page), at most `limit` each; merged. Every match,
   * however old, in bounded work (docs/postbacks.md §Postback log).
   */
  const byValues = async (values: Record<Kind, string[]>) => {
    const tables = [
      ...(wantStored ? (['postbacks'] as const) : []),
      ...(wantLogged ? (['postback_log'] as const) : []),
    ];
    const reads = tables.flatMap((table) =>
      SEARCHED[table].filter(([kind]) => values[kind].length > 0).map(([kind, column]) => ({ table, kind, column })),
    );
    /** The read's rows of each value in `list`, newest first, at most `n` each, down to `bound` when given. */
    const newest = (
      read: (typeof reads)[number],
      list: string[],
      n: number,
      bound: Position | null,
      whole: boolean,
    ) => {
      const logTable = read.table === 'postback_log';
      const base = indexed(ctx.db.selectFrom(read.table as 'postback_log'), appId, source, query, cursor);
      const rows = (whole ? logColumns(base, logTable) : base.select(['id']))
        .select(atText.as('at'))
        .where(read.column, '=', sql.ref<string>('v.v'))
        .$if(logTable && outcome !== undefined, (q) => q.where('outcome', '=', outcome!))
        .$if(bound !== null, (q) =>
          q.where(sql<boolean>`(received_at, id) >= (${bound!.at}::timestamptz, ${bound!.id}::bigint)`),
        )
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(n);
      return ctx.db
        .selectFrom(sql<{ v: string }>`unnest(${list}::text[])`.as('v'))
        .innerJoinLateral(rows.as('w'), (join) => join.onTrue())
        .select('v.v as value')
        .selectAll('w');
    };
    const heads = (
      await Promise.all(
        reads.map(async (read) =>
          (await newest(read, values[read.kind], 1, null, false).execute()).map((head) => ({
            read,
            value: head.value,
            at: head.at,
            id: String(head.id),
          })),
        ),
      )
    )
      .flat()
      .sort(newerFirst);
    // A row may hold two matched values (its event and its device): it counts once.
    const distinct = heads.filter((head, i) => i === 0 || head.id !== heads[i - 1]!.id);
    const bound = distinct.length > limit ? distinct[limit - 1]! : null;
    const wanted = bound === null ? heads : heads.filter((head) => newerFirst(head, bound) <= 0);
    const found = await Promise.all(
      reads.map(async (read) => {
        const list = wanted.filter((head) => head.read === read).map((head) => head.value);
        return list.length === 0
          ? []
          : ((await newest(read, list, limit, bound, true).execute()) as ReadRow[]).map(toFound);
      }),
    );
    const seen = new Set<string>();
    const rows = found
      .flat()
      .sort(newerFirst)
      .filter((row) => !seen.has(row.id) && seen.add(row.id));
    return { rows: rows.slice(0, limit), searchedTo: null };
  };

  /**
   * One table's newest rows after `from` (and newer than `bound`, when given) by the indexed filters, newest first:
   * the rows that match the filters no index serves (the text; the outcome on the log), at most `limit`. When such a
   * filter is set, at most `window` rows are read (the database stops reading once `limit` match), and one walk also
   * gives the `window`-th row, numbered as it is read, so no second read finds the edge. `stop`: every row newer than
   * it was read (the last match of a full page, or the window's edge); null when the table was read to its end (or the
   * bound).
   */
  const walk = async (
    table: 'postbacks' | 'postback_log',
    unindexed: boolean,
    window: number,
    from: Position | null,
    bound: Position | null,
  ): Promise<{ rows: Found[]; stop: Position | null }> => {
    const logTable = table === 'postback_log';
    const base = logColumns(indexed(ctx.db.selectFrom(table), appId, source, query, from), logTable).$if(
      bound !== null,
      (q) => q.where(sql<boolean>`(received_at, id) > (${bound!.at}::timestamptz, ${bound!.id}::bigint)`),
    );
    if (!unindexed) {
      const rows = (
        (await base
          .select(atText.as('at'))
          .orderBy('received_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()) as ReadRow[]
      ).map(toFound);
      return { rows, stop: rows.length >= limit ? rows[rows.length - 1]! : null };
    }
    const matches = [
      ...(logTable && outcome !== undefined ? [sql<boolean>`outcome = ${outcome}`] : []),
      ...(text !== null
        ? [
            sql<boolean>`(${sql.join(
              SEARCHED[table].map(([, column]) => sql`${sql.ref(column)} ILIKE ${text}`),
              sql` OR `,
            )})`,
          ]
        : []),
    ];
    const windowed = base
      .select([
        sql<boolean>`${sql.join(matches, sql` AND `)}`.as('hit'),
        sql<string>`row_number() OVER (ORDER BY received_at DESC, id DESC)`.as('n'),
      ])
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window)
      .as('w');
    // The matches and the window's last row, in reading order: the database stops at `limit` matches. The time as
    // text only for the rows given back.
    const read = (await ctx.db
      .selectFrom(windowed)
      .selectAll()
      .select(atText.as('at'))
      .where((eb) => eb.or([eb('hit', '=', true), eb('n', '=', String(window))]))
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute()) as (ReadRow & { hit: boolean; n: string })[];
    const rows = read
      .filter((row) => row.hit)
      .slice(0, limit)
      .map(toFound);
    const last = read.find((row) => Number(row.n) === window);
    if (rows.length >= limit) return { rows, stop: rows[limit - 1]! };
    return { rows, stop: last ? { at: last.at, id: String(last.id) } : null };
  };

  /**
   * Both tables' newest rows after `from` (see `walk`), the postbacks first: the log (a small share of the rows) is then
   * read only down to where the postbacks stopped, never a window of its own further back. `searchedTo`: every row
   * newer than it was read, and fewer than `limit` matched (null: the page is whole, or nothing is left to read).
   */
  const scan = async (window: number, from: Position | null) => {
    const stored = wantStored
      ? await walk('postbacks', text !== null, window, from, null)
      : { rows: [] as Found[], stop: null };
    const logged = wantLogged
      ? await walk('postback_log', text !== null || outcome !== undefined, window, from, stored.stop)
      : { rows: [] as Found[], stop: null };
    // Both tables were read down to the newer of where they stopped: rows below it wait for the next request.
    const stops = [stored.stop, logged.stop].filter((stop): stop is Position => stop !== null).sort(newerFirst);
    const reachedTo = stops[0] ?? null;
    const rows = [...stored.rows, ...logged.rows]
      .filter((row) => reachedTo === null || newerFirst(row, reachedTo) <= 0)
      .sort(newerFirst);
    // A full page is the whole answer: every match not read is older than its last row.
    return { rows: rows.slice(0, limit), searchedTo: rows.length >= limit ? null : reachedTo };
  };

  if (text === null) return scan(window, cursor);
  /**
   * A search: first the newest QUICK_WINDOW rows (a common text fills the page there), then, when it did not, along
   * the index of each matching value (a rare one: a device id), and past `maxValues` values the walk goes on from
   * where the first one stopped, to `window` rows in all.
   */
  const quickWindow = Math.min(QUICK_WINDOW, window);
  const quick = await scan(quickWindow, cursor);
  if (quick.searchedTo === null) return quick;
  const values = await matchingValues(ctx, appId, source, text, maxValues);
  if (values) return byValues(values);
  if (window <= quickWindow) return quick;
  const rest = await scan(window - quickWindow, quick.searchedTo);
  const rows = [...quick.rows, ...rest.rows];
  return { rows: rows.slice(0, limit), searchedTo: rows.length >= limit ? null : rest.searchedTo };
}

const toRow = (row: Found): PostbackLogRow => ({
  id: row.id,
  receivedAt: Date.parse(row.at),
  eventName: row.event_name,
  outcome: row.outcome,
  reasonCode: row.reason_code,
  reason: row.reason,
  advertisingId: maskAdvertisingId(row.advertising_id),
});

/**
 * One page (50 entries), newest first; `nextCursor` continues after its last entry (null: no more). A page of a filter
 * no index serves may hold fewer entries with a cursor all the same: `searchedTo` says how far back it looked.
 */
export async function listPostbackLog(
  ctx: ServerContext,
  appId: string,
  source: string,
  query: PostbackLogQuery,
): Promise<PostbackLogPage> {
  const { rows, searchedTo } = await find(
    ctx,
    appId,
    source,
    query,
    POSTBACK_LOG_PAGE_SIZE + 1,
    SCAN_WINDOW,
    SEARCH_VALUES,
  );
  const page = rows.slice(0, POSTBACK_LOG_PAGE_SIZE);
  const last = page[page.length - 1];
  if (rows.length > POSTBACK_LOG_PAGE_SIZE && last)
    return { success: true, entries: page.map(toRow), nextCursor: encodeTimeCursor(last), searchedTo: null };
  return {
    success: true,
    entries: page.map(toRow),
    nextCursor: searchedTo ? encodeTimeCursor(searchedTo) : null,
    searchedTo: searchedTo ? Date.parse(searchedTo.at) : null,
  };
}

/**
 * Every entry the filters match, newest first, up to POSTBACK_LOG_EXPORT_LIMIT (the SPA writes the CSV); a filter no
 * index serves looks among the newest 200,000 postbacks and the log down to them (`searchedTo` says so).
 */
export async function exportPostbackLog(
  ctx: ServerContext,
  appId: string,
  source: string,
  query: PostbackLogQuery,
): Promise<PostbackLogPage> {
  const { rows, searchedTo } = await find(
    ctx,
    appId,
    source,
    { ...query, cursor: undefined },
    POSTBACK_LOG_EXPORT_LIMIT,
    EXPORT_SCAN_WINDOW,
    EXPORT_SEARCH_VALUES,
  );
  return {
    success: true,
    entries: rows.map(toRow),
    nextCursor: null,
    searchedTo: searchedTo && rows.length < POSTBACK_LOG_EXPORT_LIMIT ? Date.parse(searchedTo.at) : null,
  };
}
