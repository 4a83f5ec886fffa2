/**
 * The integrations API (docs/integrations.md §Entities, §Plugin states, §Rules and limits, §Roles, §API endpoints, §Messages) through app.inject with an in-memory event store:
 * credentials (product service account, uploaded workspace key sealed at rest and never echoed), the sandbox IAM
 * check with a project lacking roles, create → sandbox export job → Process Data job → Analyze enabled and a report
 * over the new range, idempotent reprocessing, one processing at a time, a job that survives a restart (expired
 * lease), and another workspace's plugins and credentials never visible.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { CredentialsResponse, PluginsResponse, FeedResponse } from '../../src/contracts/integrations';
import { Plugin } from '../../src/contracts/plugin';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID } from '../../server/demo/seed';
import { drainJobs, enqueueJob, runNextJob } from '../../server/jobs/queue';
import { processRange } from '../../server/analytics/raw-export';
import { writeDemoExport } from '../../server/demo/demo-data';
import { integrationJobs } from '../../server/areas/integrations/integrations';
import { call, createTestServer, processAndDrain, rawExportDays, signInAs, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.pixelRacer; // the demo app with no integration
let server: TestServer;
let analytics: AnalyticsEngine;
let admin: string;
let editor: string;
let viewer: string;
let rival: string;
let clock = Date.now();

const decodes = (codec: { decode(u: unknown): unknown }, body: unknown) =>
  expect(isRight(codec.decode(body) as never)).toBe(true);
const ctx = () => server.app.questboard;
/** The Cookie header a browser sends back after the OAuth start answered its Set-Cookie. */
const browserCookie = (start: { headers: Record<string, unknown> }) =>
  String(start.headers['set-cookie']).split(';')[0]!;

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({
    providers: { analytics },
    config: { sandboxExport: { events: 6_000, days: 30 } },
    now: () => new Date(clock),
  });
  [admin, editor, viewer, rival] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
    signInAs(server.app, DEMO_ACCOUNTS.rival),
  ]);
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

const SERVICE_ACCOUNT_KEY = {
  type: 'service_account',
  project_id: 'pixel-racer-prod',
  private_key_id: 'abc123',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-very-secret\n-----END PRIVATE KEY-----\n',
  client_email: 'uploader@pixel-racer-prod.iam.gserviceaccount.com',
  client_id: '1234567890',
};

let productCredentialId = '';
let pluginId = '';

