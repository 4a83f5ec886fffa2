/**
 * Fraud holds (docs/acquire.md §Fraud holds, server/areas/acquire/fraud-rules.ts and holds.ts), with a generated crowd
 * (server/demo/crowd.ts): 1,000 honest players are never held; every injected fraud kind is; a held completion is not
 * charged nor counted; release charges it exactly once (also when two editors release at the same time), reject
 * never charges it and is counted apart; each decision is an activity entry; a burst of holds is a notification;
 * viewers read the list and cannot decide.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { recordStepCompletion, type StepOutcome } from '../../server/areas/acquire/acquire';
import { BURST_PLAYERS, FRAUD_KINDS, generateCrowd, type CrowdPlayer } from '../../server/demo/crowd';
import {
  ALREADY_DECIDED,
  FRAUD_ADDRESS_PLAYERS,
  FRAUD_BURST_FLOOR_PER_MINUTE,
  FRAUD_DEVICE_PLAYERS,
  HOLDS_PAGE_SIZE,
  tooFastUnder,
} from '../../src/contracts/acquire-fraud';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
const tokens = { admin: '', editor: '', viewer: '' };
beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
const HOLDS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/holds`;
const as = (who: keyof typeof tokens, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });

const STEPS = [
  { eventName: 'af_tutorial_completion', payout: 0.5, condition: null },
  { eventName: 'af_purchase', payout: 1, condition: null },
  { eventName: 'af_purchase', payout: 2, condition: null },
];
async function liveQuest(name: string): Promise<string> {
  const res = await as('editor', 'POST', QUESTS, { name, countries: ['US'], dailyCap: 100_000, steps: STEPS });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  expect((await as('editor', 'POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
  return id;
}

/** Plays the crowd: each start stored at its time, then each postback arriving 2 s after its event time. */
async function play(questId: string, players: readonly CrowdPlayer[]): Promise<Map<string, StepOutcome[]>> {
  const outcomes = new Map<string, StepOutcome[]>();
  for (const player of players) {
    await server.db
      .insertInto('quest_player_events')
      .values({
        app_id: ACQUIRE_DEMO_APP,
        event_id: `start-${player.playerId}`,
        quest_id: questId,
        player_id: player.playerId,
        kind: 'start',
        at: player.startAt,
        country: 'US',
      })
      .execute();
    const results: StepOutcome[] = [];
    for (const pb of player.postbacks)
      results.push(
        await recordStepCompletion(server.app.questboard, {
          appId: ACQUIRE_DEMO_APP,
          questId,
          playerId: player.playerId,
          eventName: pb.eventName,
          at: new Date(pb.eventTime.getTime() + 2_000),
          postbackId: pb.postbackId,
          deviceId: pb.deviceId,
          clientAddress: pb.clientAddress,
          mediaSource: pb.mediaSource,
          eventTime: pb.eventTime,
        }),
      );
    outcomes.set(player.playerId, results);
  }
  return outcomes;
}

const holdsOf = (questId: string) =>
  server.db.selectFrom('quest_completion_holds').selectAll().where('quest_id', '=', questId).execute();
const pendingCents = async () =>
  Number(
    (
      await server.db
        .selectFrom('billing_charges')
        .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('c'))
        .where('workspace_id', '=', DEMO_WORKSPACE_ID)
        .executeTakeFirstOrThrow()
    ).c,
  );

