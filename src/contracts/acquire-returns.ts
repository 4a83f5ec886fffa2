/**
 * Returns per quest (docs/acquire.md §Returns per quest): for each quest of an app, what its players cost (charges),
 * how many started it, their postback revenue within 7 days of their start, ROAS D7 and retention D1 / D7, each counted
 * only over the players mature for its window by the KPI card's rule (src/contracts/acquire.ts matureStartedBy).
 * Money in US dollars, ratios in percent with one decimal, days as YYYY-MM-DD (UTC).
 *
 *   GET /api/app/:appId/acquire/returns                     → AcquireReturnsResponse (viewer): every quest of the app
 *   GET /api/app/:appId/acquire/quests/:questId/returns     → QuestReturnsResponse   (viewer): one quest
 *
 * The first is the read a Game health dashboard tile can use later (one query for the whole list).
 */
import * as t from 'io-ts';
import { AppParams, nullable, struct } from './codecs';
import { endpoint } from './endpoint';
import { QuestParams } from './acquire';

/**
 * One window's maturity: the players counted (those whose start is mature for the window) and, while there is none
 * yet, the day the first start becomes mature (null when there is none or when some are mature).
 */
const Maturity = { maturePlayers: t.number, matureOn: nullable(t.string) };

/** Revenue D7 and ROAS D7 of the players mature for 7 days: revenue ÷ what those players cost, in percent. */
export const ReturnsD7 = struct(
  { ...Maturity, cost: t.number, revenue: t.number, roas: nullable(t.number) },
  {},
  'ReturnsD7',
);
export type ReturnsD7 = t.TypeOf<typeof ReturnsD7>;

/** Retention Dn of the players mature for n days, in percent (null while none is). */
export const ReturnsRetention = struct({ ...Maturity, value: nullable(t.number) }, {}, 'ReturnsRetention');
export type ReturnsRetention = t.TypeOf<typeof ReturnsRetention>;

export const QuestReturns = struct(
  {
    questId: t.string,
    /** Players who started the quest (their first start). */
    players: t.number,
    /** Everything the quest's completed steps were charged, all players. */
    cost: t.number,
    d7: ReturnsD7,
    retentionD1: ReturnsRetention,
    retentionD7: ReturnsRetention,
  },
  {},
  'QuestReturns',
);
export type QuestReturns = t.TypeOf<typeof QuestReturns>;

export const AcquireReturnsResponse = struct(
  { success: t.boolean, data: t.array(QuestReturns) },
  {},
  'AcquireReturnsResponse',
);
export const QuestReturnsResponse = struct({ success: t.boolean, data: QuestReturns }, {}, 'QuestReturnsResponse');

export const acquireReturnsEndpoints = {
  returns: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/returns',
    params: AppParams,
    response: AcquireReturnsResponse,
  }),
  questReturns: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/quests/:questId/returns',
    params: QuestParams,
    response: QuestReturnsResponse,
  }),
};
