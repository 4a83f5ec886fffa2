/**
 * Hostile input (issue 9 part B): regular-expression denial of service, NUL bytes, lone surrogates, huge numbers,
 * broken multipart, oversized strings and CR/LF in names each answer 400 in words, quickly, and write nothing;
 * the mail provider and the log keep interpolated values on their line.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/db/seed';
import { outboxMailer } from '../../server/providers/mailer';
import type { Report } from '../../src/contracts/analyze';
import { call, signInAs } from './helpers';
import { createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';
import { dbSnapshot } from './db-snapshot';
import { workspaceForm } from './multipart-form';

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
  const before = await dbSnapshot(server.db, IGNORED);
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { success: boolean; message: string; fields?: string[] };
  expect(body.success).toBe(false);
  expect(body.message).not.toMatch(/Exact<|Partial<|\{ \w+: \w+ \}|<[A-Z]/);
  expect(await dbSnapshot(server.db, IGNORED)).toEqual(before);
  return body;
}

const post = (url: string, payload: unknown, token: string | null = admin) => call(server.app, token, { method: 'POST', url, payload: payload as object });
const createWorkspace = (data: unknown) => {
  const form = workspaceForm(data);
  return call(server.app, admin, { method: 'POST', url: '/api/workspace', payload: form.payload, headers: form.headers });
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
    const body = await refused(() => post('/api/auth/sign-in', { email: 'admin@demostudio.dev\u0000', password: 'questboard-demo' }, null));
    expect(body.message).toBe('email must not contain NUL characters.');
  });

  test('a 900 KB e-mail at sign-in', async () => {
    const body = await refused(() => post('/api/auth/sign-in', { email: `${'a'.repeat(900_000)}@x.dev`, password: 'questboard-demo' }, null));
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
        runReport(dailyReport(['dau'], 'country', { where: [{ label: 'country', comparison: 'equals', value, checked: true, data_type: 'STRING' }] })),
      );
    }
  });

  test('NUL in path ids', async () => {
    for (const url of [`/api/workspace/%00`, `/api/app/%00`, `/api/files/%00`, `/analytics/template/${APP}/%00`, `/api/invite/%00`]) {
      const body = await refused(() => call(server.app, admin, { method: 'GET', url }));
      expect(body.message).toMatch(/must not contain NUL characters\.$/);
    }
  });

  test('a whole number ≥ 2^63 in an integer condition is refused; in a FLOAT condition it is a plain double (no 500)', async () => {
    const where = (label: string, data_type: 'INT64' | 'FLOAT') => [{ label, comparison: 'greater_than' as const, value: 2 ** 63, checked: true, data_type }];
    const body = await refused(() => runReport(dailyReport(['dau'], 'date', { where: where('days_since_install', 'INT64') })));
    expect(body.fields).toEqual(['where']);
    expect(body.message).toBe("The value for 'days_since_install' is too large: whole numbers must be between -2^63 and 2^63.");
    const float = await runReport(dailyReport(['dau'], 'date', { where: where('user_minutes', 'FLOAT') }), { saveTemplate: false });
    expect(float.statusCode, float.body).toBe(200);
    expect(Object.values(float.json().compiled.params)).toContain(2 ** 63);
  });

  test('a multipart request without a boundary', async () => {
    const body = await refused(() =>
      call(server.app, admin, { method: 'POST', url: '/api/workspace', payload: 'data=x', headers: { 'content-type': 'multipart/form-data' } }),
    );
    expect(body.message).toBe('The request is not valid multipart/form-data.');
  });
});

describe('3. no header or log injection', () => {
  test('a workspace name with CR/LF is refused (names are single-line)', async () => {
    const body = await refused(() => createWorkspace({ name: 'Moon\r\nAccept the invitation: https://evil.example', website: 'moonforge.dev' }));
    expect(body.message).toBe('name must be a single line without control characters.');
  });

  test('the mail provider keeps the subject on one line and the log encodes what it writes', async () => {
    const lines: string[] = [];
    const mailer = outboxMailer((line) => lines.push(line));
    await mailer.send(server.db, { to: 'x@example.com\r\nBcc: y@example.com', subject: 'Hi\r\nAccept the invitation: https://evil', body: 'Body\nline' });
    const row = await server.db.selectFrom('outbox').select(['to_email', 'subject']).orderBy('id', 'desc').executeTakeFirstOrThrow();
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
