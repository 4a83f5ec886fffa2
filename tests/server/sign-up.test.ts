/**
 * Sign-up (docs/accounts.md §Sign-up): the same answer for a new and an existing address (the existing one is told by
 * mail), a single-use confirmation link stored hashed and valid 24 hours, confirming creates the account and its
 * workspace and signs in, the activity row, the link limits, and SIGN_UP=off.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../server/auth/crypto';
import { DEMO_ACCOUNTS } from '../../server/demo/seed';
import { call, createTestServer, type TestServer } from './helpers';

const SAME_ANSWER = { success: true, delivery: 'sandbox' };
const PASSWORD = 'a long enough password';

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { linkLimit: { perAddress: 3, perClient: 8, windowMinutes: 60 } },
  });
  clock = new Date();
}, 600_000);
afterAll(() => server?.close());

const post = (url: string, payload: unknown = {}, ip = '10.9.0.1', token: string | null = null) =>
  call(server.app, token, { method: 'POST', url, payload: payload as object, remoteAddress: ip });
const signUp = (email: string, ip = '10.9.0.1', extra: Record<string, string> = {}) =>
  post(
    '/api/auth/sign-up',
    { firstName: 'Nova', lastName: 'Ray', email, password: PASSWORD, workspaceName: 'Nova Games', ...extra },
    ip,
  );
const mails = (to: string) =>
  server.db.selectFrom('outbox').select(['subject', 'body']).where('to_email', '=', to).orderBy('id').execute();
const linkIn = async (to: string) => {
  const last = (await mails(to)).at(-1);
  return last ? (/\/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(last.body)?.[1] ?? null) : null;
};
const confirm = (token: string, ip = '10.9.0.1') => post(`/api/auth/confirm-sign-up/${token}`, {}, ip);

describe('sign-up', () => {
  test('is open by default', async () => {
    const res = await call(server.app, null, { method: 'GET', url: '/api/auth/sign-up' });
    expect(res.json()).toEqual({ open: true });
  });

  test('the same answer for a new and an existing address; the existing one is told, the new one gets a link', async () => {
    const fresh = await signUp('nova@newstudio.dev', '10.9.1.1');
    const existing = await signUp(DEMO_ACCOUNTS.viewer, '10.9.1.1');
    expect(fresh.statusCode).toBe(200);
    expect(existing.statusCode).toBe(200);
    expect(fresh.json()).toEqual(SAME_ANSWER);
    expect(existing.json()).toEqual(SAME_ANSWER);
    const told = (await mails(DEMO_ACCOUNTS.viewer)).at(-1)!;
    expect(told.subject).toBe('You already have a Questboard account');
    expect(told.body).not.toContain('/confirm-sign-up/');
    expect(await linkIn('nova@newstudio.dev')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing is an account before the link is used.
    const account = await server.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'nova@newstudio.dev')
      .executeTakeFirst();
    expect(account).toBeUndefined();
  });

  test('the link is stored only as its SHA-256, with no plain password', async () => {
    const token = (await linkIn('nova@newstudio.dev'))!;
    const rows = await server.db
      .selectFrom('account_links')
      .selectAll()
      .where('purpose', '=', 'confirm_sign_up')
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true);
  });

  test('the shared password rule and the address are checked', async () => {
    const common = await signUp('weak@newstudio.dev', '10.9.2.1', { password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe('This password is too common. Choose one that is harder to guess.');
    expect((await signUp('not-an-address', '10.9.2.1')).statusCode).toBe(400);
  });

  test('confirming creates the account and its workspace (as admin), signs in and writes the activity row; once', async () => {
    const token = (await linkIn('nova@newstudio.dev'))!;
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account.workEmail).toBe('nova@newstudio.dev');
    expect(body.account.firstName).toBe('Nova');
    const workspace = body.account.organisations.find((w: { id: string }) => w.id === body.workspaceId);
    expect(workspace).toMatchObject({ name: 'Nova Games', role: 'admin' });
    const me = await call(server.app, body.token, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    const events = await server.db
      .selectFrom('domain_events')
      .select(['name', 'payload'])
      .where('name', '=', 'account.signed_up')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.payload)).toContain(body.workspaceId);
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      message: 'This link has already been used. Ask for a new one if you still need it.',
      code: 'link_used',
    });
    // The new account signs in with its password.
    const signIn = await post('/api/auth/sign-in', { email: 'nova@newstudio.dev', password: PASSWORD }, '10.9.3.1');
    expect(signIn.statusCode).toBe(200);
  });

  test('a link expires after 24 hours; an unknown one is 404', async () => {
    expect((await signUp('late@newstudio.dev', '10.9.4.1')).statusCode).toBe(200);
    const token = (await linkIn('late@newstudio.dev'))!;
    const now = clock;
    clock = new Date(now.getTime() + 24 * 60 * 60_000 + 1000);
    try {
      const res = await confirm(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ message: 'This link has expired. Ask for a new one.', code: 'link_expired' });
    } finally {
      clock = now;
    }
    expect((await confirm('A'.repeat(43))).statusCode).toBe(404);
  });

  test('rate-limited per address, whether or not it has an account', async () => {
    for (const email of ['limit@newstudio.dev', DEMO_ACCOUNTS.editor]) {
      for (let i = 0; i < 3; i++) expect((await signUp(email, `10.9.5.${i}`)).statusCode).toBe(200);
      const refused = await signUp(email, '10.9.5.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many requests for this address. Please wait 60 minutes and try again.');
    }
  });

  test('SIGN_UP=off: the status says so, asking and confirming are refused with a clear code', async () => {
    expect((await signUp('closed@newstudio.dev', '10.9.6.1')).statusCode).toBe(200);
    const token = (await linkIn('closed@newstudio.dev'))!;
    const config = server.app.questboard.config as { signUp: boolean };
    config.signUp = false;
    try {
      const status = await call(server.app, null, { method: 'GET', url: '/api/auth/sign-up' });
      expect(status.json()).toEqual({ open: false });
      for (const res of [await signUp('closed2@newstudio.dev', '10.9.6.2'), await confirm(token)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'Sign-up is turned off on this server. Ask a workspace admin to invite you.',
          code: 'sign_up_closed',
        });
      }
      expect(await linkIn('closed2@newstudio.dev')).toBeNull();
    } finally {
      config.signUp = true;
    }
  });
});
