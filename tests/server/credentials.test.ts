/**
 * A workspace's credentials managed (docs/integrations.md §Credentials): the list names the plugins using each, who
 * added it, when it was last used and its last check, and carries no secret; every member reads it, editors refresh,
 * admins rename and revoke; names are bounded, one line and unique in the workspace; revoking a credential a plugin
 * uses is refused naming the plugin, an unused one goes (with its activity entry); a plugin's use moves "last used"
 * (at most once a minute); junk never answers 5xx.
 */
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/ids';
import { GoogleCloudError } from '../../server/providers/google-cloud/provider';
import type { ManagedCredential } from '../../src/contracts/credentials';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
const C = `/api/workspace/${DEMO_WORKSPACE_ID}/credentials`;
const PRIVATE_KEY =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDtest\n-----END PRIVATE KEY-----\n';
let server: TestServer;
let clock = Date.parse('2026-11-20T10:00:00Z');
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(clock) });
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
  // The Questboard service account, added by the admin, on two plugins of two apps (as the demo has it).
  const added = await api('POST', `/api/app/${DEMO_APP_IDS.dragonMergeAndroid}/credentials/product`);
  expect(added.statusCode, added.body).toBe(200);
  await ctx()
    .db.updateTable('plugins')
    .set({ credential_id: added.json().credential.id })
    .where('id', 'in', [`${DEMO_APP_IDS.dragonMergeAndroid}-bigquery`, `${DEMO_APP_IDS.wordGarden}-firebase`])
    .execute();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

const ctx = () => server.app.questboard;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  who: Who = 'admin',
): Promise<LightMyRequestResponse> =>
  server.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[who]), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (who: Who = 'admin') => {
  const res = await api('GET', C, undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { credentials: ManagedCredential[] }).credentials;
};
const product = async () => (await list()).find((c) => c.type === 'TP_SERVICE_ACCOUNT')!;
/** A workspace key added through the API by the admin (unused by any plugin). */
async function addKey(email: string) {
  const res = await api('POST', `/api/app/${DEMO_APP_IDS.dragonMergeAndroid}/credentials/service-account`, {
    key: { type: 'service_account', project_id: 'demo-analytics', private_key: PRIVATE_KEY, client_email: email },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await list()).find((c) => c.email === email)!;
}
const activity = (verb: string, id: string) =>
  ctx()
    .db.selectFrom('activity')
    .select(['verb', 'object_name', 'changes', 'actor_id', 'area'])
    .where('verb', '=', verb)
    .where('object_id', '=', id)
    .execute();

describe('the list', () => {
  test('each credential with the plugins using it, who added it and when; no secret anywhere', async () => {
    const key = await addKey('reports@demo-analytics.iam.gserviceaccount.com');
    const res = await api('GET', C, undefined, 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('PRIVATE KEY');
    expect(res.body).not.toContain('secret');
    const sealed = await ctx()
      .db.selectFrom('credentials')
      .select('secret')
      .where('id', '=', key.id)
      .executeTakeFirst();
    expect(sealed?.secret).toBeTruthy();
    expect(res.body).not.toContain(sealed!.secret!);

    expect(key).toMatchObject({
      type: 'ORG_SERVICE_ACCOUNT',
      name: 'reports@demo-analytics.iam.gserviceaccount.com',
      projectId: 'demo-analytics',
      usedBy: [],
      lastUsedAt: null,
      lastCheck: null,
      addedBy: { email: DEMO_ACCOUNTS.admin },
    });
    expect(Object.keys(key).sort()).toEqual(
      ['addedAt', 'addedBy', 'email', 'id', 'lastCheck', 'lastUsedAt', 'name', 'projectId', 'type', 'usedBy'].sort(),
    );
    const seeded = await product();
    expect(seeded.addedBy).toEqual({ name: expect.any(String), email: DEMO_ACCOUNTS.admin });
    expect(seeded.usedBy.map((u) => `${u.appId}:${u.pluginType}`)).toContain(
      `${DEMO_APP_IDS.dragonMergeAndroid}:BigQuery`,
    );
    expect(seeded.usedBy.find((u) => u.appId === DEMO_APP_IDS.dragonMergeAndroid)).toMatchObject({
      appName: 'Dragon Merge',
      platform: 'android',
    });
  });

  test("another workspace's member and an anonymous caller see nothing", async () => {
    const rival = await signInAs(server.app, DEMO_ACCOUNTS.rival);
    const res = await server.app.inject({ method: 'GET', url: C, headers: bearer(rival) });
    expect(res.statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: C })).statusCode).toBe(401);
    const own = await server.app.inject({
      method: 'GET',
      url: `/api/workspace/${RIVAL_WORKSPACE_ID}/credentials`,
      headers: bearer(rival),
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(DEMO_WORKSPACE_ID);
  });
});

describe('roles', () => {
  test('viewers read only; editors refresh; only admins rename and revoke', async () => {
    const key = await addKey('roles@demo-analytics.iam.gserviceaccount.com');
    const one = `${C}/${key.id}`;
    expect((await api('POST', `${one}/refresh`, undefined, 'viewer')).statusCode).toBe(403);
    expect((await api('PUT', `${one}/name`, { name: 'Viewer name' }, 'viewer')).statusCode).toBe(403);
    expect((await api('DELETE', one, undefined, 'viewer')).statusCode).toBe(403);
    expect((await api('PUT', `${one}/name`, { name: 'Editor name' }, 'editor')).statusCode).toBe(403);
    expect((await api('DELETE', one, undefined, 'editor')).statusCode).toBe(403);
    const refreshed = await api('POST', `${one}/refresh`, undefined, 'editor');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await list()).find((c) => c.id === key.id)?.name).toBe('roles@demo-analytics.iam.gserviceaccount.com');
  });
});

