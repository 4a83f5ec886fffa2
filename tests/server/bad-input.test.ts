/**
 * Bad input (docs/accounts.md "Bad input", docs/architecture.md §House rules 8): malformed JSON, wrong types and missing fields answer 400
 * naming the field; unknown ids 404; unknown routes a JSON 404; failures answer without stack traces; answers carry
 * only what their contract declares; and nothing is half-written.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_APP_ID } from '../../server/demo/seed';
import { Account } from '../../src/contracts/auth';
import { App } from '../../src/contracts/apps';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';
import { multipartForm, pngOfSize, workspaceForm } from './multipart-form';

let server: TestServer;
let admin = '';
beforeAll(async () => {
  server = await createTestServer();
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

const MALFORMED_JSON = 'Malformed JSON in request body.';
const FILE_TOO_LARGE = 'File is too large!';
const ICON_MAX_BYTES = 3145728; // docs/architecture.md §Layers: icon limit
const INVITE_ALREADY_SENT = 'An invite has already been sent to this email. Resend it from the team list.';
const INTERNAL = 'Something went wrong. Please try again later.';
const TEAM = `/api/workspace/${DEMO_WORKSPACE_ID}/team`;

/** Every error answer has the same JSON shape and no trace of the server's internals. */
function expectCleanError(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('stack');
  expect(res.body).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|server\//);
  return body as { success: false; message: string; code?: string; fields?: string[] };
}

const rawJson = (url: string, payload: string, token: string | null = admin) =>
  server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
  });

describe('malformed JSON', () => {
  test.each([
    ['/api/auth/sign-in', null],
    [`${TEAM}/invite`, 'admin'],
    [`/api/app/enable/${DEMO_APP_IDS.pixelRacer}`, 'admin'],
  ] as const)('POST %s with a truncated body answers 400 with the SPEC-style message', async (url, who) => {
    const res = await rawJson(url, '{"email": "admin@demostudio.dev", "pass', who ? admin : null);
    const body = expectCleanError(res, 400);
    expect(body.message).toBe(MALFORMED_JSON);
  });

  test('an invite with malformed JSON writes nothing', async () => {
    const before = await server.db.selectFrom('invites').select('id').execute();
    expectCleanError(await rawJson(`${TEAM}/invite`, '{"email": "x@example.com", "role": "viewer",}'), 400);
    expect(await server.db.selectFrom('invites').select('id').execute()).toEqual(before);
  });
});

