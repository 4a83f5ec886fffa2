/**
 * The Adjust integration (docs/postbacks.md §Screens and routes Adjust tab, §Partner plugin states "Adjust: no plugin, connect with partner link and file,
 * connected", §Rules and limits Adjust rules, §API endpoints connect Adjust and save events file, §Messages Adjust messages). An app connects Adjust with
 * a partner link and an events file (docs/domain.md CSV): the plugin row (status 'waiting_for_events' until a callback
 * arrives), the file's rows in `adjust_events`, and the conversion events list (plugin_events, one per event name,
 * 'Enabled' until received). Every write of a file is one transaction: a file with any bad line stores nothing and
 * answers `{success: false, errors}` with the line and reason of each. A disconnected plugin connects again through
 * the same form (new link and file). Reads: getAdjust. Adjust callbacks (./postback-format.ts) arrive as
 * postbacks; each stored one marks its event of the conversion events list received ('Active', its time).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AdjustEventRow } from '../../../../src/contracts/integrations';
import {
  PARTNER_LINK_NOT_FOUND_CODE,
  type AdjustEvent,
  type AdjustFileAnswer,
  type AdjustIntegrationResponse,
} from '../../../../src/contracts/adjust';
import type { ServerContext } from '../../../context';
import type { AdjustTables } from './migrations';
import { readAdjustEventsFile } from './csv';
import { addFeed, emitPluginEvent, getPlugin } from '../integrations';
import type { PostbackSubject } from '../../postbacks/index';
import { changesOf, type DomainEvent } from '../../../../src/contracts/domain-events';
import { DomainError, conflict, notFound } from '../../../errors';
import { JsonObject, JsonTexts, writeJson } from '../../../db/json-column';

type Db = Kysely<Database> | Transaction<Database>;
const tables = (db: Db) => db.withTables<AdjustTables>();

export interface UploadedCsv {
  filename: string;
  bytes: Uint8Array;
}

async function adjustPlugin(db: Db, appId: string, lock = false) {
  let query = db.selectFrom('plugins').selectAll().where('app_id', '=', appId).where('type', '=', 'Adjust');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The event names of the plugin's events file, in the file's order (its health line reads them). */
export async function adjustFileEventNames(ctx: ServerContext, pluginId: string): Promise<string[]> {
  const rows = await tables(ctx.db)
    .selectFrom('adjust_events')
    .select('event_name')
    .where('plugin_id', '=', pluginId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.event_name);
}

const attributesOf = (row: { attributes: unknown }) => (row.attributes ?? {}) as Record<string, unknown>;

/** Replace the plugin's events file rows, and bring the conversion events list in line (received events stay). */
async function replaceEvents(trx: Transaction<Database>, pluginId: string, rows: readonly AdjustEventRow[]) {
  await tables(trx).deleteFrom('adjust_events').where('plugin_id', '=', pluginId).execute();
  await tables(trx)
    .insertInto('adjust_events')
    .values(
      rows.map((row, position) => ({
        plugin_id: pluginId,
        event_token: row.event_token,
        event_name: row.event_name,
        revenue_type: row.revenue_type ?? null,
        currency: row.currency ?? null,
        revenue_param: row.revenue_param ?? null,
        position,
      })),
    )
    .execute();
  const names = [...new Set(rows.map((row) => row.event_name))];
  await trx
    .deleteFrom('plugin_events')
    .where('plugin_id', '=', pluginId)
    .where('last_received_at', '=', 0)
    .where('event_name', 'not in', names)
    .execute();
  for (const row of rows) {
    const monetize = row.revenue_type
      ? {
          revenueType: row.revenue_type,
          revenueEp: row.revenue_param ?? 'revenue',
          currencyEp: row.currency ?? 'currency',
        }
      : null;
    await trx
      .insertInto('plugin_events')
      .values({
        id: randomUUID(),
        plugin_id: pluginId,
        event_name: row.event_name,
        event_params: writeJson(JsonTexts, { event_token: row.event_token }),
        status: 'ENABLED',
        last_received_at: 0,
        monetize_metadata: monetize ? JSON.stringify(monetize) : null,
      })
      .onConflict((oc) =>
        oc
          .columns(['plugin_id', 'event_name'])
          .doUpdateSet({ event_params: writeJson(JsonTexts, { event_token: row.event_token }) }),
      )
      .execute();
  }
}

const plural = (n: number) => `${n} event${n === 1 ? '' : 's'}`;

