/**
 * A believable crowd of Questboard players played through the LIVE quests of an app on a running server, through the
 * real doors only (nothing is written to the database directly):
 *  - views and starts go to the s2s endpoint with an s2s API key of the app: the one given, else the simulator's own
 *    key of that server and app kept in its key file (DATA_DIR/players-simulate-keys.json) while the app lists it as
 *    active, else a new one created as the admin and kept there, so runs after the first make no further key;
 *  - each completed step is an AppsFlyer in-app postback to the app's postback URL carrying af_sub3 = quest id and
 *    af_sub1 = player id, with an event_value that meets the step's condition; each start carries the player's
 *    country (one of the quest's, at random), so payouts by country apply.
 * About 60 % of viewers start; each started player goes on to the next step with 75 % chance, each step reported
 * 1.5–6 minutes after the previous one (the partner's event time), from one of a few media sources. With `fraud`,
 * each quest also gets the generated crowd's fraudulent players of those kinds (server/demo/crowd.ts), whose
 * completions the fraud rules hold (docs/acquire.md §Fraud holds). Deterministic for a seed. Used by `npm run players:simulate` and, once, by a fresh `npm start` (server/main.ts), so the demo's quests
 * show real numbers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mulberry32 } from '../analytics/generator';
import { maskedKey } from '../../src/contracts/app-settings';
import { API_KEY_PREFIX_LENGTH } from '../areas/apps/index';
import { generateCrowd, type FraudKind } from './crowd';

/** The honest players' media sources, in turn (the burst rule counts each source apart). */
const HONEST_SOURCES = ['meta_ads', 'google_ads', 'unity_ads', 'applovin'];

export interface SimulateOptions {
  url: string;
  appId: string;
  players: number;
  seed: number;
  email: string;
  password: string;
  key?: string;
  /** Where the simulator keeps its s2s key per server and app (JSON); absent: a new key each run. */
  keyFile?: string;
  /** Fraud kinds to inject after the honest players of each quest (server/demo/crowd.ts). */
  fraud?: readonly FraudKind[];
  log: (line: string) => void;
}

type KeyFile = Record<string, string>;
const readKeyFile = (file: string): KeyFile => {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as KeyFile) : {};
  } catch {
    return {};
  }
};
function keepKey(file: string, label: string, key: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...readKeyFile(file), [label]: key }, null, 2)}\n`, { mode: 0o600 });
}

function jsonClient(base: string) {
  return async function json<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
    const body = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${body.message ?? ''}`);
    return body;
  };
}

interface Step {
  eventName: string;
  condition: { param: string; op: string; value: string } | null;
}
interface Quest {
  id: string;
  active: { name: string; status: string; steps?: Step[]; countries?: string[] } | null;
}

/** A value that meets the condition (numbers a little above a ≥ bound, below a ≤ bound). */
function valueFor(step: Step, rand: () => number): Record<string, string> {
  const c = step.condition;
  if (!c) return {};
  const n = Number(c.value);
  if (c.op === 'gte' && Number.isFinite(n)) return { [c.param]: String(n + Math.floor(rand() * 3)) };
  if (c.op === 'lte' && Number.isFinite(n)) return { [c.param]: String(Math.max(0, n - Math.floor(rand() * 3))) };
  if (c.op === 'neq') return { [c.param]: `${c.value}-other` };
  return { [c.param]: c.value };
}

