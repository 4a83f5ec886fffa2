/**
 * Returns per quest (server/areas/acquire/quest-returns.ts, docs/acquire.md §Returns per quest): a small hand-made
 * crowd played through the real paths (s2s starts, AppsFlyer postbacks completing steps and bringing revenue) on a
 * moving clock; cost, revenue within and outside 7 days, ROAS D7, retention D1 / D7 and an immature cohort read back
 * exactly, for viewers too; the migration's fill gives the same figures as the writers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { FILL_QUEST_RETURN_SUMS_SQL, FILL_QUEST_RETURNS_SQL } from '../../server/areas/acquire/quest-returns';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Math.floor((Date.now() - 20 * DAY) / HOUR) * HOUR;
const at = (days: number, hours = 0) => new Date(T0 + days * DAY + hours * HOUR);
let clock = new Date();
const NOW = at(20, 0.5);

let server: TestServer;
const tokens = { admin: '', editor: '', viewer: '' };
beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const BASE = `/api/app/${ACQUIRE_DEMO_APP}/acquire`;
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('returns per quest', () => {
  let quest = '';
  let young = '';
  let key = '';
  let postbackPath = '';

  const newQuest = async (name: string) => {
    const created = await call('POST', `${BASE}/quests`, tokens.editor, {
      name,
      countries: ['US'],
      dailyCap: 100,
      steps: [
        { eventName: 'af_tutorial_completion', payout: 1, condition: null },
        { eventName: 'af_level_achieved', payout: 2, condition: null },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const published = await call('POST', `${BASE}/quests/${id}/publish`, tokens.editor);
    expect(published.statusCode, published.body).toBe(200);
    return id;
  };
  const start = async (questId: string, playerId: string, when: Date) => {
    clock = when;
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`,
      headers: { 'x-questboard-key': key },
      payload: { eventId: `ret-${questId}-${playerId}`, questId, playerId, kind: 'start' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** An AppsFlyer postback of the player received at `when` (a step of `questId`, or revenue). */
  const postback = async (
    playerId: string,
    when: Date,
    fields: { event: string; revenue?: number; quest?: string },
  ) => {
    clock = when;
    const res = await server.app.inject({
      method: 'GET',
      url: postbackPath,
      query: {
        event_name: fields.event,
        event_value: '{}',
        event_time: when.toISOString().replace('T', ' ').slice(0, 19),
        appsflyer_id: `ret-${playerId}-${when.getTime()}`,
        af_sub1: playerId,
        ...(fields.quest ? { af_sub3: fields.quest } : {}),
        ...(fields.revenue !== undefined ? { event_revenue: String(fields.revenue) } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const returnsOf = async (questId: string, token = tokens.viewer) => {
    const res = await call('GET', `${BASE}/quests/${questId}/returns`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    clock = new Date(); // published now: the pre-publish check reads the last 48 hours of the demo's postbacks
    quest = await newQuest('Returns quest');
    young = await newQuest('Young quest');
    const app = (await call('GET', `/api/app/${ACQUIRE_DEMO_APP}`, tokens.admin)).json().data;
    key = (
      await call('POST', `/api/app/${ACQUIRE_DEMO_APP}/api-keys`, tokens.admin, {
        ...app,
        apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }],
      })
    ).json().createdKey;
    postbackPath = new URL(await postbackUrl(server.app.questboard, ACQUIRE_DEMO_APP, 'appsflyer')).pathname;

    // ret-a: $7 before the start (not counted); starts at T0; step 1 ($1); $3 on day 1 (revenue D7, returned D1);
    // $5 on day 7 (outside the 7 days, returned D7)
    await postback('ret-a', at(0, -1), { event: 'af_purchase', revenue: 7 });
    await start(quest, 'ret-a', at(0));
    await postback('ret-a', at(0, 1), { event: 'af_tutorial_completion', quest });
    await postback('ret-a', at(1, 2), { event: 'af_purchase', revenue: 3 });
    await postback('ret-a', at(7, 1), { event: 'af_purchase', revenue: 5 });
    // ret-b: starts at T0 + 2 h; steps 1 and 2 ($3) the same day; $0.50 on day 6; no return on day 1 or day 7
    await start(quest, 'ret-b', at(0, 2));
    await postback('ret-b', at(0, 3), { event: 'af_tutorial_completion', quest });
    await postback('ret-b', at(0, 5), { event: 'af_level_achieved', quest });
    await postback('ret-b', at(6), { event: 'af_purchase', revenue: 0.5 });
    // ret-c: starts 2 days before now (mature for nothing yet); step 1 ($1); $10 an hour later
    await start(quest, 'ret-c', at(18));
    await postback('ret-c', at(18, 1), { event: 'af_tutorial_completion', quest });
    await postback('ret-c', at(18, 2), { event: 'af_purchase', revenue: 10 });
    // ret-e and ret-f start a quarter of an hour either side of the D7 cutoff, in the same UTC hour: ret-e (10 days
    // old to the minute) is mature for D7 and brought $1 within its 7 days, ret-f is not
    await start(quest, 'ret-e', at(10, 0.25));
    await start(quest, 'ret-f', at(10, 0.75));
    await postback('ret-e', at(10, 1), { event: 'af_purchase', revenue: 1 });
    // the young quest: one start a day before now
    await start(young, 'ret-d', at(19));
    clock = NOW;
  });

  test('cost, players, revenue within 7 days, ROAS D7 and retention over the mature players', async () => {
    expect(await returnsOf(quest)).toEqual({
      questId: quest,
      players: 5,
      cost: 5, // $1 + $3 + $1: every charge of the quest
      // ret-a, ret-b (20 days old) and ret-e (10 days to the minute ≥ 7 + 3): $3 + $0.50 + $1 within their 7 days
      // ÷ their $4 of charges
      d7: { maturePlayers: 3, matureOn: null, cost: 4, revenue: 4.5, roas: 112.5 },
      retentionD1: { maturePlayers: 4, matureOn: null, value: 25 }, // of ret-a, b, e, f only ret-a came back on day 1
      retentionD7: { maturePlayers: 3, matureOn: null, value: 33.3 }, // ret-a came back on day 7
    });
  });

  test('a cohort too young for a window reads "not mature yet" with the day it matures (the KPI card’s rule)', async () => {
    expect(await returnsOf(young)).toEqual({
      questId: young,
      players: 1,
      cost: 0,
      d7: { maturePlayers: 0, matureOn: at(29).toISOString().slice(0, 10), cost: 0, revenue: 0, roas: null },
      retentionD1: { maturePlayers: 0, matureOn: at(23).toISOString().slice(0, 10), value: null },
      retentionD7: { maturePlayers: 0, matureOn: at(29).toISOString().slice(0, 10), value: null },
    });
    // three days later ret-d is 4 days old: mature for D1 (no return), still not for D7
    clock = at(23, 0.5);
    const later = await returnsOf(young);
    expect(later.retentionD1).toEqual({ maturePlayers: 1, matureOn: null, value: 0 });
    expect(later.d7.matureOn).toBe(at(29).toISOString().slice(0, 10));
    clock = NOW;
  });

  test('the list reads every quest of the app in one answer, for viewers, editors and admins', async () => {
    for (const token of [tokens.viewer, tokens.editor, tokens.admin]) {
      const res = await call('GET', `${BASE}/returns`, token);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data as { questId: string; players: number; d7: { roas: number | null } }[];
      expect(list.find((r) => r.questId === quest)).toEqual(await returnsOf(quest));
      expect(list.find((r) => r.questId === young)).toEqual(await returnsOf(young));
      const quests = (await call('GET', `${BASE}/quests`, token)).json().data as { id: string }[];
      expect(list.map((r) => r.questId).sort()).toEqual(quests.map((q) => q.id).sort());
    }
    // a quest of another app, or none: 404
    expect((await call('GET', `${BASE}/quests/nope/returns`, tokens.viewer)).statusCode).toBe(404);
    const other = `/api/app/${DEMO_APP_IDS.wordGarden}/acquire/quests/${quest}/returns`;
    expect((await call('GET', other, tokens.viewer)).statusCode).toBe(404);
  });

  test("the migration's fill from the stored rows gives the writers' figures", async () => {
    const before = [await returnsOf(quest), await returnsOf(young)];
    await server.db.deleteFrom('quest_player_returns').where('quest_id', 'in', [quest, young]).execute();
    await server.db.deleteFrom('quest_return_sums').where('quest_id', 'in', [quest, young]).execute();
    expect((await returnsOf(quest)).players).toBe(0);
    await sql.raw(FILL_QUEST_RETURNS_SQL).execute(server.db);
    await sql.raw(FILL_QUEST_RETURN_SUMS_SQL).execute(server.db);
    expect([await returnsOf(quest), await returnsOf(young)]).toEqual(before);
  });
});