describe('wrong types and missing fields: 400 naming the field', () => {
  test.each([
    ['/api/auth/sign-in', { email: DEMO_ACCOUNTS.admin }, 'password'],
    ['/api/auth/sign-in', { email: ['a'], password: 'x' }, 'email'],
    ['/api/auth/sign-in', { email: DEMO_ACCOUNTS.admin, password: 12345 }, 'password'],
    [`${TEAM}/invite`, { role: 'viewer' }, 'email'],
    [`${TEAM}/invite`, { email: 'someone@example.com', role: 'superuser' }, 'role'],
    [`${TEAM}/invite`, { email: 'not an email', role: 'viewer' }, 'email'],
    [`${TEAM}/role`, { role: 'viewer' }, 'accountId'],
    [`${TEAM}/role`, { accountId: 'x', role: 7 }, 'role'],
    [`${TEAM}/resend`, { email: null }, 'email'],
    [`${TEAM}/remove`, {}, 'email'],
    [`/api/app/enable/${DEMO_APP_IDS.pixelRacer}`, { enabled: 'yes' }, 'enabled'],
    [`/api/app/enable/${DEMO_APP_IDS.pixelRacer}`, {}, 'enabled'],
  ])('POST %s %j → names %s', async (url, payload, field) => {
    const res = await server.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
    const body = expectCleanError(res, 400);
    expect(body.message).toMatch(new RegExp(`\\b${field}\\b`));
  });

  test('a JSON array or string where an object is expected is 400, not 500', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await rawJson('/api/auth/sign-in', payload, null);
      expectCleanError(res, 400);
    }
  });

  test('the app switch is left as it was after a rejected body', async () => {
    const before = await server.db
      .selectFrom('apps')
      .select('enabled')
      .where('id', '=', DEMO_APP_IDS.pixelRacer)
      .executeTakeFirstOrThrow();
    await server.app.inject({
      method: 'POST',
      url: `/api/app/enable/${DEMO_APP_IDS.pixelRacer}`,
      payload: { enabled: 'false' },
      headers: bearer(admin),
    });
    expect(
      await server.db
        .selectFrom('apps')
        .select('enabled')
        .where('id', '=', DEMO_APP_IDS.pixelRacer)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  test('workspace forms: missing or unparsable `data`, or not multipart at all, answer 400 naming what is wrong', async () => {
    const noData = multipartForm([{ name: 'other', value: 'x' }]);
    const a = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      payload: noData.payload,
      headers: { ...noData.headers, ...bearer(admin) },
    });
    expect(expectCleanError(a, 400).message).toMatch(/\bdata\b/);

    const badData = multipartForm([{ name: 'data', value: '{"name": "x",' }]);
    const b = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      payload: badData.payload,
      headers: { ...badData.headers, ...bearer(admin) },
    });
    expect(expectCleanError(b, 400).message).toMatch(/\bdata\b/);

    const wrongType = workspaceForm({ name: 42, website: 'ok.dev' });
    const c = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      payload: wrongType.payload,
      headers: { ...wrongType.headers, ...bearer(admin) },
    });
    expect(expectCleanError(c, 400).message).toMatch(/\bname\b/);

    const json = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      payload: { data: { name: 'x', website: 'x.dev' } },
      headers: bearer(admin),
    });
    expect(expectCleanError(json, 400).message).toMatch(/multipart/);
  });

  test(`an oversized upload answers 413 '${FILE_TOO_LARGE}'`, async () => {
    const form = workspaceForm(
      { name: 'Oversized', website: 'oversized.dev' },
      { filename: 'big.png', contentType: 'image/png', data: pngOfSize(ICON_MAX_BYTES + 1024) },
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/workspace',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
    expect(expectCleanError(res, 413).message).toBe(FILE_TOO_LARGE);
  });

  test('a JSON body over 1 MB answers 413 with its own message (not the upload one)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.dev', password: 'x'.repeat(1024 * 1024) }),
    });
    const body = expectCleanError(res, 413);
    expect(body).toMatchObject({ message: 'The request is too large (1 MB at most).', code: 'body_too_large' });
  });
});

describe('unknown ids and routes: 404', () => {
  test.each([
    ['GET', '/api/app/no-such-app', 'App not found.'],
    ['GET', `/api/app/${RIVAL_APP_ID}`, 'App not found.'],
    ['POST', '/api/app/enable/no-such-app', 'App not found.'],
    ['GET', '/api/workspace/no-such-workspace', 'Workspace not found.'],
    ['GET', '/api/workspace/no-such-workspace/team', 'Workspace not found.'],
    ['GET', '/api/files/no-such-file', 'File not found.'],
    ['GET', '/api/invite/no-such-token', 'Invite not found.'],
  ] as const)('%s %s', async (method, url, message) => {
    const res = await server.app.inject({
      method,
      url,
      headers: bearer(admin),
      ...(method === 'POST' ? { payload: { enabled: true } } : {}),
    });
    const body = expectCleanError(res, 404);
    expect(body).toMatchObject({ message, code: 'not_found' });
  });

  test('an app of another workspace is indistinguishable from an unknown one', async () => {
    const rival = await server.app.inject({ method: 'GET', url: `/api/app/${RIVAL_APP_ID}`, headers: bearer(admin) });
    const unknown = await server.app.inject({ method: 'GET', url: '/api/app/no-such-app', headers: bearer(admin) });
    expect(rival.body).toBe(unknown.body);
  });

  test.each([
    ['GET', '/api/no-such-route'],
    ['POST', '/api/auth/no-such-route'],
    ['DELETE', `/api/workspace/${DEMO_WORKSPACE_ID}`],
    ['GET', '/no-such-page'],
  ] as const)('unknown route %s %s answers a JSON 404', async (method, url) => {
    const res = await server.app.inject({ method, url, headers: bearer(admin) });
    expect(expectCleanError(res, 404)).toEqual({ success: false, message: 'Not found.', code: 'not_found' });
  });
});

