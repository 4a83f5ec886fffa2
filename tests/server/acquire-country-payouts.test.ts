/**
 * Payouts by country (docs/acquire.md §Payouts by country): the rules (server and editor share the words), the
 * payouts carried from the draft through publish with one readable change per country, and a completed step charged
 * its player's country's payout (the country the start carried), the step's own payout otherwise, the daily cap
 * counting what was actually charged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { recordStepCompletion } from '../../server/areas/acquire/acquire';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
let editor = '';
let admin = '';
beforeAll(async () => {
  server = await createTestServer();
  editor = await signInAs(server.app, DEMO_ACCOUNTS.editor);
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(editor), ...(payload ? { payload } : {}) });

type Row = { country: string; mode: 'multiplier' | 'absolute'; value: number };
const definition = (name: string, countryPayouts: Row[], dailyCap = 10) => ({
  name,
  countries: ['US', 'DE', 'FR'],
  dailyCap,
  steps: [
    { eventName: 'af_tutorial_completion', payout: 0.4, condition: null, countryPayouts },
    { eventName: 'af_level_achieved', payout: 0.5, condition: null },
  ],
});

async function createQuest(name: string, rows: Row[], dailyCap?: number): Promise<string> {
  const res = await call('POST', QUESTS, definition(name, rows, dailyCap));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const changesOf = async (questId: string, name: string) =>
  (
    await server.db
      .selectFrom('domain_events')
      .select('payload')
      .where('name', '=', name)
      .orderBy('id', 'desc')
      .execute()
  )
    .map((e) => e.payload as { questId: string; changes: { field: string; before: unknown; after: unknown }[] })
    .find((p) => p.questId === questId)!.changes;

describe('the rules', () => {
  test.each([
    [
      [{ country: 'XX', mode: 'multiplier', value: 1.5 }],
      'steps.0.countryPayouts.0.country must be a supported country.',
    ],
    [
      [{ country: 'GB', mode: 'multiplier', value: 1.5 }],
      "steps.0.countryPayouts.0.country must be one of the quest's countries.",
    ],
    [
      [
        { country: 'DE', mode: 'multiplier', value: 1.5 },
        { country: 'DE', mode: 'absolute', value: 2 },
      ],
      'steps.0.countryPayouts.1.country is listed twice.',
    ],
    [
      [{ country: 'DE', mode: 'multiplier', value: 10.5 }],
      'steps.0.countryPayouts.0.value must be from 0 to 10, with at most 2 decimals.',
    ],
    [
      [{ country: 'DE', mode: 'absolute', value: 0 }],
      'steps.0.countryPayouts.0.value must be more than 0 and at most 1000.',
    ],
  ] as [Row[], string][])('%j is refused: %s', async (rows, message) => {
    const res = await call('POST', QUESTS, definition('Refused', rows));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  test('the codec bounds what the wire carries: more than 50 countries, 3 decimals, an unknown mode', async () => {
    const many = Array.from({ length: 51 }, () => ({ country: 'DE', mode: 'multiplier', value: 1 }) as Row);
    for (const rows of [
      many,
      [{ country: 'DE', mode: 'absolute', value: 1.005 }],
      [{ country: 'DE', mode: 'bonus', value: 1 }],
    ]) {
      const res = await call('POST', QUESTS, definition('Bounded', rows as Row[]));
      expect(res.statusCode, JSON.stringify(rows).slice(0, 80)).toBe(400);
    }
  });
});

describe('draft → review → publish', () => {
  test('the payouts are stored with the draft, published with it, and each country change is its own change', async () => {
    const id = await createQuest('Countries', [{ country: 'DE', mode: 'multiplier', value: 1.5 }]);
    expect((await call('GET', `${QUESTS}/${id}`)).json().data.draft.steps[0].countryPayouts).toEqual([
      { country: 'DE', mode: 'multiplier', value: 1.5 },
    ]);
    expect((await call('POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
    const saved = await call(
      'PUT',
      `${QUESTS}/${id}/draft`,
      definition('Countries', [
        { country: 'DE', mode: 'multiplier', value: 2 },
        { country: 'FR', mode: 'absolute', value: 1.25 },
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const quest = saved.json().data;
    expect(quest.diff).toBe(true);
    expect(quest.active.steps[0].countryPayouts).toEqual([{ country: 'DE', mode: 'multiplier', value: 1.5 }]);
    expect(await changesOf(id, 'quest.draft_saved')).toEqual([
      { field: 'Step 1 payout in DE', before: '×1.5 ($0.60)', after: '×2 ($0.80)' },
      { field: 'Step 1 payout in FR', before: null, after: '$1.25' },
    ]);
    expect((await call('POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
    const published = (await call('GET', `${QUESTS}/${id}`)).json().data;
    expect(published.draft).toBeNull();
    expect(published.active.steps[0].countryPayouts).toEqual([
      { country: 'DE', mode: 'multiplier', value: 2 },
      { country: 'FR', mode: 'absolute', value: 1.25 },
    ]);
    expect(await changesOf(id, 'quest.published')).toEqual([
      { field: 'Step 1 payout in DE', before: '×1.5 ($0.60)', after: '×2 ($0.80)' },
      { field: 'Step 1 payout in FR', before: null, after: '$1.25' },
    ]);
    // Removing a country and changing the step's own payout: the steps change, and so does the multiplied country.
    const next = definition('Countries', [{ country: 'DE', mode: 'multiplier', value: 2 }]);
    next.steps[0]!.payout = 0.5;
    expect((await call('PUT', `${QUESTS}/${id}/draft`, next)).statusCode).toBe(200);
    const changes = await changesOf(id, 'quest.draft_saved');
    expect(changes.map((c) => c.field)).toEqual(['steps', 'Step 1 payout in DE', 'Step 1 payout in FR']);
    expect(changes.slice(1)).toEqual([
      { field: 'Step 1 payout in DE', before: '×2 ($0.80)', after: '×2 ($1.00)' },
      { field: 'Step 1 payout in FR', before: '$1.25', after: null },
    ]);
  });
});

describe('charging', () => {
  const s2sKey = async (): Promise<string> => {
    const app = (
      await server.app.inject({ method: 'GET', url: `/api/app/${ACQUIRE_DEMO_APP}`, headers: bearer(admin) })
    ).json().data;
    return (
      await server.app.inject({
        method: 'POST',
        url: `/api/app/${ACQUIRE_DEMO_APP}/api-keys`,
        headers: bearer(admin),
        payload: { ...app, apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }] },
      })
    ).json().createdKey;
  };
  const start = async (key: string, questId: string, playerId: string, country?: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`,
      headers: { 'x-questboard-key': key },
      payload: {
        eventId: `start-${questId}-${playerId}`,
        questId,
        playerId,
        kind: 'start',
        ...(country ? { country } : {}),
      },
    });

  test("a step is charged its player's country's payout, the step's own otherwise; the cap counts what was charged", async () => {
    // Step 1 pays $0.40: ×1.5 in DE ($0.60), $2.00 in FR. Cap $3.00.
    const id = await createQuest(
      'Charged by country',
      [
        { country: 'DE', mode: 'multiplier', value: 1.5 },
        { country: 'FR', mode: 'absolute', value: 2 },
      ],
      3,
    );
    expect((await call('POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
    const key = await s2sKey();
    const players: [string, string | undefined][] = [
      ['de', 'de'], // lower-case is read as DE
      ['fr', 'FR'],
      ['us', 'US'], // listed in the quest, no payout of its own: the step's
      ['none', undefined],
      ['zz', 'ZZ'], // a country nobody lists
    ];
    for (const [player, country] of players) expect((await start(key, id, player, country)).statusCode).toBe(200);
    expect((await start(key, id, 'bad', 'D3')).statusCode).toBe(400);
    const complete = (playerId: string) =>
      recordStepCompletion(server.app.questboard, {
        appId: ACQUIRE_DEMO_APP,
        questId: id,
        playerId,
        eventName: 'af_tutorial_completion',
        at: new Date(),
      });
    // 60 + 200 + 40 = 300 cents, the cap exactly; then 40 more does not fit: over the cap.
    expect(await complete('de')).toBe('charged');
    expect(await complete('fr')).toBe('charged');
    expect(await complete('us')).toBe('charged');
    expect(await complete('none')).toBe('over_cap');
    expect(await complete('zz')).toBe('over_cap');
    const rows = await server.db
      .selectFrom('quest_step_completions')
      .select(['player_id', 'payout_cents', 'country', 'charge_id'])
      .where('quest_id', '=', id)
      .orderBy('player_id')
      .execute();
    expect(rows.map((r) => [r.player_id, r.payout_cents, r.country, r.charge_id !== null])).toEqual([
      ['de', 60, 'DE', true],
      ['fr', 200, 'FR', true],
      ['none', 40, null, false],
      ['us', 40, null, true],
      ['zz', 40, null, false],
    ]);
    const charges = await server.db
      .selectFrom('billing_charges')
      .select(['id', 'amount_cents'])
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .where(
        'id',
        'in',
        rows.flatMap((r) => (r.charge_id ? [r.charge_id] : [])),
      )
      .execute();
    expect(charges.map((c) => Number(c.amount_cents)).sort((a, b) => a - b)).toEqual([40, 60, 200]);
    const hours = await server.db
      .selectFrom('quest_spend_hours')
      .select(['completions', 'over_cap', 'charged_cents'])
      .where('quest_id', '=', id)
      .execute();
    expect(hours.map((h) => [h.completions, h.over_cap, Number(h.charged_cents)])).toEqual([[5, 2, 300]]);
    expect((await call('GET', `${QUESTS}/${id}`)).json().data.active.status).toBe('CAPPED');
  });
});
