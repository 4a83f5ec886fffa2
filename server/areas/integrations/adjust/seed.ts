/**
 * The Adjust demo rows, written once (marker `adjust-demo`): Dragon Merge (Android) connected to Adjust with
 * a partner link and a five-event file, waiting for its first callback, so a fresh `npm start` shows the Adjust tab's
 * connected card (send a callback to the URL it shows, then Check Status). Other demo apps keep no Adjust plugin.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AdjustTables } from './migrations';
import { DEMO_APP_IDS } from '../../../demo/ids';
import { JsonObject, JsonTexts, writeJson } from '../../../db/json-column';

export const ADJUST_DEMO_MARKER = 'adjust-demo';
const APP_ID = DEMO_APP_IDS.dragonMergeAndroid;
const EVENTS: AdjustTables['adjust_events'][] = [
  ['dmtut1', 'Tutorial Complete', null, null, null],
  ['dmlvl5', 'Level 5 Reached', null, null, null],
  ['dmlvl9', 'Level 10 Reached', null, null, null],
  ['dmads1', 'Rewarded Ad Watched', 'ads', 'USD', 'revenue'],
  ['dmpur1', 'First Purchase', 'iap', 'USD', 'revenue'],
].map(([event_token, event_name, revenue_type, currency, revenue_param], position) => ({
  plugin_id: `${APP_ID}-adjust`,
  event_token: event_token!,
  event_name: event_name!,
  revenue_type: revenue_type as AdjustTables['adjust_events']['revenue_type'],
  currency,
  revenue_param,
  position,
}));

export async function seedAdjustDemo(db: Kysely<Database>, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('seed_markers').select('name').where('name', '=', ADJUST_DEMO_MARKER).executeTakeFirst())
      return;
    const app = await trx.selectFrom('apps').select('id').where('id', '=', APP_ID).executeTakeFirst();
    const existing = await trx
      .selectFrom('plugins')
      .select('id')
      .where('app_id', '=', APP_ID)
      .where('type', '=', 'Adjust')
      .executeTakeFirst();
    if (app && !existing) {
      const id = `${APP_ID}-adjust`;
      await trx
        .insertInto('plugins')
        .values({
          id,
          app_id: APP_ID,
          type: 'Adjust',
          status: 'waiting_for_events',
          credential_id: null,
          attributes: writeJson(JsonObject, {
            partnerLink: 'https://app.adjust.com/dm7q2xk',
            eventsFileName: 'dragon-merge-events.csv',
            eventsFileUploadedAt: now.getTime(),
          }),
          refresh_schedule: null,
          last_refresh: null,
          data_start: null,
          data_end: null,
          created_at: now,
        })
        .execute();
      await trx.withTables<AdjustTables>().insertInto('adjust_events').values(EVENTS).execute();
      for (const event of EVENTS) {
        await trx
          .insertInto('plugin_events')
          .values({
            id: `${id}-${event.event_token}`,
            plugin_id: id,
            event_name: event.event_name,
            event_params: writeJson(JsonTexts, { event_token: event.event_token }),
            status: 'ENABLED',
            last_received_at: 0,
            monetize_metadata: event.revenue_type
              ? JSON.stringify({
                  revenueType: event.revenue_type,
                  revenueEp: event.revenue_param,
                  currencyEp: event.currency,
                })
              : null,
          })
          .execute();
      }
      await trx
        .insertInto('plugin_feed')
        .values({
          plugin_id: id,
          message: 'Adjust connected with 5 events. Waiting for the first callback.',
          type: 'success',
          created_at: now,
        })
        .execute();
    }
    await trx.insertInto('seed_markers').values({ name: ADJUST_DEMO_MARKER }).execute();
  });
}
