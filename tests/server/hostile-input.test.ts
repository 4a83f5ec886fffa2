/**
 * Hostile input: regular-expression denial of service, NUL bytes, lone surrogates, huge numbers, broken multipart,
 * oversized strings and CR/LF in names each answer 400 in words, quickly, and write nothing; the mail provider and the
 * log keep interpolated values on their line. Every number of every request has a domain range; a stored row the
 * answer cannot carry is left out of its list (logged), not a 500 for the list; words naming Object.prototype members
 * are plain words; every signed-in answer says no-store; every answer >= 500 is logged with its request id and cause.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { outboxMailer } from '../../server/providers/mailer';
import type { Report } from '../../src/contracts/analyze';
import { call, signInAs } from './helpers';
import { createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';
import { dbSnapshot, SESSION_LAST_USE } from './db-snapshot';
import { workspaceForm } from './multipart-form';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { StoreUnavailableError } from '../../server/providers/app-store/provider';
import { sandboxAppStore } from '../../server/providers/app-store/sandbox';
import { BoundedNumberType } from '../../src/contracts/numbers';
import { lookupTable } from '../../src/contracts/lookup';
import { leavesOf, requestCodecs } from './codec-walk';

let server: AnalyticsTestServer;
let admin = '';
beforeAll(async () => {
  server = await createAnalyticsTestServer();
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
});
afterAll(() => server?.close());

const TEAM = `/api/workspace/${DEMO_WORKSPACE_ID}/team`;
const APP = DEMO_APP_IDS.dragonMergeAndroid;
// A refused sign-in counts as an attempt (rate limiting), by design: that table is left out of "writes nothing".
const IGNORED = ['sign_in_attempts'];

type Res = Awaited<ReturnType<typeof call>>;
/** The request answers 400 with a message in words (no codec internals) and the database is unchanged. */
async function refused(send: () => Promise<Res>): Promise<{ message: string; fields?: string[] }> {
  const before = await dbSnapshot(server.db, IGNORED, SESSION_LAST_USE);
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { success: boolean; message: string; fields?: string[] };
  expect(body.success).toBe(false);
  expect(body.message).not.toMatch(/Exact<|Partial<|\{ \w+: \w+ \}|<[A-Z]/);
  expect(await dbSnapshot(server.db, IGNORED, SESSION_LAST_USE)).toEqual(before);
  return body;
}

const post = (url: string, payload: unknown, token: string | null = admin) =>
  call(server.app, token, { method: 'POST', url, payload: payload as object });
const createWorkspace = (data: unknown) => {
  const form = workspaceForm(data);
  return call(server.app, admin, {
    method: 'POST',
    url: '/api/workspace',
    payload: form.payload,
    headers: form.headers,
  });
};
const runReport = (report: Report, extra: Record<string, unknown> = {}) =>
  post(`/analytics/template/${APP}`, { report, saveTemplate: true, id: null, title: null, ...extra });

describe('1. no regular-expression denial of service', () => {
  test('an invite e-mail of "a@" + 96,000 dots + "@" is refused as too long (the length check runs first)', async () => {
    const body = await refused(() => post(`${TEAM}/invite`, { email: `a@${'.'.repeat(96_000)}@`, role: 'viewer' }));
    expect(body.message).toBe('email must be at most 254 characters.');
    expect(body.fields).toEqual(['email']);
  });

  test('a hostile e-mail within the length bound is refused as not an e-mail address', async () => {
    const body = await refused(() => post(`${TEAM}/invite`, { email: `a@${'.'.repeat(240)}@`, role: 'viewer' }));
    expect(body.message).toBe('email must be a valid e-mail address.');
  });
});