describe('the rules, with a generated crowd', () => {
  let questId: string;
  let crowd: CrowdPlayer[];
  let outcomes: Map<string, StepOutcome[]>;
  beforeAll(async () => {
    questId = await liveQuest('Fraud crowd');
    crowd = generateCrowd({
      seed: 7,
      steps: STEPS,
      honest: 1_000,
      fraud: FRAUD_KINDS,
      from: new Date(Date.UTC(2026, 10, 20)),
      prefix: 'crowd',
    });
    outcomes = await play(questId, crowd);
  }, 600_000);

  test('none of the 1,000 honest players is held; each of their steps is charged', async () => {
    const honest = crowd.filter((p) => p.fraud === null);
    expect(honest).toHaveLength(1_000);
    const held = new Set((await holdsOf(questId)).map((h) => h.player_id));
    expect(honest.filter((p) => held.has(p.playerId))).toEqual([]);
    for (const p of honest) expect(outcomes.get(p.playerId)).toEqual(['charged', 'charged', 'charged']);
  });

  test('every injected fraud kind is held, with its reason and evidence', async () => {
    const holds = await holdsOf(questId);
    const byPlayer = new Map(holds.map((h) => [`${h.player_id}:${h.step_index}`, h]));
    const of = (kind: string) => crowd.filter((p) => p.fraud === kind);
    // too fast: every player's first step (the later ones wait with it: player_held)
    for (const p of of('too_fast')) {
      expect(byPlayer.get(`${p.playerId}:0`)?.reason).toBe('too_fast');
      expect(byPlayer.get(`${p.playerId}:1`)?.reason).toBe('player_held');
      expect(outcomes.get(p.playerId)).toEqual(['held', 'held', 'held']);
    }
    // one device: the first FRAUD_DEVICE_PLAYERS pass, the rest are held
    const device = of('shared_device');
    expect(device.map((p) => outcomes.get(p.playerId)![0])).toEqual([
      ...Array(FRAUD_DEVICE_PLAYERS).fill('charged'),
      'held',
      'held',
    ]);
    expect(byPlayer.get(`${device.at(-1)!.playerId}:0`)).toMatchObject({ reason: 'shared_device' });
    expect(byPlayer.get(`${device.at(-1)!.playerId}:0`)!.evidence).toMatchObject({
      'device id': 'dev-crowd-farm',
      'players allowed': FRAUD_DEVICE_PLAYERS,
    });
    const address = of('shared_address');
    expect(address.map((p) => outcomes.get(p.playerId)![0])).toEqual([
      ...Array(FRAUD_ADDRESS_PLAYERS).fill('charged'),
      'held',
      'held',
    ]);
    expect(byPlayer.get(`${address.at(-1)!.playerId}:0`)?.reason).toBe('shared_address');
    // a replay: the first two steps charged, the replayed postback held (it would have completed step 3)
    const [replay] = of('replay');
    expect(outcomes.get(replay!.playerId)).toEqual(['charged', 'charged', 'held']);
    expect(byPlayer.get(`${replay!.playerId}:2`)).toMatchObject({ reason: 'replay', event_name: 'af_purchase' });
    // the burst: the source's first FRAUD_BURST_FLOOR_PER_MINUTE completions of the minute pass, the rest are held
    const burst = of('source_burst').map((p) => outcomes.get(p.playerId)![0]);
    expect(burst.filter((o) => o === 'charged')).toHaveLength(FRAUD_BURST_FLOOR_PER_MINUTE);
    expect(burst.filter((o) => o === 'held')).toHaveLength(BURST_PLAYERS - FRAUD_BURST_FLOOR_PER_MINUTE);
    expect(holds.filter((h) => h.reason === 'source_burst')[0]!.evidence).toMatchObject({
      'media source': 'burst_network',
    });
  });

  test('held completions are not charged nor counted in spend or step counts', async () => {
    const holds = await holdsOf(questId);
    const completions = await server.db
      .selectFrom('quest_step_completions')
      .select(['player_id', 'step_index'])
      .where('quest_id', '=', questId)
      .execute();
    const done = new Set(completions.map((c) => `${c.player_id}:${c.step_index}`));
    expect(holds.filter((h) => done.has(`${h.player_id}:${h.step_index}`))).toEqual([]);
    const counts = await server.db
      .selectFrom('quest_step_counts')
      .select(['step_index', 'players'])
      .where('quest_id', '=', questId)
      .orderBy('step_index')
      .execute();
    for (const c of counts) expect(c.players).toBe(completions.filter((x) => x.step_index === c.step_index).length);
    const spend = await server.db
      .selectFrom('quest_spend_hours')
      .select(sql<string>`sum(completions)`.as('n'))
      .where('quest_id', '=', questId)
      .executeTakeFirstOrThrow();
    expect(Number(spend.n)).toBe(completions.length);
  });

  test('the speed threshold is learnt from the honest crowd and never under the floor', async () => {
    const rows = await server.db
      .selectFrom('quest_step_timing')
      .select(['bucket', 'completions'])
      .where('quest_id', '=', questId)
      .where('step_index', '=', 0)
      .execute();
    const histogram = Array(100).fill(0) as number[];
    for (const r of rows) histogram[r.bucket] = r.completions;
    const under = tooFastUnder(histogram);
    expect(under.sample).toBeGreaterThanOrEqual(1_000);
    expect(under.seconds).toBeGreaterThan(10);
    expect(under.seconds).toBeLessThan(90); // the honest crowd's fastest step takes 90 s
    expect(tooFastUnder(histogram.map(() => 0)).seconds).toBe(0); // no history: the rule waits
  });

  test('a burst of holds within an hour raises one notification for editors and admins, none for viewers', async () => {
    const inbox = await server.db
      .selectFrom('notifications')
      .innerJoin('accounts', 'accounts.id', 'notifications.account_id')
      .select(['accounts.email', 'notifications.title'])
      .where('notifications.kind', '=', 'holds_burst')
      .execute();
    const emails = inbox.map((n) => n.email);
    expect(emails).toContain(DEMO_ACCOUNTS.editor);
    expect(emails).toContain(DEMO_ACCOUNTS.admin);
    expect(emails).not.toContain(DEMO_ACCOUNTS.viewer);
    expect(inbox[0]!.title).toMatch(/^\d+ completions held for review$/);
  });

  test('the review list: held newest first by cursor, with counts; viewers read it', async () => {
    const first = await as('viewer', 'GET', HOLDS);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.holds).toHaveLength(HOLDS_PAGE_SIZE);
    expect(page.counts.held).toBeGreaterThan(HOLDS_PAGE_SIZE);
    expect(page.holds[0]).toMatchObject({ status: 'held', questName: 'Fraud crowd' });
    const seen = new Set<string>(page.holds.map((h: { id: string }) => h.id));
    let cursor = page.nextCursor as string | null;
    while (cursor) {
      const next = (await as('viewer', 'GET', `${HOLDS}?cursor=${encodeURIComponent(cursor)}`)).json();
      for (const h of next.holds) {
        expect(seen.has(h.id)).toBe(false);
        seen.add(h.id);
      }
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(page.counts.held);
    expect((await as('viewer', 'GET', `${HOLDS}?cursor=not-a-cursor`)).statusCode).toBe(400);
    expect((await as('viewer', 'GET', `${HOLDS}?status=rejected`)).json().holds).toEqual([]);
  });
});

