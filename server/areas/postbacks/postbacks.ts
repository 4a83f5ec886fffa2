/**
 * Attribution postbacks: each app has, per source (appsflyer, adjust), a postback URL with a secret
 * (`postbackUrl`); partners send in-app event postbacks to it; each is stored once per idempotency key
 * (`recordPostback`: in one transaction with the `postback.stored` event when a reaction wants it, e.g. Acquire counting
 * quest steps from sub3 = quest id and sub1 = player id; else grouped with others in one INSERT by
 * server/areas/postbacks/writer.ts); postbacks that are not stored are logged with the reason (`postbackLog` shows both).
 * A waiting plugin becomes connected when its first valid postback is stored, in the insert's transaction (a feed line
 * says so: the integrations area's `connectWaitingPlugin`); Check Status (`checkPostbackStatus`) only reads the status.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { ServerConfig } from '../../config';
import { inTransaction, type ServerContext } from '../../context';
import {
  POSTBACK_LOG_LIMIT,
  hasPostbacks,
  maskAdvertisingId,
  postbackSourceOf,
  type CheckStatusResponse,
  type ConversionEvent,
  type PostbackLogEntry,
  type PostbackOutcome,
  type PostbackReasonCode,
} from '../../../src/contracts/postbacks';
import type { ConnectionStatus, PluginType } from '../../../src/contracts/plugin';
import { postbackPartnerOf } from '../../../src/contracts/partners';
import type { NormalizedPostback, ParseResult, PostbackFields } from './format';
import { postbackFormat, postbackPorts } from './ports';
import { tokenBuckets } from './rate-limit';
import { postbackWriter, type PostbackRow } from './writer';
import { shortCache } from '../../short-cache';
import { emit } from '../../events/outbox';
import { conflict, invalid, notFound, rateLimited } from '../../errors';

// ------------------------------------------------------------------------------------------------ reactions

/** What a `postback.stored` reaction's `wants` is asked about, before the postback is stored. */
export interface PostbackSubject {
  appId: string;
  source: string;
  postback: NormalizedPostback;
}

/** The reactions to `postback.stored` that want this postback (asked before the insert, outside any transaction). */
async function reactionsWanting(ctx: ServerContext, subject: PostbackSubject): Promise<number> {
  let wanted = 0;
  for (const reaction of ctx.events?.reactions ?? []) {
    if (reaction.event !== 'postback.stored') continue;
    if (!reaction.wants || (await reaction.wants(ctx, subject))) wanted++;
  }
  return wanted;
}