describe('rename', () => {
  test('a trimmed name of 1–60 characters on one line, unique in the workspace; recorded in the activity log', async () => {
    const a = await addKey('rename-a@demo-analytics.iam.gserviceaccount.com');
    const b = await addKey('rename-b@demo-analytics.iam.gserviceaccount.com');
    const rename = (id: string, body: unknown) => api('PUT', `${C}/${id}/name`, body);

    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      { name: 'two\nlines' },
      { name: 7 },
      {},
    ])
      expect((await rename(a.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    const blank = await rename(a.id, { name: '  ' });
    expect(blank.json().message).toContain('Enter a name for the credential');

    const ok = await rename(a.id, { name: '  Analytics export  ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().credential).toMatchObject({ id: a.id, name: 'Analytics export', email: a.email });
    expect((await rename(a.id, { name: 'x'.repeat(60) })).statusCode).toBe(200);
    expect((await rename(a.id, { name: 'Analytics export' })).statusCode).toBe(200);

    const taken = await rename(b.id, { name: 'ANALYTICS EXPORT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another credential of this workspace already has this name.');
    expect((await list()).find((c) => c.id === b.id)?.name).toBe(b.email);
    // The Configure Connection dialog's list names it too (a credential never renamed has no name there).
    const connection = await api('GET', `/api/app/${DEMO_APP_IDS.dragonMergeAndroid}/credentials`);
    const choices = connection.json().credentials as Array<{ id: string; name?: string }>;
    expect(choices.find((c) => c.id === a.id)?.name).toBe('Analytics export');
    expect(choices.find((c) => c.id === b.id)).not.toHaveProperty('name');

    const rows = await activity('credential.renamed', a.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ area: 'integrations', object_name: 'Analytics export' });
    expect(rows.map((r) => r.changes[0])).toContainEqual({ field: 'name', before: a.email, after: 'Analytics export' });
    expect(rows.every((r) => r.actor_id !== null)).toBe(true);
  });
});

describe('refresh', () => {
  test("checks the credential with the provider and records the outcome; Google refusing it is the check's answer", async () => {
    const key = await addKey('refresh@demo-analytics.iam.gserviceaccount.com');
    const ok = await api('POST', `${C}/${key.id}/refresh`, undefined, 'editor');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().credential.lastCheck, ok.body).toEqual({
      at: new Date(clock).toISOString(),
      ok: true,
      message: 'Works: reaches 2 GCP projects.',
    });
    expect(ok.json().credential.lastUsedAt).toBe(new Date(clock).toISOString());

    const refused = 'The Google account refresh@demo-analytics has expired or was revoked: sign in with Google again.';
    const spy = vi
      .spyOn(ctx().providers.googleCloud, 'projects')
      .mockRejectedValueOnce(new GoogleCloudError(refused, 'credential'));
    clock += 5 * 60_000;
    const bad = await api('POST', `${C}/${key.id}/refresh`);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().credential.lastCheck).toEqual({ at: new Date(clock).toISOString(), ok: false, message: refused });

    spy.mockRejectedValueOnce(new GoogleCloudError('Google Cloud did not answer.', 'unavailable'));
    const down = await api('POST', `${C}/${key.id}/refresh`);
    expect(down.statusCode).toBe(503);
    expect((await list()).find((c) => c.id === key.id)?.lastCheck?.ok).toBe(false);
    spy.mockRestore();

    const rows = await activity('credential.refreshed', key.id);
    expect(rows.map((r) => r.changes[0])).toEqual([
      { field: 'check', before: null, after: 'Works: reaches 2 GCP projects.' },
      { field: 'check', before: 'Works: reaches 2 GCP projects.', after: `Refused: ${refused}` },
    ]);
  });
});

describe('revoke', () => {
  test('refused while a plugin uses the credential, naming the plugins', async () => {
    const seeded = await product();
    const res = await api('DELETE', `${C}/${seeded.id}`);
    expect(res.statusCode).toBe(409);
    const message = res.json().message as string;
    expect(message).toMatch(
      /^This credential is used by the .+\. Connect them with another credential or delete them first\.$/,
    );
    expect(message).toContain('the BigQuery plugin of Dragon Merge (Android)');
    expect(message).toContain('the Firebase plugin of Word Garden (iOS)');
    expect(message).toBe(
      'This credential is used by the BigQuery plugin of Dragon Merge (Android), the Firebase plugin of Word Garden (iOS). Connect them with another credential or delete them first.',
    );
    expect((await list()).some((c) => c.id === seeded.id)).toBe(true);
    expect(await activity('credential.revoked', seeded.id)).toHaveLength(0);
  });

  test('an unused credential goes, with its secret, and the activity log says so', async () => {
    const key = await addKey('revoke@demo-analytics.iam.gserviceaccount.com');
    const res = await api('DELETE', `${C}/${key.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().credentials as ManagedCredential[]).some((c) => c.id === key.id)).toBe(false);
    expect(await ctx().db.selectFrom('credentials').select('id').where('id', '=', key.id).execute()).toEqual([]);
    const [row] = await activity('credential.revoked', key.id);
    expect(row).toMatchObject({
      object_name: 'revoke@demo-analytics.iam.gserviceaccount.com',
      changes: [
        {
          field: 'account',
          before: 'Workspace service account revoke@demo-analytics.iam.gserviceaccount.com',
          after: null,
        },
      ],
    });
    expect((await api('DELETE', `${C}/${key.id}`)).statusCode).toBe(404);
  });
});

describe('last used', () => {
  test("a plugin's use of its credential moves it, at most once a minute", async () => {
    const firebase = `${DEMO_APP_IDS.wordGarden}-firebase`;
    const plugin = await ctx()
      .db.selectFrom('plugins')
      .select('credential_id')
      .where('id', '=', firebase)
      .executeTakeFirst();
    expect(plugin?.credential_id).toBeTruthy();
    const lastUsed = async () => (await list()).find((c) => c.id === plugin!.credential_id)!.lastUsedAt;

    clock += 60 * 60_000;
    const first = new Date(clock).toISOString();
    expect((await api('GET', `/api/plugins/${firebase}/firebase/events`, undefined, 'viewer')).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    clock += 30_000; // within the minute: not written again
    expect((await api('GET', `/api/plugins/${firebase}/firebase/events`, undefined, 'viewer')).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    clock += 60_000;
    expect((await api('GET', `/api/plugins/${firebase}/firebase/events`, undefined, 'viewer')).statusCode).toBe(200);
    expect(await lastUsed()).toBe(new Date(clock).toISOString());
  });
});

describe('junk', () => {
  test('unknown, foreign and malformed credentials, bodies and ids answer 4xx, never 5xx', async () => {
    const rivalCredential = await ctx()
      .db.insertInto('credentials')
      .values({
        id: 'rival-credential',
        workspace_id: RIVAL_WORKSPACE_ID,
        type: 'USER_OAUTH',
        email: 'someone@rivalgames.dev',
        project_id: null,
        secret: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cases: [string, string, unknown?][] = [
      ['PUT', `${C}/nope/name`, { name: 'Fine name' }],
      ['POST', `${C}/nope/refresh`],
      ['DELETE', `${C}/nope`],
      ['PUT', `${C}/${rivalCredential.id}/name`, { name: 'Mine now' }],
      ['POST', `${C}/${rivalCredential.id}/refresh`],
      ['DELETE', `${C}/${rivalCredential.id}`],
      ['DELETE', `${C}/${'x'.repeat(500)}`],
      ['PUT', `${C}/nope/name`, '{"name":'],
      ['PUT', `${C}/nope/name`, '"a string"'],
      ['PUT', `${C}/nope/name`, { name: { $ne: null } }],
      ['PUT', `${C}/nope/name`, { name: ['a'] }],
      ['PUT', `${C}/nope/name`, { name: '\u0000' }],
      ['GET', `/api/workspace/${'%00'}/credentials`],
    ];
    for (const [method, url, body] of cases) {
      const res = await api(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
    }
    expect(
      (await ctx().db.selectFrom('credentials').select('label').where('id', '=', rivalCredential.id).executeTakeFirst())
        ?.label,
    ).toBeNull();
  });
});
