/**
 * Acquire's demo rows (part of the one-transaction demo seed): Dragon Merge (iOS) already has an AppsFlyer plugin
 * (connected: its first postback below connected it, as its feed says), so Acquire is not gated there; it gets
 * the AppsFlyer events its steps use, each arrived as a stored postback (recently, except af_subscribe, last seen 6
 * days ago, which the pre-publish check blocks) so that the AppsFlyer tab, its health line and Acquire tell the same
 * story, an acquisition settings draft, and three quests: one LIVE with
 * pending edits, one STOPPED, one never published. Views and starts come later from `npm run players:simulate`.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { connectedByPostback } from '../../../src/contracts/postbacks';
import { JsonTextList, writeJson } from '../../db/json-column';
import { seedPluginEvents } from '../integrations/index';
import { seedPostbacks } from '../postbacks/index';

export const ACQUIRE_DEMO_APP = 'dragon-merge-ios';
export const ACQUIRE_DEMO_PLUGIN = 'dragon-merge-ios-appsflyer';
export const ACQUIRE_DEMO_QUESTS = {
  live: 'quest-dragon-tamer',
  stopped: 'quest-merge-master',
  draft: 'quest-treasure-hunter',
} as const;

const HOUR = 60 * 60 * 1000;

export async function seedAcquireDemo(trx: Transaction<Database>, now: Date) {
  const events: [string, number, Record<string, string>][] = [
    ['af_tutorial_completion', 2 * HOUR, {}],
    ['af_level_achieved', 1 * HOUR, { af_level: '12' }],
    ['af_purchase', 3 * HOUR, { af_revenue: '4.99', af_currency: 'USD' }],
    ['af_ad_view', HOUR / 2, { af_adrev_ad_type: 'rewarded' }],
    ['af_subscribe', 6 * 24 * HOUR, { af_revenue: '9.99' }],
  ];
  await seedPluginEvents(
    trx,
    ACQUIRE_DEMO_PLUGIN,
    events.map(([name, age, params]) => ({ name, params, lastReceivedAt: now.getTime() - age })),
  );
  await seedPostbacks(
    { db: trx },
    events.map(([name, age, params]) => ({
      app_id: ACQUIRE_DEMO_APP,
      source: 'appsflyer',
      idempotency_key: `demo-${name}`,
      event_name: name,
      value: JSON.stringify(params),
      revenue: params.af_revenue ? Number(params.af_revenue) : null,
      currency: params.af_revenue ? (params.af_currency ?? 'USD') : null,
      advertising_id: null,
      sub1: null,
      sub2: ACQUIRE_DEMO_APP,
      sub3: null,
      sub4: null,
      sub5: null,
      install_time: null,
      event_time: new Date(now.getTime() - age),
      received_at: new Date(now.getTime() - age),
    })),
  );
  // The first of them connected the waiting plugin (server/areas/postbacks/postbacks.ts writes the same line).
  const first = Math.max(...events.map(([, age]) => age));
  await trx
    .insertInto('plugin_feed')
    .values({
      plugin_id: ACQUIRE_DEMO_PLUGIN,
      message: connectedByPostback('AppsFlyer'),
      type: 'success',
      created_at: new Date(now.getTime() - first),
    })
    .execute();
  const countries = ['US', 'GB', 'DE', 'CA'];
  await trx
    .insertInto('acquire_settings')
    .values({
      app_id: ACQUIRE_DEMO_APP,
      countries: writeJson(JsonTextList, countries),
      daily_budget: 150,
      target_kpi: 'roas_d7',
      target_kpi_value: 5,
      analysis_period: 30,
    })
    .execute();
  const level = (value: number) => ({ param: 'af_level', op: 'gte', value: String(value) });
  const tamer = {
    name: 'Dragon Tamer',
    countries,
    dailyCap: 40,
    steps: [
      {
        eventName: 'af_tutorial_completion',
        payout: 0.25,
        condition: null,
        countryPayouts: [{ country: 'DE', mode: 'multiplier', value: 0.8 }],
      },
      { eventName: 'af_level_achieved', payout: 0.75, condition: level(5) },
      {
        eventName: 'af_level_achieved',
        payout: 2,
        condition: level(10),
        countryPayouts: [{ country: 'US', mode: 'absolute', value: 2.5 }],
      },
    ],
  };
  // The pending edit of the live quest: a higher cap, and the payouts by country changed (the review lists each).
  const tamerDraft = {
    ...tamer,
    dailyCap: 60,
    steps: tamer.steps.map((step, i) =>
      i === 2
        ? {
            ...step,
            countryPayouts: [
              { country: 'US', mode: 'absolute', value: 3 },
              { country: 'GB', mode: 'multiplier', value: 1.2 },
            ],
          }
        : step,
    ),
  };
  const master = {
    name: 'Merge Master',
    countries: ['US', 'CA'],
    dailyCap: 25,
    steps: [
      { eventName: 'af_level_achieved', payout: 1, condition: level(8) },
      { eventName: 'af_purchase', payout: 3, condition: null },
    ],
  };
  const hunter = {
    name: 'Treasure Hunter',
    countries: ['US', 'GB'],
    dailyCap: 20,
    steps: [
      { eventName: 'af_ad_view', payout: 0.1, condition: null },
      { eventName: 'af_level_achieved', payout: 1.5, condition: level(15) },
    ],
  };
  const days = (n: number) => new Date(now.getTime() - n * 24 * HOUR);
  await trx
    .insertInto('quests')
    .values([
      {
        id: ACQUIRE_DEMO_QUESTS.live,
        app_id: ACQUIRE_DEMO_APP,
        status: 'LIVE',
        active: JSON.stringify(tamer),
        draft: JSON.stringify(tamerDraft),
        published_at: days(12),
        created_at: days(14),
      },
      {
        id: ACQUIRE_DEMO_QUESTS.stopped,
        app_id: ACQUIRE_DEMO_APP,
        status: 'STOPPED',
        active: JSON.stringify(master),
        draft: null,
        published_at: days(20),
        created_at: days(21),
      },
      {
        id: ACQUIRE_DEMO_QUESTS.draft,
        app_id: ACQUIRE_DEMO_APP,
        status: 'DRAFT',
        active: null,
        draft: JSON.stringify(hunter),
        created_at: days(2),
      },
    ])
    .execute();
}
