/**
 * The Adjust API (docs/postbacks.md §Screens and routes Adjust tab, §Rules and limits Adjust rules, §API endpoints connect Adjust / save events file, §Messages messages)
 * through app.inject: connect with an invalid file (each line and reason, nothing stored), a file that is not text,
 * a file that is not .csv, then a valid one; a second connect refused; the partner link updated (and "not found" on an
 * app without Adjust); a new events file replacing the old one only when every line is valid; roles and another
 * workspace.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { AdjustFileAnswer, AdjustIntegrationResponse } from '../../src/contracts/adjust';
import { DEMO_APP_IDS, RIVAL_APP_ID } from '../../server/demo/seed';
import { seedAdjustDemo } from '../../server/areas/integrations/adjust/seed';
import { call, createTestServer, signInDemo, type TestServer } from './helpers';
import { multipartForm, PNG_1PX } from './multipart-form';

const APP: string = DEMO_APP_IDS.pixelRacer; // the demo app with no integration
let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer' | 'rival', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer', 'rival']);
});
afterAll(async () => {
  await server?.close();
});

const csv = (text: string, filename = 'events.csv') => ({
  name: 'file',
  filename,
  contentType: 'text/csv',
  data: Buffer.from(text),
});
const connect = (token: string, partnerLink: string, file: ReturnType<typeof csv>, appId = APP) => {
  const form = multipartForm([{ name: 'partnerLink', value: partnerLink }, file]);
  return call(server.app, token, { method: 'POST', url: `/api/app/${appId}/adjust/connect`, ...form });
};
const saveFile = (token: string, file: ReturnType<typeof csv>, appId = APP, removeEvents = false) =>
  call(server.app, token, {
    method: 'POST',
    url: `/api/app/${appId}/adjust/events-file${removeEvents ? '?removeEvents=true' : ''}`,
    ...multipartForm([file]),
  });
const read = async (token: string, appId = APP) => {
  const res = await call(server.app, token, { method: 'GET', url: `/api/app/${appId}/adjust` });
  expect(res.statusCode).toBe(200);
  expect(isRight(AdjustIntegrationResponse.decode(res.json()))).toBe(true);
  return res.json() as AdjustIntegrationResponse;
};
const LINK = 'https://app.adjust.com/abc123x';
const VALID =
  'event_token,event_name,revenue_type,currency,revenue_param\nabc123,Purchase,iap,USD,revenue\nlvl001,Level Up,,,\n';

describe('connect', () => {
  test('an invalid file: every bad line with its reason, and nothing stored', async () => {
    const res = await connect(
      tokens.editor,
      LINK,
      csv('event_token,event_name\nabc123,Purchase\nBAD,Shouty\nabc123,Again\n'),
    );
    expect(res.statusCode).toBe(200);
    expect(isRight(AdjustFileAnswer.decode(res.json()))).toBe(true);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        'line 3: event_token must be 6 or more lowercase letters or digits',
        'line 4: event_token abc123 already used on line 2',
      ],
    });
    expect(await read(tokens.admin)).toMatchObject({ partnerLink: null, events: [] });
    const plugins = await call(server.app, tokens.admin, { method: 'GET', url: `/api/app/${APP}/plugins` });
    expect(plugins.json().plugins.some((p: { source: string }) => p.source === 'Adjust')).toBe(false);
  });

  test('checked by content and name: an image renamed .csv, a .txt file, an oversized file, a bad link', async () => {
    expect((await connect(tokens.editor, LINK, { ...csv(''), data: PNG_1PX })).json()).toEqual({
      success: false,
      errors: ['The events file is not a text CSV file.'],
    });
    expect((await connect(tokens.editor, LINK, csv(VALID, 'events.txt'))).json()).toEqual({
      success: false,
      errors: ['Only .CSV file is accepted.'],
    });
    const big = `event_token,event_name\n${'abc123,x\n'.repeat(40_000)}`;
    expect((await connect(tokens.editor, LINK, csv(big))).json()).toEqual({
      success: false,
      errors: ['The events file is larger than 256 KB.'],
    });
    const badLink = await connect(tokens.editor, 'ftp://app.adjust.com/abc', csv(VALID));
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toMatch(/partnerLink/);
  });

  test('a valid file connects: waiting for events, the link, the events (revenue nested), the feed', async () => {
    const res = await connect(tokens.editor, LINK, csv(VALID));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      success: true,
      plugin: { source: 'Adjust', connected: 'waiting_for_events', appId: APP },
    });
    expect(await read(tokens.viewer)).toMatchObject({
      partnerLink: LINK,
      fileName: 'events.csv',
      events: [
        { event_token: 'abc123', event_name: 'Purchase', revenue: { type: 'iap', currency: 'USD', param: 'revenue' } },
        { event_token: 'lvl001', event_name: 'Level Up' },
      ],
    });
    const events = await call(server.app, tokens.viewer, {
      method: 'GET',
      url: `/api/plugins/${answer.plugin.id}/events`,
    });
    expect(events.json().events.map((e: { eventName: string; status: string }) => [e.eventName, e.status])).toEqual([
      ['Level Up', 'ENABLED'],
      ['Purchase', 'ENABLED'],
    ]);
    const feed = await call(server.app, tokens.viewer, { method: 'GET', url: `/api/plugins/${answer.plugin.id}/feed` });
    expect(feed.json().feed.at(-1)).toMatchObject({
      message: 'Adjust connected with 2 events. Waiting for the first callback.',
      type: 'success',
    });
    expect((await connect(tokens.admin, LINK, csv(VALID))).statusCode).toBe(409);
  });
});

describe('update', () => {
  test('the partner link: editors update it; viewers cannot; an app without Adjust has none to update', async () => {
    const url = `/api/app/${APP}/adjust/partner-link`;
    const next = 'https://app.adjust.com/newlink1';
    expect(
      (await call(server.app, tokens.viewer, { method: 'POST', url, payload: { partnerLink: next } })).statusCode,
    ).toBe(403);
    expect(
      (await call(server.app, tokens.editor, { method: 'POST', url, payload: { partnerLink: 'not a url' } }))
        .statusCode,
    ).toBe(400);
    const res = await call(server.app, tokens.editor, { method: 'POST', url, payload: { partnerLink: next } });
    expect(res.json()).toEqual({ success: true });
    expect((await read(tokens.viewer)).partnerLink).toBe(next);
    const none = await call(server.app, tokens.editor, {
      method: 'POST',
      url: `/api/app/${DEMO_APP_IDS.wordGarden}/adjust/partner-link`,
      payload: { partnerLink: next },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('partner_link_not_found');
  });

  test('a new events file replaces the old one only when every line is valid, and events it removes only once confirmed', async () => {
    const bad = await saveFile(tokens.editor, csv('event_token,event_name\nnewtok1,Tutorial\nshort,Bad\n'));
    expect(bad.json()).toEqual({
      success: false,
      errors: ['line 3: event_token must be 6 or more lowercase letters or digits'],
    });
    expect((await read(tokens.viewer)).events.map((e) => e.event_token)).toEqual(['abc123', 'lvl001']);
    // It drops both current events: not saved until that is confirmed, and the answer names them.
    const next = csv('event_name,event_token,revenue.type\nTutorial,newtok1,\nAd Watched,adw001,ads\n', 'next.csv');
    expect((await saveFile(tokens.editor, next)).json()).toEqual({ success: false, removes: ['Purchase', 'Level Up'] });
    expect((await read(tokens.viewer)).events.map((e) => e.event_token)).toEqual(['abc123', 'lvl001']);
    const good = await saveFile(tokens.editor, next, APP, true);
    expect(good.json()).toMatchObject({ success: true });
    expect(await read(tokens.viewer)).toMatchObject({
      fileName: 'next.csv',
      events: [
        { event_token: 'newtok1', event_name: 'Tutorial' },
        { event_token: 'adw001', event_name: 'Ad Watched', revenue: { type: 'ads' } },
      ],
    });
    // A file that keeps every current event needs no confirmation.
    const more = await saveFile(
      tokens.editor,
      csv('event_name,event_token\nTutorial,newtok1\nAd Watched,adw001\nBoss Beaten,boss01\n', 'more.csv'),
    );
    expect(more.json()).toMatchObject({ success: true });
    expect((await read(tokens.viewer)).events.map((e) => e.event_name)).toEqual([
      'Tutorial',
      'Ad Watched',
      'Boss Beaten',
    ]);
    expect((await saveFile(tokens.viewer, csv(VALID))).statusCode).toBe(403);
    expect((await saveFile(tokens.editor, csv(VALID), DEMO_APP_IDS.wordGarden)).statusCode).toBe(404);
  });

  test('a disconnected plugin connects again through the form, keeping its id', async () => {
    const plugins = (await call(server.app, tokens.admin, { method: 'GET', url: `/api/app/${APP}/plugins` })).json()
      .plugins as { id: string; source: string }[];
    const adjust = plugins.find((p) => p.source === 'Adjust')!;
    expect(
      (await call(server.app, tokens.editor, { method: 'POST', url: `/api/plugins/${adjust.id}/disconnect` }))
        .statusCode,
    ).toBe(200);
    const again = await connect(tokens.editor, 'https://app.adjust.com/again01', csv(VALID));
    expect(again.json()).toMatchObject({ success: true, plugin: { id: adjust.id, connected: 'waiting_for_events' } });
    expect((await read(tokens.viewer)).partnerLink).toBe('https://app.adjust.com/again01');
  });
});

describe('Adjust callbacks (server/areas/integrations/adjust/postback-format.ts)', () => {
  const callback = async (query: Record<string, string>) => {
    const { url } = (
      await call(server.app, tokens.editor, { method: 'GET', url: `/api/app/${APP}/postbacks/adjust/url` })
    ).json() as { url: string };
    const path = new URL(url).pathname;
    return call(server.app, null, { method: 'GET', url: `${path}?${new URLSearchParams(query)}` });
  };
  const base = {
    activity_kind: 'event',
    event: 'abc123',
    revenue: '499',
    currency: 'eur',
    adid: 'adj-device-1',
    gps_adid: '38400000-8cf0-11bd-b23e-10b96e40000d',
    idfa: '{idfa}',
    created_at: '1764060000',
    sub1: 'player-7',
    sub3: 'quest-3',
  };

  test('an event callback is stored once under its events-file name; the event turns Active; the plugin is connected', async () => {
    const first = await callback(base);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, outcome: 'stored' });
    expect((await callback(base)).json()).toEqual({ success: true, outcome: 'duplicate' });
    const row = await server.db
      .selectFrom('postbacks')
      .selectAll()
      .where('app_id', '=', APP)
      .where('source', '=', 'adjust')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_name: 'Purchase',
      revenue: 4.99,
      currency: 'EUR',
      advertising_id: base.gps_adid,
      sub1: 'player-7',
      sub3: 'quest-3',
    });
    const plugins = (await call(server.app, tokens.admin, { method: 'GET', url: `/api/app/${APP}/plugins` })).json()
      .plugins as { id: string; source: string }[];
    const adjust = plugins.find((p) => p.source === 'Adjust')!;
    const events = (
      await call(server.app, tokens.viewer, { method: 'GET', url: `/api/plugins/${adjust.id}/events` })
    ).json().events as { eventName: string; status: string; lastReceivedAt: number }[];
    expect(events.find((e) => e.eventName === 'Purchase')).toMatchObject({ status: 'ACTIVE' });
    expect(events.find((e) => e.eventName === 'Purchase')!.lastReceivedAt).toBeGreaterThan(0);
    expect(events.find((e) => e.eventName === 'Level Up')).toMatchObject({ status: 'ENABLED', lastReceivedAt: 0 });
    // The stored callback connected the waiting plugin (a feed line says so); Check Status reads it (editors only).
    const feed = (
      await call(server.app, tokens.viewer, { method: 'GET', url: `/api/plugins/${adjust.id}/feed` })
    ).json().feed as { message: string }[];
    expect(feed.at(-1)).toMatchObject({ message: 'Adjust connected: events are received.', type: 'success' });
    expect(
      (await call(server.app, tokens.viewer, { method: 'GET', url: `/api/plugins/${adjust.id}/status` })).statusCode,
    ).toBe(403);
    const status = await call(server.app, tokens.editor, { method: 'GET', url: `/api/plugins/${adjust.id}/status` });
    expect(status.json()).toMatchObject({ success: true, plugin: { connected: 'connected' }, eventsReceived: true });
  });

  test('refused with the reason in the log: a token not in the file, an install, no device, no time; nothing stored', async () => {
    const before = await server.db
      .selectFrom('postbacks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('app_id', '=', APP)
      .executeTakeFirstOrThrow();
    for (const [query, reason] of [
      [{ ...base, event: 'zzz999' }, 'event token zzz999 is not in the events file'],
      [{ ...base, activity_kind: 'session' }, 'activity_kind session is neither an in-app event nor an install'],
      [{ ...base, adid: '', gps_adid: '{gps_adid}' }, 'adid is missing'],
      [{ ...base, created_at: '' }, 'created_at is missing'],
      [{ ...base, event: 'BAD' }, 'event is not an Adjust event token'],
    ] as const) {
      const res = await callback(query);
      expect(res.statusCode, reason).toBe(400);
      expect(res.json().message).toContain(reason);
    }
    const after = await server.db
      .selectFrom('postbacks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('app_id', '=', APP)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const log = (
      await call(server.app, tokens.viewer, { method: 'GET', url: `/api/app/${APP}/postbacks/adjust/log` })
    ).json().entries as { outcome: string; reason: string | null }[];
    expect(log.filter((e) => e.outcome === 'refused').map((e) => e.reason)).toContain(
      'event token zzz999 is not in the events file',
    );
  });
});

describe('Adjust installs, refunds and unfilled templates', () => {
  const callback = async (query: Record<string, string>) => {
    const { url } = (
      await call(server.app, tokens.editor, { method: 'GET', url: `/api/app/${APP}/postbacks/adjust/url` })
    ).json() as { url: string };
    return call(server.app, null, { method: 'GET', url: `${new URL(url).pathname}?${new URLSearchParams(query)}` });
  };
  const health = async () => {
    const res = await call(server.app, tokens.viewer, { method: 'GET', url: `/api/app/${APP}/integrations/health` });
    expect(res.statusCode).toBe(200);
    return (
      res.json().sources as { source: string; status: string; findings: { check: string; message: string }[] }[]
    ).find((s) => s.source === 'Adjust')!;
  };
  const base2 = () => ({ event: 'abc123', adid: 'adj-device-9', created_at: '1764090000' });
  const install = {
    activity_kind: 'install',
    event: '{event}',
    revenue: '{revenue}',
    adid: 'adj-device-9',
    gps_adid: '38400000-8cf0-11bd-b23e-10b96e400099',
    idfa: '{idfa}',
    created_at: '1764070000',
    installed_at: '1764069990',
    sub1: 'player-9',
    sub2: APP,
    sub3: 'quest-3',
  };

  test('an install callback is stored once as the event install (with its install time), and Health stays free of refusals', async () => {
    const first = await callback(install);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, outcome: 'stored' });
    expect((await callback(install)).json()).toEqual({ success: true, outcome: 'duplicate' });
    const row = await server.db
      .selectFrom('postbacks')
      .selectAll()
      .where('app_id', '=', APP)
      .where('source', '=', 'adjust')
      .where('event_name', '=', 'install')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_name: 'install',
      value: null,
      revenue: null,
      currency: null,
      advertising_id: install.gps_adid,
      sub1: 'player-9',
      sub3: 'quest-3',
    });
    expect(new Date(row.install_time!).getTime()).toBe(1764069990 * 1000);
    expect(new Date(row.event_time!).getTime()).toBe(1764070000 * 1000);
    const summary = (
      await call(server.app, tokens.viewer, { method: 'GET', url: `/api/app/${APP}/postbacks/adjust/summary` })
    ).json();
    expect(summary.events.map((e: { eventName: string }) => e.eventName)).toContain('install');
    // Installs are not refusals: no refused-postbacks finding names them (earlier tests refused other callbacks).
    const refused = (await health()).findings.find((f) => f.check === 'refused-postbacks');
    expect(refused?.message ?? '').not.toContain('activity_kind install');
  });

  test('a refund: a negative revenue is stored negative', async () => {
    const res = await callback({
      activity_kind: 'event',
      event: 'abc123',
      revenue: '-499',
      currency: 'usd',
      adid: 'adj-device-9',
      created_at: '1764080000',
      sub1: 'player-9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await server.db
      .selectFrom('postbacks')
      .select(['revenue', 'currency'])
      .where('app_id', '=', APP)
      .where('source', '=', 'adjust')
      .where('event_time', '=', new Date(1764080000 * 1000))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ revenue: -4.99, currency: 'USD' });
  });

  test("a callback whose template was never filled in: 'placeholders were not replaced', in the answer and the log", async () => {
    const template = {
      activity_kind: '{activity_kind}',
      event: '{event}',
      adid: '{adid}',
      created_at: '{created_at}',
      sub1: 'player-9',
    };
    const res = await callback(template);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Malformed postback: placeholders were not replaced: {activity_kind}, {event}, {adid}, {created_at}.',
    );
    // Encoded once more on the way ({ → %7B): the same reading.
    const encoded = await callback({ ...base2(), activity_kind: '%7Bactivity_kind%7D' });
    expect(encoded.json().message).toBe('Malformed postback: placeholders were not replaced: {activity_kind}.');
    const log = (
      await call(server.app, tokens.viewer, { method: 'GET', url: `/api/app/${APP}/postbacks/adjust/log` })
    ).json().entries as { outcome: string; reason: string | null }[];
    expect(
      log
        .filter((e) => e.outcome === 'refused')
        .slice(0, 2)
        .map((e) => e.reason),
    ).toEqual([
      'placeholders were not replaced: {activity_kind}',
      'placeholders were not replaced: {activity_kind}, {event}, {adid}, {created_at}',
    ]);
  });
});

describe('demo data', () => {
  test('the Adjust demo: Dragon Merge (Android) connected with five events, written once', async () => {
    await seedAdjustDemo(server.db);
    await seedAdjustDemo(server.db);
    const demo = await read(tokens.viewer, DEMO_APP_IDS.dragonMergeAndroid);
    expect(demo).toMatchObject({ partnerLink: 'https://app.adjust.com/dm7q2xk', fileName: 'dragon-merge-events.csv' });
    expect(demo.events).toHaveLength(5);
    expect(demo.events[3]).toEqual({
      event_token: 'dmads1',
      event_name: 'Rewarded Ad Watched',
      revenue: { type: 'ads', currency: 'USD', param: 'revenue' },
    });
  });
});

describe('another workspace', () => {
  test("a member of another workspace finds no Demo Studio app, and Demo Studio's users none of Rival's", async () => {
    expect((await call(server.app, tokens.rival, { method: 'GET', url: `/api/app/${APP}/adjust` })).statusCode).toBe(
      404,
    );
    expect((await connect(tokens.admin, LINK, csv(VALID), RIVAL_APP_ID)).statusCode).toBe(404);
  });
});