describe('credentials', () => {
  test('the product service account: admins only; its projects, one lacking roles', async () => {
    expect(
      (await call(server.app, editor, { method: 'POST', url: `/api/app/${APP}/credentials/product` })).statusCode,
    ).toBe(403);
    const res = await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` });
    expect(res.statusCode).toBe(200);
    const credential = res.json().credential;
    productCredentialId = credential.id;
    expect(credential.type).toBe('TP_SERVICE_ACCOUNT');
    expect(Object.keys(credential.projects).sort()).toEqual(['demo-studio-analytics', 'demo-studio-sandbox']);
    expect(credential.projects['demo-studio-sandbox'][0].roles).not.toContain('roles/bigquery.jobUser');
    // A second call returns the same credential.
    const again = await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` });
    expect(again.json().credential.id).toBe(productCredentialId);
  });

  test('an uploaded service-account key is sealed at rest and never echoed', async () => {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/service-account`,
      payload: { key: SERVICE_ACCOUNT_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('very-secret');
    expect(res.json().credential.authenticatedEntity.email).toBe(SERVICE_ACCOUNT_KEY.client_email);
    const row = await server.db
      .selectFrom('credentials')
      .selectAll()
      .where('id', '=', res.json().credential.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain('very-secret');
    expect(JSON.parse(ctx().providers.secrets.open(row.secret!)).private_key).toBe(SERVICE_ACCOUNT_KEY.private_key);
    const list = await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/credentials` });
    decodes(CredentialsResponse, list.json());
    expect(list.body).not.toContain('very-secret');
    expect(list.json().provider).toBe('sandbox');
  });

  test('editors cannot upload keys; a file that is not a key is refused', async () => {
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/app/${APP}/credentials/service-account`,
          payload: { key: SERVICE_ACCOUNT_KEY },
        })
      ).statusCode,
    ).toBe(403);
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/service-account`,
      payload: { key: { ...SERVICE_ACCOUNT_KEY, private_key: 'nope' } },
    });
    expect(res.statusCode).toBe(400);
  });

  test("another workspace's credentials and plugins are never visible", async () => {
    expect((await call(server.app, rival, { method: 'GET', url: `/api/app/${APP}/credentials` })).statusCode).toBe(404);
    const own = await call(server.app, rival, { method: 'GET', url: `/api/app/${RIVAL_APP_ID}/credentials` });
    expect(own.statusCode).toBe(200);
    expect(own.json().credentials).toEqual([]);
    expect(
      (
        await call(server.app, rival, {
          method: 'GET',
          url: `/api/plugins/${DEMO_APP_IDS.dragonMergeAndroid}-bigquery`,
        })
      ).statusCode,
    ).toBe(404);
    // A credential id of another workspace cannot be used to create a plugin there.
    const res = await call(server.app, rival, {
      method: 'POST',
      url: `/api/app/${RIVAL_APP_ID}/plugins`,
      payload: { type: 'BigQuery', credentialId: productCredentialId },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('connect BigQuery, process data, Analyze enabled', () => {
  test('a project where the credential lacks roles is refused with the docs/integrations.md §Messages IAM message', async () => {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/plugins`,
      payload: {
        type: 'BigQuery',
        credentialId: productCredentialId,
        attributes: { targetProject: 'demo-studio-sandbox' },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Connection could not be configured due to missing permissions.');
    expect(res.json().message).toContain('BigQuery Job User');
  });

  test('an editor may not save a connection with a service account (docs/integrations.md §Roles)', async () => {
    const res = await call(server.app, editor, {
      method: 'POST',
      url: `/api/app/${APP}/plugins`,
      payload: {
        type: 'BigQuery',
        credentialId: productCredentialId,
        attributes: { targetProject: 'demo-studio-analytics' },
      },
    });
    expect(res.statusCode).toBe(403);
  });

  test('create: no data yet, Connecting... while the sandbox export is written', async () => {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/plugins`,
      payload: {
        type: 'BigQuery',
        credentialId: productCredentialId,
        attributes: { targetProject: 'demo-studio-analytics' },
      },
    });
    expect(res.statusCode).toBe(200);
    const plugin = res.json().plugin;
    decodes(Plugin, plugin);
    pluginId = plugin.id;
    expect(plugin).toMatchObject({
      source: 'BigQuery',
      connected: 'no_data',
      credentials: productCredentialId,
      inProgress: ['integration'],
    });
    const dup = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/plugins`,
      payload: { type: 'BigQuery', credentialId: productCredentialId },
    });
    expect(dup.statusCode).toBe(409);
    await drainJobs(ctx(), integrationJobs);
    const after = await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` });
    expect(after.json().inProgress).toEqual([]);
    const feed = await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/feed` });
    decodes(FeedResponse, feed.json());
    expect(feed.json().feed.map((f: { message: string }) => f.message)).toEqual([
      'Plugin created. Connection configured.',
      expect.stringMatching(
        /^Sandbox Firebase export ready: [\d,]+ raw events from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.$/,
      ),
    ]);
  });

  let start = '';
  let end = '';
  let processedEvents = 0;

  test('process a range: one job at a time, then the plugin has data and Analyze is enabled', async () => {
    const app = await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}` });
    expect(app.json().data.enableAnalyze).toBe(false);
    end = (await rawExportDays(analytics.store, APP)).last;
    start = new Date(Date.parse(`${end}T00:00:00Z`) - 13 * 86_400_000).toISOString().slice(0, 10);

    expect(
      (
        await call(server.app, viewer, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/process`,
          payload: { start, end },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/process`,
          payload: { start: end, end: start },
        })
      ).statusCode,
    ).toBe(400);
    // Beyond today (UTC, the server's clock): refused with the reason, nothing queued.
    const today = new Date(clock).toISOString().slice(0, 10);
    const tomorrow = new Date(clock + 86_400_000).toISOString().slice(0, 10);
    const future = await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${pluginId}/process`,
      payload: { start, end: tomorrow },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'date_in_future',
      message: `The end date must be today (${today}, UTC) or earlier: there is no data after today.`,
    });
    const res = await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${pluginId}/process`,
      payload: { start, end },
    });
    expect(res.statusCode).toBe(200);
    const busy = await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${pluginId}/process`,
      payload: { start, end },
    });
    expect(busy.statusCode).toBe(409);
    expect(
      (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).json().inProgress,
    ).toEqual(['bigquery_process_event']);

    await drainJobs(ctx(), integrationJobs);
    const plugin = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
    expect(plugin).toMatchObject({ connected: 'connected', inProgress: [], dataRange: { start, end } });
    expect((await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}` })).json().data.enableAnalyze).toBe(
      true,
    );
    const [count] = await analytics.store.rows('SELECT count(*) AS n FROM events WHERE app_id = $a', { a: APP });
    processedEvents = Number(count!.n);
    expect(processedEvents).toBeGreaterThan(0);
    const feed = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/feed` })).json().feed;
    expect(feed.at(-1).message).toBe(
      `Processed ${processedEvents.toLocaleString('en-US')} events from ${start} to ${end}.`,
    );
    const list = await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/plugins` });
    decodes(PluginsResponse, list.json());
  });

  test('a report runs over the freshly processed range', async () => {
    const res = await call(server.app, viewer, {
      method: 'POST',
      url: `/analytics/template/${APP}`,
      payload: {
        report: {
          model_id: 'daily_metrics',
          configuration: {
            select: [{ column_name: 'dau', id: 'dau', data_type: 'FLOAT64', format: 'decimal' }],
            group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
            date_range: [{ date_start: start, date_end: end, model_id: 'daily_metrics' }],
          },
        },
        saveTemplate: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const rows = (await server.app.inject({ method: 'GET', url: res.json().url })).json().report;
    expect(rows.length).toBe(14);
  });

  test('reprocessing the same range replaces it (idempotent)', async () => {
    clock += 1000;
    expect(await processAndDrain(server, editor, pluginId, { start, end })).toBe(200);
    const [count] = await analytics.store.rows('SELECT count(*) AS n FROM events WHERE app_id = $a', { a: APP });
    expect(Number(count!.n)).toBe(processedEvents);
  });

  test('the Events table lists the processed events with their parameter types; search matches part of a name', async () => {
    const all = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events` })).json();
    const impression = all.events.find((e: { eventName: string }) => e.eventName === 'ad_impression');
    expect(impression).toMatchObject({
      status: 'ACTIVE',
      event_params: { ad_format: 'STRING', value: 'FLOAT64', ga_session_id: 'INT64' },
    });
    const ads = (
      await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events?search=AD_` })
    ).json().events;
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.every((e: { eventName: string }) => e.eventName.includes('ad_'))).toBe(true);
    expect(
      (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events?search=%25` })).json()
        .events,
    ).toEqual([]);
  });

  test('a job whose server stopped (expired lease) is claimed again', async () => {
    const jobId = await enqueueJob(ctx(), {
      kind: 'bigquery_process_event',
      pluginId,
      appId: APP,
      payload: { start, end },
    });
    await server.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'a-dead-server', locked_until: new Date(clock - 1000) })
      .where('id', '=', jobId)
      .execute();
    expect(await runNextJob(ctx(), integrationJobs)).toBe(true);
    const job = await server.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1, progress: 100 });
  });

  test('a failing job reports why in the feed', async () => {
    await analytics.store.run('DELETE FROM raw_events WHERE dataset = $d', { d: APP });
    await call(server.app, editor, {
      method: 'POST',
      url: `/api/plugins/${pluginId}/process`,
      payload: { start, end },
    });
    await drainJobs(ctx(), integrationJobs);
    const feed = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/feed` })).json().feed;
    expect(feed.at(-1)).toMatchObject({
      type: 'error',
      message: 'Processing data failed: No raw Firebase export was found for this app.',
    });
  });

  test('daily process switch, disconnect, connect and delete', async () => {
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/daily-process`,
          payload: { dailyProcess: true },
        })
      ).statusCode,
    ).toBe(200);
    let plugin = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
    expect(plugin.attributes.dailyProcess).toBe(true);
    expect(plugin.refreshSchedule).toBe('0 3 * * *');
    await call(server.app, editor, { method: 'POST', url: `/api/plugins/${pluginId}/disconnect` });
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/process`,
          payload: { start, end },
        })
      ).statusCode,
    ).toBe(409);
    await call(server.app, editor, { method: 'POST', url: `/api/plugins/${pluginId}/connect` });
    plugin = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
    expect(plugin.connected).toBe('connected');
    expect((await call(server.app, editor, { method: 'DELETE', url: `/api/plugins/${pluginId}` })).statusCode).toBe(
      200,
    );
    expect((await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).statusCode).toBe(404);
    expect((await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}` })).json().data.enableAnalyze).toBe(
      false,
    );
  });
});

describe('Google sign-in through the sandbox consent page', () => {
  test('start → consent page → callback creates the credential and goes back with ?oAuthRedirect', async () => {
    const returnTo = `/workspace/demo-studio/app/${APP}/integrations/BigQuery`;
    expect(
      (
        await call(server.app, viewer, {
          method: 'POST',
          url: `/api/app/${APP}/credentials/oauth`,
          payload: { returnTo },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/app/${APP}/credentials/oauth`,
          payload: { returnTo: 'https://evil.example/x' },
        })
      ).statusCode,
    ).toBe(400);
    const start = await call(server.app, editor, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/oauth`,
      payload: { returnTo },
    });
    expect(start.statusCode).toBe(200);
    const consent = await server.app.inject({ method: 'GET', url: start.json().url });
    expect(consent.statusCode).toBe(200);
    expect(consent.headers['content-type']).toContain('text/html');
    expect(consent.body).toContain('Sandbox');
    const link = /href="(\/api\/oauth\/callback[^"]+limited[^"]+)"/.exec(consent.body)![1]!.replaceAll('&#38;', '&');
    const back = await server.app.inject({ method: 'GET', url: link, headers: { cookie: browserCookie(start) } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(`${returnTo}?oAuthRedirect=true`);
    const list = (await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/credentials` })).json()
      .credentials;
    expect(
      list.some(
        (c: { type: string; authenticatedEntity: { email: string } }) =>
          c.type === 'USER_OAUTH' && c.authenticatedEntity.email === 'limited.analyst@demo-studio.dev',
      ),
    ).toBe(true);
    // A forged or tampered state is refused.
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/oauth/callback?state=v1.a.b.c&code=sandbox:x@y.dev' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('a Google sign-in link belongs to the browser that started it and works once', () => {
  const returnTo = `/workspace/demo-studio/app/${APP}/integrations/BigQuery`;
  // Each Google credential with its sealed token: a completed sign-in adds one or refreshes it (one per identity).
  const oauthCredentials = async () =>
    (
      await server.db
        .selectFrom('credentials')
        .select(['email', 'secret'])
        .where('type', '=', 'USER_OAUTH')
        .orderBy('email')
        .execute()
    ).map((row) => `${row.email}:${row.secret}`);
  /** Starts a sign-in as the editor and returns its sandbox callback link (as publisher@…) and the browser's cookie. */
  async function started() {
    const start = await call(server.app, editor, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/oauth`,
      payload: { returnTo },
    });
    expect(start.statusCode).toBe(200);
    const consent = await server.app.inject({ method: 'GET', url: start.json().url });
    const link = /href="(\/api\/oauth\/callback[^"]+publisher[^"]+)"/.exec(consent.body)![1]!.replaceAll('&#38;', '&');
    return { link, cookie: browserCookie(start), setCookie: String(start.headers['set-cookie']) };
  }

  test('the start sets an HttpOnly, SameSite cookie limited to the callback', async () => {
    const { setCookie } = await started();
    expect(setCookie).toMatch(
      /^qb_oauth_[0-9a-f]{24}=[\w-]{43}; Path=\/api\/oauth\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  test("another browser (no cookie, or another sign-in's cookie) is refused with a clear message and adds nothing", async () => {
    const mine = await started();
    const other = await started();
    const before = await oauthCredentials();
    for (const headers of [{}, { cookie: other.cookie }, { cookie: mine.cookie.replace(/=.*/, '=forged') }]) {
      const res = await server.app.inject({ method: 'GET', url: mine.link, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'state_other_browser',
        message:
          'This Google sign-in was started in another browser, or too long ago. Start it again from Questboard in this browser.',
      });
    }
    expect(await oauthCredentials()).toEqual(before);
    // The browser that started it still completes it.
    expect(
      (await server.app.inject({ method: 'GET', url: mine.link, headers: { cookie: mine.cookie } })).body,
    ).toContain(`${returnTo}?oAuthRedirect=true`);
    expect(await oauthCredentials()).not.toEqual(before);
  });

  test('a second use of the same link, even in the same browser, is refused and adds nothing', async () => {
    const { link, cookie } = await started();
    const first = await server.app.inject({ method: 'GET', url: link, headers: { cookie } });
    expect(first.body).toContain(`${returnTo}?oAuthRedirect=true`);
    const after = await oauthCredentials();
    const again = await server.app.inject({ method: 'GET', url: link, headers: { cookie } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'state_used',
      message: 'This Google sign-in link was already used. Start it again from Questboard.',
    });
    expect(await oauthCredentials()).toEqual(after);
  });
});

describe('one credential per identity per workspace', () => {
  /**
   * A Google sign-in started as `token`, the account chosen on the sandbox consent page: the callback request (with the
   * cookie the start set, if any, as the starting browser would send it).
   */
  async function signInWithGoogle(token: string, account: 'publisher' | 'limited') {
    const returnTo = `/workspace/demo-studio/app/${APP}/integrations/BigQuery`;
    const start = await call(server.app, token, {
      method: 'POST',
      url: `/api/app/${APP}/credentials/oauth`,
      payload: { returnTo },
    });
    const consent = await server.app.inject({ method: 'GET', url: start.json().url });
    const url = new RegExp(`href="(/api/oauth/callback[^"]+${account}[^"]+)"`)
      .exec(consent.body)![1]!
      .replaceAll('&#38;', '&');
    const setCookie = start.headers['set-cookie'];
    return { method: 'GET' as const, url, headers: setCookie ? { cookie: String(setCookie).split(';')[0]! } : {} };
  }
  const credentialsOf = async (email: string) =>
    server.db.selectFrom('credentials').select(['id', 'secret', 'created_at']).where('email', '=', email).execute();
  const listed = async (email: string) =>
    (
      (await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/credentials` })).json().credentials as {
        id: string;
        authenticatedEntity: { email: string };
      }[]
    ).filter((c) => c.authenticatedEntity.email === email);

  test('signing in again with the same Google account refreshes its credential in place (same id, new token), listed once', async () => {
    const email = 'publisher@demo-studio.dev';
    expect((await server.app.inject(await signInWithGoogle(editor, 'publisher'))).statusCode).toBe(200);
    const [first] = await credentialsOf(email);
    expect((await server.app.inject(await signInWithGoogle(admin, 'publisher'))).statusCode).toBe(200);
    const rows = await credentialsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(first!.id);
    expect(rows[0]!.secret).not.toBe(first!.secret);
    expect(await listed(email)).toHaveLength(1);
  });

  test('two callbacks of the same account at once still make one credential', async () => {
    const email = 'limited.analyst@demo-studio.dev';
    const callbacks = [await signInWithGoogle(editor, 'limited'), await signInWithGoogle(admin, 'limited')];
    const answers = await Promise.all(callbacks.map((request) => server.app.inject(request)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await credentialsOf(email)).toHaveLength(1);
    expect(await listed(email)).toHaveLength(1);
  });

  test('the same workspace key uploaded again (a rotated key of the same service account) replaces it in place', async () => {
    const upload = (key: typeof SERVICE_ACCOUNT_KEY) =>
      call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/service-account`, payload: { key } });
    const first = (await upload(SERVICE_ACCOUNT_KEY)).json().credential.id;
    const rotated = {
      ...SERVICE_ACCOUNT_KEY,
      private_key: SERVICE_ACCOUNT_KEY.private_key.replace('very-secret', 'rotated-secret'),
    };
    const again = await upload(rotated);
    expect(again.statusCode).toBe(200);
    expect(again.json().credential.id).toBe(first);
    const rows = await credentialsOf(SERVICE_ACCOUNT_KEY.client_email);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(ctx().providers.secrets.open(rows[0]!.secret!)).private_key).toBe(rotated.private_key);
    expect(await listed(SERVICE_ACCOUNT_KEY.client_email)).toHaveLength(1);
  });
});

describe('demo rows (server/areas/integrations/seed.ts)', () => {
  test("Demo Studio's BigQuery and Firebase plugins get the product credential and a feed, once", async () => {
    const { seedIntegrationsDemo } = await import('../../server/areas/integrations/seed');
    await seedIntegrationsDemo(server.db);
    await seedIntegrationsDemo(server.db);
    const plugin = (
      await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${DEMO_APP_IDS.dragonMergeAndroid}-bigquery` })
    ).json();
    expect(plugin.credentials).toEqual(expect.any(String));
    const firebase = (
      await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${DEMO_APP_IDS.wordGarden}-firebase` })
    ).json();
    expect(firebase.credentials).toBe(plugin.credentials);
    const feed = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${plugin.id}/feed` })).json().feed;
    expect(feed.map((f: { message: string }) => f.message)).toEqual(['Plugin created. Connection configured.']);
  });

  test("a demo app's raw export (the first start's path) processed through the API gives the same events as the first start", async () => {
    const appId = DEMO_APP_IDS.dragonMergeAndroid;
    const range = await writeDemoExport(analytics, { id: appId, platform: 'android' }, { totalEvents: 6_000 });
    const pluginId = `${appId}-bigquery`;
    await processRange(analytics.store, { appId, dataset: appId, start: range.start, end: range.end });
    const [before] = await analytics.store.rows(
      'SELECT count(*) AS n, sum(engagement_time_msec) AS ms FROM events WHERE app_id = $a',
      { a: appId },
    );
    expect(Number(before!.n)).toBeGreaterThan(0);
    expect(await processAndDrain(server, editor, pluginId, range)).toBe(200);
    const [after] = await analytics.store.rows(
      'SELECT count(*) AS n, sum(engagement_time_msec) AS ms FROM events WHERE app_id = $a',
      { a: appId },
    );
    expect(after).toEqual(before);
    const events = (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events` })).json()
      .events;
    expect(events.map((e: { eventName: string }) => e.eventName)).toContain('level_end');
  });
});

describe('the active source (docs/integrations.md §Plugin states: only one)', () => {
  test('a connected plugin becomes the active one; a disconnected one is refused; viewers cannot', async () => {
    const ios = DEMO_APP_IDS.dragonMergeIos;
    const url = `/api/app/${ios}/active-plugin`;
    expect(
      (await call(server.app, viewer, { method: 'POST', url, payload: { pluginId: `${ios}-bigquery` } })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url,
          payload: { pluginId: `${DEMO_APP_IDS.dragonMergeAndroid}-bigquery` },
        })
      ).statusCode,
    ).toBe(400);
    await call(server.app, editor, { method: 'POST', url: `/api/plugins/${ios}-bigquery/disconnect` });
    expect(
      (await call(server.app, editor, { method: 'POST', url, payload: { pluginId: `${ios}-bigquery` } })).statusCode,
    ).toBe(409);
    expect(
      (await call(server.app, editor, { method: 'POST', url, payload: { pluginId: `${ios}-appsflyer` } })).statusCode,
    ).toBe(200);
    const list = (await call(server.app, viewer, { method: 'GET', url: `/api/app/${ios}/plugins` })).json();
    expect(list.activePluginId).toBe(`${ios}-appsflyer`);
    expect((await call(server.app, viewer, { method: 'GET', url: `/api/app/${ios}` })).json().data.activePluginId).toBe(
      `${ios}-appsflyer`,
    );
  });
});
