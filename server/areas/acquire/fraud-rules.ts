/**
 * The fraud rules of a completion (docs/acquire.md §Fraud holds), asked by recordStepCompletion inside the
 * completion's transaction (the quest row is locked there, so a quest's completions are judged one after another):
 * too fast from the player's start, a device id or client address shared by too many players of the quest, a replayed
 * postback, a burst from one media source. Two statements per completion: one read gathering every rule's facts, one
 * write keeping them up to date (the step's time histogram only from completions that are not held).
 */
import { sql } from 'kysely';
import {
  FRAUD_ADDRESS_PLAYERS,
  FRAUD_BURST_BASELINE_MINUTES,
  FRAUD_BURST_FACTOR,
  FRAUD_BURST_FLOOR_PER_MINUTE,
  FRAUD_BUCKETS,
  FRAUD_DEVICE_PLAYERS,
  FRAUD_SHARING_WINDOW_HOURS,
  bucketOf,
  tooFastUnder,
  type HoldEvidence,
  type HoldReason,
} from '../../../src/contracts/acquire-fraud';
import type { ServerContext } from '../../context';

const MINUTE_MS = 60_000;
/** A completion without a media source counts under this one. */
export const NO_MEDIA_SOURCE = '(none)';

export interface FraudFacts {
  appId: string;
  questId: string;
  playerId: string;
  stepIndex: number;
  eventName: string;
  /** When the completion arrived, and when the player started the quest. */
  at: Date;
  startedAt: Date;
  deviceId: string | null;
  clientAddress: string | null;
  mediaSource: string | null;
  /** The partner's event time and the postback's id (replays). */
  eventTime: Date | null;
  postbackId: string | null;
  /** The player's earlier completions and open holds of the quest (from the caller's own lookup). */
  earlier: readonly {
    stepIndex: number;
    eventName: string;
    eventTime: Date | null;
    postbackId: string | null;
    holdStatus: string | null;
  }[];
}

