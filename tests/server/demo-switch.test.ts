/**
 * The demo switch and the operator commands (server/demo/demo-mode.ts, server/areas/auth/admin.ts, scripts/admin-create.ts,
 * scripts/staff.ts, scripts/players-simulate.ts), on PGlite or on PostgreSQL (TEST_DATABASE_URL) like every server test:
 *  - a DEMO=off start on an empty database seeds nothing; `admin:create` makes the first admin, who signs in, invites
 *    a colleague and adds an app; without a password it prints an invitation link that sets it;
 *  - NODE_ENV=production refuses to start while demo accounts exist (or with DEMO=on) and names `npm run demo:remove`,
 *    which removes them;
 *  - staff rights granted and revoked by e-mail;
 *  - the demo crowd plays once per database and only on the demo workspace; the simulator reuses its one s2s key.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_APP_IDS,
  DEMO_PASSWORD,
  DEMO_WORKSPACE_ID,
  RIVAL_WORKSPACE_ID,
} from '../../server/demo/seed';
import {
  DEMO_CROWD_MARKER,
  demoAccountsIn,
  playDemoCrowdOnce,
  prepareStartData,
  removeDemo,
  StartRefused,
} from '../../server/demo/demo-mode';
import { simulatePlayers } from '../../server/demo/players';
import { AdminCommandError, setStaff } from '../../server/areas/auth/admin';
import { demoFromEnv } from '../../server/config';
import { adminCreate, parseAdminCreateArgs } from '../../scripts/admin-create';
import { bearer, call, createTestServer, signInAs, type TestServer } from './helpers';
import { multipartForm, PNG_1PX } from './multipart-form';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SETTINGS = { publicUrl: 'http://127.0.0.1:8080', internalDomains: ['questboard.io', 'questboard.dev'] };
const quiet = { log: () => {} };
const count = async (server: TestServer, table: 'accounts' | 'workspaces' | 'apps') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const createArgs = (...argv: string[]) => {
  const args = parseAdminCreateArgs(argv);
  if (args.help) throw new Error('unexpected --help');
  return args;
};

describe('a DEMO=off deployment on an empty database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ seed: false, config: { demo: false } });
  }, 180_000);
  afterAll(() => server?.close());

  test('DEMO is on by default, off with DEMO=off, off by default in production; other values are refused', () => {
    expect(demoFromEnv({})).toBe(true);
    expect(demoFromEnv({ DEMO: 'off' })).toBe(false);
    expect(demoFromEnv({ DEMO: 'ON' })).toBe(true);
    expect(demoFromEnv({ NODE_ENV: 'production' })).toBe(false);
    expect(() => demoFromEnv({ DEMO: 'maybe' })).toThrow('DEMO must be "on" or "off" (got "maybe").');
  });

  test('the start seeds nothing: no account until admin:create makes one, who signs in, invites a colleague and adds an app', async () => {
    await prepareStartData(server.db, null, { demo: false, production: true, ...quiet });
    expect(await count(server, 'accounts')).toBe(0);
    expect(await count(server, 'workspaces')).toBe(0);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);

    const args = createArgs(
      '--email',
      'Owner@NorthStar.example',
      '--workspace',
      'North Star Games',
      '--first-name',
      'Olga',
      '--last-name',
      'Owner',
      '--password-stdin',
    );
    const lines = await adminCreate(server.db, args, 'a long enough password', SETTINGS);
    expect(lines).toEqual([
      'Created owner@northstar.example, admin of "North Star Games".',
      'Sign in at http://127.0.0.1:8080/continue',
    ]);
    expect(await count(server, 'accounts')).toBe(1);

    const token = await signInAs(server.app, 'owner@northstar.example', 'a long enough password');
    const me = (await call(server.app, token, { method: 'GET', url: '/api/me' })).json();
    expect(me.firstName).toBe('Olga');
    expect(me.isTpUser).toBe(false);
    const workspace = me.organisations.find((w: { name: string }) => w.name === 'North Star Games');
    expect(workspace).toMatchObject({ role: 'admin', website: 'https://northstar.example' });

    const invited = await call(server.app, token, {
      method: 'POST',
      url: `/api/workspace/${workspace.id}/team/invite`,
      payload: { email: 'colleague@northstar.example', role: 'editor' },
    });
    expect(invited.statusCode).toBe(200);
    const team = (await call(server.app, token, { method: 'GET', url: `/api/workspace/${workspace.id}/team` })).json();
    expect(JSON.stringify(team)).toContain('colleague@northstar.example');

    const form = multipartForm([
      {
        name: 'data',
        value: JSON.stringify({
          appName: 'Star Hopper',
          platform: 'android',
          googlePackageName: 'example.northstar.hopper',
        }),
      },
      { name: 'organisationId', value: workspace.id },
      { name: 'image', filename: 'icon.png', contentType: 'image/png', data: PNG_1PX },
    ]);
    const added = await server.app.inject({
      method: 'POST',
      url: `/api/workspace/${workspace.id}/apps`,
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await count(server, 'apps')).toBe(1);
  });

  test('without a password, admin:create makes the workspace and prints an admin invitation link that sets it', async () => {
    const lines = await adminCreate(
      server.db,
      createArgs('--email', 'second@lighthouse.example', '--workspace', 'Lighthouse'),
      undefined,
      SETTINGS,
    );
    expect(lines[0]).toBe('Created the workspace "Lighthouse" with an admin invitation for second@lighthouse.example.');
    const link = /valid 5 days\): (http:\/\/127\.0\.0\.1:8080\/invite\/(\S+))$/.exec(lines[1]!);
    expect(link).not.toBeNull();
    expect(await demoAccountsIn(server.db)).toEqual([]);
    const accepted = await server.app.inject({
      method: 'POST',
      url: `/api/invite/${link![2]}/accept`,
      payload: { firstName: 'Sia', lastName: 'Second', password: 'another long password' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (
      await call(server.app, await signInAs(server.app, 'second@lighthouse.example', 'another long password'), {
        method: 'GET',
        url: '/api/me',
      })
    ).json();
    expect(me.organisations.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      ['Lighthouse', 'admin'],
    ]);
  });

  test('admin:create refuses an existing account, a bad e-mail, a short password and missing options, creating nothing', async () => {
    const before = [await count(server, 'accounts'), await count(server, 'workspaces')];
    await expect(
      adminCreate(
        server.db,
        createArgs('--email', 'owner@northstar.example', '--workspace', 'Again'),
        'a long enough password',
        SETTINGS,
      ),
    ).rejects.toThrow('owner@northstar.example already has an account');
    await expect(
      adminCreate(
        server.db,
        createArgs('--email', 'not-an-email', '--workspace', 'X'),
        'a long enough password',
        SETTINGS,
      ),
    ).rejects.toThrow(AdminCommandError);
    await expect(
      adminCreate(server.db, createArgs('--email', 'short@pw.example', '--workspace', 'X'), 'short', SETTINGS),
    ).rejects.toThrow('Password must be at least 10 characters.');
    expect(() => parseAdminCreateArgs(['--email', 'a@b.example'])).toThrow('--email and --workspace are required.');
    expect(parseAdminCreateArgs(['--help'])).toEqual({ help: true });
    expect([await count(server, 'accounts'), await count(server, 'workspaces')]).toEqual(before);
  });

  test('staff grant and revoke change Questboard staff rights by e-mail; an unknown e-mail is refused', async () => {
    expect(await setStaff(server.db, 'Owner@northstar.example', true)).toBe(true);
    const token = await signInAs(server.app, 'owner@northstar.example', 'a long enough password');
    expect((await call(server.app, token, { method: 'GET', url: '/api/me' })).json().isTpUser).toBe(true);
    expect(await setStaff(server.db, 'owner@northstar.example', true)).toBe(false);
    expect(await setStaff(server.db, 'owner@northstar.example', false)).toBe(true);
    expect((await call(server.app, token, { method: 'GET', url: '/api/me' })).json().isTpUser).toBe(false);
    await expect(setStaff(server.db, 'nobody@northstar.example', true)).rejects.toThrow(
      'No account has the e-mail nobody@northstar.example.',
    );
  });
});

describe('a database with the demo', () => {
  let server: TestServer;
  let url: string;
  let keyFile: string;
  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-sim-')), 'players-simulate-keys.json');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (keyFile) fs.rmSync(path.dirname(keyFile), { recursive: true, force: true });
  });
  const keys = async () =>
    (
      await server.db
        .selectFrom('app_api_keys')
        .select('prefix')
        .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
        .where('type', '=', 's2s')
        .execute()
    ).length;
  const crowd = () => playDemoCrowdOnce(server.db, { url, players: 2, keyFile, ...quiet });

  test('the demo crowd never plays an app outside the demo workspace', async () => {
    await server.db
      .updateTable('apps')
      .set({ workspace_id: RIVAL_WORKSPACE_ID })
      .where('id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    const before = await keys();
    await crowd();
    expect(await keys()).toBe(before);
    expect(
      await server.db
        .selectFrom('seed_markers')
        .select('name')
        .where('name', '=', DEMO_CROWD_MARKER)
        .executeTakeFirst(),
    ).toBeUndefined();
    await server.db
      .updateTable('apps')
      .set({ workspace_id: DEMO_WORKSPACE_ID })
      .where('id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
  });

  test('the demo crowd plays once per database: later starts make no further s2s key; the simulator reuses the one key', async () => {
    const before = await keys();
    await crowd();
    expect(await keys()).toBe(before + 1);
    const played = await server.db
      .selectFrom('quest_player_events')
      .select('quest_id')
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    expect(played.length).toBeGreaterThan(0);
    // The demo crowd's fraudulent players (docs/acquire.md §Fraud holds): some completions held, for the review list.
    const held = await server.db
      .selectFrom('quest_completion_holds')
      .select(['reason', 'status'])
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    expect(held.filter((h) => h.reason === 'shared_device').length).toBeGreaterThan(0);
    expect(held.every((h) => h.status === 'held')).toBe(true);
    await crowd();
    await crowd();
    expect(await keys()).toBe(before + 1);
    // An upgraded database (players played, no marker yet) is only marked.
    await server.db.deleteFrom('seed_markers').where('name', '=', DEMO_CROWD_MARKER).execute();
    await crowd();
    expect(await keys()).toBe(before + 1);

    const run = () =>
      simulatePlayers({
        url,
        appId: DEMO_APP_IDS.dragonMergeIos,
        players: 1,
        seed: 2,
        email: DEMO_ACCOUNTS.admin,
        password: DEMO_PASSWORD,
        keyFile,
        ...quiet,
      });
    await run();
    await run();
    expect(await keys()).toBe(before + 1);
    // Its key terminated in the API Keys tab: the next run makes one new key, kept for the runs after it.
    await server.db
      .updateTable('app_api_keys')
      .set({ status: 'terminated' })
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    await run();
    await run();
    expect(await keys()).toBe(before + 2);
  });

  test('NODE_ENV=production refuses to start while demo accounts exist, naming npm run demo:remove, which removes them', async () => {
    await expect(prepareStartData(server.db, null, { demo: true, production: true, ...quiet })).rejects.toThrow(
      'NODE_ENV=production with DEMO=on',
    );
    const refusal = await prepareStartData(server.db, null, { demo: false, production: true, ...quiet }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(StartRefused);
    expect((refusal as Error).message).toContain('admin@demostudio.dev');
    expect((refusal as Error).message).toContain('npm run demo:remove');

    const removed = await removeDemo(server.db);
    expect(removed).toEqual({ workspaces: 2, accounts: 5 });
    expect(await demoAccountsIn(server.db)).toEqual([]);
    expect(await count(server, 'workspaces')).toBe(0);
    expect(
      await server.db.selectFrom('billing_promo_codes').select('code').where('code', '=', 'QUEST50').executeTakeFirst(),
    ).toBeUndefined();
    await prepareStartData(server.db, null, { demo: false, production: true, ...quiet });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: DEMO_ACCOUNTS.staff, password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(await removeDemo(server.db)).toEqual({ workspaces: 0, accounts: 0 });
  });
});

describe('the commands answer --help', () => {
  test.each([
    ['scripts/players-simulate.ts', 'Usage: npm run players:simulate -- [options]'],
    ['scripts/admin-create.ts', 'Usage: npm run admin:create -- --email <e-mail> --workspace <name> [options]'],
  ])(
    '%s --help prints its usage and exits 0',
    (script, usage) => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--help'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.startsWith(usage)).toBe(true);
    },
    90_000,
  );
});
