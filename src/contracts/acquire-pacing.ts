/**
 * Acquire's spend and pacing (docs/acquire.md §Spend and pacing): what the app's quests were charged today against the
 * daily budget, each quest's spend per UTC hour today and per UTC day for 30 days against its daily cap, and when the
 * cap (or the budget) is reached at today's pace. Money in US dollars, times in ISO 8601 (UTC).
 *
 *   GET /api/app/:appId/acquire/pacing                      → AcquirePacingResponse (viewer)
 *   GET /api/app/:appId/acquire/quests/:questId/spend       → QuestSpendResponse    (viewer)
 */
import * as t from 'io-ts';
import { AppParams, nullable, struct } from './codecs';
import { endpoint } from './endpoint';
import { QuestParams } from './acquire';

/** Days the quest's daily chart covers, today included. */
export const SPEND_CHART_DAYS = 30;
/** Spending faster than the day: the share of the budget spent exceeds the share of the day gone by more than this. */
export const FAST_PACE_RATIO = 1.1;

/**
 * The app's pace against its daily budget today:
 *   no_budget  the target's daily budget is 0 (not set)
 *   idle       nothing charged yet today
 *   on_pace    spent share ≤ FAST_PACE_RATIO × the share of the day gone
 *   fast       spending faster than the day: the budget runs out before midnight UTC at today's pace
 *   spent      today's charges reached the budget
 */
export const Pace = t.keyof({ no_budget: null, idle: null, on_pace: null, fast: null, spent: null }, 'Pace');
export type Pace = t.TypeOf<typeof Pace>;

const QuestRunStatus = t.keyof({ DRAFT: null, LIVE: null, CAPPED: null, STOPPED: null }, 'QuestRunStatus');

export const QuestPacing = struct(
  {
    id: t.string,
    name: t.string,
    status: QuestRunStatus,
    dailyCap: t.number,
    spentToday: t.number,
    completionsToday: t.number,
    /** Completed steps counted but not charged today, because the cap was reached. */
    overCapToday: t.number,
    /** When today's charges reach the cap at today's pace; null when capped, idle, not live or not before midnight. */
    projectedCapAt: nullable(t.string),
  },
  {},
  'QuestPacing',
);
export type QuestPacing = t.TypeOf<typeof QuestPacing>;

export const AcquirePacing = struct(
  {
    now: t.string,
    /** The share of today's UTC day gone by, 0–1. */
    dayProgress: t.number,
    dailyBudget: t.number,
    spentToday: t.number,
    pace: Pace,
    /** When today's charges reach the budget at today's pace (pace `fast` only). */
    budgetRunsOutAt: nullable(t.string),
    /** Quests live or charged today, most spent first. */
    quests: t.array(QuestPacing),
  },
  {},
  'AcquirePacing',
);
export type AcquirePacing = t.TypeOf<typeof AcquirePacing>;

/** One hour or one day of a quest: completed steps, those counted over the cap, and the charged spend. */
export const SpendBucket = struct(
  { at: t.string, completions: t.number, overCap: t.number, spend: t.number },
  {},
  'SpendBucket',
);
export type SpendBucket = t.TypeOf<typeof SpendBucket>;

export const QuestSpend = struct(
  {
    /** The server's time of the answer (today's hours after it are still to come). */
    now: t.string,
    pacing: QuestPacing,
    /** Today's 24 UTC hours, oldest first (hours still to come are zero). */
    hours: t.array(SpendBucket),
    /** The last SPEND_CHART_DAYS UTC days, today last. */
    days: t.array(SpendBucket),
  },
  {},
  'QuestSpend',
);
export type QuestSpend = t.TypeOf<typeof QuestSpend>;

export const AcquirePacingResponse = struct({ success: t.boolean, data: AcquirePacing }, {}, 'AcquirePacingResponse');
export const QuestSpendResponse = struct({ success: t.boolean, data: QuestSpend }, {}, 'QuestSpendResponse');

export const acquirePacingEndpoints = {
  pacing: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/pacing',
    params: AppParams,
    response: AcquirePacingResponse,
  }),
  questSpend: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/quests/:questId/spend',
    params: QuestParams,
    response: QuestSpendResponse,
  }),
};

/**
 * When a total reaches `limit` at the pace it grew since `since` (ms epoch), or null when it already has, nothing was
 * spent, or not before `until`.
 */
export function projectedAt(spent: number, limit: number, since: number, now: number, until: number): number | null {
  if (spent <= 0 || spent >= limit || now <= since) return null;
  const at = since + ((now - since) * limit) / spent;
  return at < until ? at : null;
}

/** The app's pace: the share of the budget spent against the share of the UTC day gone by. */
export function paceOf(budgetCents: number, spentCents: number, dayProgress: number): Pace {
  if (budgetCents <= 0) return 'no_budget';
  if (spentCents >= budgetCents) return 'spent';
  if (spentCents <= 0) return 'idle';
  return spentCents / budgetCents > FAST_PACE_RATIO * dayProgress ? 'fast' : 'on_pace';
}