/** docs/postbacks.md §API endpoints connect Adjust (partner link and file): creates the plugin, or connects a disconnected one again. */
export async function connectAdjust(
  ctx: ServerContext,
  appId: string,
  partnerLink: string,
  file: UploadedCsv | undefined,
): Promise<AdjustFileAnswer> {
  const parsed = readAdjustEventsFile(file);
  if (!parsed.ok) return { success: false, errors: parsed.errors };
  const link = partnerLink.trim();
  const pluginId = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const existing = await adjustPlugin(trx, appId, true);
      if (existing && existing.status !== 'disconnected')
        throw conflict('Adjust is already connected for this app.', 'plugin_exists');
      const attributes = {
        ...(existing ? attributesOf(existing) : {}),
        partnerLink: link,
        eventsFileName: file!.filename.trim(),
        eventsFileUploadedAt: ctx.now().getTime(),
      };
      const id = existing?.id ?? randomUUID();
      if (existing) {
        await trx
          .updateTable('plugins')
          .set({ status: 'waiting_for_events', attributes: writeJson(JsonObject, attributes) })
          .where('id', '=', id)
          .execute();
      } else {
        await trx
          .insertInto('plugins')
          .values({
            id,
            app_id: appId,
            type: 'Adjust',
            status: 'waiting_for_events',
            credential_id: null,
            attributes: writeJson(JsonObject, attributes),
            refresh_schedule: null,
            last_refresh: null,
            data_start: null,
            data_end: null,
            created_at: ctx.now(),
          })
          .execute();
      }
      await replaceEvents(trx, id, parsed.rows);
      const tx = { ...ctx, db: trx };
      await addFeed(
        tx,
        id,
        `Adjust connected with ${plural(parsed.rows.length)}. Waiting for the first callback.`,
        'success',
      );
      await emitPluginEvent(tx, 'plugin.connected', { id, app_id: appId, type: 'Adjust' }, [
        { field: 'status', before: existing?.status ?? null, after: 'waiting_for_events' },
        ...changesOf(existing ? attributesOf(existing) : null, attributes, ['partnerLink', 'eventsFileName']),
        { field: 'events', before: null, after: parsed.rows.length },
      ]);
      return id;
    })
    .catch((error: unknown) => {
      if (/plugins_one_per_type|duplicate key/i.test(String((error as Error).message)))
        throw conflict('Adjust is already connected for this app.', 'plugin_exists');
      throw error;
    });
  return { success: true, plugin: await getPlugin(ctx, pluginId) };
}

/**
 * docs/postbacks.md §API endpoints save events file (app id, csv file): replaces the connected plugin's events. A file that drops events of the
 * current one is saved only once the publisher confirmed it (`removeEvents`); until then the answer names them.
 */
export async function saveAdjustEventsFile(
  ctx: ServerContext,
  appId: string,
  file: UploadedCsv | undefined,
  removeEvents = false,
): Promise<AdjustFileAnswer> {
  const current = await adjustPlugin(ctx.db, appId);
  if (!current) throw notFound('Adjust plugin');
  const parsed = readAdjustEventsFile(file);
  if (!parsed.ok) {
    await addFeed(
      ctx,
      current.id,
      `The events file was refused: ${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'}.`,
      'error',
    );
    return { success: false, errors: parsed.errors };
  }
  const kept = new Set(parsed.rows.map((row) => row.event_name));
  const removedFrom = async (db: Db, pluginId: string) => {
    const names = (
      await tables(db)
        .selectFrom('adjust_events')
        .select('event_name')
        .where('plugin_id', '=', pluginId)
        .orderBy('position')
        .execute()
    ).map((r) => r.event_name);
    return [...new Set(names)].filter((name) => !kept.has(name));
  };
  if (!removeEvents) {
    const removes = await removedFrom(ctx.db, current.id);
    if (removes.length > 0) return { success: false, removes };
  }
  const refused = await ctx.db.transaction().execute(async (trx) => {
    const row = await adjustPlugin(trx, appId, true);
    if (!row) throw notFound('Adjust plugin');
    // Read again under the plugin's lock: a file saved meanwhile may have made other removals.
    if (!removeEvents) {
      const removes = await removedFrom(trx, row.id);
      if (removes.length > 0) return removes;
    }
    const attributes = {
      ...attributesOf(row),
      eventsFileName: file!.filename.trim(),
      eventsFileUploadedAt: ctx.now().getTime(),
    };
    await trx
      .updateTable('plugins')
      .set({ attributes: writeJson(JsonObject, attributes) })
      .where('id', '=', row.id)
      .execute();
    const before = await tables(trx)
      .selectFrom('adjust_events')
      .select('event_name')
      .where('plugin_id', '=', row.id)
      .execute();
    await replaceEvents(trx, row.id, parsed.rows);
    const tx = { ...ctx, db: trx };
    await addFeed(tx, row.id, `Events file saved: ${plural(parsed.rows.length)}.`, 'success');
    const uploaded = (at: unknown) => (typeof at === 'number' ? new Date(at).toISOString() : null);
    await emitPluginEvent(
      tx,
      'plugin.updated',
      row,
      changesOf(
        { ...attributesOf(row), events: before.length, uploaded: uploaded(attributesOf(row).eventsFileUploadedAt) },
        { ...attributes, events: parsed.rows.length, uploaded: uploaded(attributes.eventsFileUploadedAt) },
        ['eventsFileName', 'events', 'uploaded'],
      ),
    );
    return null;
  });
  if (refused) return { success: false, removes: refused };
  return { success: true, plugin: await getPlugin(ctx, current.id) };
}