// ------------------------------------------------------------------------------------------------ secrets and URL

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The app's secret for `source`, made on first use (a race is settled by the primary key). */
async function ensureSecret(ctx: ServerContext, appId: string, source: string): Promise<string> {
  const existing = await ctx.db
    .selectFrom('postback_secrets')
    .select('secret_sealed')
    .where('app_id', '=', appId)
    .where('source', '=', source)
    .executeTakeFirst();
  if (existing) return ctx.providers.secrets.open(existing.secret_sealed);
  const secret = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('postback_secrets')
    .values({
      app_id: appId,
      source,
      secret_hash: hashSecret(secret),
      secret_sealed: ctx.providers.secrets.seal(secret),
      created_at: ctx.now(),
    })
    .onConflict((oc) => oc.columns(['app_id', 'source']).doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('postback_secrets')
    .select('secret_sealed')
    .where('app_id', '=', appId)
    .where('source', '=', source)
    .executeTakeFirstOrThrow();
  return ctx.providers.secrets.open(row.secret_sealed);
}

/** Where a partner sends the app's postbacks: `${publicOrigin}/postbacks/${source}/${appId}/${secret}`. */
export async function postbackUrl(ctx: ServerContext, appId: string, source: string): Promise<string> {
  checkSource(source);
  const secret = await ensureSecret(ctx, appId, source);
  const origin = ctx.config.publicUrl.replace(/\/+$/, '');
  return `${origin}/postbacks/${encodeURIComponent(source)}/${encodeURIComponent(appId)}/${secret}`;
}

// ------------------------------------------------------------------------------------------------ storing

/** Stores the postback once: 'duplicate' (and a log line) when its key was already stored for the app and source. */
export async function recordPostback(
  ctx: ServerContext,
  appId: string,
  source: string,
  postback: NormalizedPostback,
): Promise<PostbackOutcome> {
  const wanted = await reactionsWanting(ctx, { appId, source, postback });
  const receivedAt = ctx.now();
  const row: PostbackRow = {
    app_id: appId,
    source,
    idempotency_key: postback.idempotencyKey,
    event_name: postback.eventName,
    value: postback.value,
    revenue: postback.revenue,
    currency: postback.currency,
    advertising_id: postback.advertisingId,
    sub1: postback.sub1,
    sub2: postback.sub2,
    sub3: postback.sub3,
    sub4: postback.sub4,
    sub5: postback.sub5,
    install_time: postback.installTime,
    event_time: postback.eventTime,
    received_at: receivedAt,
  };
  // No reaction wants it: one atomic INSERT … ON CONFLICT DO NOTHING, grouped with the postbacks arriving meanwhile
  // (the writer logs a duplicate with its group).
  if (wanted === 0) return (await postbackWriter(ctx.db).write(row)) !== null ? 'stored' : 'duplicate';
  // Wanted: the insert and `postback.stored` share a transaction (a reaction that throws undoes the insert).
  const stored = await inTransaction(ctx, async (tx) => {
    const inserted = await tx.db
      .insertInto('postbacks')
      .values(row)
      .onConflict((oc) => oc.columns(['app_id', 'source', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await emit(tx, 'postback.stored', {
      appId,
      source,
      postbackId: String(inserted.id),
      eventName: postback.eventName,
      value: postback.value,
      revenue: postback.revenue,
      currency: postback.currency,
      sub1: postback.sub1,
      sub2: postback.sub2,
      sub3: postback.sub3,
      sub4: postback.sub4,
      sub5: postback.sub5,
      receivedAt: receivedAt.toISOString(),
      advertisingId: postback.advertisingId,
      clientAddress: postback.clientAddress ?? null,
      mediaSource: postback.mediaSource ?? null,
      eventTime: postback.eventTime?.toISOString() ?? null,
    });
    return true;
  });
  if (stored) return 'stored';
  await logNotStored(ctx, appId, source, {
    outcome: 'duplicate',
    reasonCode: 'already_received',
    reason: 'already received',
    eventName: postback.eventName,
    advertisingId: postback.advertisingId,
  });
  return 'duplicate';
}

interface NotStored {
  outcome: 'duplicate' | 'refused';
  reasonCode: PostbackReasonCode;
  reason: string;
  eventName: string | null;
  advertisingId: string | null;
}
async function logNotStored(ctx: ServerContext, appId: string, source: string, entry: NotStored) {
  await ctx.db
    .insertInto('postback_log')
    .values({
      app_id: appId,
      source,
      received_at: ctx.now(),
      event_name: entry.eventName?.slice(0, 100) ?? null,
      outcome: entry.outcome,
      reason_code: entry.reasonCode,
      reason: entry.reason.slice(0, 200),
      // Whole, so the log page finds a device's postbacks; every reader masks it.
      advertising_id: entry.advertisingId?.slice(0, 200) ?? null,
    })
    .execute();
}

// ------------------------------------------------------------------------------------------------ the endpoint

/** Per server: the rate limiter's buckets. */
const buckets = new WeakMap<ServerConfig, ReturnType<typeof tokenBuckets>>();
function bucketsOf(ctx: ServerContext) {
  let found = buckets.get(ctx.config);
  if (!found) buckets.set(ctx.config, (found = tokenBuckets(ctx.config.postbackRate)));
  return found;
}
interface Target {
  secretHash: string;
  status: ConnectionStatus | null;
}
/**
 * How long a postback URL's secret hash and plugin status are reused without asking the database again (a burst of
 * postbacks then costs one INSERT each). A disconnected plugin refuses postbacks at most this much later.
 */
export const TARGET_CACHE_MS = 2_000;
const targets = shortCache<Target | null>(TARGET_CACHE_MS);

/** The postback URL's secret hash and its plugin's status (cached a moment; see TARGET_CACHE_MS). */
export function postbackTargetOf(
  ctx: ServerContext,
  appId: string,
  source: string,
  pluginType: PluginType,
): Promise<Target | null> {
  return targets.get(
    ctx,
    `${appId}\u0000${source}`,
    async () => {
      const [row, status] = await Promise.all([
        ctx.db
          .selectFrom('postback_secrets')
          .select('secret_hash')
          .where('app_id', '=', appId)
          .where('source', '=', source)
          .executeTakeFirst(),
        postbackPorts().pluginStatus(ctx, appId, pluginType),
      ]);
      return row ? { secretHash: row.secret_hash, status } : null;
    },
    (target) => target !== null,
  ); // only URLs that exist are kept (unknown app ids cannot grow the map)
}

/** Forgets the cached target of an app (its plugin changed on this server). */
export function forgetPostbackTarget(ctx: ServerContext, appId: string) {
  targets.forget(ctx, (key) => key.startsWith(`${appId}\u0000`));
}

const sameSecret = (given: string, storedHash: string) => {
  const a = Buffer.from(hashSecret(given), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Query and body merged (the body wins), every value as text. */
export function postbackFields(
  query: Record<string, string>,
  body: Record<string, unknown> | undefined,
): PostbackFields {
  const fields: Record<string, string> = { ...query };
  for (const [name, value] of Object.entries(body ?? {})) {
    // oxlint-disable-next-line typescript/no-base-to-string -- a JSON body's values as text, as a query string carries them
    if (value !== null && value !== undefined) fields[name] = String(value);
  }
  return fields;
}

export interface PostbackRequest {
  source: string;
  appId: string;
  secret: string;
  fields: PostbackFields;
}

/**
 * A partner's postback: an unknown source, app or secret answers 404 (the same for each, so nothing is revealed);
 * over the app's rate 429; a source whose plugin the app does not have (or disconnected) 409; a malformed postback
 * 400 — all with nothing stored, the last two logged with the reason. Otherwise stored once ('stored' / 'duplicate').
 */
export async function receivePostback(ctx: ServerContext, request: PostbackRequest): Promise<PostbackOutcome> {
  const { source, appId } = request;
  const format = postbackFormat(source);
  if (!format) throw notFound('Postback URL');
  const row = await postbackTargetOf(ctx, appId, source, format.pluginType);
  if (!row) throw notFound('Postback URL');
  if (!bucketsOf(ctx).take(appId, ctx.now().getTime()))
    throw rateLimited('Too many postbacks for this app. Please retry later.', 'postback_rate_limited');
  if (!sameSecret(request.secret, row.secretHash)) throw notFound('Postback URL');

  const parsed = format.parse(request.fields);
  if (!row.status || row.status === 'disconnected') {
    const reason = row.status
      ? `${format.pluginType} plugin is disconnected`
      : `the app has no ${format.pluginType} plugin`;
    const reasonCode = row.status ? 'plugin_disconnected' : 'plugin_missing';
    await logNotStored(ctx, appId, source, { outcome: 'refused', reasonCode, reason, ...seen(parsed) });
    throw conflict(`Postback refused: ${reason}.`, 'plugin_not_enabled');
  }
  if (!parsed.ok) {
    await logNotStored(ctx, appId, source, {
      outcome: 'refused',
      reasonCode: 'malformed',
      reason: parsed.reason,
      ...seen(parsed),
    });
    throw invalid(`Malformed postback: ${parsed.reason}.`, [], 'malformed_postback');
  }
  const postback = format.resolve ? await format.resolve(ctx, appId, parsed.postback) : parsed.postback;
  if (typeof postback === 'string') {
    await logNotStored(ctx, appId, source, {
      outcome: 'refused',
      reasonCode: 'unknown_event',
      reason: postback,
      ...seen(parsed),
    });
    throw invalid(`Postback refused: ${postback}.`, [], 'unknown_event');
  }
  return recordPostback(ctx, appId, source, postback);
}

const seen = (parsed: ParseResult) =>
  parsed.ok
    ? { eventName: parsed.postback.eventName, advertisingId: parsed.postback.advertisingId }
    : { eventName: parsed.eventName, advertisingId: parsed.advertisingId };

// ------------------------------------------------------------------------------------------------ reading

/** A source no partner of the registry sends postbacks from is not found. */
function checkSource(source: string) {
  if (!postbackPartnerOf(source)) throw notFound('Postback source');
}

/** The last postbacks of the app from the source, newest first: stored ones and those logged as not stored. */
export async function postbackLog(
  ctx: ServerContext,
  appId: string,
  source: string,
  limit = POSTBACK_LOG_LIMIT,
): Promise<PostbackLogEntry[]> {
  checkSource(source);
  const [stored, other] = await Promise.all([
    ctx.db
      .selectFrom('postbacks')
      .select(['id', 'received_at', 'event_name', 'advertising_id'])
      .where('app_id', '=', appId)
      .where('source', '=', source)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    ctx.db
      .selectFrom('postback_log')
      .select(['id', 'received_at', 'event_name', 'outcome', 'reason', 'advertising_id'])
      .where('app_id', '=', appId)
      .where('source', '=', source)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const entries: PostbackLogEntry[] = [
    ...stored.map((row) => ({
      id: `s${row.id}`,
      receivedAt: new Date(row.received_at).getTime(),
      eventName: row.event_name,
      outcome: 'stored' as const,
      reason: null,
      advertisingId: maskAdvertisingId(row.advertising_id),
    })),
    ...other.map((row) => ({
      id: `l${row.id}`,
      receivedAt: new Date(row.received_at).getTime(),
      eventName: row.event_name,
      outcome: row.outcome,
      reason: row.reason,
      advertisingId: maskAdvertisingId(row.advertising_id),
    })),
  ];
  return entries.sort((a, b) => b.receivedAt - a.receivedAt).slice(0, limit);
}

/** Whether postbacks arrived, the last one's time, and the conversion events received (by name). */
export async function postbackSummary(ctx: ServerContext, appId: string, source: string) {
  checkSource(source);
  const rows = await ctx.db
    .selectFrom('postbacks')
    .select(['event_name', sql<string>`count(*)`.as('count'), sql<Date>`max(received_at)`.as('last')])
    .where('app_id', '=', appId)
    .where('source', '=', source)
    .groupBy('event_name')
    .orderBy('event_name')
    .limit(500)
    .execute();
  const events: ConversionEvent[] = rows.map((row) => ({
    eventName: row.event_name,
    count: Number(row.count),
    lastReceivedAt: new Date(row.last).getTime(),
  }));
  const lastEventAt = events.length ? Math.max(...events.map((event) => event.lastReceivedAt)) : null;
  return { eventsReceived: events.length > 0, lastEventAt, events };
}

/** Last postback of the app from the source, or null (one index probe). */
export async function lastPostbackAt(ctx: ServerContext, appId: string, source: string): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('postbacks')
    .select('received_at')
    .where('app_id', '=', appId)
    .where('source', '=', source)
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.received_at).getTime() : null;
}

/** docs/postbacks.md §API endpoints check plugin status: the plugin's status as stored, whether postbacks arrived and the last one's time. */
export async function checkPostbackStatus(ctx: ServerContext, pluginId: string): Promise<CheckStatusResponse> {
  const plugin = await postbackPorts().pluginById(ctx, pluginId);
  if (!plugin) throw notFound('Plugin');
  if (!hasPostbacks(plugin.type)) return { success: true, plugin: { connected: plugin.status } };
  const lastEventAt = await lastPostbackAt(ctx, plugin.appId, postbackSourceOf(plugin.type));
  return { success: true, plugin: { connected: plugin.status }, eventsReceived: lastEventAt !== null, lastEventAt };
}

// ------------------------------------------------------------------------------------------------ for other areas

/** Last received time per event name of the app's stored postbacks, any source (Acquire's source events). */
export async function postbackLastSeen(ctx: ServerContext, appId: string): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('postbacks')
    .select(['event_name', sql<Date | string>`max(received_at)`.as('last_at')])
    .where('app_id', '=', appId)
    .groupBy('event_name')
    .execute();
  return new Map(rows.map((row) => [row.event_name, new Date(row.last_at).getTime()]));
}

/** The app's stored postbacks of these players (sub1 = player id): revenue and arrival (Acquire's KPIs). */
export async function postbacksOfPlayers(
  ctx: ServerContext,
  appId: string,
  playerIds: readonly string[],
): Promise<{ sub1: string | null; revenue: number | null; received_at: Date | string }[]> {
  return ctx.db
    .selectFrom('postbacks')
    .select(['sub1', 'revenue', 'received_at'])
    .where('app_id', '=', appId)
    .where('sub1', 'in', [...playerIds])
    .execute();
}

/**
 * What a source's health line reads (the integrations area): the last arrival per event name of the stored postbacks,
 * and the refusal reasons since `refusedSince` with their counts, most frequent first.
 */
export async function postbackHealth(ctx: ServerContext, appId: string, source: string, refusedSince: Date) {
  const [received, refused] = await Promise.all([
    ctx.db
      .selectFrom('postbacks')
      .select(['event_name', sql<Date>`max(received_at)`.as('last')])
      .where('app_id', '=', appId)
      .where('source', '=', source)
      .groupBy('event_name')
      .execute(),
    ctx.db
      .selectFrom('postback_log')
      .select(['reason', sql<string>`count(*)`.as('count')])
      .where('app_id', '=', appId)
      .where('source', '=', source)
      .where('outcome', '=', 'refused')
      .where('received_at', '>', refusedSince)
      .groupBy('reason')
      .orderBy(sql`count(*)`, 'desc')
      .execute(),
  ]);
  return { received, refused };
}

/** Stores demo postbacks as they are (a seed; the same key again is skipped). */
export async function seedPostbacks(ctx: Pick<ServerContext, 'db'>, rows: readonly PostbackRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db
    .insertInto('postbacks')
    .values([...rows])
    .onConflict((oc) => oc.doNothing())
    .execute();
}
