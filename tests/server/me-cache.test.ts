/**
 * docs/architecture.md, `/api/me` on the hot path: the account is built once and reused while nothing it shows changed
 * (server/areas/workspace/accounts.ts currentAccount, versions bumped by triggers: accounts.migrations.ts). Every table it is
 * built from is changed here straight in the database, as another server would, and `/api/me` shows each change at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/seed';
import { currentAccount } from '../../server/areas/workspace/accounts';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
});
afterAll(() => server?.close());

interface Me {
  accountId: string;
  firstName: string;
  organisations: {
    id: string;
    name: string;
    role: string;
    accounts: number;
    apps: {
      id: string;
      appName: string;
      plugins: { id: string; connected: string }[];
      apiKeys: { prefix: string }[];
      deepLinks: { id: string; url: string }[];
    }[];
  }[];
}
const me = async (): Promise<Me> => {
  const res = await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const demo = (account: Me) => account.organisations.find((o) => o.id === 'demo-studio')!;
const app = (account: Me, id: string) => demo(account).apps.find((a) => a.id === id)!;

describe('/api/me reuses the account it built', () => {
  test('the same object while nothing changed', async () => {
    const { accountId } = await me();
    const ctx = server.app.questboard;
    const first = await currentAccount(ctx, accountId);
    expect(await currentAccount(ctx, accountId)).toBe(first);
    await server.db
      .updateTable('workspaces')
      .set({ name: 'Demo Studio (renamed)' })
      .where('id', '=', 'demo-studio')
      .execute();
    const after = await currentAccount(ctx, accountId);
    expect(after).not.toBe(first);
    expect(after.organisations!.find((o) => o.id === 'demo-studio')!.name).toBe('Demo Studio (renamed)');
  });

  test('and shows at once every change to what it is built from', async () => {
    const db = server.db;
    const { accountId } = await me();
    await db.updateTable('accounts').set({ first_name: 'Vera' }).where('id', '=', accountId).execute();
    expect((await me()).firstName).toBe('Vera');

    await db
      .updateTable('apps')
      .set({ app_name: 'Dragon Merge Deluxe' })
      .where('id', '=', DEMO_APP_IDS.dragonMergeAndroid)
      .execute();
    expect(app(await me(), DEMO_APP_IDS.dragonMergeAndroid).appName).toBe('Dragon Merge Deluxe');

    const plugin = app(await me(), DEMO_APP_IDS.dragonMergeIos).plugins[0]!;
    await db.updateTable('plugins').set({ status: 'disconnected' }).where('id', '=', plugin.id).execute();
    expect(app(await me(), DEMO_APP_IDS.dragonMergeIos).plugins.find((p) => p.id === plugin.id)!.connected).toBe(
      'disconnected',
    );

    const keysBefore = app(await me(), DEMO_APP_IDS.pixelRacer).apiKeys.length;
    await db
      .insertInto('app_api_keys')
      .values({
        id: 'cache-test-key',
        app_id: DEMO_APP_IDS.pixelRacer,
        type: 'api',
        prefix: 'qb_cache',
        key_hash: 'x'.repeat(64),
        status: 'active',
      } as never)
      .execute();
    expect(app(await me(), DEMO_APP_IDS.pixelRacer).apiKeys).toHaveLength(keysBefore + 1);

    const link = app(await me(), DEMO_APP_IDS.dragonMergeAndroid).deepLinks[0]!;
    expect(link.url).toMatch(/^https:\/\//); // the demo's links are in the account (docs/architecture.md §Layers App.deepLinks)
    await db
      .updateTable('app_deeplinks')
      .set({ url: 'https://example.com/cache-test' })
      .where('id', '=', link.id)
      .execute();
    expect(app(await me(), DEMO_APP_IDS.dragonMergeAndroid).deepLinks.find((l) => l.id === link.id)!.url).toBe(
      'https://example.com/cache-test',
    );

    await db
      .updateTable('memberships')
      .set({ role: 'editor' })
      .where('account_id', '=', accountId)
      .where('workspace_id', '=', 'demo-studio')
      .execute();
    expect(demo(await me()).role).toBe('editor');

    // Another member's e-mail: the team count hides internal staff, so it changes what this account sees.
    const countBefore = demo(await me()).accounts;
    await db
      .updateTable('accounts')
      .set({ email: 'former.editor@questboard.io' })
      .where('email', '=', DEMO_ACCOUNTS.editor)
      .execute();
    expect(demo(await me()).accounts).toBe(countBefore - 1);

    await db.deleteFrom('apps').where('id', '=', DEMO_APP_IDS.wordGarden).execute();
    expect(demo(await me()).apps.map((a) => a.id)).not.toContain(DEMO_APP_IDS.wordGarden);

    await db
      .deleteFrom('memberships')
      .where('account_id', '=', accountId)
      .where('workspace_id', '=', 'demo-studio')
      .execute();
    expect((await me()).organisations.map((o) => o.id)).not.toContain('demo-studio');
  });

  test("a workspace deleted with its apps, plugins and members (cascade) is gone from its members' view", async () => {
    const rival = await signInAs(server.app, DEMO_ACCOUNTS.rival);
    const read = async () =>
      (await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(rival) })).json() as Me;
    expect((await read()).organisations.map((o) => o.id)).toEqual([RIVAL_WORKSPACE_ID]);
    await server.db.deleteFrom('workspaces').where('id', '=', RIVAL_WORKSPACE_ID).execute();
    expect((await read()).organisations).toEqual([]);
    expect(
      await server.db.selectFrom('apps').select('id').where('id', '=', RIVAL_APP_ID).executeTakeFirst(),
    ).toBeUndefined();
  });
});