/** Update the partner link; docs/postbacks.md §Messages "Partner link not found! Can't update!" when the app has none. */
export async function updatePartnerLink(ctx: ServerContext, appId: string, partnerLink: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await adjustPlugin(trx, appId, true);
    if (!row || typeof attributesOf(row).partnerLink !== 'string') {
      throw new DomainError('not_found', 'Partner link not found.', PARTNER_LINK_NOT_FOUND_CODE);
    }
    const attributes = { ...attributesOf(row), partnerLink: partnerLink.trim() };
    await trx
      .updateTable('plugins')
      .set({ attributes: writeJson(JsonObject, attributes) })
      .where('id', '=', row.id)
      .execute();
    const tx = { ...ctx, db: trx };
    await addFeed(tx, row.id, 'Partner link updated.', 'success');
    await emitPluginEvent(tx, 'plugin.updated', row, changesOf(attributesOf(row), attributes, ['partnerLink']));
  });
}

/** The app's partner link and events file (empty when Adjust was never connected). */
export async function getAdjust(ctx: ServerContext, appId: string): Promise<AdjustIntegrationResponse> {
  const row = await adjustPlugin(ctx.db, appId);
  if (!row) return { success: true, partnerLink: null, events: [], fileName: null, uploadedAt: null };
  const rows = await tables(ctx.db)
    .selectFrom('adjust_events')
    .selectAll()
    .where('plugin_id', '=', row.id)
    .orderBy('position')
    .execute();
  const attributes = attributesOf(row);
  const events: AdjustEvent[] = rows.map((event) => ({
    event_token: event.event_token,
    event_name: event.event_name,
    ...(event.revenue_type
      ? {
          revenue: {
            type: event.revenue_type,
            ...(event.currency ? { currency: event.currency } : {}),
            ...(event.revenue_param ? { param: event.revenue_param } : {}),
          },
        }
      : {}),
  }));
  return {
    success: true,
    partnerLink: typeof attributes.partnerLink === 'string' ? attributes.partnerLink : null,
    events,
    fileName: typeof attributes.eventsFileName === 'string' ? attributes.eventsFileName : null,
    uploadedAt: typeof attributes.eventsFileUploadedAt === 'number' ? attributes.eventsFileUploadedAt : null,
  };
}

/**
 * Adjust's reaction to `postback.stored` (server/areas.ts), in the callback's transaction: its event (named from the
 * events file) becomes 'Active' with the time it arrived.
 */
export async function markAdjustEventActive(tx: ServerContext, event: DomainEvent<'postback.stored'>): Promise<void> {
  const postback = event.payload;
  if (postback.source !== 'adjust') return;
  const plugin = await adjustPlugin(tx.db, postback.appId);
  if (!plugin) return;
  await tx.db
    .updateTable('plugin_events')
    .set({ status: 'ACTIVE', last_received_at: new Date(postback.receivedAt).getTime() })
    .where('plugin_id', '=', plugin.id)
    .where('event_name', '=', postback.eventName)
    .execute();
}

/** Only Adjust's callbacks make Adjust events active. */
export const isAdjustCallback = (_ctx: ServerContext, subject: unknown): boolean =>
  (subject as PostbackSubject).source === 'adjust';
