/**
 * API keys (docs/app-settings.md §Entities API key with a local id from its index, §API endpoints update API keys with the whole app object): a key is
 * created on the server from a cryptographic random source, shown in full once and then only as a prefix, stored
 * hashed; termination is one way and immediate for `verifyApiKey`; viewers are refused; stale or forged lists are
 * refused without changing anything.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { verifyApiKey } from '../../server/areas/apps/api-keys';
import type { App } from '../../src/contracts/apps';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
const tokens: Record<'admin' | 'editor' | 'viewer', string> = { admin: '', editor: '', viewer: '' };
beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const APP = DEMO_APP_IDS.wordGarden;
const loadApp = async (): Promise<App> =>
  (await server.app.inject({ method: 'GET', url: `/api/app/${APP}`, headers: bearer(tokens.admin) })).json().data;
const send = (token: string, app: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `/api/app/${APP}/api-keys`,
    headers: bearer(token),
    payload: app as object,
  });
const keyRows = () =>
  server.db.selectFrom('app_api_keys').selectAll().where('app_id', '=', APP).orderBy('created_at').execute();

describe('POST /api/app/:appId/api-keys', () => {
  let created = '';

  test('an editor creates an s2s key: full key once, a prefix in the app, only a SHA-256 hash stored', async () => {
    const app = await loadApp();
    expect(app.apiKeys).toEqual([]);
    const res = await send(tokens.editor, { ...app, apiKeys: [{ key: '', type: 's2s', status: 'active' }] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    created = body.createdKey;
    expect(created).toMatch(/^qb_s2s_[A-Za-z0-9_-]{43}$/);
    expect(body.data.apiKeys).toEqual([{ id: 0, key: `${created.slice(0, 13)}…`, type: 's2s', status: 'active' }]);
    const rows = await keyRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(created).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created);
    // Never again: the app read later carries only the prefix.
    expect(JSON.stringify(await loadApp())).not.toContain(created);
    // The session's account (the workspace's apps) carries the same prefix-only list.
    const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(tokens.viewer) });
    const seen = (me.json().allApps as App[]).find((a) => a.id === APP)!;
    expect(seen.apiKeys).toEqual(body.data.apiKeys);
    expect(me.body).not.toContain(created);
    expect(await verifyApiKey({ db: server.db }, APP, created, 's2s')).toBe(true);
    expect(await verifyApiKey({ db: server.db }, APP, created, 'api')).toBe(false);
    expect(await verifyApiKey({ db: server.db }, DEMO_APP_IDS.pixelRacer, created, 's2s')).toBe(false);
    // One character changed (never to itself: a key ending in 'A' made this check pass by chance before).
    const altered = `${created.slice(0, -1)}${created.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyApiKey({ db: server.db }, APP, altered, 's2s')).toBe(false);
  });

  test('two keys are never the same (256 random bits each), and the second gets local id 1', async () => {
    const app = await loadApp();
    const res = await send(tokens.admin, {
      ...app,
      apiKeys: [...(app.apiKeys ?? []), { key: '', type: 'api', status: 'active' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().createdKey).not.toBe(created);
    expect(res.json().data.apiKeys.map((k: { id: number; type: string }) => [k.id, k.type])).toEqual([
      [0, 's2s'],
      [1, 'api'],
    ]);
  });

  test('a viewer is refused (403) and nothing changes', async () => {
    const app = await loadApp();
    const res = await send(tokens.viewer, {
      ...app,
      apiKeys: [...(app.apiKeys ?? []), { key: '', type: 'api', status: 'active' }],
    });
    expect(res.statusCode).toBe(403);
    expect(await keyRows()).toHaveLength(2);
  });

  test.each([
    [
      'a key the client made up',
      (keys: App['apiKeys']) => [...keys!, { key: 'qb_api_mine', type: 'api', status: 'active' }],
      400,
    ],
    [
      'two new keys at once',
      (keys: App['apiKeys']) => [
        ...keys!,
        { key: '', type: 'api', status: 'active' },
        { key: '', type: 'api', status: 'active' },
      ],
      400,
    ],
    ['a stale list (a key missing)', (keys: App['apiKeys']) => keys!.slice(1), 409],
    ['a changed key type', (keys: App['apiKeys']) => keys!.map((k, i) => (i === 0 ? { ...k, type: 'api' } : k)), 409],
  ] as const)('refuses %s without changing anything', async (_label, change, status) => {
    const app = await loadApp();
    const before = await keyRows();
    const res = await send(tokens.admin, { ...app, apiKeys: change(app.apiKeys) });
    expect(res.statusCode).toBe(status);
    expect(await keyRows()).toEqual(before);
  });

  test('terminating stops the key at once, and a terminated key cannot come back', async () => {
    const app = await loadApp();
    const res = await send(tokens.editor, {
      ...app,
      apiKeys: app.apiKeys!.map((k, i) => (i === 0 ? { ...k, status: 'terminated' } : k)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.apiKeys[0].status).toBe('terminated');
    expect(res.json().createdKey).toBeUndefined();
    expect(await verifyApiKey({ db: server.db }, APP, created, 's2s')).toBe(false);
    const again = await loadApp();
    const revive = await send(tokens.admin, {
      ...again,
      apiKeys: again.apiKeys!.map((k, i) => (i === 0 ? { ...k, status: 'active' } : k)),
    });
    expect(revive.statusCode).toBe(400);
    expect(await verifyApiKey({ db: server.db }, APP, created, 's2s')).toBe(false);
  });
});