describe('deciding', () => {
  let questId: string;
  const heldIds: string[] = [];
  beforeAll(async () => {
    questId = await liveQuest('Fraud decisions');
    const crowd = generateCrowd({
      seed: 3,
      steps: STEPS,
      honest: 0,
      fraud: ['shared_device'],
      from: new Date(Date.UTC(2026, 10, 25)),
      prefix: 'decide',
    });
    await play(questId, crowd);
    const holds = await holdsOf(questId);
    expect(holds).toHaveLength(2);
    heldIds.push(...holds.map((h) => String(h.id)));
  }, 120_000);

  test('viewers cannot decide (403) and nothing changes', async () => {
    for (const decision of ['release', 'reject']) {
      const res = await as('viewer', 'POST', `${HOLDS}/${heldIds[0]}/${decision}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access_missing_role_for_action');
    }
    expect((await holdsOf(questId)).every((h) => h.status === 'held')).toBe(true);
    expect((await as('editor', 'POST', `${HOLDS}/999999999/release`)).statusCode).toBe(404);
    expect((await as('editor', 'POST', `${HOLDS}/not-an-id/release`)).statusCode).toBe(404);
  });

  test('two editors releasing at once charge it exactly once; the other is told it was decided', async () => {
    const before = await pendingCents();
    const [a, b] = await Promise.all([
      as('editor', 'POST', `${HOLDS}/${heldIds[0]}/release`),
      as('admin', 'POST', `${HOLDS}/${heldIds[0]}/release`),
    ]);
    const codes = [a.statusCode, b.statusCode].sort((x, y) => x - y);
    expect(codes).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toBe(ALREADY_DECIDED);
    const ok = (a.statusCode === 200 ? a : b).json();
    expect(ok.hold).toMatchObject({ status: 'released', payout: 0.5 });
    expect(ok.message).toMatch(/^Released: \$0\.50 charged for /);
    expect(await pendingCents()).toBe(before + 50);
    const completion = await server.db
      .selectFrom('quest_step_completions')
      .select(['charge_id'])
      .where('quest_id', '=', questId)
      .where('player_id', '=', ok.hold.playerId)
      .where('step_index', '=', 0)
      .executeTakeFirstOrThrow();
    expect(completion.charge_id).toMatch(/^ch_q_/);
    const activity = await server.db
      .selectFrom('activity')
      .select(['verb', 'actor_id', 'changes'])
      .where('verb', '=', 'quest.completion_released')
      .where('object_id', '=', questId)
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]!.actor_id).not.toBeNull();
  });

  test('reject never charges and is counted apart; a decided hold cannot be decided again', async () => {
    const before = await pendingCents();
    const res = await as('editor', 'POST', `${HOLDS}/${heldIds[1]}/reject`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold.status).toBe('rejected');
    expect(res.json().counts.rejected).toBeGreaterThanOrEqual(1);
    expect(await pendingCents()).toBe(before);
    expect((await as('editor', 'POST', `${HOLDS}/${heldIds[1]}/release`)).statusCode).toBe(409);
    const list = (await as('viewer', 'GET', `${HOLDS}?status=rejected`)).json();
    expect(list.holds.map((h: { id: string }) => h.id)).toContain(heldIds[1]);
    expect(list.holds.find((h: { id: string }) => h.id === heldIds[1]).decidedBy).toBeTruthy();
    const activity = await server.db
      .selectFrom('activity')
      .select('verb')
      .where('verb', '=', 'quest.completion_rejected')
      .where('object_id', '=', questId)
      .execute();
    expect(activity).toHaveLength(1);
  });
});