describe('server failures', () => {
  test('a 500 answers a generic message with no stack trace or internal detail', async () => {
    // No route fails on its own; make the database refuse one workspace name.
    await sql
      .raw(
        `CREATE FUNCTION qb_test_explode() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'Explode Studio' THEN RAISE EXCEPTION 'qb-test secret internal detail'; END IF;
          RETURN NEW;
        END $$`,
      )
      .execute(server.db);
    await sql
      .raw('CREATE TRIGGER qb_test_explode BEFORE INSERT ON workspaces FOR EACH ROW EXECUTE FUNCTION qb_test_explode()')
      .execute(server.db);
    try {
      const form = workspaceForm({ name: 'Explode Studio', website: 'explode.dev' });
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/workspace',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin) },
      });
      const body = expectCleanError(res, 500);
      expect(body).toEqual({ success: false, message: INTERNAL, code: 'internal' });
      expect(res.body).not.toContain('qb-test');
      expect(res.body).not.toContain('workspaces');
    } finally {
      await sql.raw('DROP TRIGGER qb_test_explode ON workspaces').execute(server.db);
      await sql.raw('DROP FUNCTION qb_test_explode()').execute(server.db);
    }
  });
});

describe('answers carry only what the contract declares', () => {
  const keysOf = (codec: { type: { types: readonly [{ props: object }, { props: object }] } }) => [
    ...Object.keys(codec.type.types[0].props),
    ...Object.keys(codec.type.types[1].props),
  ];

  test('the Account of sign-in and /api/me has no password hash or other columns', async () => {
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: DEMO_ACCOUNTS.viewer, password: 'questboard-demo', isTpUser: true },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await server.app.inject({ method: 'GET', url: '/api/me', headers: bearer(signIn.json().token) });
    for (const res of [signIn, me]) {
      expect(res.body).not.toMatch(/password|scrypt\$|token_hash|created_at|is_tp_user/);
    }
    const account = me.json() as Record<string, unknown>;
    expect(account.isTpUser).toBe(false); // the extra sign-in key was ignored
    const allowed = keysOf(Account as never);
    expect(Object.keys(account).filter((k) => !allowed.includes(k))).toEqual([]);
  });

  test('team rows expose no password hash or invite token hash', async () => {
    const res = await server.app.inject({ method: 'GET', url: TEAM, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt\$|token_hash|invited_by/);
  });

  test('unknown keys stored with an app are stripped from the answer', async () => {
    const appId = DEMO_APP_IDS.wordGarden;
    const row = await server.db.selectFrom('apps').select('details').where('id', '=', appId).executeTakeFirstOrThrow();
    await server.db
      .updateTable('apps')
      .set({ details: JSON.stringify({ ...row.details, internalSecret: 'qb-test-do-not-leak' }) as never })
      .where('id', '=', appId)
      .execute();
    const res = await server.app.inject({ method: 'GET', url: `/api/app/${appId}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('qb-test-do-not-leak');
    const allowed = keysOf(App as never);
    expect(Object.keys(res.json().data).filter((k) => !allowed.includes(k))).toEqual([]);
  });
});

describe('nothing half-written', () => {
  test('a rolled-back transaction does not take a concurrent write with it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const mail = (to: string) => ({ to_email: to, subject: 'qb-test', body: 'qb-test' });

    const failing = server.db.transaction().execute(async (trx) => {
      await trx.insertInto('outbox').values(mail('inside@example.com')).execute();
      entered();
      await gate;
      throw new Error('simulated failure');
    });
    await inside;
    const concurrent = server.db.insertInto('outbox').values(mail('outside@example.com')).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    await expect(failing).rejects.toThrow('simulated failure');
    await concurrent;

    const written = await server.db.selectFrom('outbox').select('to_email').where('subject', '=', 'qb-test').execute();
    expect(written.map((r) => r.to_email)).toEqual(['outside@example.com']);
  });

  test('concurrent invites to one address leave exactly one pending invite', async () => {
    const email = 'race@example.com';
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.app.inject({
          method: 'POST',
          url: `${TEAM}/invite`,
          payload: { email, role: 'viewer' },
          headers: bearer(admin),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200))
      expect(expectCleanError(res, 409).message).toBe(INVITE_ALREADY_SENT);
    expect(
      await server.db
        .selectFrom('invites')
        .select('id')
        .where('email', '=', email)
        .where('state', '=', 'pending')
        .execute(),
    ).toHaveLength(1);
    expect(await server.db.selectFrom('outbox').select('id').where('to_email', '=', email).execute()).toHaveLength(1);
  });
});
