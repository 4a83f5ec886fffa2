/**
 * Spend and pacing (server/areas/acquire/pacing.ts, docs/acquire.md §Spend and pacing): completions recorded through
 * the real writer land in their UTC hour, the quest's hours and 30 days add up to its completions, the cap and the
 * budget are projected at today's pace, and over-cap steps are counted apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { recordStepCompletion } from '../../server/areas/acquire/acquire';
import { FILL_SPEND_HOURS_SQL, FILL_STEP_COUNTS_SQL } from '../../server/areas/acquire/spend-hours';
import { sql } from 'kysely';
import { paceOf, projectedAt } from '../../src/contracts/acquire-pacing';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

const HOUR = 3_600_000;
const DAY_START = Date.UTC(2026, 10, 27);
const at = (hours: number) => new Date(DAY_START + hours * HOUR);
let clock = at(6);

let server: TestServer;
let editor = '';
let viewer = '';
beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  editor = await signInAs(server.app, DEMO_ACCOUNTS.editor);
  viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
});
afterAll(() => server?.close());

const BASE = `/api/app/${ACQUIRE_DEMO_APP}/acquire`;
const get = async (path: string, token = viewer) => {
  const res = await server.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('spend and pacing', () => {
  let questId = '';
  const complete = (playerId: string, eventName: string, when: Date) =>
    recordStepCompletion(server.app.questboard, { appId: ACQUIRE_DEMO_APP, questId, playerId, eventName, at: when });

  beforeAll(async () => {
    // a $1 cap: $0.40 then $0.50 per player; published at 06:00 today
    const created = await server.app.inject({
      method: 'POST',
      url: `${BASE}/quests`,
      headers: bearer(editor),
      payload: {
        name: 'Paced quest',
        countries: ['US'],
        dailyCap: 1,
        steps: [
          { eventName: 'af_tutorial_completion', payout: 0.4, condition: null },
          { eventName: 'af_level_achieved', payout: 0.5, condition: null },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    questId = created.json().data.id;
    const published = await server.app.inject({
      method: 'POST',
      url: `${BASE}/quests/${questId}/publish`,
      headers: bearer(editor),
    });
    expect(published.statusCode, published.body).toBe(200);
    await server.db
      .insertInto('quest_player_events')
      .values(
        ['p1', 'p2', 'p3'].map((player) => ({
          app_id: ACQUIRE_DEMO_APP,
          event_id: `pacing-start-${player}`,
          quest_id: questId,
          player_id: player,
          kind: 'start' as const,
          at: at(-30),
        })),
      )
      .execute();
    // the target's daily budget: $1
    const settings = await get('/settings', editor);
    const saved = await server.app.inject({
      method: 'POST',
      url: `${BASE}/settings`,
      headers: bearer(editor),
      payload: { settings: { ...settings, dailyBudget: 1 }, applyPriceSuggestions: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  test('a live quest is projected to reach its cap at today’s pace since it went live', async () => {
    clock = at(-2); // yesterday 22:00: counts for yesterday only
    expect(await complete('p3', 'af_tutorial_completion', at(-2))).toBe('charged');
    clock = at(8);
    expect(await complete('p1', 'af_tutorial_completion', at(8))).toBe('charged');
    clock = at(9);
    const pacing = await get('/pacing');
    const quest = pacing.quests.find((q: { id: string }) => q.id === questId);
    // $0.40 in the 3 hours since 06:00 → the $1 cap 7.5 hours after 06:00
    expect(quest).toMatchObject({
      name: 'Paced quest',
      status: 'LIVE',
      dailyCap: 1,
      spentToday: 0.4,
      completionsToday: 1,
      overCapToday: 0,
      projectedCapAt: at(13.5).toISOString(),
    });
    expect(pacing).toMatchObject({ dailyBudget: 1, dayProgress: 9 / 24 });
    // the demo's own live quests have charged nothing today: only ours counts, and $0.40 of $1 by 09:00 is on pace
    expect(pacing.spentToday).toBe(0.4);
    expect(pacing.pace).toBe('on_pace');
    expect(pacing.budgetRunsOutAt).toBeNull();
  });

  test('spending faster than the day projects when the budget runs out; a step over the cap is counted apart', async () => {
    expect(await complete('p1', 'af_level_achieved', at(9))).toBe('charged'); // $0.90 by 09:00
    let pacing = await get('/pacing');
    expect(pacing.pace).toBe('fast');
    expect(pacing.budgetRunsOutAt).toBe(at(10).toISOString()); // 9 h × 100 / 90
    clock = at(9.5);
    expect(await complete('p2', 'af_tutorial_completion', at(9.5))).toBe('over_cap');
    pacing = await get('/pacing');
    expect(pacing.quests.find((q: { id: string }) => q.id === questId)).toMatchObject({
      status: 'CAPPED',
      spentToday: 0.9,
      completionsToday: 3,
      overCapToday: 1,
      projectedCapAt: null,
    });
  });

  test('passing tenths of the cap and of the budget announces the pace; the alerts reach admins and editors once a day', async () => {
    const events = async (name: 'quest.cap_near' | 'target.budget_fast') =>
      (await server.db.selectFrom('domain_events').select('payload').where('name', '=', name).execute()).map(
        (e) => e.payload as Record<string, unknown>,
      );
    // 08:00: $0.40 of the $1 cap (2 h since 06:00 → 11:00) and of the $1 budget (since 00:00, 40 % by a third of the day → 20:00)
    // 09:00: $0.90 (→ 09:20 and 10:00); the over-cap step at 09:30 announces nothing
    expect((await events('quest.cap_near')).filter((e) => e.questId === questId)).toEqual([
      expect.objectContaining({ spentCents: 40, capCents: 100, projectedAt: at(11).toISOString() }),
      expect.objectContaining({ spentCents: 90, capCents: 100, projectedAt: at(9 + 1 / 3).toISOString() }),
    ]);
    expect((await events('target.budget_fast')).filter((e) => e.appId === ACQUIRE_DEMO_APP)).toEqual([
      expect.objectContaining({ spentCents: 40, budgetCents: 100, runsOutAt: at(20).toISOString() }),
      expect.objectContaining({ spentCents: 90, budgetCents: 100, runsOutAt: at(10).toISOString() }),
    ]);
    const inbox = async (token: string) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`,
        headers: bearer(token),
      });
      return (res.json().notifications as { kind: string; title: string; body: string }[]).filter(
        (n) => n.kind === 'quest_cap_near' || n.kind === 'budget_fast',
      );
    };
    await expect.poll(async () => (await inbox(editor)).length).toBe(2);
    const mine = await inbox(editor);
    expect(mine.map((n) => n.title).sort()).toEqual([
      'Dragon Merge (iOS) is spending its budget faster than the day',
      'Paced quest will reach its daily cap at ≈ 11:00 UTC',
    ]);
    expect(mine.find((n) => n.kind === 'budget_fast')?.body).toBe(
      '$0.40 of the $1.00 daily budget charged so far today; at this pace it runs out at ≈ 20:00 UTC.',
    );
    expect(await inbox(viewer)).toHaveLength(0);
  });

  test('the quest’s hours and days add up to its completions', async () => {
    const spend = await get(`/quests/${questId}/spend`);
    expect(spend.hours).toHaveLength(24);
    expect(spend.days).toHaveLength(30);
    expect(spend.hours[0].at).toBe(at(0).toISOString());
    expect(spend.days[29].at).toBe(at(0).toISOString());
    expect(spend.days[28].at).toBe(at(-24).toISOString());
    expect(spend.hours[8]).toMatchObject({ completions: 1, overCap: 0, spend: 0.4 });
    expect(spend.hours[9]).toMatchObject({ completions: 2, overCap: 1, spend: 0.5 });
    expect(spend.hours.filter((h: { completions: number }) => h.completions > 0)).toHaveLength(2);
    expect(spend.days[29]).toMatchObject({ completions: 3, overCap: 1, spend: 0.9 });
    expect(spend.days[28]).toMatchObject({ completions: 1, overCap: 0, spend: 0.4 });
    expect(spend.pacing).toMatchObject({ id: questId, status: 'CAPPED', spentToday: 0.9 });
    // every hour row equals the completions it sums (the writer keeps them in the same transaction)
    const direct = await server.db
      .selectFrom('quest_step_completions')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('payout_cents').as('cents')])
      .where('quest_id', '=', questId)
      .where('charge_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const rolled = await server.db
      .selectFrom('quest_spend_hours')
      .select((eb) => [
        eb.fn.sum<string>('completions').as('n'),
        eb.fn.sum<string>('over_cap').as('over'),
        eb.fn.sum<string>('charged_cents').as('cents'),
      ])
      .where('quest_id', '=', questId)
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n) - Number(rolled.over)).toBe(Number(direct.n));
    expect(Number(rolled.cents)).toBe(Number(direct.cents));
  });

  test('the migrations’ backfills make the same sums as the writer', async () => {
    const counts = () =>
      server.db.selectFrom('quest_step_counts').selectAll().orderBy('quest_id').orderBy('step_index').execute();
    const counted = await counts();
    expect(counted.filter((c) => c.quest_id === questId)).toEqual([
      { quest_id: questId, step_index: 0, players: 3 },
      { quest_id: questId, step_index: 1, players: 1 },
    ]);
    await sql`DELETE FROM quest_step_counts`.execute(server.db);
    await sql.raw(FILL_STEP_COUNTS_SQL).execute(server.db);
    expect(await counts()).toEqual(counted);
    const snapshot = () =>
      server.db
        .selectFrom('quest_spend_hours')
        .selectAll()
        .orderBy('quest_id')
        .orderBy('hour')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, charged_cents: Number(r.charged_cents) })));
    const written = await snapshot();
    expect(written.length).toBeGreaterThanOrEqual(3);
    await sql`DELETE FROM quest_spend_hours`.execute(server.db);
    await sql.raw(FILL_SPEND_HOURS_SQL).execute(server.db);
    expect(await snapshot()).toEqual(written);
  });

  test('a quest of another app, or none, is not found', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${BASE}/quests/q_missing/spend`,
      headers: bearer(viewer),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the pace rules', () => {
  test('the budget against the share of the day gone', () => {
    expect(paceOf(0, 500, 0.5)).toBe('no_budget');
    expect(paceOf(1000, 0, 0.5)).toBe('idle');
    expect(paceOf(1000, 550, 0.5)).toBe('on_pace'); // 55 % ≤ 1.1 × 50 %
    expect(paceOf(1000, 551, 0.5)).toBe('fast');
    expect(paceOf(1000, 1000, 0.1)).toBe('spent');
  });
  test('a projection only when it falls before the end of the day', () => {
    expect(projectedAt(40, 100, 0, 3, 24)).toBe(7.5);
    expect(projectedAt(10, 100, 0, 12, 24)).toBeNull(); // 120 > 24
    expect(projectedAt(0, 100, 0, 3, 24)).toBeNull();
    expect(projectedAt(100, 100, 0, 3, 24)).toBeNull();
  });
});