export interface Verdict {
  reason: HoldReason;
  evidence: HoldEvidence;
}

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/** The first rule a completion breaks (in the order of docs/acquire.md §Fraud holds), or null. */
export async function judgeCompletion(tx: ServerContext, f: FraudFacts): Promise<Verdict | null> {
  const source = f.mediaSource ?? NO_MEDIA_SOURCE;
  // When the player did it: the partner's event time when the postback carries one, else its arrival.
  const didAt = f.eventTime ?? f.at;
  const minute = minuteOf(didAt);
  const seconds = Math.max(0, (didAt.getTime() - f.startedAt.getTime()) / 1000);
  const since = new Date(f.at.getTime() - FRAUD_SHARING_WINDOW_HOURS * 3_600_000);
  const baselineFrom = new Date(minute.getTime() - FRAUD_BURST_BASELINE_MINUTES * MINUTE_MS);
  const verdict = await (async (): Promise<Verdict | null> => {
    // An earlier step held or rejected: every later step of the player waits with it.
    const open = f.earlier.find((e) => e.holdStatus === 'held' || e.holdStatus === 'rejected');
    if (open)
      return {
        reason: 'player_held',
        evidence: { 'held step': open.stepIndex + 1, 'its status': open.holdStatus },
      };
    // The same event of the player at the same partner event time, under another postback id.
    const replayed =
      f.eventTime &&
      f.earlier.find(
        (e) =>
          e.eventName === f.eventName &&
          e.eventTime?.getTime() === f.eventTime!.getTime() &&
          e.postbackId !== f.postbackId,
      );
    if (replayed)
      return {
        reason: 'replay',
        evidence: {
          'event time': f.eventTime!.toISOString(),
          'first postback': replayed.postbackId,
          'this postback': f.postbackId,
          'first completed step': replayed.stepIndex + 1,
        },
      };
    return null;
  })();
  if (verdict) {
    await remember(tx, f, source, minute, null);
    return verdict;
  }
  const facts = await sql<{
    timing: [number, number][] | string;
    device_others: string;
    address_others: string;
    baseline: string;
    this_minute: string;
  }>`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(bucket, completions)), '[]'::json) FROM quest_step_timing
        WHERE quest_id = ${f.questId} AND step_index = ${f.stepIndex}) AS timing,
      (SELECT count(*) FROM quest_fraud_signals WHERE quest_id = ${f.questId} AND kind = 'device'
        AND value = ${f.deviceId ?? ''} AND player_id <> ${f.playerId} AND at > ${since}) AS device_others,
      (SELECT count(*) FROM quest_fraud_signals WHERE quest_id = ${f.questId} AND kind = 'address'
        AND value = ${f.clientAddress ?? ''} AND player_id <> ${f.playerId} AND at > ${since}) AS address_others,
      (SELECT coalesce(sum(completions), 0) FROM acquire_source_minutes WHERE app_id = ${f.appId}
        AND media_source = ${source} AND minute >= ${baselineFrom} AND minute < ${minute}) AS baseline,
      (SELECT coalesce(sum(completions), 0) FROM acquire_source_minutes WHERE app_id = ${f.appId}
        AND media_source = ${source} AND minute = ${minute}) AS this_minute
  `.execute(tx.db);
  const row = facts.rows[0]!;
  const result = ((): Verdict | null => {
    const timing = typeof row.timing === 'string' ? (JSON.parse(row.timing) as [number, number][]) : row.timing;
    const histogram = Array.from({ length: FRAUD_BUCKETS }, () => 0);
    for (const [bucket, n] of timing) histogram[bucket] = n;
    const under = tooFastUnder(histogram);
    if (seconds < under.seconds)
      return {
        reason: 'too_fast',
        evidence: {
          'seconds from start': Math.round(seconds * 10) / 10,
          'too fast under (seconds)': Math.round(under.seconds * 10) / 10,
          'earlier completions of the step': under.sample,
        },
      };
    const deviceOthers = Number(row.device_others);
    if (f.deviceId && deviceOthers >= FRAUD_DEVICE_PLAYERS)
      return {
        reason: 'shared_device',
        evidence: {
          'device id': f.deviceId,
          [`other players in ${FRAUD_SHARING_WINDOW_HOURS} h`]: deviceOthers,
          'players allowed': FRAUD_DEVICE_PLAYERS,
        },
      };
    const addressOthers = Number(row.address_others);
    if (f.clientAddress && addressOthers >= FRAUD_ADDRESS_PLAYERS)
      return {
        reason: 'shared_address',
        evidence: {
          'client address': f.clientAddress,
          [`other players in ${FRAUD_SHARING_WINDOW_HOURS} h`]: addressOthers,
          'players allowed': FRAUD_ADDRESS_PLAYERS,
        },
      };
    const usual = Number(row.baseline) / FRAUD_BURST_BASELINE_MINUTES;
    const thisMinute = Number(row.this_minute) + 1;
    const limit = Math.max(FRAUD_BURST_FLOOR_PER_MINUTE, FRAUD_BURST_FACTOR * usual);
    if (thisMinute > limit)
      return {
        reason: 'source_burst',
        evidence: {
          'media source': source,
          'completions this minute': thisMinute,
          'usual per minute': Math.round(usual * 100) / 100,
          'burst above': Math.round(limit * 100) / 100,
        },
      };
    return null;
  })();
  await remember(tx, f, source, minute, result === null ? bucketOf(seconds) : null);
  return result;
}

/** Keeps the rules' facts: the player's device and address, the source's minute, the step's time (when not held). */
async function remember(tx: ServerContext, f: FraudFacts, source: string, minute: Date, bucket: number | null) {
  const signals = [
    ...(f.deviceId ? [sql`(${f.questId}, 'device', ${f.deviceId}, ${f.playerId}, ${f.at})`] : []),
    ...(f.clientAddress ? [sql`(${f.questId}, 'address', ${f.clientAddress}, ${f.playerId}, ${f.at})`] : []),
  ];
  await sql`
    WITH minute AS (
      INSERT INTO acquire_source_minutes (app_id, media_source, minute, completions)
      VALUES (${f.appId}, ${source}, ${minute}, 1)
      ON CONFLICT (app_id, media_source, minute) DO UPDATE SET completions = acquire_source_minutes.completions + 1
      RETURNING 1
    )${
      signals.length
        ? sql`, signals AS (
      INSERT INTO quest_fraud_signals (quest_id, kind, value, player_id, at) VALUES ${sql.join(signals)}
      ON CONFLICT (quest_id, kind, value, player_id) DO NOTHING RETURNING 1
    )`
        : sql``
    }${
      bucket !== null
        ? sql`, timing AS (
      INSERT INTO quest_step_timing (quest_id, step_index, bucket, completions)
      VALUES (${f.questId}, ${f.stepIndex}, ${bucket}, 1)
      ON CONFLICT (quest_id, step_index, bucket) DO UPDATE SET completions = quest_step_timing.completions + 1
      RETURNING 1
    )`
        : sql``
    }
    SELECT 1`.execute(tx.db);
}
