/**
 * The account's own flows (docs/accounts.md §Forgot password, §Account page): reset links (enumeration-safe answers,
 * 60 minutes, single use, stored hashed, rate-limited per address and per client, signing every session out), the
 * profile, the password change and the sessions list with its sign-outs. Each change writes its activity rows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../server/auth/crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed';
import { DEMO_WORKSPACE_ID } from '../../server/demo/ids';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const SAME_ANSWER = { success: true, delivery: 'sandbox' };
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { linkLimit: { perAddress: 3, perClient: 8, windowMinutes: 60 } },
  });
  clock = new Date();
  // A changed schema builds a new database template first: slow on a busy machine.
}, 600_000);
afterAll(() => server?.close());

const post = (url: string, payload: unknown, token: string | null = null, ip = '10.0.0.1') =>
  call(server.app, token, { method: 'POST', url, payload: payload as object, remoteAddress: ip });
const forgot = (email: string, ip?: string) => post('/api/auth/forgot-password', { email }, null, ip);
const mails = (to: string) =>
  server.db.selectFrom('outbox').select(['subject', 'body']).where('to_email', '=', to).orderBy('id').execute();
const linkIn = async (to: string) => {
  const last = (await mails(to)).at(-1)!;
  return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(last.body)?.[1] ?? null;
};
const sessionsOf = (token: string) =>
  call(server.app, token, { method: 'GET', url: '/api/account/sessions' }).then((r) => r.json().sessions);
const meStatus = async (token: string) => (await call(server.app, token, { method: 'GET', url: '/api/me' })).statusCode;

describe('forgot password', () => {
  test('the same answer for an address with and without an account; only the account gets a link', async () => {
    const known = await forgot(DEMO_ACCOUNTS.editor, '10.0.1.1');
    const unknown = await forgot('nobody@nowhere.dev', '10.0.1.1');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    expect(await linkIn(DEMO_ACCOUNTS.editor)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const note = await mails('nobody@nowhere.dev');
    expect(note).toHaveLength(1);
    expect(note[0]!.body).toContain('no Questboard account uses this address');
    expect(note[0]!.body).not.toContain('/reset-password/');
  });

  test('the link is stored only as its SHA-256', async () => {
    const token = (await linkIn(DEMO_ACCOUNTS.editor))!;
    const rows = await server.db.selectFrom('account_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true);
  });

  test('rate-limited per address (whether or not it has an account) and per client, the same words', async () => {
    const words = 'Too many requests for this address. Please wait 60 minutes and try again.';
    for (const email of ['limit@demostudio.dev', 'ghost@nowhere.dev']) {
      for (let i = 0; i < 3; i++) expect((await forgot(email, `10.0.2.${i}`)).statusCode).toBe(200);
      const refused = await forgot(email, '10.0.2.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(words);
    }
    for (let i = 0; i < 8; i++) expect((await forgot(`client${i}@nowhere.dev`, '10.0.3.1')).statusCode).toBe(200);
    expect((await forgot('client-last@nowhere.dev', '10.0.3.1')).statusCode).toBe(429);
    // An hour later the window has passed.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await forgot('ghost@nowhere.dev', '10.0.3.1')).statusCode).toBe(200);
  });

  test('a malformed address is 400, not an answer about accounts', async () => {
    const res = await forgot('not-an-address', '10.0.4.1');
    expect(res.statusCode).toBe(400);
  });
});

describe('reset password', () => {
  test('an unknown link is 404 in words; the preview names the address of a good one', async () => {
    const unknown = await call(server.app, null, { method: 'GET', url: `/api/auth/reset-password/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This link is not valid. Check the link in your email, or ask for a new one.');
    await forgot(DEMO_ACCOUNTS.viewer, '10.0.5.1');
    const token = (await linkIn(DEMO_ACCOUNTS.viewer))!;
    const preview = await call(server.app, null, { method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(preview.json()).toEqual({ email: DEMO_ACCOUNTS.viewer });
  });

  test('expires after 60 minutes (410 link_expired)', async () => {
    await forgot(DEMO_ACCOUNTS.viewer, '10.0.5.2');
    const token = (await linkIn(DEMO_ACCOUNTS.viewer))!;
    clock = new Date(clock.getTime() + 60 * 60_000 + 1000);
    const res = await post(`/api/auth/reset-password/${token}`, { password: 'violet-harbour-42' });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'link_expired', message: 'This link has expired. Ask for a new one.' });
  });

  test('a common or short password is refused and the link stays usable', async () => {
    await forgot(DEMO_ACCOUNTS.viewer, '10.0.5.3');
    const token = (await linkIn(DEMO_ACCOUNTS.viewer))!;
    const common = await post(`/api/auth/reset-password/${token}`, { password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(TOO_COMMON);
    const short = await post(`/api/auth/reset-password/${token}`, { password: 'short' });
    expect(short.json().message).toBe('Password must be at least 10 characters.');
    const preview = await call(server.app, null, { method: 'GET', url: `/api/auth/reset-password/${token}` });
    expect(preview.statusCode).toBe(200);
  });

  test('setting the password signs every session out, voids the other links, signs this browser in; once only', async () => {
    const before = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
    await forgot(DEMO_ACCOUNTS.viewer, '10.0.5.4');
    const older = (await linkIn(DEMO_ACCOUNTS.viewer))!;
    await forgot(DEMO_ACCOUNTS.viewer, '10.0.5.4');
    const token = (await linkIn(DEMO_ACCOUNTS.viewer))!;
    const res = await post(`/api/auth/reset-password/${token}`, { password: 'violet-harbour-42' });
    expect(res.statusCode).toBe(200);
    const { token: fresh, account } = res.json();
    expect(account.workEmail).toBe(DEMO_ACCOUNTS.viewer);
    expect(await meStatus(fresh)).toBe(200);
    expect(await meStatus(before)).toBe(401);
    const again = await post(`/api/auth/reset-password/${token}`, { password: 'another-violet-43' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'link_used',
      message: 'This link has already been used. Ask for a new one if you still need it.',
    });
    expect((await post(`/api/auth/reset-password/${older}`, { password: 'another-violet-43' })).statusCode).toBe(410);
    // The old password no longer works, the new one does; the owner is told.
    expect((await post('/api/auth/sign-in', { email: DEMO_ACCOUNTS.viewer, password: DEMO_PASSWORD })).statusCode).toBe(
      401,
    );
    await signInAs(server.app, DEMO_ACCOUNTS.viewer, 'violet-harbour-42');
    expect((await mails(DEMO_ACCOUNTS.viewer)).at(-1)!.subject).toBe('Your Questboard password was changed');
    const rows = await server.db
      .selectFrom('activity')
      .select(['verb', 'workspace_id', 'changes'])
      .where('verb', '=', 'account.password_reset')
      .execute();
    expect(rows.map((r) => r.workspace_id)).toContain(DEMO_WORKSPACE_ID);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('account page', () => {
  let admin = '';
  beforeAll(async () => {
    admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
  });

  test('the name is saved and recorded; a blank name is 400', async () => {
    const res = await call(server.app, admin, {
      method: 'PUT',
      url: '/api/account/profile',
      payload: { firstName: ' Ada ', lastName: 'Adams' },
    });
    expect(res.json()).toEqual({ success: true, firstName: 'Ada', lastName: 'Adams' });
    const me = (await call(server.app, admin, { method: 'GET', url: '/api/me' })).json();
    expect([me.firstName, me.lastName]).toEqual(['Ada', 'Adams']);
    const blank = await call(server.app, admin, {
      method: 'PUT',
      url: '/api/account/profile',
      payload: { firstName: ' ', lastName: 'Adams' },
    });
    expect(blank.statusCode).toBe(400);
    const row = await server.db
      .selectFrom('activity')
      .select('changes')
      .where('verb', '=', 'account.profile_changed')
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .executeTakeFirstOrThrow();
    expect(row.changes).toContainEqual({ field: 'lastName', before: expect.any(String), after: 'Adams' });
  });

  test('sessions list: each device with its client; sign out one, then all others', async () => {
    const phone = await call(server.app, null, {
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD },
      remoteAddress: '192.0.2.7',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      },
    }).then((r) => r.json().token as string);
    const laptop = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const list = await sessionsOf(admin);
    expect(list[0]).toMatchObject({ current: true });
    const phoneRow = list.find((s: { ip: string }) => s.ip === '192.0.2.7');
    expect(phoneRow).toMatchObject({ device: 'Safari on iOS', current: false });
    // Another account's session id is not found.
    const rival = await signInAs(server.app, DEMO_ACCOUNTS.rival);
    const foreign = await call(server.app, rival, {
      method: 'POST',
      url: `/api/account/sessions/${phoneRow.sessionId}/sign-out`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await meStatus(phone)).toBe(200);
    const one = await call(server.app, admin, {
      method: 'POST',
      url: `/api/account/sessions/${phoneRow.sessionId}/sign-out`,
    });
    expect(one.json()).toEqual({ success: true, signedOut: 1 });
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(laptop)).toBe(200);
    const others = await call(server.app, admin, { method: 'POST', url: '/api/account/sessions/sign-out-others' });
    expect(others.json().signedOut).toBeGreaterThanOrEqual(1);
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(admin)).toBe(200);
    expect((await sessionsOf(admin)).map((s: { current: boolean }) => s.current)).toEqual([true]);
  });

  test('password change needs the current password (400, counted), refuses a common one, signs out the others', async () => {
    const other = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const change = (currentPassword: string, newPassword: string) =>
      call(server.app, admin, {
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword, newPassword },
      });
    const wrong = await change('not-my-password', 'violet-harbour-42');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not correct.');
    expect((await change(DEMO_PASSWORD, 'qwertyuiop')).json().message).toBe(TOO_COMMON);
    expect(await meStatus(other)).toBe(200);
    const ok = await change(DEMO_PASSWORD, 'violet-harbour-42');
    expect(ok.json()).toEqual({ success: true, signedOut: 1 });
    expect(await meStatus(other)).toBe(401);
    expect(await meStatus(admin)).toBe(200);
    await signInAs(server.app, DEMO_ACCOUNTS.admin, 'violet-harbour-42');
  });
});
