/**
 * Notifications (docs/notifications.md): a quest capped by real postbacks reaches the inboxes of the workspace's
 * admins and editors once (a repeated delivery of the event adds nothing), never a viewer's; the inbox pages, counts
 * unread, marks one or all read and hides other people's entries; an alert turned off, or off for the quest's app,
 * keeps the person's inbox quiet; preferences refuse apps of another workspace.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { alertQuestCapped } from '../../server/areas/notifications/index';
import type { DomainEvent } from '../../src/contracts/domain-events';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
let server: TestServer;
const tokens = {} as Record<Who, string>;
beforeAll(async () => {
  server = await createTestServer();
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
const as = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
const inbox = async (who: Who) => (await as(who, 'GET', N)).json();
const cappedOf = async (who: Who, questName: string) =>
  (await inbox(who)).notifications.filter((n: { title: string }) => n.title === `${questName} reached its daily cap`);

/** A live quest of one $0.50 step with a $0.50 cap, capped by two players' real AppsFlyer postbacks. */
async function capAQuest(name: string): Promise<string> {
  const created = await as('editor', 'POST', QUESTS, {
    name,
    countries: ['US'],
    dailyCap: 0.5,
    steps: [{ eventName: 'af_tutorial_completion', payout: 0.5, condition: null }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await as('editor', 'POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
  const app = (await as('admin', 'GET', `/api/app/${ACQUIRE_DEMO_APP}`)).json().data;
  const key = (
    await as('admin', 'POST', `/api/app/${ACQUIRE_DEMO_APP}/api-keys`, {
      ...app,
      apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }],
    })
  ).json().createdKey as string;
  const url = new URL(await postbackUrl(server.app.questboard, ACQUIRE_DEMO_APP, 'appsflyer'));
  const at = new Date().toISOString().replace('T', ' ').slice(0, 19);
  for (const player of ['n1', 'n2']) {
    await server.app.inject({
      method: 'POST',
      url: `/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`,
      headers: { 'x-questboard-key': key },
      payload: { eventId: `start-${id}-${player}`, questId: id, playerId: player, kind: 'start' },
    });
    const res = await server.app.inject({
      method: 'GET',
      url: url.pathname,
      query: {
        event_name: 'af_tutorial_completion',
        event_value: '{}',
        event_time: at,
        idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
        af_sub1: player,
        af_sub3: id,
      },
    });
    expect(res.statusCode).toBe(200);
  }
  return id;
}

describe('the quest-capped alert', () => {
  test('a quest capped by real postbacks reaches admins and editors once, never viewers', async () => {
    const before = (await inbox('editor')).unread as number;
    const id = await capAQuest('Alert quest');
    for (const who of ['admin', 'editor'] as Who[]) {
      const mine = await cappedOf(who, 'Alert quest');
      expect(mine, who).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: 'quest_capped',
        appId: ACQUIRE_DEMO_APP,
        read: false,
        link: `/workspace/${DEMO_WORKSPACE_ID}/app/${ACQUIRE_DEMO_APP}/acquire/quests`,
      });
      expect(mine[0].body).toMatch(
        /^Dragon Merge \(iOS\): completions beyond the cap on \d{4}-\d{2}-\d{2} are counted/,
      );
    }
    expect(await cappedOf('viewer', 'Alert quest')).toHaveLength(0);
    expect((await inbox('editor')).unread).toBe(before + 1);

    // The outbox delivers at least once: the same event handled again adds nothing.
    const row = await server.db
      .selectFrom('domain_events')
      .select(['id', 'payload', 'created_at'])
      .where('name', '=', 'quest.capped')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((row.payload as { questId: string }).questId).toBe(id);
    const event = {
      id: row.id,
      name: 'quest.capped',
      payload: row.payload,
      at: row.created_at,
      by: null,
    } as DomainEvent<'quest.capped'>;
    await alertQuestCapped(server.app.questboard, event);
    expect(await cappedOf('editor', 'Alert quest')).toHaveLength(1);
  });
});

