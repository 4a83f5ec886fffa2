/**
 * The postback log page (docs/postbacks.md §Postback log): each postback's outcome recorded (stored, duplicate,
 * refused with a reason code and its words), the filters (event, outcome, device, time range, search), the
 * (received_at, id) cursor walking both tables without gaps or repeats, formula-like values handed over as they are
 * (the SPA's CSV writer defuses them), bad input answered 400 naming the field, and who may read it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { sql } from 'kysely';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';
import { QUICK_WINDOW, SCAN_WINDOW, SEARCH_VALUES } from '../../server/areas/postbacks/log';
import type { PostbackLogPage, PostbackLogRow } from '../../src/contracts/postbacks';

const IOS: string = DEMO_APP_IDS.dragonMergeIos; // has an AppsFlyer plugin
const ANDROID: string = DEMO_APP_IDS.pixelRacer; // has none: its postbacks are refused

let server: TestServer;
let admin: string;
let viewer: string;
let clock = Date.parse('2026-11-20T12:00:00.000Z');

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(clock) });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
  viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
});
afterAll(() => server?.close());

async function urlOf(appId: string): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/app/${appId}/postbacks/appsflyer/url`,
    headers: bearer(admin),
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url).pathname;
}
const event = (overrides: Record<string, string> = {}) => ({
  event_name: 'log_test_purchase',
  event_time: '2026-11-20 10:11:12.345',
  event_revenue: '1.99',
  event_revenue_currency: 'eur',
  idfa: 'LOGTEST1-03EE-455A-B3C4-E57283960001',
  af_sub1: 'player-1',
  ...overrides,
});
const send = (path: string, query: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}` });

async function page(appId: string, query: Record<string, string> = {}, token = viewer, suffix = '') {
  return server.app.inject({
    method: 'GET',
    url: `/api/app/${appId}/postbacks/appsflyer/entries${suffix}?${new URLSearchParams(query)}`,
    headers: bearer(token),
  });
}
async function entries(appId: string, query: Record<string, string> = {}): Promise<PostbackLogRow[]> {
  const res = await page(appId, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as PostbackLogPage).entries;
}

describe('outcomes are recorded', () => {
  test('a stored postback, its retry as duplicate, a refused one with its reason code and words', async () => {
    const path = await urlOf(IOS);
    clock += 1000;
    expect((await send(path, event())).json()).toEqual({ success: true, outcome: 'stored' });
    clock += 1000;
    expect((await send(path, event())).json()).toEqual({ success: true, outcome: 'duplicate' });
    clock += 1000;
    expect((await send(path, event({ event_time: 'yesterday' }))).statusCode).toBe(400);
    const found = await entries(IOS, { device: 'LOGTEST1-03EE-455A-B3C4-E57283960001' });
    expect(found.map((e) => [e.outcome, e.reasonCode, e.reason, e.eventName, e.advertisingId])).toEqual([
      ['refused', 'malformed', 'event_time is not a time', 'log_test_purchase', 'LOGT…0001'],
      ['duplicate', 'already_received', 'already received', 'log_test_purchase', 'LOGT…0001'],
      ['stored', null, null, 'log_test_purchase', 'LOGT…0001'],
    ]);
    // The device id is never shown whole.
    const body = (await page(IOS, { device: 'LOGTEST1-03EE-455A-B3C4-E57283960001' })).body;
    expect(body).not.toContain('LOGTEST1-03EE');
  });

  test('an app without the plugin: refused with plugin_missing', async () => {
    const path = await urlOf(ANDROID);
    clock += 1000;
    expect((await send(path, event({ idfa: 'LOGTEST2-0000-0000-0000-000000000002' }))).statusCode).toBe(409);
    const [first] = await entries(ANDROID, { device: 'LOGTEST2-0000-0000-0000-000000000002' });
    expect(first).toMatchObject({
      outcome: 'refused',
      reasonCode: 'plugin_missing',
      reason: 'the app has no AppsFlyer plugin',
    });
  });
});

describe('filters', () => {
  beforeAll(async () => {
    const path = await urlOf(IOS);
    clock = Date.parse('2026-11-21T08:00:00.000Z');
    for (const [name, device] of [
      ['filter_a', 'FILTERDEV-0000-0000-0000-00000000000A'],
      ['filter_b', 'FILTERDEV-0000-0000-0000-00000000000B'],
      ['filter_a', 'FILTERDEV-0000-0000-0000-00000000000B'],
    ] as const) {
      clock += 3_600_000;
      await send(path, event({ event_name: name, idfa: device, event_time: new Date(clock).toISOString() }));
    }
    clock += 3_600_000;
    await send(path, event({ event_name: 'filter_a', idfa: 'FILTERDEV-0000-0000-0000-00000000000A', event_time: '' }));
  });

  test('by event, outcome, device, time range (days and instants) and search', async () => {
    const devices = (list: PostbackLogRow[]) => list.map((e) => `${e.eventName}/${e.advertisingId}/${e.outcome}`);
    expect(devices(await entries(IOS, { event: 'filter_a' }))).toEqual([
      'filter_a/FILT…000A/refused',
      'filter_a/FILT…000B/stored',
      'filter_a/FILT…000A/stored',
    ]);
    expect(devices(await entries(IOS, { event: 'filter_a', outcome: 'stored' }))).toEqual([
      'filter_a/FILT…000B/stored',
      'filter_a/FILT…000A/stored',
    ]);
    expect(devices(await entries(IOS, { event: 'filter_a', outcome: 'refused' }))).toEqual([
      'filter_a/FILT…000A/refused',
    ]);
    expect(devices(await entries(IOS, { device: 'FILTERDEV-0000-0000-0000-00000000000B' }))).toEqual([
      'filter_a/FILT…000B/stored',
      'filter_b/FILT…000B/stored',
    ]);
    // 09:00, 10:00, 11:00 stored, 12:00 refused (2026-11-21)
    expect(
      devices(await entries(IOS, { q: 'filterdev', from: '2026-11-21T10:00Z', to: '2026-11-21T11:00:00.000Z' })),
    ).toEqual(['filter_a/FILT…000B/stored', 'filter_b/FILT…000B/stored']);
    expect(await entries(IOS, { q: 'filter_', from: '2026-11-22' })).toEqual([]);
    expect(await entries(IOS, { q: 'filter_', to: '2026-11-20' })).toEqual([]);
    expect((await entries(IOS, { q: 'filter_', from: '2026-11-21', to: '2026-11-21' })).length).toBe(4);
    // The search reads reasons too; its % and _ are plain characters.
    expect(devices(await entries(IOS, { q: 'FILTER', outcome: 'refused' }))).toEqual(['filter_a/FILT…000A/refused']);
    expect((await entries(IOS, { q: 'event_time is', event: 'filter_a' })).map((e) => e.outcome)).toEqual(['refused']);
    expect(await entries(IOS, { q: 'filter%a' })).toEqual([]);
  });
});

describe('paging', () => {
  test('50 a page by cursor over both tables, ties of time included: no gaps, no repeats', async () => {
    // 130 stored and 70 logged postbacks of one device, many sharing one receipt time.
    const at = new Date('2026-11-19T09:00:00.000Z');
    const device = 'PAGINGDEV-0000-0000-0000-000000000001';
    const stored = await server.db
      .insertInto('postbacks')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          app_id: IOS,
          source: 'appsflyer',
          idempotency_key: `paging-${i}`,
          event_name: `paging_${i % 3}`,
          advertising_id: device,
          received_at: new Date(at.getTime() + Math.floor(i / 40) * 1000),
        })),
      )
      .returning('id')
      .execute();
    const logged = await server.db
      .insertInto('postback_log')
      .values(
        Array.from({ length: 70 }, (_, i) => ({
          app_id: IOS,
          source: 'appsflyer',
          event_name: 'paging_log',
          outcome: i % 2 ? ('duplicate' as const) : ('refused' as const),
          reason_code: i % 2 ? ('already_received' as const) : ('malformed' as const),
          reason: i % 2 ? 'already received' : 'event_time is missing',
          advertising_id: device,
          received_at: new Date(at.getTime() + Math.floor(i / 20) * 1000),
        })),
      )
      .returning('id')
      .execute();
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await page(IOS, { device, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as PostbackLogPage;
      sizes.push(body.entries.length);
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 50, 50]);
    expect(new Set(seen).size).toBe(200);
    expect(new Set(seen)).toEqual(new Set([...stored, ...logged].map((row) => String(row.id))));
    const all = await server.app.inject({
      method: 'GET',
      url: `/api/app/${IOS}/postbacks/appsflyer/entries/export?device=${device}`,
      headers: bearer(viewer),
    });
    expect((all.json() as PostbackLogPage).entries.map((e) => e.id)).toEqual(seen);
  });
});

describe('the search', () => {
  test('a text of up to SEARCH_VALUES distinct values finds every match page after page, however old; a commoner one reads at most SCAN_WINDOW rows per request, saying how far it looked', async () => {
    // 45,000 postbacks of one app, one a second: the 44,991st is 'rare_event', the oldest 1,055 'rare_event_0' … '_1054'.
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    await sql`
      INSERT INTO postbacks (app_id, source, idempotency_key, event_name, received_at)
      SELECT ${ANDROID}, 'appsflyer', 'window-' || g,
        CASE WHEN g = 44990 THEN 'rare_event' WHEN g < 1055 THEN 'rare_event_' || g ELSE 'bulk' END,
        ${new Date(start).toISOString()}::timestamptz + make_interval(secs => g)
      FROM generate_series(0, 44999) AS g`.execute(server.db);
    const at = (g: number) => new Date(start + g * 1000).toISOString();
    const times = (p: PostbackLogPage) => p.entries.map((e) => new Date(e.receivedAt).toISOString());
    const walk = async (q: string, most: number) => {
      const pages: PostbackLogPage[] = [];
      let cursor: string | null = null;
      do {
        const res = await page(ANDROID, { q, ...(cursor ? { cursor } : {}) });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as PostbackLogPage;
        pages.push(body);
        cursor = body.nextCursor;
      } while (cursor && pages.length < most);
      return pages;
    };

    // 'rare_event_1' finds 166 names (_1, _10 … _19, _100 … _199, _1000 … _1054): all their rows, newest first,
    // 50 a page, none missed or repeated, each page whole.
    expect(SEARCH_VALUES).toBe(1_000);
    const ones = [
      1,
      ...Array.from({ length: 10 }, (_, i) => 10 + i),
      ...Array.from({ length: 100 }, (_, i) => 100 + i),
    ];
    const expected = [...ones, ...Array.from({ length: 55 }, (_, i) => 1000 + i)].sort((x, y) => y - x).map(at);
    const few = await walk('RARE_EVENT_1', 10);
    expect(few.map((p) => p.entries.length)).toEqual([50, 50, 50, 16]);
    expect(few.flatMap(times)).toEqual(expected);
    expect(few.map((p) => p.searchedTo)).toEqual([null, null, null, null]);
    expect(times((await page(ANDROID, { q: 'rare_event_999' })).json())).toEqual([at(999)]);

    // 'rare_ev' finds 1,056 names, more than SEARCH_VALUES: the newest rows are walked with the text, 2,500 a request.
    expect(SCAN_WINDOW).toBe(2_500);
    const pages = await walk('rare_ev', 18);
    expect(pages.map(times)).toEqual([
      [at(44990)],
      ...Array.from({ length: 16 }, () => []),
      Array.from({ length: 50 }, (_, i) => at(1054 - i)),
    ]);
    // Searched back to the 2,500th newest, the 5,000th, …; the last window holds a whole page and goes on.
    expect(pages.map((p) => p.searchedTo)).toEqual([
      ...Array.from({ length: 17 }, (_, k) => start + (45_000 - 2_500 * (k + 1)) * 1000),
      null,
    ]);
    expect(pages[17]!.nextCursor).not.toBeNull();
    // 'bulk' fills its page among the newest QUICK_WINDOW rows: the whole answer, read there.
    expect(QUICK_WINDOW).toBe(500);
    const bulk = (await page(ANDROID, { q: 'bulk' })).json() as PostbackLogPage;
    expect(bulk.searchedTo).toBeNull();
    expect(times(bulk)).toEqual(
      Array.from({ length: 51 }, (_, i) => 44999 - i)
        .filter((g) => g !== 44990)
        .map(at),
    );
    expect(bulk.nextCursor).not.toBeNull();
    // The event filter has its index: both at once.
    const byEvent = (await page(ANDROID, { event: 'rare_event_3' })).json() as PostbackLogPage;
    expect(byEvent).toMatchObject({ nextCursor: null, searchedTo: null });
    expect(times(byEvent)).toEqual([at(3)]);
    // Unfiltered, the same app pages on without a window.
    expect((await page(ANDROID, {})).json()).toMatchObject({ searchedTo: null });
    expect((await page(ANDROID, {})).json().entries).toHaveLength(50);
  });

  test('a walked search reads both tables newest first, the log only down to where the postbacks stopped: page after page, no match missed or repeated, each short page saying how far it looked', async () => {
    // 12,000 postbacks, one a second: the newer half matches 'walkdev' one in 5, the older one in 100 (1,260 devices);
    // between them 2,400 logged duplicates, the newer half one in 4 matching, the older one in 40 (330 more).
    const app = DEMO_APP_IDS.dragonMergeAndroid;
    const start = Date.parse('2026-10-01T00:00:00.000Z');
    await sql`
      INSERT INTO postbacks (app_id, source, idempotency_key, event_name, advertising_id, received_at)
      SELECT ${app}, 'appsflyer', 'walk-' || g, 'walk_event',
        CASE WHEN (g >= 6000 AND g % 5 = 3) OR g % 100 = 3 THEN 'WALKDEV-' || g ELSE 'QUIETDEV-' || g END,
        ${new Date(start).toISOString()}::timestamptz + make_interval(secs => g)
      FROM generate_series(0, 11999) AS g`.execute(server.db);
    await sql`
      INSERT INTO postback_log (app_id, source, received_at, event_name, outcome, reason_code, reason, advertising_id)
      SELECT ${app}, 'appsflyer', ${new Date(start).toISOString()}::timestamptz + make_interval(secs => 5 * h + 0.5),
        'walk_event', 'duplicate', 'already_received', 'already received',
        CASE WHEN (h >= 1200 AND h % 4 = 0) OR h % 40 = 0 THEN 'WALKDEV-L' || h ELSE 'QUIETDEV-L' || h END
      FROM generate_series(0, 2399) AS h`.execute(server.db);
    const expected = [
      ...Array.from({ length: 12_000 }, (_, g) => g)
        .filter((g) => (g >= 6000 && g % 5 === 3) || g % 100 === 3)
        .map((g) => [start + g * 1000, 'stored']),
      ...Array.from({ length: 2400 }, (_, h) => h)
        .filter((h) => (h >= 1200 && h % 4 === 0) || h % 40 === 0)
        .map((h) => [start + 5000 * h + 500, 'duplicate']),
    ].sort((a, b) => (b[0] as number) - (a[0] as number));

    const pages: PostbackLogPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await page(app, { q: 'walkdev', ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as PostbackLogPage;
      pages.push(body);
      cursor = body.nextCursor;
    } while (cursor && pages.length < 100);
    expect(pages.flatMap((p) => p.entries.map((e) => [e.receivedAt, e.outcome]))).toEqual(expected);
    // A short page says how far back it looked (and goes on from there); a whole one does not.
    for (const p of pages.slice(0, -1)) {
      expect(p.nextCursor).not.toBeNull();
      expect(p.searchedTo === null).toBe(p.entries.length === 50);
    }
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // In the sparse half, each request reads 2,500 postbacks (2,500 s) past the previous one's end.
    const short = pages.map((p) => p.searchedTo).filter((to): to is number => to !== null);
    expect(short.length).toBeGreaterThan(1);
    for (let i = 1; i < short.length; i++) expect(short[i - 1]! - short[i]!).toBeLessThanOrEqual(SCAN_WINDOW * 1000);
    expect(short.slice(1).some((to, i) => short[i]! - to === SCAN_WINDOW * 1000)).toBe(true);
  });
});

describe('the CSV export', () => {
  test('hands formula-like values over as they are (the SPA writer defuses them), filtered like the page', async () => {
    const path = await urlOf(IOS);
    clock += 1000;
    await send(
      path,
      event({ event_name: '=HYPERLINK("http://x.example","y")', idfa: 'FORMULADEV-0000-0000-000000000001' }),
    );
    const res = await page(IOS, { device: 'FORMULADEV-0000-0000-000000000001' }, viewer, '/export');
    expect(res.statusCode).toBe(200);
    expect((res.json() as PostbackLogPage).entries).toMatchObject([
      { eventName: '=HYPERLINK("http://x.example","y")', outcome: 'stored' },
    ]);
  });
});

describe('bad input and access', () => {
  test.each([
    [{ outcome: 'lost' }, 'outcome'],
    [{ from: 'yesterday' }, 'from'],
    [{ to: '2026-02-30' }, 'to'],
    [{ from: '2026-11-20T10:00' }, 'from'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ event: 'a\nb' }, 'event'],
    [{ device: 'd'.repeat(201) }, 'device'],
    [{ cursor: 'not-a-cursor' }, 'cursor'],
    [{ cursor: Buffer.from('+275760-09-13T00:00:00.000Z|1').toString('base64url') }, 'cursor'],
    [{ cursor: Buffer.from('2026-11-20T10:00:00.000000Z|99999999999999999999').toString('base64url') }, 'cursor'],
    [{ from: '2026-11-21', to: '2026-11-20' }, 'from'],
  ])('%j answers 400 naming %s', async (query, field) => {
    const res = await page(IOS, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  test('the ends of the calendar are answered, never 500', async () => {
    for (const query of [
      { from: '1000-01-01', to: '9999-12-31' },
      { from: '1000-01-01T00:00+14:00', to: '9999-12-31T23:59:59.999999-12:00' },
    ]) {
      const res = await page(IOS, { ...query, q: 'filter_' });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  test('an unknown source is not found; another workspace is not found; every member reads', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: `/api/app/${IOS}/postbacks/singular/entries`,
      headers: bearer(viewer),
    });
    expect(unknown.statusCode).toBe(404);
    const outsider = await signInAs(server.app, DEMO_ACCOUNTS.rival);
    expect((await page(IOS, {}, outsider)).statusCode).toBe(404);
    for (const token of [admin, viewer]) expect((await page(IOS, {}, token)).statusCode).toBe(200);
  });
});
