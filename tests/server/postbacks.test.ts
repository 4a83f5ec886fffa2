/**
 * docs/postbacks.md: the attribution postback endpoint (wrong secret, replay, malformed, rate limit, another app's secret),
 * the postback log, a waiting plugin connected by its first stored postback (Check Status only reads; editors only)
 * and postback.stored reactions.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import type { PostbackSubject } from '../../server/areas/postbacks/postbacks';
import type { Reaction, ServerContext } from '../../server/context';
import type { DomainEvent } from '../../src/contracts/domain-events';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

const IOS: string = DEMO_APP_IDS.dragonMergeIos; // has an AppsFlyer plugin, connected by the postbacks the seed stored
const ANDROID: string = DEMO_APP_IDS.pixelRacer; // has none
const PLUGIN = `${IOS}-appsflyer`;

let server: TestServer;
let admin: string;
let viewer: string;
/** A test's reaction to `postback.stored` (declared beside the areas' like any other), switched on while it probes. */
const probe: {
  handle?: (tx: ServerContext, event: DomainEvent<'postback.stored'>) => Promise<void>;
  wants?: (subject: PostbackSubject) => boolean;
} = {};
const probeReaction: Reaction<'postback.stored'> = {
  event: 'postback.stored',
  area: 'test',
  name: 'test.probe',
  mode: 'transaction',
  handle: async (tx, event) => probe.handle?.(tx, event),
  wants: (_ctx, subject) => probe.handle !== undefined && (probe.wants?.(subject as PostbackSubject) ?? true),
};
beforeAll(async () => {
  server = await createTestServer({ events: { reactions: [probeReaction as Reaction] } });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
  viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
});
afterAll(() => server?.close());