describe('2. hostile text and numbers answer 400 and write nothing', () => {
  test('NUL in the sign-in e-mail', async () => {
    const body = await refused(() =>
      post('/api/auth/sign-in', { email: 'admin@demostudio.dev\u0000', password: 'questboard-demo' }, null),
    );
    expect(body.message).toBe('email must not contain NUL characters.');
  });

  test('a 900 KB e-mail at sign-in', async () => {
    const body = await refused(() =>
      post('/api/auth/sign-in', { email: `${'a'.repeat(900_000)}@x.dev`, password: 'questboard-demo' }, null),
    );
    expect(body.message).toBe('email must be at most 254 characters.');
  });

  test('NUL in a workspace name', async () => {
    const body = await refused(() => createWorkspace({ name: 'Moon\u0000Forge', website: 'moonforge.dev' }));
    expect(body.message).toBe('name must not contain NUL characters.');
  });

  test('a 10,000-character workspace name', async () => {
    const body = await refused(() => createWorkspace({ name: 'x'.repeat(10_000), website: 'moonforge.dev' }));
    expect(body.message).toBe('name must be at most 100 characters.');
  });

  test('NUL in an account id', async () => {
    await refused(() => post(`${TEAM}/role`, { accountId: 'abc\u0000', role: 'viewer' }));
  });

  test('NUL in a report title and in a report id', async () => {
    await refused(() => runReport(dailyReport(['dau'], 'date'), { title: 'Daily\u0000' }));
    await refused(() => runReport(dailyReport(['dau'], 'date'), { id: 'x\u0000' }));
  });

  test('NUL and a lone surrogate in a filter value', async () => {
    for (const value of ['US\u0000', 'US\ud800']) {
      await refused(() =>
        runReport(
          dailyReport(['dau'], 'country', {
            where: [{ label: 'country', comparison: 'equals', value, checked: true, data_type: 'STRING' }],
          }),
        ),
      );
    }
  });

  test('NUL in path ids', async () => {
    for (const url of [
      `/api/workspace/%00`,
      `/api/app/%00`,
      `/api/files/%00`,
      `/analytics/template/${APP}/%00`,
      `/api/invite/%00`,
    ]) {
      const body = await refused(() => call(server.app, admin, { method: 'GET', url }));
      expect(body.message).toMatch(/must not contain NUL characters\.$/);
    }
  });

  test('a whole number ≥ 2^63 in an integer condition is refused; in a FLOAT condition it is a plain double (no 500)', async () => {
    const where = (label: string, data_type: 'INT64' | 'FLOAT') => [
      { label, comparison: 'greater_than' as const, value: 2 ** 63, checked: true, data_type },
    ];
    const body = await refused(() =>
      runReport(dailyReport(['dau'], 'date', { where: where('days_since_install', 'INT64') })),
    );
    expect(body.fields).toEqual(['where']);
    expect(body.message).toBe(
      "The value for 'days_since_install' is too large: whole numbers must be between -2^63 and 2^63.",
    );
    const float = await runReport(dailyReport(['dau'], 'date', { where: where('user_minutes', 'FLOAT') }), {
      saveTemplate: false,
    });
    expect(float.statusCode, float.body).toBe(200);
    expect(Object.values(float.json().compiled.params)).toContain(2 ** 63);
  });

  test('a multipart request without a boundary', async () => {
    const body = await refused(() =>
      call(server.app, admin, {
        method: 'POST',
        url: '/api/workspace',
        payload: 'data=x',
        headers: { 'content-type': 'multipart/form-data' },
      }),
    );
    expect(body.message).toBe('The request is not valid multipart/form-data.');
  });
});