export async function simulatePlayers(
  options: SimulateOptions,
): Promise<{ views: number; starts: number; steps: number; fraudPlayers: number }> {
  const { appId, log } = options;
  const base = options.url.replace(/\/$/, '');
  const rand = mulberry32(options.seed);
  const json = jsonClient(base);
  const signIn = await json<{ token: string }>('/api/auth/sign-in', {
    method: 'POST',
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  const token = signIn.token;
  let key = options.key;
  if (!key) {
    const app = (
      await json<{ data: Record<string, unknown> & { apiKeys?: { key: string; type: string; status: string }[] } }>(
        `/api/app/${appId}`,
        { token },
      )
    ).data;
    const label = `${base} ${appId}`;
    const kept = options.keyFile ? readKeyFile(options.keyFile)[label] : undefined;
    const stillActive =
      kept &&
      (app.apiKeys ?? []).some(
        (k) => k.type === 's2s' && k.status === 'active' && k.key === maskedKey(kept.slice(0, API_KEY_PREFIX_LENGTH)),
      );
    if (kept && stillActive) {
      key = kept;
      log(
        `Using the simulator's s2s API key of ${appId} (${key.slice(0, API_KEY_PREFIX_LENGTH)}…, kept in ${options.keyFile})`,
      );
    } else {
      const made = await json<{ createdKey: string }>(`/api/app/${appId}/api-keys`, {
        method: 'POST',
        token,
        body: JSON.stringify({ ...app, apiKeys: [...(app.apiKeys ?? []), { key: '', type: 's2s', status: 'active' }] }),
      });
      key = made.createdKey;
      if (options.keyFile) keepKey(options.keyFile, label, key);
      log(
        `Created an s2s API key for ${appId} (${key.slice(0, API_KEY_PREFIX_LENGTH)}…; the API Keys tab lists it${options.keyFile ? `; kept for the next runs in ${options.keyFile}` : ''})`,
      );
    }
  }
  const postbackUrl = (await json<{ url: string }>(`/api/app/${appId}/postbacks/appsflyer/url`, { token })).url;
  const quests = (await json<{ data: Quest[] }>(`/api/app/${appId}/acquire/quests`, { token })).data.filter(
    (q) => q.active?.status === 'LIVE' || q.active?.status === 'CAPPED',
  );
  if (quests.length === 0) log('No live quests: publish one first.');
  const run = `${Date.now().toString(36)}`;
  const totals = { views: 0, starts: 0, steps: 0, fraudPlayers: 0 };
  const send = async (fields: Record<string, string | null>) => {
    const url = new URL(postbackUrl.replace(/^https?:\/\/[^/]+/, base));
    for (const [k, v] of Object.entries(fields)) if (v !== null) url.searchParams.set(k, v);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`postback answered ${res.status}: ${await res.text()}`);
    totals.steps++;
  };
  /** AppsFlyer's event_time: UTC, to the millisecond. */
  const eventTime = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 23);
  for (const quest of quests) {
    const steps = quest.active?.steps ?? [];
    // The player's country, one of the quest's (the start carries it: payouts by country apply to it).
    const countries = quest.active?.countries ?? [];
    const s2s = (playerId: string, kind: 'view' | 'start', country: string | undefined) =>
      json(`/api/s2s/${appId}/quest-events`, {
        method: 'POST',
        headers: { 'x-questboard-key': key! },
        body: JSON.stringify({
          eventId: `${playerId}-${quest.id}-${kind}`,
          questId: quest.id,
          playerId,
          kind,
          ...(kind === 'start' && country ? { country } : {}),
        }),
      });
    for (let p = 0; p < options.players; p++) {
      const playerId = `sim-${run}-${p}`;
      const country = countries[Math.floor(rand() * countries.length)];
      await s2s(playerId, 'view', country);
      totals.views++;
      if (rand() > 0.6) continue;
      await s2s(playerId, 'start', country);
      totals.starts++;
      // When the player does each step, as the partner reports it: players spread 20 s apart, each step 1.5–6
      // minutes after the previous one (so the fraud rules see an honest pace: docs/acquire.md §Fraud holds).
      let at = Date.now() + p * 20_000;
      for (const [i, step] of steps.entries()) {
        if (i > 0 && rand() > 0.75) break;
        at += (90 + Math.floor(rand() * 270)) * 1000;
        await send({
          event_name: step.eventName,
          event_value: JSON.stringify(valueFor(step, rand)),
          event_time: eventTime(at),
          idfa: `00000000-0000-4000-8000-${(run + String(p).padStart(4, '0')).slice(-12).padStart(12, '0')}`,
          appsflyer_id: `${playerId}-${i}`,
          media_source: HONEST_SOURCES[p % HONEST_SOURCES.length]!,
          af_sub1: playerId,
          af_sub2: appId,
          af_sub3: quest.id,
        });
      }
    }
    log(`${quest.active?.name}: played by ${options.players} players`);
    if (!options.fraud?.length) continue;
    // The injected fraud (server/demo/crowd.ts): each player's steps at the crowd's times from its own start.
    const crowd = generateCrowd({
      seed: options.seed,
      steps,
      honest: 0,
      fraud: options.fraud,
      from: new Date(),
      prefix: `sim-${run}-${quest.id.slice(0, 8)}`,
    });
    for (const player of crowd) {
      const country = countries[0];
      await s2s(player.playerId, 'view', country);
      await s2s(player.playerId, 'start', country);
      const startedAt = Date.now();
      for (const pb of player.postbacks)
        await send({
          event_name: pb.eventName,
          event_value: JSON.stringify(valueFor(steps[pb.stepIndex]!, rand)),
          event_time: eventTime(startedAt + pb.eventTime.getTime() - player.startAt.getTime()),
          idfa: pb.deviceId,
          appsflyer_id: pb.postbackId,
          ip: pb.clientAddress,
          media_source: pb.mediaSource,
          af_sub1: player.playerId,
          af_sub2: appId,
          af_sub3: quest.id,
        });
    }
    totals.fraudPlayers += crowd.length;
    log(`${quest.active?.name}: ${crowd.length} fraudulent players (${options.fraud.join(', ')})`);
  }
  log(
    `Done: ${totals.views} views, ${totals.starts} starts, ${totals.steps} step postbacks (charged within each quest's daily cap${totals.fraudPlayers ? `; ${totals.fraudPlayers} fraudulent players, whose completions the fraud rules hold: Acquire → Held completions` : ''}).`,
  );
  return totals;
}