async function urlOf(appId: string, token = admin): Promise<string> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/app/${appId}/postbacks/appsflyer/url`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url).pathname;
}
const event = (overrides: Record<string, string> = {}) => ({
  event_name: 'level_complete',
  event_time: '2026-11-20 10:11:12.345',
  event_value: '{"level":"3"}',
  event_revenue: '1.99',
  event_revenue_currency: 'eur',
  idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
  appsflyer_id: '1700000000000-1234567',
  install_unix_ts: '1763600000',
  af_sub1: 'player-1',
  af_sub2: IOS,
  af_sub3: 'quest-9',
  ...overrides,
});
const send = (path: string, query: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}` });
const count = async (appId = IOS) =>
  Number(
    (
      await server.db
        .selectFrom('postbacks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('app_id', '=', appId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the postback URL', () => {
  test('is the public origin, the source, the app and a secret; the same every time; editors only', async () => {
    const path = await urlOf(IOS);
    expect(path).toMatch(new RegExp(`^/postbacks/appsflyer/${IOS}/[A-Za-z0-9_-]{43}$`));
    expect(await urlOf(IOS)).toBe(path);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/app/${IOS}/postbacks/appsflyer/url`,
      headers: bearer(viewer),
    });
    expect(res.statusCode).toBe(403);
    const stored = await server.db
      .selectFrom('postback_secrets')
      .select(['secret_hash', 'secret_sealed'])
      .where('app_id', '=', IOS)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(path.split('/').pop());
  });
});

describe('receiving postbacks', () => {
  test('a GET postback is stored with its fields; a replay is one event (duplicate, logged)', async () => {
    const path = await urlOf(IOS);
    const before = await count();
    const first = await send(path, event());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, outcome: 'stored' });
    const again = await send(path, event());
    expect(again.json()).toEqual({ success: true, outcome: 'duplicate' });
    expect(await count()).toBe(before + 1);
    const row = await server.db
      .selectFrom('postbacks')
      .selectAll()
      .where('app_id', '=', IOS)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'appsflyer',
      event_name: 'level_complete',
      value: '{"level":"3"}',
      revenue: 1.99,
      currency: 'EUR',
      advertising_id: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
      sub1: 'player-1',
      sub2: IOS,
      sub3: 'quest-9',
      sub4: null,
    });
    expect(new Date(row.event_time!).toISOString()).toBe('2026-11-20T10:11:12.345Z');
    expect(new Date(row.install_time!).getTime()).toBe(1763600000 * 1000);
  });

  test('a POSTed JSON postback is stored too', async () => {
    const path = await urlOf(IOS);
    const res = await server.app.inject({
      method: 'POST',
      url: path,
      payload: { ...event({ event_name: 'purchase' }), event_revenue: 4.99 },
    });
    expect(res.json()).toEqual({ success: true, outcome: 'stored' });
  });

  test('a refund: a negative event_revenue is stored negative (GET text and POSTed JSON number)', async () => {
    const path = await urlOf(IOS);
    const res = await send(path, event({ event_name: 'refund', event_revenue: '-1.99' }));
    expect(res.statusCode, res.body).toBe(200);
    const posted = await server.app.inject({
      method: 'POST',
      url: path,
      payload: { ...event({ event_name: 'refund_json' }), event_revenue: -4.5 },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const rows = await server.db
      .selectFrom('postbacks')
      .select(['event_name', 'revenue', 'currency'])
      .where('app_id', '=', IOS)
      .where('event_name', 'in', ['refund', 'refund_json'])
      .orderBy('event_name')
      .execute();
    expect(rows).toEqual([
      { event_name: 'refund', revenue: -1.99, currency: 'EUR' },
      { event_name: 'refund_json', revenue: -4.5, currency: 'EUR' },
    ]);
  });

  test("a template nobody filled in ({event_name} left as is) says 'placeholders were not replaced'; other macros count as absent", async () => {
    const path = await urlOf(IOS);
    const res = await send(path, event({ event_name: '{event_name}', event_time: '{event_time}' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed postback: placeholders were not replaced: {event_name}, {event_time}.');
    const absent = await send(
      path,
      event({ event_name: 'macro_absent', af_sub4: '{af_sub4}', advertising_id: '{advertising_id}' }),
    );
    expect(absent.statusCode, absent.body).toBe(200);
    const row = await server.db
      .selectFrom('postbacks')
      .select(['sub4', 'advertising_id'])
      .where('app_id', '=', IOS)
      .where('event_name', '=', 'macro_absent')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sub4: null, advertising_id: 'AEBE52E7-03EE-455A-B3C4-E57283966239' });
  });

  test("a wrong secret, or another app's secret, answers 404 and stores nothing", async () => {
    const path = await urlOf(IOS);
    const otherSecret = (await urlOf(ANDROID)).split('/').pop()!;
    const before = await count();
    const wrong = await send(path.replace(/[^/]+$/, 'x'.repeat(43)), event({ event_name: 'wrong_secret' }));
    expect(wrong.statusCode).toBe(404);
    const other = await send(`/postbacks/appsflyer/${IOS}/${otherSecret}`, event({ event_name: 'other_secret' }));
    expect(other.statusCode).toBe(404);
    const unknownSource = await send(path.replace('/appsflyer/', '/nosuch/'), event());
    expect(unknownSource.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  test('malformed postbacks answer 400, store nothing and are logged as refused with the reason', async () => {
    const path = await urlOf(IOS);
    const before = await count();
    for (const bad of [
      event({ event_name: '' }),
      event({ event_time: 'yesterday' }),
      event({ event_revenue: '1,99' }),
      event({ event_revenue_currency: 'euro' }),
      event({ idfa: '', appsflyer_id: '' }),
      event({ idfa: 'has space' }),
    ]) {
      const res = await send(path, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('malformed_postback');
    }
    const array = await server.app.inject({ method: 'GET', url: `${path}?event_name=a&event_name=b` });
    expect(array.statusCode).toBe(400);
    const json = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: '{"event_name":',
    });
    expect(json.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const log = await server.app.inject({
      method: 'GET',
      url: `/api/app/${IOS}/postbacks/appsflyer/log`,
      headers: bearer(viewer),
    });
    const reasons = log
      .json()
      .entries.filter((e: { outcome: string }) => e.outcome === 'refused')
      .map((e: { reason: string }) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'event_name is missing',
        'event_time is not a time',
        'event_revenue is not a number',
        'idfa must not contain whitespace',
      ]),
    );
  });

  test('an app without the plugin refuses (409, logged); the log masks the device id', async () => {
    const path = await urlOf(ANDROID);
    const res = await send(path, event({ advertising_id: '38400000-8cf0-11bd-b23e-10b96e40000d', idfa: '' }));
    expect(res.statusCode).toBe(409);
    expect(await count(ANDROID)).toBe(0);
    const log = await server.app.inject({
      method: 'GET',
      url: `/api/app/${ANDROID}/postbacks/appsflyer/log`,
      headers: bearer(viewer),
    });
    expect(log.json().entries[0]).toMatchObject({
      outcome: 'refused',
      reason: 'the app has no AppsFlyer plugin',
      eventName: 'level_complete',
      advertisingId: '3840…000d',
    });
    expect(JSON.stringify(log.json())).not.toContain('38400000-8cf0');
  });
});

describe('check status', () => {
  test('the fresh demo is consistent: Dragon Merge iOS is connected beside its stored postbacks, and its feed says why', async () => {
    const plugins = await server.app.inject({ method: 'GET', url: `/api/app/${IOS}/plugins`, headers: bearer(viewer) });
    expect(plugins.json().plugins.find((p: { source: string }) => p.source === 'AppsFlyer')).toMatchObject({
      id: PLUGIN,
      connected: 'connected',
    });
    const feed = await server.app.inject({
      method: 'GET',
      url: `/api/plugins/${PLUGIN}/feed`,
      headers: bearer(viewer),
    });
    expect(feed.json().feed.map((f: { message: string }) => f.message)).toContain(
      'AppsFlyer connected: events are received.',
    );
  });

  test('Check Status only reads: a plugin left waiting beside stored rows stays waiting; the summary lists the events', async () => {
    await server.db.updateTable('plugins').set({ status: 'waiting_for_events' }).where('id', '=', PLUGIN).execute();
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/plugins/${PLUGIN}/status`,
        headers: bearer(admin),
      });
      expect(res.json()).toMatchObject({
        success: true,
        plugin: { connected: 'waiting_for_events' },
        eventsReceived: true,
      });
      const row = await server.db
        .selectFrom('plugins')
        .select('status')
        .where('id', '=', PLUGIN)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('waiting_for_events');
    } finally {
      await server.db.updateTable('plugins').set({ status: 'connected' }).where('id', '=', PLUGIN).execute();
    }
    const summary = await server.app.inject({
      method: 'GET',
      url: `/api/app/${IOS}/postbacks/appsflyer/summary`,
      headers: bearer(viewer),
    });
    // Those sent above, beside the AppsFlyer events the demo seed stored for Acquire.
    expect(summary.json().events.map((e: { eventName: string }) => e.eventName)).toEqual([
      'af_ad_view',
      'af_level_achieved',
      'af_purchase',
      'af_subscribe',
      'af_tutorial_completion',
      'level_complete',
      'macro_absent',
      'purchase',
      'refund',
      'refund_json',
    ]);
  });

  test('the health line reads the same postbacks as the status card: last seen at the newest postback', async () => {
    const summary = (
      await server.app.inject({
        method: 'GET',
        url: `/api/app/${IOS}/postbacks/appsflyer/summary`,
        headers: bearer(viewer),
      })
    ).json();
    const health = (
      await server.app.inject({ method: 'GET', url: `/api/app/${IOS}/integrations/health`, headers: bearer(viewer) })
    ).json();
    const line = health.sources.find((s: { source: string }) => s.source === 'AppsFlyer');
    expect(summary.lastEventAt).toEqual(expect.any(Number));
    expect(line).toMatchObject({ pluginId: PLUGIN, lastSeenAt: summary.lastEventAt });
    expect(line.status).toBe('degraded'); // not waiting: postbacks arrive (the ones refused above degrade it)
    expect(line.findings.map((f: { check: string }) => f.check)).toEqual(['refused-postbacks']);
  });

  test('a waiting plugin becomes connected when its first valid postback is stored, exactly once; a viewer cannot check', async () => {
    const GARDEN: string = DEMO_APP_IDS.wordGarden;
    const enable = await server.app.inject({
      method: 'POST',
      url: `/api/app/${GARDEN}/appsflyer/enable`,
      headers: bearer(admin),
    });
    const plugin = enable.json().plugin as { id: string; connected: string };
    expect(plugin).toMatchObject({ source: 'AppsFlyer', connected: 'waiting_for_events' });
    const status = () =>
      server.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/status`, headers: bearer(admin) });
    const stored = async () =>
      (await server.db.selectFrom('plugins').select('status').where('id', '=', plugin.id).executeTakeFirstOrThrow())
        .status;
    const connectedLines = async () =>
      (await server.app.inject({ method: 'GET', url: `/api/plugins/${plugin.id}/feed`, headers: bearer(viewer) }))
        .json()
        .feed.filter((f: { message: string }) => f.message === 'AppsFlyer connected: events are received.');

    expect((await status()).json()).toMatchObject({
      success: true,
      plugin: { connected: 'waiting_for_events' },
      eventsReceived: false,
      lastEventAt: null,
    });
    // Check Status is an action: a viewer is refused (and nothing changes).
    const asViewer = await server.app.inject({
      method: 'GET',
      url: `/api/plugins/${plugin.id}/status`,
      headers: bearer(viewer),
    });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().code).toBe('access_missing_role_for_action');

    // A refused postback connects nothing.
    const path = await urlOf(GARDEN);
    expect((await send(path, event({ af_sub2: GARDEN, event_name: '' }))).statusCode).toBe(400);
    expect(await stored()).toBe('waiting_for_events');

    // Valid postbacks arriving together: connected once, one feed line.
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        send(path, event({ af_sub2: GARDEN, event_name: `first_${i}`, appsflyer_id: `garden-${i}` })),
      ),
    );
    expect(answers.map((a) => a.json().outcome)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    expect(await stored()).toBe('connected');
    expect(await connectedLines()).toHaveLength(1);
    expect((await connectedLines())[0]).toMatchObject({ type: 'success' });

    // Later postbacks leave it alone; Check Status reads connected with the events.
    expect(
      (await send(path, event({ af_sub2: GARDEN, event_name: 'later', appsflyer_id: 'garden-later' }))).json().outcome,
    ).toBe('stored');
    expect(await connectedLines()).toHaveLength(1);
    expect((await status()).json()).toMatchObject({
      success: true,
      plugin: { connected: 'connected' },
      eventsReceived: true,
      lastEventAt: expect.any(Number),
    });
  });
});

describe('postback.stored', () => {
  test("reactions run in the insert's transaction, not for duplicates; a failing reaction undoes the insert", async () => {
    const path = await urlOf(IOS);
    const seen: string[] = [];
    probe.handle = async (tx, { payload: postback }) => {
      const row = await tx.db
        .selectFrom('postbacks')
        .select('id')
        .where('id', '=', postback.postbackId)
        .executeTakeFirst();
      seen.push(`${postback.sub3}/${postback.sub1}/${row ? 'visible' : 'missing'}`);
      if (postback.eventName === 'explode') throw new Error('listener failed');
    };
    try {
      await send(path, event({ event_name: 'listened' }));
      await send(path, event({ event_name: 'listened' }));
      expect(seen).toEqual(['quest-9/player-1/visible']);
      const before = await count();
      const res = await send(path, event({ event_name: 'explode' }));
      expect(res.statusCode).toBe(500);
      expect(await count()).toBe(before);
    } finally {
      delete probe.handle;
    }
  });
});

describe('a reaction that does not want a postback', () => {
  test('is not called, and the postback is stored all the same', async () => {
    const path = await urlOf(IOS);
    const asked: string[] = [];
    const called: string[] = [];
    probe.handle = async (_tx, { payload }) => {
      called.push(payload.eventName);
    };
    probe.wants = ({ appId, source, postback }) => {
      asked.push(`${appId}/${postback.eventName}`);
      return source === 'appsflyer' && postback.eventName === 'wanted';
    };
    try {
      const before = await count();
      expect((await send(path, event({ event_name: 'unwanted' }))).statusCode).toBe(200);
      expect((await send(path, event({ event_name: 'wanted' }))).statusCode).toBe(200);
      expect(asked).toEqual([`${IOS}/unwanted`, `${IOS}/wanted`]);
      expect(called).toEqual(['wanted']);
      expect(await count()).toBe(before + 2);
    } finally {
      delete probe.handle;
      delete probe.wants;
    }
  });
});

describe('rate limit, and a disconnected plugin', () => {
  test("postbacks beyond the app's burst answer 429 and are not stored; a disconnected plugin refuses them", async () => {
    let now = new Date('2026-11-25T09:00:00Z');
    const limited = await createTestServer({ config: { postbackRate: { perSecond: 1, burst: 3 } }, now: () => now });
    try {
      const token = await signInAs(limited.app, DEMO_ACCOUNTS.admin);
      const url = new URL(
        (
          await limited.app.inject({
            method: 'GET',
            url: `/api/app/${IOS}/postbacks/appsflyer/url`,
            headers: bearer(token),
          })
        ).json().url,
      ).pathname;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'GET',
              url: `${url}?${new URLSearchParams(event({ event_name: `burst_${i}` }))}`,
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const other = await limited.app.inject({
        method: 'GET',
        url: `${url.replace(IOS, ANDROID)}?${new URLSearchParams(event())}`,
      });
      expect(other.statusCode).toBe(404);
      const n = await limited.db
        .selectFrom('postbacks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_name', 'like', 'burst_%')
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(3);
      // Disconnected: once the URL's cached status expires (TARGET_CACHE_MS), postbacks are refused and logged.
      const disconnect = await limited.app.inject({
        method: 'POST',
        url: `/api/plugins/${PLUGIN}/disconnect`,
        headers: bearer(token),
      });
      expect(disconnect.statusCode).toBe(200);
      now = new Date(now.getTime() + 60_000);
      const refused = await limited.app.inject({
        method: 'GET',
        url: `${url}?${new URLSearchParams(event({ event_name: 'after_disconnect' }))}`,
      });
      expect(refused.statusCode).toBe(409);
      const log = await limited.app.inject({
        method: 'GET',
        url: `/api/app/${IOS}/postbacks/appsflyer/log`,
        headers: bearer(token),
      });
      // (The demo seed's postbacks carry the wall clock's time, later than this server's clock: find the entry by name.)
      const entry = log.json().entries.find((e: { eventName: string }) => e.eventName === 'after_disconnect');
      expect(entry).toMatchObject({
        outcome: 'refused',
        reason: 'AppsFlyer plugin is disconnected',
        eventName: 'after_disconnect',
      });
    } finally {
      await limited.close();
    }
  });
});
