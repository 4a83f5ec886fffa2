/**
 * Firebase conversion events and the integration health line (docs/integrations.md remainder; docs/integrations.md §Screens and routes Firebase tab, §Plugin states Firebase
 * no-data text and statuses, §API endpoints enable / disable Firebase events) through app.inject: the sandbox's events, enable →
 * pending → the function_deploy job (steps in the feed) → connected, disable back to no_data, a credential lacking
 * Firebase Admin whose deployment fails, another workspace never seeing them; then each health check on its own, and
 * the health endpoint's lines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { ConversionEventsResponse, IntegrationHealthResponse } from '../../src/contracts/firebase';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID } from '../../server/demo/seed';
import { drainJobs } from '../../server/jobs/queue';
import { firebaseJobs } from '../../server/areas/integrations/firebase/firebase';
import {
  credentialRolesCheck,
  enabledNeverArrivedCheck,
  evaluate,
  failedJobCheck,
  healthChecksOf,
  rangeGapsCheck,
  registerHealthChecks,
  revenueParameterCheck,
  staleCheck,
  statusOf,
  undeployedEventsCheck,
  type HealthSubject,
} from '../../server/areas/integrations/health';
import {
  fileEventsNeverReceivedCheck,
  postbackSilenceCheck,
  refusedPostbacksCheck,
} from '../../server/areas/integrations/attribution-health';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const APP: string = DEMO_APP_IDS.pixelRacer;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;
let rival: string;
let pluginId = '';
const clock = Date.parse('2026-11-25T08:00:00Z');

const ctx = () => server.app.questboard;
const decodes = (codec: { decode(u: unknown): unknown }, body: unknown) =>
  expect(isRight(codec.decode(body) as never)).toBe(true);
const events = async (token = viewer) => {
  const res = await call(server.app, token, { method: 'GET', url: `/api/plugins/${pluginId}/firebase/events` });
  expect(res.statusCode).toBe(200);
  decodes(ConversionEventsResponse, res.json());
  return res.json().events as { eventName: string; status: string; lastReceivedAt: number }[];
};
const plugin = async () => (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
const feed = async () =>
  (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/feed` }))
    .json()
    .feed.map((f: { message: string }) => f.message) as string[];
const toggle = (token: string, action: 'enable' | 'disable', eventNames: string[], appId = APP) =>
  call(server.app, token, {
    method: 'POST',
    url: `/api/plugins/${pluginId}/firebase/events/${action}`,
    payload: { eventNames, appId },
  });
const health = async (appId = APP) => {
  const res = await call(server.app, viewer, { method: 'GET', url: `/api/app/${appId}/integrations/health` });
  expect(res.statusCode).toBe(200);
  decodes(IntegrationHealthResponse, res.json());
  return res.json().sources as {
    source: string;
    status: string;
    findings: { check: string; message: string }[];
    lastSeenAt: number | null;
  }[];
};

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(clock) });
  [admin, editor, viewer, rival] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
    signInAs(server.app, DEMO_ACCOUNTS.rival),
  ]);
  const credential = (
    await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` })
  ).json().credential;
  const created = await call(server.app, admin, {
    method: 'POST',
    url: `/api/app/${APP}/plugins`,
    payload: { type: 'Firebase', credentialId: credential.id, attributes: { targetProject: 'demo-studio-analytics' } },
  });
  expect(created.statusCode).toBe(200);
  pluginId = created.json().plugin.id;
});
afterAll(async () => {
  await server?.close();
});

describe('conversion events', () => {
  test('the sandbox lists the events the app logs, none enabled; the plugin has no data', async () => {
    const list = await events();
    expect(list.map((e) => e.eventName)).toContain('level_complete');
    expect(list.every((e) => e.status === 'ACTIVE')).toBe(true);
    expect(list.find((e) => e.eventName === 'subscription_start')?.lastReceivedAt).toBe(0);
    expect(list.find((e) => e.eventName === 'level_complete')!.lastReceivedAt).toBeGreaterThan(clock - 60 * 60_000);
    expect((await plugin()).connected).toBe('no_data');
  });

  test('enable: pending with the function_deploy operation, then the job deploys and the plugin is connected', async () => {
    expect((await toggle(viewer, 'enable', ['level_complete'])).statusCode).toBe(403);
    expect((await toggle(editor, 'enable', ['level_complete'], DEMO_APP_IDS.dragonMergeAndroid)).statusCode).toBe(400);
    const res = await toggle(editor, 'enable', ['level_complete', 'level_complete']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await plugin()).toMatchObject({ connected: 'pending', inProgress: ['function_deploy'] });
    expect((await events()).find((e) => e.eventName === 'level_complete')?.status).toBe('ENABLED');

    await drainJobs(ctx(), firebaseJobs);
    expect(await plugin()).toMatchObject({ connected: 'connected', inProgress: [] });
    const messages = await feed();
    expect(messages).toContain('Enabled conversion events: level_complete.');
    expect(messages.some((m) => m.startsWith('Packaging the conversion function for 1 event: level_complete.'))).toBe(
      true,
    );
    expect(messages.at(-1)).toMatch(/^Conversion function v-[0-9a-f]{10} deployed for 1 event\.$/);
    const deployed = await server.db
      .selectFrom('firebase_functions')
      .selectAll()
      .where('plugin_id', '=', pluginId)
      .executeTakeFirstOrThrow();
    expect(deployed.event_names).toEqual(['level_complete']);
  });

  test('an event enabled that never arrived leaves the plugin waiting when it is the only one', async () => {
    expect((await toggle(editor, 'disable', ['level_complete'])).statusCode).toBe(200);
    expect((await plugin()).connected).toBe('no_data');
    expect(
      await server.db
        .selectFrom('jobs')
        .select('id')
        .where('plugin_id', '=', pluginId)
        .where('status', '=', 'queued')
        .execute(),
    ).toEqual([]);
    expect((await toggle(editor, 'enable', ['subscription_start'])).statusCode).toBe(200);
    await drainJobs(ctx(), firebaseJobs);
    expect((await plugin()).connected).toBe('waiting_for_events');
    const [line] = (await health()).filter((h) => h.source === 'Firebase');
    expect(line).toMatchObject({
      status: 'degraded',
      findings: [
        { check: 'enabled-never-arrived', message: 'Enabled for conversion but never received: subscription_start.' },
      ],
    });
    expect((await toggle(editor, 'disable', ['subscription_start'])).statusCode).toBe(200);
  });

  test('a credential lacking Firebase Admin: the deployment fails with the reason in the feed, the health line is broken', async () => {
    await server.db
      .updateTable('credentials')
      .set({ email: 'limited.analyst@demo-studio.dev' })
      .where('id', '=', (await plugin()).credentials)
      .execute();
    expect((await toggle(editor, 'enable', ['level_start'])).statusCode).toBe(200);
    await drainJobs(ctx(), firebaseJobs);
    expect((await feed()).at(-1)).toBe(
      'Deploying the conversion function failed: The credential limited.analyst@demo-studio.dev lacks Firebase Admin or Develop Admin in the GCP project demo-studio-analytics.',
    );
    expect((await plugin()).connected).toBe('waiting_for_events');
    const [line] = (await health()).filter((h) => h.source === 'Firebase');
    expect(line!.status).toBe('broken');
    expect(line!.findings.map((f) => f.check)).toEqual(['credential-roles', 'failed-job', 'undeployed-events']);
    expect(line!.findings[0]!.message).toBe(
      'The credential limited.analyst@demo-studio.dev lacks Firebase Admin or Develop Admin, Service Account User in the GCP project demo-studio-analytics.',
    );
  });

  test('bad requests answer 4xx; another workspace sees nothing', async () => {
    expect((await toggle(editor, 'enable', [])).statusCode).toBe(400);
    const bigQuery = `${DEMO_APP_IDS.dragonMergeAndroid}-bigquery`;
    expect(
      (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${bigQuery}/firebase/events` })).statusCode,
    ).toBe(400);
    expect(
      (await call(server.app, rival, { method: 'GET', url: `/api/plugins/${pluginId}/firebase/events` })).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, rival, { method: 'GET', url: `/api/app/${APP}/integrations/health` })).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, rival, { method: 'GET', url: `/api/app/${RIVAL_APP_ID}/integrations/health` })).json()
        .sources,
    ).toEqual([]);
  });
});

describe('demo rows', () => {
  test("Word Garden's Firebase plugin targets the sandbox project, once, with no event enabled", async () => {
    const { seedFirebaseDemo } = await import('../../server/areas/integrations/firebase/seed');
    const id = `${DEMO_APP_IDS.wordGarden}-firebase`;
    await seedFirebaseDemo(server.db);
    await server.db
      .updateTable('plugins')
      .set({ attributes: JSON.stringify({ targetProject: 'kept' }) as never })
      .where('id', '=', id)
      .execute();
    await seedFirebaseDemo(server.db);
    expect(
      (await server.db.selectFrom('plugins').select('attributes').where('id', '=', id).executeTakeFirstOrThrow())
        .attributes,
    ).toEqual({ targetProject: 'kept' });
    await server.db
      .updateTable('plugins')
      .set({ attributes: JSON.stringify({}) as never })
      .where('id', '=', id)
      .execute();
    await seedFirebaseDemo(server.db);
    expect(
      (await server.db.selectFrom('plugins').select('attributes').where('id', '=', id).executeTakeFirstOrThrow())
        .attributes,
    ).toEqual({ targetProject: 'demo-studio-analytics', targetProjectName: 'Demo Studio Analytics' });
  });
});

// ------------------------------------------------------------------------------------------------ each check

const NOW = clock;
const HOUR = 3_600_000;
function subject(
  overrides: Omit<Partial<HealthSubject>, 'plugin'> & { plugin?: Partial<HealthSubject['plugin']> } = {},
): HealthSubject {
  const { plugin: pluginOverrides, ...rest } = overrides;
  return {
    plugin: {
      id: 'p1',
      app_id: 'a1',
      type: 'Firebase',
      status: 'connected',
      credential_id: 'c1',
      attributes: {},
      refresh_schedule: null,
      last_refresh: null,
      data_start: null,
      data_end: null,
      created_at: new Date(NOW),
      ...pluginOverrides,
    } as HealthSubject['plugin'],
    now: NOW,
    events: [
      { eventName: 'level_complete', status: 'ENABLED', params: { level: 'INT64' }, lastReceivedAt: NOW - HOUR },
    ],
    latestJobs: [],
    revenueSettings: [],
    grantedRoles: async () => ({
      credential: { type: 'TP_SERVICE_ACCOUNT', email: 'sa@x.dev', projectId: null },
      project: 'proj',
      roles: ['roles/firebase.admin', 'roles/iam.serviceAccountUser', 'roles/viewer'],
    }),
    processedDays: async () => null,
    deployedEvents: async () => ['level_complete'],
    postbacks: async () => ({ lastAt: null, received: [], refused: [] }),
    fileEvents: async () => null,
    ...rest,
  };
}

describe('health checks', () => {
  test('credential lacks a role: names the roles and the project; no credential is broken too', async () => {
    expect(await credentialRolesCheck.run(subject())).toBeNull();
    const lacking = subject({
      plugin: { type: 'BigQuery' },
      grantedRoles: async () => ({
        credential: { type: 'USER_OAUTH', email: 'limited@x.dev', projectId: null },
        project: 'proj',
        roles: ['roles/viewer', 'roles/bigquery.dataViewer'],
      }),
    });
    expect((await credentialRolesCheck.run(lacking))?.message).toBe(
      'The credential limited@x.dev lacks BigQuery Job User in the GCP project proj.',
    );
    expect(await credentialRolesCheck.run(subject({ plugin: { credential_id: null } }))).toMatchObject({
      severity: 'broken',
      message: 'No credential: configure the connection.',
    });
  });

  test('processing job failed: why, and a later success clears it', async () => {
    const failed = subject({
      latestJobs: [
        {
          kind: 'bigquery_process_event',
          status: 'failed',
          result: 'No raw Firebase export was found for this app.',
          finishedAt: Date.parse('2026-11-24T10:00:00Z'),
        },
      ],
    });
    expect(await failedJobCheck.run(failed)).toEqual({
      check: 'failed-job',
      severity: 'broken',
      message: 'Processing data failed on 2026-11-24: No raw Firebase export was found for this app.',
    });
    expect(
      await failedJobCheck.run(
        subject({
          latestJobs: [{ kind: 'bigquery_process_event', status: 'succeeded', result: 'ok', finishedAt: NOW }],
        }),
      ),
    ).toBeNull();
  });

  test('no new events for longer than the normal delay (BigQuery only when it processes daily)', async () => {
    expect(await staleCheck.run(subject())).toBeNull();
    const old = subject({
      events: [{ eventName: 'level_complete', status: 'ENABLED', params: {}, lastReceivedAt: NOW - 30 * HOUR }],
    });
    expect((await staleCheck.run(old))?.message).toBe('No new events for 30 hours (normally within 6 hours).');
    const bigQuery = { type: 'BigQuery' as const, last_refresh: new Date(NOW - 5 * 24 * HOUR) };
    expect(
      await staleCheck.run(subject({ plugin: { ...bigQuery, attributes: { dailyProcess: false } }, events: [] })),
    ).toBeNull();
    expect(
      (await staleCheck.run(subject({ plugin: { ...bigQuery, attributes: { dailyProcess: true } }, events: [] })))
        ?.message,
    ).toBe('No new events for 5 days (normally within 2 days).');
  });

  test('revenue settings naming a parameter the events never carry', async () => {
    const settings = [
      { source: 'Firebase' as const, eventName: 'level_complete', revenueEp: 'value', currencyEp: 'level' },
    ];
    expect((await revenueParameterCheck.run(subject({ revenueSettings: settings })))?.message).toBe(
      'Revenue settings: level_complete names the parameter value, which its events never carry.',
    );
    expect(
      await revenueParameterCheck.run(subject({ revenueSettings: [{ ...settings[0]!, revenueEp: 'level' }] })),
    ).toBeNull();
  });

  test('events enabled for conversion that never arrived', async () => {
    const never = subject({
      events: [
        { eventName: 'subscription_start', status: 'ENABLED', params: {}, lastReceivedAt: 0 },
        { eventName: 'x', status: 'ACTIVE', params: {}, lastReceivedAt: 0 },
      ],
    });
    expect((await enabledNeverArrivedCheck.run(never))?.message).toBe(
      'Enabled for conversion but never received: subscription_start.',
    );
    expect(await enabledNeverArrivedCheck.run(subject())).toBeNull();
  });

  test('events enabled but not forwarded by the deployed function, unless a deployment is under way', async () => {
    expect(await undeployedEventsCheck.run(subject())).toBeNull();
    const behind = subject({ deployedEvents: async () => [] });
    expect((await undeployedEventsCheck.run(behind))?.message).toBe(
      'Enabled for conversion but not forwarded by the deployed function: level_complete. Enable or disable an event to deploy again.',
    );
    expect(
      await undeployedEventsCheck.run({
        ...behind,
        latestJobs: [{ kind: 'function_deploy', status: 'running', result: null, finishedAt: null }],
      }),
    ).toBeNull();
  });

  test('a processed range with gaps', async () => {
    const range = { type: 'BigQuery' as const, data_start: '2026-11-01', data_end: '2026-11-05' };
    const gappy = subject({ plugin: range, processedDays: async () => ['2026-11-01', '2026-11-02', '2026-11-05'] });
    expect((await rangeGapsCheck.run(gappy))?.message).toBe(
      'The processed range 2026-11-01 to 2026-11-05 misses 2 days: 2026-11-03, 2026-11-04.',
    );
    expect(
      await rangeGapsCheck.run(
        subject({
          plugin: range,
          processedDays: async () => ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'],
        }),
      ),
    ).toBeNull();
  });

  test('status from findings; a throwing check becomes a finding; other sources register their own checks', async () => {
    const base = subject().plugin;
    expect(statusOf(base, [], NOW)).toBe('receiving');
    expect(statusOf({ ...base, status: 'waiting_for_events' }, [], null)).toBe('waiting');
    expect(statusOf(base, [{ check: 'a', severity: 'degraded', message: '' }], NOW)).toBe('degraded');
    expect(
      statusOf(
        base,
        [
          { check: 'a', severity: 'degraded', message: '' },
          { check: 'b', severity: 'broken', message: '' },
        ],
        NOW,
      ),
    ).toBe('broken');
    const findings = await evaluate(subject(), [
      {
        id: 'boom',
        run: () => {
          throw new Error('no network');
        },
      },
    ]);
    expect(findings).toEqual([
      { check: 'boom', severity: 'degraded', message: 'The boom check could not run: no network' },
    ]);
    expect(healthChecksOf('AppsFlyer').map((c) => c.id)).toEqual(['postback-silence', 'refused-postbacks']);
    expect(healthChecksOf('Adjust').map((c) => c.id)).toEqual([
      'postback-silence',
      'refused-postbacks',
      'file-events-never-received',
    ]);
    // Singular has no plugin and no checks; a registration adds, and the same id replaces.
    registerHealthChecks('Singular', [
      { id: 'probe', run: () => null },
      { id: 'other', run: () => null },
    ]);
    registerHealthChecks('Singular', [
      { id: 'probe', run: () => ({ check: 'probe', severity: 'degraded', message: 'x' }) },
    ]);
    expect(healthChecksOf('Singular').map((c) => c.id)).toEqual(['other', 'probe']);
  });
});

describe('attribution health checks (AppsFlyer, Adjust)', () => {
  const attribution = (
    type: 'AppsFlyer' | 'Adjust',
    postbacks: Awaited<ReturnType<HealthSubject['postbacks']>>,
    file: string[] | null = null,
  ) =>
    subject({ plugin: { type, status: 'connected' }, postbacks: async () => postbacks, fileEvents: async () => file });

  test('no postback for longer than a day, once one arrived; never before the first one', async () => {
    expect(
      await postbackSilenceCheck.run(
        attribution('AppsFlyer', { lastAt: NOW - 30 * HOUR, received: ['af_purchase'], refused: [] }),
      ),
    ).toMatchObject({ severity: 'degraded', message: 'No postback for 30 hours (normally within 24 hours).' });
    expect(
      await postbackSilenceCheck.run(
        attribution('AppsFlyer', { lastAt: NOW - 2 * HOUR, received: ['af_purchase'], refused: [] }),
      ),
    ).toBeNull();
    expect(
      await postbackSilenceCheck.run(attribution('AppsFlyer', { lastAt: null, received: [], refused: [] })),
    ).toBeNull();
  });

  test('refused postbacks of the last day are counted with their reasons', async () => {
    const finding = await refusedPostbacksCheck.run(
      attribution('Adjust', {
        lastAt: NOW,
        received: [],
        refused: [
          { reason: 'unknown event token abc123', count: 3 },
          { reason: 'created_at is missing', count: 1 },
        ],
      }),
    );
    expect(finding?.message).toBe(
      '4 postbacks were refused in the last 24 hours: unknown event token abc123 (3), created_at is missing (1).',
    );
    expect(
      await refusedPostbacksCheck.run(attribution('Adjust', { lastAt: NOW, received: [], refused: [] })),
    ).toBeNull();
  });

  test('Adjust: events of the file that no callback carried, once callbacks arrive', async () => {
    const file = ['level_complete', 'purchase', 'tutorial_done'];
    expect(
      (
        await fileEventsNeverReceivedCheck.run(
          attribution('Adjust', { lastAt: NOW, received: ['purchase'], refused: [] }, file),
        )
      )?.message,
    ).toBe('In the events file but never received: level_complete, tutorial_done.');
    expect(
      await fileEventsNeverReceivedCheck.run(attribution('Adjust', { lastAt: null, received: [], refused: [] }, file)),
    ).toBeNull();
    expect(
      await fileEventsNeverReceivedCheck.run(attribution('Adjust', { lastAt: NOW, received: file, refused: [] }, file)),
    ).toBeNull();
  });
});
