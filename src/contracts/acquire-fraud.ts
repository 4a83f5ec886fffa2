/**
 * Acquire's fraud holds (docs/acquire.md §Fraud holds): completions that look fake are held, not charged, until an
 * editor releases (charged once) or rejects them (never charged, counted apart). The rules' numbers live here so the
 * server, the docs' tests and the simulator share them.
 *
 *   GET  /api/app/:appId/acquire/holds                     HoldsQuery (status, cursor)  (viewer) → HoldsPage
 *   POST /api/app/:appId/acquire/holds/:holdId/release                                  (editor) → HoldDecision
 *   POST /api/app/:appId/acquire/holds/:holdId/reject                                   (editor) → HoldDecision
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { AppParams, Id, MAX, line, nullable, struct } from './codecs';
import { endpoint } from './endpoint';

/** Too fast: a step's time from the player's start under half the step's 1st percentile, and never under the floor. */
export const FRAUD_SPEED_FLOOR_SECONDS = 10;
/** The percentile rule waits for this many earlier (not held) completions of the step. */
export const FRAUD_SPEED_MIN_SAMPLE = 100;
/** The percentile compared with (1st) and the share of it under which a step is too fast. */
export const FRAUD_SPEED_PERCENTILE = 0.01;
export const FRAUD_SPEED_MARGIN = 0.5;
/** One device id carried by completions of more than this many players of a quest (within the window). */
export const FRAUD_DEVICE_PLAYERS = 3;
/** One client address carried by completions of more than this many players of a quest (within the window). */
export const FRAUD_ADDRESS_PLAYERS = 10;
/** The window the device and address rules count players in. */
export const FRAUD_SHARING_WINDOW_HOURS = 24;
/** A media source's completions in one minute above max(floor, factor × its usual rate per minute) are a burst. */
export const FRAUD_BURST_FLOOR_PER_MINUTE = 20;
export const FRAUD_BURST_FACTOR = 10;
/** The usual rate: the source's completions per minute over this many minutes before the current one. */
export const FRAUD_BURST_BASELINE_MINUTES = 60;
/** Holds of an app within an hour from which the "burst of holds" alert is raised (once per app and hour). */
export const FRAUD_HOLDS_ALERT = 10;
/** Holds per page of the review list. */
export const HOLDS_PAGE_SIZE = 25;

/**
 * Why a completion is held:
 *   too_fast        the step came faster from the player's start than is physically plausible
 *   shared_device   the device id is carried by too many players of the quest
 *   shared_address  the client address is carried by too many players of the quest
 *   replay          the same event of the player arrived again under a new postback id
 *   source_burst    the media source sent far more completions this minute than usual
 *   player_held     an earlier step of the player is held or rejected
 */
export const HoldReason = t.keyof(
  {
    too_fast: null,
    shared_device: null,
    shared_address: null,
    replay: null,
    source_burst: null,
    player_held: null,
  },
  'HoldReason',
);
export type HoldReason = t.TypeOf<typeof HoldReason>;
export const HOLD_REASONS = Object.keys(HoldReason.keys) as HoldReason[];

export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  too_fast: 'Too fast',
  shared_device: 'Shared device',
  shared_address: 'Shared address',
  replay: 'Replayed postback',
  source_burst: 'Media source burst',
  player_held: 'Earlier step held',
};

export const HoldStatus = t.keyof({ held: null, released: null, rejected: null }, 'HoldStatus');
export type HoldStatus = t.TypeOf<typeof HoldStatus>;

/** The evidence of a hold: the facts its rule compared, as short labelled values (times shown in UTC, the rest as they are). */
export const HoldEvidence = t.record(t.string, t.union([t.string, t.number, t.null]));
export type HoldEvidence = t.TypeOf<typeof HoldEvidence>;

export const Hold = struct(
  {
    id: t.string,
    questId: t.string,
    questName: t.string,
    playerId: t.string,
    stepIndex: t.number,
    eventName: t.string,
    /** The payout (US dollars) charged if released. */
    payout: t.number,
    reason: HoldReason,
    evidence: HoldEvidence,
    status: HoldStatus,
    /** When the completion arrived (ISO 8601). */
    completedAt: t.string,
    decidedBy: nullable(t.string),
    decidedAt: nullable(t.string),
  },
  {},
  'Hold',
);
export type Hold = t.TypeOf<typeof Hold>;

export const HoldsQuery = struct({}, { status: HoldStatus, cursor: line(MAX.token) }, 'HoldsQuery');
export type HoldsQuery = t.TypeOf<typeof HoldsQuery>;

export const HoldCounts = struct({ held: t.number, released: t.number, rejected: t.number }, {}, 'HoldCounts');
export type HoldCounts = t.TypeOf<typeof HoldCounts>;

export const HoldsPage = struct(
  { success: t.literal(true), holds: t.array(Hold), nextCursor: nullable(t.string), counts: HoldCounts },
  {},
  'HoldsPage',
);
export type HoldsPage = t.TypeOf<typeof HoldsPage>;

export const HoldParams = struct({ appId: Id, holdId: line(32, { name: 'HoldId' }) }, {}, 'HoldParams');

export const HoldDecision = struct(
  { success: t.literal(true), message: t.string, hold: Hold, counts: HoldCounts },
  {},
  'HoldDecision',
);
export type HoldDecision = t.TypeOf<typeof HoldDecision>;

export const ALREADY_DECIDED = 'This completion was already decided.';

export const acquireFraudEndpoints = {
  holds: endpoint({
    method: 'GET',
    path: '/api/app/:appId/acquire/holds',
    params: AppParams,
    query: HoldsQuery,
    response: HoldsPage,
  }),
  release: endpoint({
    method: 'POST',
    path: '/api/app/:appId/acquire/holds/:holdId/release',
    params: HoldParams,
    response: HoldDecision,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/app/:appId/acquire/holds/:holdId/reject',
    params: HoldParams,
    response: HoldDecision,
  }),
};

// ------------------------------------------------------------------------------------------------ the speed rule

/** Time-from-start histogram: bucket i holds times in [FRAUD_BUCKET_BASE^i − 1, FRAUD_BUCKET_BASE^(i+1) − 1) seconds. */
export const FRAUD_BUCKETS = 100;
export const FRAUD_BUCKET_BASE = 1.2;
export const bucketOf = (seconds: number) =>
  Math.min(
    FRAUD_BUCKETS - 1,
    Math.max(0, Math.floor(Math.log(Math.max(0, seconds) + 1) / Math.log(FRAUD_BUCKET_BASE))),
  );
const bucketStart = (i: number) => FRAUD_BUCKET_BASE ** i - 1;

/**
 * The seconds under which a step is too fast: none (0) until FRAUD_SPEED_MIN_SAMPLE completions of the step are known,
 * then the larger of the floor and half the 1st percentile (the lower edge of its bucket, so never above it).
 */
export function tooFastUnder(histogram: readonly number[] | null): { seconds: number; sample: number } {
  const sample = (histogram ?? []).reduce((sum, n) => sum + n, 0);
  if (!histogram || sample < FRAUD_SPEED_MIN_SAMPLE) return { seconds: 0, sample };
  const rank = Math.ceil(sample * FRAUD_SPEED_PERCENTILE);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= rank)
      return { seconds: Math.max(FRAUD_SPEED_FLOOR_SECONDS, bucketStart(i) * FRAUD_SPEED_MARGIN), sample };
  }
  return { seconds: FRAUD_SPEED_FLOOR_SECONDS, sample };
}
