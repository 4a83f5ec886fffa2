/**
 * Acquire (server/areas/acquire/acquire.ts): the status table's rules, draft → publish / discard (one and all, with a
 * partial failure), the 48-hour pre-publish check, the settings draft (staff-only KPI value, viewer refusal), the
 * player app's s2s endpoint (wrong key, another app's key, replay), and step completions charged within the daily cap.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { recordStepCompletion } from '../../server/areas/acquire/acquire';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
const tokens: Record<'admin' | 'editor' | 'viewer' | 'staff', string> = {
  admin: '',
  editor: '',
  viewer: '',
  staff: '',
};
beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
const as = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
const quest = async (id: string) => (await as('viewer', 'GET', `${QUESTS}/${id}`)).json();
const definition = (name: string, eventName = 'af_tutorial_completion', dailyCap = 1) => ({
  name,
  countries: ['US'],
  dailyCap,
  steps: [
    { eventName, payout: 0.4, condition: null },
    { eventName: 'af_level_achieved', payout: 0.5, condition: { param: 'af_level', op: 'gte', value: '5' } },
  ],
});
async function createQuest(name: string, eventName?: string, dailyCap?: number): Promise<string> {
  const res = await as('editor', 'POST', QUESTS, definition(name, eventName, dailyCap));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('quests: the status table and the menu actions', () => {
  test('the seeded quests read with their statuses, diff and analytics; viewers may read', async () => {
    const res = await as('viewer', 'GET', QUESTS);
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().data as { id: string }[]).map((q) => [q.id, q]));
    expect(byId.get(ACQUIRE_DEMO_QUESTS.live)).toMatchObject({
      diff: true,
      active: { name: 'Dragon Tamer', status: 'LIVE' },
      draft: { status: 'DRAFT' },
    });
    expect(byId.get(ACQUIRE_DEMO_QUESTS.stopped)).toMatchObject({
      diff: false,
      active: { status: 'STOPPED' },
      draft: null,
    });
    expect(byId.get(ACQUIRE_DEMO_QUESTS.draft)).toMatchObject({ diff: true, active: null, draft: { status: 'DRAFT' } });
  });

  test('a live quest cannot be restarted or deleted; stop, then restart, then stop and delete active then draft', async () => {
    const id = await createQuest('Lifecycle');
    expect((await as('editor', 'POST', `${QUESTS}/${id}/stop`)).statusCode).toBe(409); // DRAFT: not stoppable
    expect((await as('editor', 'POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
    expect((await quest(id)).data.active.status).toBe('LIVE');
    const restart = await as('editor', 'POST', `${QUESTS}/${id}/restart`);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('A quest in status LIVE cannot be restarted.');
    expect((await as('editor', 'DELETE', `${QUESTS}/${id}/active`)).json().message).toBe(
      'Stop the quest before deleting it.',
    );
    expect((await as('editor', 'POST', `${QUESTS}/${id}/stop`)).statusCode).toBe(200);
    expect((await quest(id)).data.active.status).toBe('STOPPED');
    expect((await as('editor', 'POST', `${QUESTS}/${id}/stop`)).statusCode).toBe(409);
    expect((await as('editor', 'POST', `${QUESTS}/${id}/restart`)).statusCode).toBe(200);
    expect((await quest(id)).data.active.status).toBe('LIVE');
    await as('editor', 'POST', `${QUESTS}/${id}/stop`);
    // an edit makes a draft beside the active version; delete removes the active one, then the draft
    expect((await as('editor', 'PUT', `${QUESTS}/${id}/draft`, { ...definition('Lifecycle v2') })).statusCode).toBe(
      200,
    );
    expect((await quest(id)).data).toMatchObject({
      diff: true,
      active: { name: 'Lifecycle' },
      draft: { name: 'Lifecycle v2' },
    });
    expect((await as('editor', 'DELETE', `${QUESTS}/${id}/active`)).statusCode).toBe(200);
    expect((await quest(id)).data).toMatchObject({ active: null, draft: { name: 'Lifecycle v2' } });
    expect((await as('editor', 'DELETE', `${QUESTS}/${id}/draft`)).statusCode).toBe(200);
    expect((await as('viewer', 'GET', `${QUESTS}/${id}`)).statusCode).toBe(404);
  });

  test('viewers are refused every write (403) and nothing changes', async () => {
    const before = await quest(ACQUIRE_DEMO_QUESTS.live);
    for (const [method, url] of [
      ['POST', `${QUESTS}/${ACQUIRE_DEMO_QUESTS.live}/stop`],
      ['DELETE', `${QUESTS}/${ACQUIRE_DEMO_QUESTS.live}/draft`],
      ['POST', `${QUESTS}/publish-all`],
      ['POST', `${QUESTS}/discard-all`],
    ] as const) {
      const res = await as('viewer', method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('access_missing_role_for_action');
    }
    expect(await quest(ACQUIRE_DEMO_QUESTS.live)).toEqual(before);
  });

  test('a step event must be an event of the active source', async () => {
    const res = await as('editor', 'POST', QUESTS, definition('Unknown event', 'af_not_an_event'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("steps: af_not_an_event is not an event of the app's AppsFlyer source.");
    const noSource = await server.app.inject({
      method: 'POST',
      url: `/api/app/${DEMO_APP_IDS.pixelRacer}/acquire/quests`,
      headers: bearer(tokens.editor),
      payload: definition('No source'),
    });
    expect(noSource.statusCode).toBe(409);
  });
});

describe('publish and discard', () => {
  test('the pre-publish check blocks a step whose event was not received in the last 48 hours, naming the step', async () => {
    const id = await createQuest('Stale', 'af_subscribe');
    const res = await as('editor', 'POST', `${QUESTS}/${id}/publish`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'prepublish_blocked',
      message:
        'Stale cannot be published yet. Step 1 (af_subscribe): no event received from AppsFlyer in the last 48 hours.',
    });
    expect((await quest(id)).data.active).toBeNull();
    await as('editor', 'DELETE', `${QUESTS}/${id}/draft`);
  });

  test('publish all with a partial failure says which quest failed; discard all drops the drafts it names', async () => {
    const withDraft = async () =>
      ((await as('viewer', 'GET', QUESTS)).json().data as { id: string; draft: unknown }[])
        .filter((q) => q.draft)
        .map((q) => q.id);
    await as('editor', 'POST', `${QUESTS}/discard-all`, { questIds: await withDraft() });
    expect(await withDraft()).toEqual([]);
    const good = await createQuest('Good one');
    const stale = await createQuest('Stale one', 'af_subscribe');
    const res = await as('editor', 'POST', `${QUESTS}/publish-all`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.succeeded).toEqual([good]);
    expect(body.failed).toEqual([stale]);
    expect(body.message).toContain('1 of 2 quests failed to publish: Stale one');
    expect((await quest(good)).data.active.status).toBe('LIVE');
    // a draft saved after the question (not named) stays; a named quest without a draft is skipped
    const later = await createQuest('Saved after the question');
    const discard = (await as('editor', 'POST', `${QUESTS}/discard-all`, { questIds: [stale, good] })).json();
    expect(discard).toMatchObject({ success: true, succeeded: [stale], failed: [] });
    expect((await as('viewer', 'GET', `${QUESTS}/${stale}`)).statusCode).toBe(404);
    expect(await withDraft()).toEqual([later]);
    expect((await as('editor', 'POST', `${QUESTS}/discard-all`, {})).statusCode).toBe(400);
    expect((await as('editor', 'POST', `${QUESTS}/discard-all`, { questIds: [] })).json()).toMatchObject({
      success: true,
      succeeded: [],
      message: 'No quests to discard.',
    });
    await as('editor', 'DELETE', `${QUESTS}/${later}/draft`);
    // nothing left to publish: both answer success with nothing done
    expect((await as('editor', 'POST', `${QUESTS}/publish-all`)).json()).toMatchObject({
      success: true,
      succeeded: [],
      failed: [],
    });
    await as('editor', 'POST', `${QUESTS}/${good}/stop`);
    await as('editor', 'DELETE', `${QUESTS}/${good}/active`);
  });

  test('discarding one change keeps the active version', async () => {
    const id = await createQuest('Keep me');
    await as('editor', 'POST', `${QUESTS}/${id}/publish`);
    await as('editor', 'PUT', `${QUESTS}/${id}/draft`, definition('Keep me v2'));
    expect((await as('editor', 'POST', `${QUESTS}/${id}/discard`)).statusCode).toBe(200);
    expect((await quest(id)).data).toMatchObject({ diff: false, draft: null, active: { name: 'Keep me' } });
    expect((await as('editor', 'POST', `${QUESTS}/${id}/discard`)).statusCode).toBe(409);
  });
});

describe('acquisition settings draft', () => {
  const settings = {
    countries: ['US', 'GB'],
    dailyBudget: 120,
    targetKpi: 'roas_d7',
    targetKpiValue: 5,
    analysisPeriod: 14,
  };
  const save = (who: keyof typeof tokens, body: object, appId = ACQUIRE_DEMO_APP) =>
    server.app.inject({
      method: 'POST',
      url: `/api/app/${appId}/acquire/settings`,
      headers: bearer(tokens[who]),
      payload: body,
    });

  test('an app without a draft answers null (the Quests tab stays hidden)', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/app/${DEMO_APP_IDS.dragonMergeAndroid}/acquire/settings`,
      headers: bearer(tokens.viewer),
    });
    expect(res.json()).toEqual({ success: true, data: null });
  });

  test('an editor saves; the target value is staff-only; a viewer is refused', async () => {
    expect((await save('editor', { settings, applyPriceSuggestions: false })).statusCode).toBe(200);
    expect((await as('viewer', 'GET', `/api/app/${ACQUIRE_DEMO_APP}/acquire/settings`)).json().data).toEqual(settings);
    const value = await save('admin', { settings: { ...settings, targetKpiValue: 9 }, applyPriceSuggestions: false });
    expect(value.statusCode).toBe(403);
    expect(value.json().message).toBe('Only Questboard staff can change the target KPI and its value.');
    expect(
      (await save('staff', { settings: { ...settings, targetKpiValue: 9 }, applyPriceSuggestions: false })).statusCode,
    ).toBe(200);
    expect(
      (await as('viewer', 'GET', `/api/app/${ACQUIRE_DEMO_APP}/acquire/settings`)).json().data.targetKpiValue,
    ).toBe(9);
    const viewer = await save('viewer', { settings, applyPriceSuggestions: false });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(
      'You currently have view-only access and cannot make any changes. Please contact your administrator if you need edit permissions.',
    );
  });

  test('docs/acquire.md §Rules and limits rules and supported countries are checked on the server', async () => {
    expect(
      (await save('editor', { settings: { ...settings, countries: [] }, applyPriceSuggestions: false })).json().fields,
    ).toEqual(['countries']);
    expect(
      (await save('editor', { settings: { ...settings, countries: ['XX'] }, applyPriceSuggestions: false })).statusCode,
    ).toBe(400);
    expect(
      (await save('editor', { settings: { ...settings, analysisPeriod: 2.5 }, applyPriceSuggestions: false }))
        .statusCode,
    ).toBe(400);
    expect(
      (await save('editor', { settings: { ...settings, targetKpi: 'cpi' }, applyPriceSuggestions: false })).statusCode,
    ).toBe(400);
    expect((await save('editor', { settings, applyPriceSuggestions: false }, DEMO_APP_IDS.pixelRacer)).statusCode).toBe(
      409,
    );
  });

  test("the Target form's own range rules, in its words: a budget of 0 or more, a period of 1 to 365 days", async () => {
    const cases: [object, string, string][] = [
      [{ dailyBudget: -1 }, 'dailyBudget', 'dailyBudget must be 0 or more.'],
      [{ analysisPeriod: 0 }, 'analysisPeriod', 'analysisPeriod must be between 1 and 365 days.'],
      [{ analysisPeriod: 366 }, 'analysisPeriod', 'analysisPeriod must be between 1 and 365 days.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await save('editor', { settings: { ...settings, ...change }, applyPriceSuggestions: false });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ message, fields: [field] });
    }
    const stored = (await as('viewer', 'GET', `/api/app/${ACQUIRE_DEMO_APP}/acquire/settings`)).json().data;
    expect(
      (
        await save('editor', {
          settings: { ...stored, dailyBudget: 0, analysisPeriod: 365 },
          applyPriceSuggestions: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await save('editor', { settings: stored, applyPriceSuggestions: false })).statusCode).toBe(200);
  });

  test('the quests say which ones are suggested (a save with suggestions rewrites their drafts)', async () => {
    const id = await createQuest('Suggested one');
    await server.db.updateTable('quests').set({ suggested: true }).where('id', '=', id).execute();
    const list = (await as('viewer', 'GET', QUESTS)).json().data as { id: string; suggested?: boolean }[];
    expect(list.find((q) => q.id === id)?.suggested).toBe(true);
    expect(list.find((q) => q.id === ACQUIRE_DEMO_QUESTS.live)?.suggested).toBe(false);
    await as('editor', 'DELETE', `${QUESTS}/${id}/draft`);
  });
});

describe('progress from rows', () => {
  const s2sKeyOf = async (appId: string): Promise<string> => {
    const app = (
      await server.app.inject({ method: 'GET', url: `/api/app/${appId}`, headers: bearer(tokens.admin) })
    ).json().data;
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/app/${appId}/api-keys`,
      headers: bearer(tokens.admin),
      payload: { ...app, apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }] },
    });
    return res.json().createdKey;
  };
  const report = (appId: string, key: string | null, body: object) =>
    server.app.inject({
      method: 'POST',
      url: `/api/s2s/${appId}/quest-events`,
      headers: key ? { 'x-questboard-key': key } : {},
      payload: body,
    });

  test("views and starts need the app's own s2s key; a replay counts once", async () => {
    const key = await s2sKeyOf(ACQUIRE_DEMO_APP);
    const otherKey = await s2sKeyOf(DEMO_APP_IDS.wordGarden);
    const event = { eventId: 'ev-1', questId: ACQUIRE_DEMO_QUESTS.live, playerId: 'player-1', kind: 'view' };
    expect((await report(ACQUIRE_DEMO_APP, null, event)).statusCode).toBe(401);
    expect((await report(ACQUIRE_DEMO_APP, 'qb_s2s_wrong', event)).statusCode).toBe(401);
    expect((await report(ACQUIRE_DEMO_APP, otherKey, event)).statusCode).toBe(401);
    expect((await report(ACQUIRE_DEMO_APP, key, event)).json()).toEqual({ success: true, outcome: 'recorded' });
    expect((await report(ACQUIRE_DEMO_APP, key, event)).json()).toEqual({ success: true, outcome: 'duplicate' });
    expect((await report(ACQUIRE_DEMO_APP, key, { ...event, eventId: 'ev-2', kind: 'start' })).json().outcome).toBe(
      'recorded',
    );
    expect(
      (await report(ACQUIRE_DEMO_APP, key, { ...event, eventId: 'ev-3', questId: ACQUIRE_DEMO_QUESTS.stopped }))
        .statusCode,
    ).toBe(409);
    const analytics = (await quest(ACQUIRE_DEMO_QUESTS.live)).data.active.analytics;
    expect(analytics).toMatchObject({ totalViewed: 1, totalStarted: 1, totalCompleted: 0 });
  });

  test('completed steps within the daily cap become pending charges; beyond it they are counted but not charged', async () => {
    const id = await createQuest('Capped', 'af_tutorial_completion', 1); // $0.40 + $0.50 per player, cap $1
    await as('editor', 'POST', `${QUESTS}/${id}/publish`);
    const key = await s2sKeyOf(ACQUIRE_DEMO_APP);
    const ctx = server.app.questboard;
    const pending = async () =>
      Number(
        (
          await server.db
            .selectFrom('billing_charges')
            .select((eb) => eb.fn.sum<string>('amount_cents').as('c'))
            .where('workspace_id', '=', DEMO_WORKSPACE_ID)
            .where('invoice_id', 'is', null)
            .executeTakeFirstOrThrow()
        ).c,
      );
    const before = await pending();
    const complete = (playerId: string, eventName: string, params?: Record<string, string>) =>
      recordStepCompletion(ctx, { appId: ACQUIRE_DEMO_APP, questId: id, playerId, eventName, at: new Date(), params });
    // not started yet: ignored
    expect(await complete('p1', 'af_tutorial_completion')).toBe('ignored');
    for (const p of ['p1', 'p2'])
      await report(ACQUIRE_DEMO_APP, key, { eventId: `start-${p}`, questId: id, playerId: p, kind: 'start' });
    expect(await complete('p1', 'af_level_achieved', { af_level: '9' })).toBe('ignored'); // not the next step
    expect(await complete('p1', 'af_tutorial_completion')).toBe('charged');
    expect(await complete('p1', 'af_tutorial_completion')).toBe('ignored'); // delivered twice: once
    expect(await complete('p1', 'af_level_achieved', { af_level: '3' })).toBe('ignored'); // condition level ≥ 5
    expect(await complete('p1', 'af_level_achieved', { af_level: '5' })).toBe('charged');
    expect(await pending()).toBe(before + 90);
    // today's charges are $0.90; p2's $0.40 would pass the $1 cap
    expect(await complete('p2', 'af_tutorial_completion')).toBe('over_cap');
    expect(await pending()).toBe(before + 90);
    const detail = await quest(id);
    expect(detail.data.active).toMatchObject({
      status: 'CAPPED',
      analytics: { totalStarted: 2, totalCompleted: 1, percentageCompleted: 50 },
    });
    expect(detail.funnel.map((s: { label: string; players: number }) => [s.label, s.players])).toEqual([
      ['Viewed', 0],
      ['Started', 2],
      ['Step 1: af_tutorial_completion', 2],
      ['Step 2: af_level_achieved', 1],
    ]);
    // a CAPPED quest can be stopped (status table), and a stopped quest charges nothing
    expect((await as('editor', 'POST', `${QUESTS}/${id}/stop`)).statusCode).toBe(200);
    expect(await complete('p2', 'af_level_achieved', { af_level: '7' })).toBe('ignored');
  });

  test('a quest is announced capped once a day, even when a smaller step still fits after a refusal', async () => {
    const res = await as('editor', 'POST', QUESTS, {
      name: 'Capped once',
      countries: ['US'],
      dailyCap: 0.6,
      steps: [
        { eventName: 'af_tutorial_completion', payout: 0.5, condition: null },
        { eventName: 'af_level_achieved', payout: 0.1, condition: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    await as('editor', 'POST', `${QUESTS}/${id}/publish`);
    const key = await s2sKeyOf(ACQUIRE_DEMO_APP);
    for (const p of ['c1', 'c2'])
      await report(ACQUIRE_DEMO_APP, key, { eventId: `start-once-${p}`, questId: id, playerId: p, kind: 'start' });
    const complete = (playerId: string, eventName: string) =>
      recordStepCompletion(server.app.questboard, {
        appId: ACQUIRE_DEMO_APP,
        questId: id,
        playerId,
        eventName,
        at: new Date(),
      });
    expect(await complete('c1', 'af_tutorial_completion')).toBe('charged'); // $0.50 of $0.60
    expect(await complete('c2', 'af_tutorial_completion')).toBe('over_cap'); // the first refusal: capped
    expect(await complete('c1', 'af_level_achieved')).toBe('charged'); // $0.10 still fits and reaches the cap
    const capped = await server.db
      .selectFrom('domain_events')
      .select('payload')
      .where('name', '=', 'quest.capped')
      .execute();
    expect(capped.filter((e) => (e.payload as { questId: string }).questId === id)).toHaveLength(1);
  });

  test('an AppsFlyer postback with af_sub3 = quest id and af_sub1 = player id completes the step (once, even when delivered twice)', async () => {
    const id = await createQuest('Postback quest', 'af_tutorial_completion', 10);
    const url = new URL(await postbackUrl(server.app.questboard, ACQUIRE_DEMO_APP, 'appsflyer'));
    const send = (eventName: string, value: object, at: string) =>
      server.app.inject({
        method: 'GET',
        url: url.pathname,
        query: {
          event_name: eventName,
          event_value: JSON.stringify(value),
          event_time: at,
          idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
          af_sub1: 'pb-player',
          af_sub3: id,
        },
      });
    // Before publishing, the quest is not live: stored, not counted (and this server's live-quest cache knows it).
    expect((await send('af_app_opened', {}, '2026-11-25 07:59:00')).statusCode).toBe(200);
    await as('editor', 'POST', `${QUESTS}/${id}/publish`); // …which this server's cache forgets at once
    const key = await s2sKeyOf(ACQUIRE_DEMO_APP);
    await report(ACQUIRE_DEMO_APP, key, { eventId: 'pb-start', questId: id, playerId: 'pb-player', kind: 'start' });
    expect((await send('af_tutorial_completion', {}, '2026-11-25 08:00:00')).statusCode).toBe(200);
    expect((await send('af_tutorial_completion', {}, '2026-11-25 08:00:00')).statusCode).toBe(200); // a retry: stored once
    expect((await send('af_level_achieved', { af_level: '6' }, '2026-11-25 08:05:00')).statusCode).toBe(200);
    const completions = await server.db
      .selectFrom('quest_step_completions')
      .select(['step_index', 'charge_id'])
      .where('quest_id', '=', id)
      .orderBy('step_index')
      .execute();
    expect(completions.map((c) => c.step_index)).toEqual([0, 1]);
    expect(completions.every((c) => c.charge_id !== null)).toBe(true);
    expect((await quest(id)).data.active.analytics).toMatchObject({
      totalStarted: 1,
      totalCompleted: 1,
      percentageCompleted: 100,
    });
  });

  test('KPI tracking knows maturity: young cohorts are "not mature yet", then ROAS D7 = revenue ÷ cost of the mature ones', async () => {
    const kpi = async () => (await as('viewer', 'GET', `/api/app/${ACQUIRE_DEMO_APP}/acquire/kpi`)).json().data;
    const young = await kpi();
    expect(young).toMatchObject({ kpi: 'roas_d7', verdict: 'not_mature', maturePlayers: 0, value: null });
    expect(young.matureOn).toBe(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
    // The card's chart: players acquired per day, the last 30 days up to today, every day present.
    expect(young.daily).toHaveLength(30);
    expect(young.daily.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(young.daily.reduce((sum: number, d: { players: number }) => sum + d.players, 0)).toBe(young.players);
    // a player who started 12 days ago (7 days + 3 of late data have passed), cost $2, brought $0.25 on day 2
    const started = new Date(Date.now() - 12 * 86_400_000);
    await server.db
      .insertInto('quest_player_events')
      .values({
        app_id: ACQUIRE_DEMO_APP,
        event_id: 'old-start',
        quest_id: ACQUIRE_DEMO_QUESTS.live,
        player_id: 'old-player',
        kind: 'start',
        at: started,
      })
      .execute();
    await server.db
      .insertInto('billing_charges')
      .values({
        id: 'ch_old_player',
        workspace_id: DEMO_WORKSPACE_ID,
        amount_cents: 200,
        description: 'old',
        source: 'quest',
        created_at: started,
      })
      .execute();
    await server.db
      .insertInto('quest_step_completions')
      .values({
        quest_id: ACQUIRE_DEMO_QUESTS.live,
        player_id: 'old-player',
        step_index: 0,
        event_name: 'af_tutorial_completion',
        payout_cents: 200,
        charge_id: 'ch_old_player',
        completed_at: started,
      })
      .execute();
    await server.db
      .insertInto('postbacks')
      .values({
        app_id: ACQUIRE_DEMO_APP,
        source: 'appsflyer',
        idempotency_key: 'old-purchase',
        event_name: 'af_purchase',
        value: null,
        revenue: 0.25,
        currency: 'USD',
        advertising_id: null,
        sub1: 'old-player',
        sub2: null,
        sub3: ACQUIRE_DEMO_QUESTS.live,
        sub4: null,
        sub5: null,
        install_time: null,
        event_time: new Date(started.getTime() + 2 * 86_400_000),
        received_at: new Date(started.getTime() + 2 * 86_400_000),
      })
      .execute();
    const mature = await kpi();
    expect(mature).toMatchObject({ verdict: 'on_track', maturePlayers: 1, value: 12.5, target: 9 });
  });
});