describe('the inbox', () => {
  test('mark one read, then all; another person’s entry is not found', async () => {
    const { notifications, unread } = await inbox('editor');
    expect(unread).toBeGreaterThan(0);
    const first = notifications.find((n: { read: boolean }) => !n.read);
    const one = await as('editor', 'POST', `${N}/${first.id}/read`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, unread: unread - 1 });
    // The admin cannot mark the editor's entry: it does not exist for them.
    expect((await as('admin', 'POST', `${N}/${first.id}/read`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', `${N}/not-a-number/read`)).statusCode).toBe(404);
    const all = await as('editor', 'POST', `${N}/read-all`);
    expect(all.json()).toEqual({ success: true, unread: 0 });
    const after = await inbox('editor');
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    // The admin's own entries are untouched.
    expect((await inbox('admin')).unread).toBeGreaterThan(0);
  });

  test('a bad cursor is a clear 400', async () => {
    const res = await as('editor', 'GET', `${N}?cursor=bm9wZQ`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('cursor is not one this list gave out.');
  });
});

describe('preferences', () => {
  test('each role lists the alerts it gets, on by default and by e-mail; muting the app or turning it off keeps the inbox quiet', async () => {
    const on = (kind: string) => ({ kind, enabled: true, email: true, mutedApps: [], deliveryFailing: false });
    const prefs = await as('editor', 'GET', `${N}/preferences`);
    expect(prefs.json()).toEqual({
      success: true,
      alerts: [
        'quest_capped',
        'holds_burst',
        'quest_cap_near',
        'budget_fast',
        'kpi_below',
        'source_silent',
        'source_degraded',
        'process_failed',
      ].map(on),
    });
    expect((await as('admin', 'GET', `${N}/preferences`)).json().alerts.map((a: { kind: string }) => a.kind)).toEqual([
      'quest_capped',
      'holds_burst',
      'quest_cap_near',
      'budget_fast',
      'kpi_below',
      'source_silent',
      'source_degraded',
      'process_failed',
      'runway_low',
      'payment_failed',
      'invitation_accepted',
    ]);
    expect((await as('viewer', 'GET', `${N}/preferences`)).json()).toEqual({ success: true, alerts: [] });
    const muted = await as('editor', 'PUT', `${N}/preferences`, {
      kind: 'quest_capped',
      enabled: true,
      email: true,
      mutedApps: [ACQUIRE_DEMO_APP],
    });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json().alerts[0]).toEqual({
      kind: 'quest_capped',
      enabled: true,
      email: true,
      mutedApps: [ACQUIRE_DEMO_APP],
      deliveryFailing: false,
    });
    const off = await as('admin', 'PUT', `${N}/preferences`, {
      kind: 'quest_capped',
      enabled: false,
      email: true,
      mutedApps: [],
    });
    expect(off.statusCode).toBe(200);

    await capAQuest('Quiet quest');
    expect(await cappedOf('editor', 'Quiet quest')).toHaveLength(0);
    expect(await cappedOf('admin', 'Quiet quest')).toHaveLength(0);
  });

  test('an unknown alert or an app of another workspace is refused with 400', async () => {
    const unknown = await as('editor', 'PUT', `${N}/preferences`, {
      kind: 'nope',
      enabled: true,
      email: true,
      mutedApps: [],
    });
    expect(unknown.statusCode).toBe(400);
    const other = await as('editor', 'PUT', `${N}/preferences`, {
      kind: 'quest_capped',
      enabled: true,
      email: true,
      mutedApps: ['rival-app-that-is-not-here'],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('mutedApps names an app of another workspace.');
    // An alert the role does not get cannot be set either (an editor and billing's alert).
    const notMine = await as('editor', 'PUT', `${N}/preferences`, {
      kind: 'payment_failed',
      enabled: false,
      email: false,
      mutedApps: [],
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toContain('This alert is not sent to your role in this workspace.');
  });
});