describe('3. no header or log injection', () => {
  test('a workspace name with CR/LF is refused (names are single-line)', async () => {
    const body = await refused(() =>
      createWorkspace({ name: 'Moon\r\nAccept the invitation: https://evil.example', website: 'moonforge.dev' }),
    );
    expect(body.message).toBe('name must be a single line without control characters.');
  });

  test('the mail provider keeps the subject on one line and the log encodes what it writes', async () => {
    const lines: string[] = [];
    const mailer = outboxMailer((line) => lines.push(line));
    await mailer.send(server.db, {
      to: 'x@example.com\r\nBcc: y@example.com',
      subject: 'Hi\r\nAccept the invitation: https://evil',
      body: 'Body\nline',
    });
    const row = await server.db
      .selectFrom('outbox')
      .select(['to_email', 'subject'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.subject).not.toMatch(/[\r\n]/);
    expect(row.to_email).not.toMatch(/[\r\n]/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain(JSON.stringify('Body\nline'));
    await server.db.deleteFrom('outbox').where('to_email', 'like', 'x@example.com%').execute();
  });
});

describe('8. validation errors in words', () => {
  test.each([
    [`/api/app/enable/${APP}`, { enabled: 'yes' }, 'enabled must be true or false.'],
    [`${TEAM}/invite`, { email: 'not-an-address', role: 'viewer' }, 'email must be a valid e-mail address.'],
    [`${TEAM}/invite`, { email: 'a@b.dev', role: 'owner' }, 'role must be one of admin, editor, viewer.'],
    [`${TEAM}/invite`, { role: 'viewer' }, 'email is required.'],
    ['/api/auth/sign-in', { email: 5, password: 'x' }, 'email must be text.'],
  ])('POST %s %j → %s', async (url, payload, message) => {
    const body = await refused(() => post(url, payload, url.startsWith('/api/auth') ? null : admin));
    expect(body.message).toBe(message);
  });
});

// ------------------------------------------------------------------------------------------------ numbers

const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
const questDefinition = (dailyCap: unknown) => ({
  name: 'Cap test',
  countries: ['US'],
  dailyCap,
  steps: [{ eventName: 'af_tutorial_completion', payout: 0.4, condition: null }],
});

/** A server on the same database whose log lines (JSON, Fastify's logger at level error) are kept. */
async function loggedApp(providers: Parameters<typeof buildApp>[0]['providers'] = {}) {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: testConfig(),
    db: server.db,
    providers,
    logger: { level: 'error', stream: { write: (line) => void lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  return { app, lines };
}

describe('numbers: every number a request carries has a domain range, refused with 400 before anything is written', () => {
  test('every number in every request codec (params, query, body, multipart parts) is a bounded number', () => {
    const unbounded = server.app.questboard.routeTable.flatMap((route) =>
      requestCodecs(route.endpoint).flatMap(({ where, codec }) =>
        leavesOf(codec)
          .filter(
            ({ codec: leaf }) =>
              !(leaf instanceof BoundedNumberType) &&
              (leaf._tag === 'NumberType' || leaf._tag === 'IntType' || leaf.is(1) || leaf.is(1.5)),
          )
          .map(({ path }) => `${route.method} ${route.url} ${where} ${path}`),
      ),
    );
    expect(unbounded).toEqual([]);
  });

  test('POST …/acquire/quests with "dailyCap": 1e308 answers 400, saves nothing, and the list still answers 200', async () => {
    const body = await refused(() => post(QUESTS, questDefinition(1e308)));
    expect(body).toMatchObject({ message: 'dailyCap must be at most 1,000,000,000.', fields: ['dailyCap'] });
    const list = await call(server.app, admin, { method: 'GET', url: QUESTS });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.some((q: { draft?: { name?: string } }) => q.draft?.name === 'Cap test')).toBe(false);
  });

  test('PUT …/quests/:id/draft with "dailyCap": 1e308 answers 400 and leaves the draft as it was', async () => {
    await refused(() =>
      call(server.app, admin, {
        method: 'PUT',
        url: `${QUESTS}/${ACQUIRE_DEMO_QUESTS.live}/draft`,
        payload: questDefinition(1e308),
      }),
    );
  });

  test.each<[string, string]>([
    ['1e308', 'dailyCap must be at most 1,000,000,000.'],
    ['1e999', 'dailyCap must be a number.'],
    ['-1e999', 'dailyCap must be a number.'],
    ['1E+12', 'dailyCap must be at most 1,000,000,000.'],
    ['1e-300', 'dailyCap must have at most 2 decimals.'],
    ['12.345', 'dailyCap must have at most 2 decimals.'],
    ['-5', 'dailyCap must be at least 0.'],
    ['"NaN"', 'dailyCap must be a number.'],
    ['"Infinity"', 'dailyCap must be a number.'],
    ['"12"', 'dailyCap must be a number.'],
  ])('a dailyCap of %s (as JSON text) is refused: %s', async (text, message) => {
    const payload = JSON.stringify(questDefinition(0)).replace('"dailyCap":0', `"dailyCap":${text}`);
    const body = await refused(() =>
      call(server.app, admin, {
        method: 'POST',
        url: QUESTS,
        payload,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(body.message).toBe(message);
  });

  test('payouts, budgets, prices and periods are bounded too (negative, huge, tiny)', async () => {
    const step = (payout: number) => ({
      ...questDefinition(10),
      steps: [{ eventName: 'af_tutorial_completion', payout, condition: null }],
    });
    expect((await refused(() => post(QUESTS, step(-1)))).fields).toEqual(['steps.payout']);
    expect((await refused(() => post(QUESTS, step(1e-300)))).fields).toEqual(['steps.payout']);
    const settings = (over: Record<string, unknown>) => ({
      settings: {
        countries: ['US'],
        dailyBudget: 10,
        targetKpi: 'roas_d7',
        targetKpiValue: 5,
        analysisPeriod: 30,
        ...over,
      },
      applyPriceSuggestions: false,
    });
    const SETTINGS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/settings`;
    expect((await refused(() => post(SETTINGS, settings({ dailyBudget: 1e308 })))).fields).toEqual([
      'settings.dailyBudget',
    ]);
    expect((await refused(() => post(SETTINGS, settings({ analysisPeriod: 1e300 })))).fields).toEqual([
      'settings.analysisPeriod',
    ]);
    expect((await refused(() => post(SETTINGS, settings({ targetKpiValue: -3 })))).fields).toEqual([
      'settings.targetKpiValue',
    ]);
  });

  test('a stored row the answer cannot carry is left out of the list and logged with its cause; the rest answers 200', async () => {
    const bad = 'quest-with-unencodable-cap';
    // Written before the range existed: JSON.stringify(Infinity) stored null.
    await server.db
      .insertInto('quests')
      .values({
        id: bad,
        app_id: ACQUIRE_DEMO_APP,
        status: 'DRAFT',
        active: null,
        draft: JSON.stringify({ ...questDefinition(null), name: 'Broken' }) as never,
      })
      .execute();
    const { app, lines } = await loggedApp();
    try {
      const viewer = await signInAs(app, DEMO_ACCOUNTS.viewer);
      const res = await call(app, viewer, { method: 'GET', url: QUESTS });
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().data as { id: string }[]).map((q) => q.id);
      expect(ids).not.toContain(bad);
      expect(ids).toEqual(expect.arrayContaining(Object.values(ACQUIRE_DEMO_QUESTS)));
      const line = lines.find((l) => l.itemId === bad);
      expect(line, JSON.stringify(lines)).toMatchObject({
        level: 50,
        route: `GET ${'/api/app/:appId/acquire/quests'}`,
        reqId: expect.any(String),
      });
      expect(String(line?.cause)).toMatch(/dailyCap must be a number/);
    } finally {
      await app.close();
      await server.db.deleteFrom('quests').where('id', '=', bad).execute();
    }
  });
});

// ------------------------------------------------------------------------------------------------ prototype words

const PROTOTYPE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

describe('words that name Object.prototype members are plain words', () => {
  test.each(PROTOTYPE_WORDS)('the Ask question %j is read, not a 500', async (word) => {
    for (const question of [word, `dau by ${word}`, `${word} users last ${word} days`]) {
      const res = await post(`/api/app/${APP}/analyze/ask`, { question });
      expect(res.statusCode, `${question}: ${res.body}`).toBe(200);
    }
  });

  test('a lookup table answers nothing for them', () => {
    const table = lookupTable({ day: 1 });
    for (const word of PROTOTYPE_WORDS) {
      expect((table as Record<string, unknown>)[word]).toBeUndefined();
      expect(word in table).toBe(false);
    }
    expect(table.day).toBe(1);
  });
});

// ------------------------------------------------------------------------------------------------ NUL

describe('NUL is refused in every string of every body, query and path, whatever codec the field has', () => {
  test('POST /api/monetize/update with "id":"a\\u0000b" answers 400 naming id', async () => {
    const campaign = {
      id: 'a\u0000b',
      appId: APP,
      refPublicPrice: 1,
      minAcceptedPrice: null,
      sendTrafficToAppIds: [],
      countries: ['US'],
      status: 'LIVE',
      targetConditions: [
        { type: 'user', metric: 'property', key: 'country', dataType: 'string', op: 'equals', value: 'US' },
      ],
    };
    const body = await refused(() => post('/api/monetize/update', campaign));
    expect(body).toMatchObject({ message: 'id must not contain NUL characters.', fields: ['id'] });
  });

  test('in a key, in a list item, in a query value, and as a lone surrogate', async () => {
    expect(
      (await refused(() => post(`${TEAM}/invite`, { email: 'a@b.dev', role: 'viewer', 'x\u0000': 1 }))).message,
    ).toBe('body keys must not contain NUL characters.');
    expect((await refused(() => post(QUESTS, { ...questDefinition(10), countries: ['U\u0000'] }))).message).toBe(
      'countries must not contain NUL characters.',
    );
    const search = await refused(() =>
      call(server.app, admin, { method: 'GET', url: '/api/app/search?platform=android&query=dra%00gon' }),
    );
    expect(search.message).toBe('query must not contain NUL characters.');
    expect((await refused(() => post('/api/monetize/update', { id: 'a\ud800b' }))).message).toBe(
      'id must be valid Unicode text.',
    );
  });
});

// ------------------------------------------------------------------------------------------------ Cache-Control

describe('every authenticated API answer says Cache-Control: no-store', () => {
  test('/api/me and the postback URL read (it holds a secret)', async () => {
    for (const url of ['/api/me', `/api/app/${APP}/postbacks/appsflyer/url`]) {
      const res = await call(server.app, admin, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  test('every route of the route table, signed in (reads for real, writes refused at the body, deletes of nothing)', async () => {
    const DEFAULTS: Record<string, string> = { workspaceId: DEMO_WORKSPACE_ID, appId: APP, source: 'appsflyer' };
    let token = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const missing: string[] = [];
    for (const route of server.app.questboard.routeTable) {
      const destructive = route.method === 'DELETE';
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) =>
        destructive ? 'does-not-exist' : (DEFAULTS[n] ?? 'does-not-exist'),
      );
      const write = route.method !== 'GET' && route.method !== 'DELETE';
      const res = await call(server.app, token, {
        method: route.method,
        url,
        ...(write ? { payload: '"not an object"', headers: { 'content-type': 'application/json' } } : {}),
      });
      if (res.headers['cache-control'] !== 'no-store')
        missing.push(`${route.method} ${route.url} → ${res.statusCode} cache-control: ${res.headers['cache-control']}`);
      if (route.url === '/api/auth/sign-out') token = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    }
    expect(missing).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------ answers >= 500

describe('every answer >= 500 is logged with its request id and cause', () => {
  test('an unexpected error: 500, x-request-id, and a log line with that reqId and the cause', async () => {
    const { app, lines } = await loggedApp({
      appStore: {
        ...sandboxAppStore(),
        search: async () => {
          throw new Error('the store index is corrupt');
        },
      },
    });
    try {
      const res = await call(app, await signInAs(app, DEMO_ACCOUNTS.admin), {
        method: 'GET',
        url: '/api/app/search?platform=android&query=dragon',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Something went wrong. Please try again later.',
        code: 'internal',
      });
      const reqId = res.headers['x-request-id'];
      expect(reqId).toBeTruthy();
      const line = lines.find((l) => l.reqId === reqId && l.level === 50);
      expect(line, JSON.stringify(lines)).toBeDefined();
      expect(String(line!.cause)).toContain('the store index is corrupt');
      expect(line!.status).toBe(500);
    } finally {
      await app.close();
    }
  });

  test('a domain 503 is logged with what failed underneath', async () => {
    const { app, lines } = await loggedApp({
      appStore: {
        ...sandboxAppStore(),
        search: async () => {
          throw new StoreUnavailableError('connect ETIMEDOUT 17.253.144.10:443');
        },
      },
    });
    try {
      const res = await call(app, await signInAs(app, DEMO_ACCOUNTS.admin), {
        method: 'GET',
        url: '/api/app/search?platform=android&query=dragon',
      });
      expect(res.statusCode).toBe(503);
      const line = lines.find((l) => l.reqId === res.headers['x-request-id']);
      expect(String(line?.cause), JSON.stringify(lines)).toMatch(
        /The app store could not be searched.*caused by StoreUnavailableError: connect ETIMEDOUT/,
      );
    } finally {
      await app.close();
    }
  });
});
