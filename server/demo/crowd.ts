/**
 * A generated crowd of quest players, honest ones and injected fraud (docs/acquire.md §Fraud holds): for each player
 * when it starts, and for each step the postback it sends (the event time the partner reports, the device id, the
 * client address, the media source). Deterministic for a seed. `npm run players:simulate --fraud` plays it through a
 * server's doors; tests/server/acquire-fraud-holds.test.ts plays it through recordStepCompletion.
 *
 * Honest players: a device and an address of their own, one of a few media sources, starts a minute apart, each step
 * 1.5–6 minutes after the previous one (bounded, so the honest 1st percentile stays far from a fraud's seconds).
 * Fraud kinds (FRAUD_KINDS), each a few players after the honest ones:
 *   too_fast        six players, each step 1–3 seconds after the previous one
 *   shared_device   FRAUD_DEVICE_PLAYERS + 2 players on one device id
 *   shared_address  FRAUD_ADDRESS_PLAYERS + 2 players on one client address
 *   replay          a player's step sent again under a new postback id, same event and event time, where the next
 *                   step has the same event (the only replay that could be charged)
 *   source_burst    BURST_PLAYERS players of one new media source completing within one minute
 */
import { mulberry32 } from '../analytics/generator';
import {
  FRAUD_ADDRESS_PLAYERS,
  FRAUD_BURST_FLOOR_PER_MINUTE,
  FRAUD_DEVICE_PLAYERS,
} from '../../src/contracts/acquire-fraud';

export const FRAUD_KINDS = ['too_fast', 'shared_device', 'shared_address', 'replay', 'source_burst'] as const;
export type FraudKind = (typeof FRAUD_KINDS)[number];

export interface CrowdStep {
  eventName: string;
}
export interface CrowdPostback {
  stepIndex: number;
  eventName: string;
  /** Unique per delivery (a replay has a new one). */
  postbackId: string;
  eventTime: Date;
  deviceId: string;
  clientAddress: string;
  mediaSource: string;
}
export interface CrowdPlayer {
  playerId: string;
  /** null: honest. */
  fraud: FraudKind | null;
  startAt: Date;
  postbacks: CrowdPostback[];
}

const HONEST_SOURCES = ['meta_ads', 'google_ads', 'unity_ads', 'applovin'];
/** Enough that, split over two minutes by a slow sender, one minute still passes the floor. */
export const BURST_PLAYERS = 2 * FRAUD_BURST_FLOOR_PER_MINUTE + 5;
const MINUTE = 60_000;

/** Seconds a step takes after the previous one (or the start): 90–360 s. */
const stepSeconds = (rand: () => number) => 90 + Math.floor(rand() * 270);

export function generateCrowd(options: {
  seed: number;
  steps: readonly CrowdStep[];
  honest: number;
  fraud: readonly FraudKind[];
  /** When the first player starts. */
  from: Date;
  /** Prefix of player ids (unique per run). */
  prefix: string;
}): CrowdPlayer[] {
  const rand = mulberry32(options.seed);
  const { steps, prefix } = options;
  const players: CrowdPlayer[] = [];
  let n = 0;
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const play = (
    fraud: FraudKind | null,
    startAt: Date,
    look: { deviceId?: string; clientAddress?: string; mediaSource?: string },
    timing: (stepIndex: number) => number,
    upTo = steps.length,
  ): CrowdPlayer => {
    const i = n++;
    const playerId = `${prefix}-${fraud ?? 'p'}-${i}`;
    let at = startAt.getTime();
    const postbacks: CrowdPostback[] = [];
    for (let s = 0; s < upTo; s++) {
      at += timing(s) * 1000;
      postbacks.push({
        stepIndex: s,
        eventName: steps[s]!.eventName,
        postbackId: `${playerId}-${s}`,
        eventTime: new Date(at),
        deviceId: look.deviceId ?? `dev-${prefix}-${i}`,
        clientAddress: look.clientAddress ?? address(i + 1),
        mediaSource: look.mediaSource ?? HONEST_SOURCES[Math.floor(rand() * HONEST_SOURCES.length)]!,
      });
    }
    const player = { playerId, fraud, startAt, postbacks };
    players.push(player);
    return player;
  };
  const from = options.from.getTime();
  for (let i = 0; i < options.honest; i++) play(null, new Date(from + i * MINUTE), {}, () => stepSeconds(rand));
  // The fraud comes after the honest crowd has played (the speed rule needs the honest history).
  let later = from + (options.honest + 10) * MINUTE;
  const next = (gap = MINUTE) => new Date((later += gap));
  for (const kind of options.fraud) {
    switch (kind) {
      case 'too_fast':
        for (let k = 0; k < 6; k++) play(kind, next(), {}, () => 1 + Math.floor(rand() * 3));
        break;
      case 'shared_device':
        for (let k = 0; k < FRAUD_DEVICE_PLAYERS + 2; k++)
          play(kind, next(), { deviceId: `dev-${prefix}-farm` }, () => stepSeconds(rand), 1);
        break;
      case 'shared_address':
        for (let k = 0; k < FRAUD_ADDRESS_PLAYERS + 2; k++)
          play(kind, next(), { clientAddress: '203.0.113.7' }, () => stepSeconds(rand), 1);
        break;
      case 'replay': {
        const pair = steps.findIndex((s, i) => i > 0 && steps[i - 1]!.eventName === s.eventName);
        if (pair < 0) break;
        // Plays up to the first of the two steps, then sends that postback again with a new id.
        const player = play(kind, next(), {}, () => stepSeconds(rand), pair);
        const first = player.postbacks[pair - 1]!;
        player.postbacks.push({ ...first, stepIndex: pair, postbackId: `${first.postbackId}-replayed` });
        break;
      }
      case 'source_burst': {
        // Players started together, all completing step 1 five minutes later within one minute from one new source.
        const minute = Math.ceil(next(10 * MINUTE).getTime() / MINUTE) * MINUTE;
        const startAt = new Date(minute - 5 * MINUTE);
        for (let k = 0; k < BURST_PLAYERS; k++)
          play(kind, startAt, { mediaSource: 'burst_network' }, () => 5 * 60 + k, 1);
        break;
      }
    }
  }
  return players;
}
