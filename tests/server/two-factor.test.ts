/**
 * Two-factor sign-in (docs/accounts.md §Two-factor sign-in), with codes computed from the enrolment secret by otpauth:
 * enrolment sealed at rest and confirmed by a code, ten recovery codes stored hashed, the code step after the password
 * (expiry, a code and a recovery code each working once, its own rate limit), and turning it off.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { hashToken, newId, newToken } from '../../server/auth/crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  clock = new Date();
}, 600_000);
afterAll(() => server?.close());

const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
const post = (url: string, payload: unknown = {}, token: string | null = null, ip = '10.8.0.1') =>
  call(server.app, token, { method: 'POST', url, payload: payload as object, remoteAddress: ip });
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const passwordStep = (email: string, ip = '10.8.0.1') =>
  post('/api/auth/sign-in', { email, password: DEMO_PASSWORD }, null, ip);
const codeStep = (challengeToken: string, otp: string, ip = '10.8.0.1') =>
  post('/api/auth/sign-in/two-factor', { challengeToken, otp }, null, ip);

let secret = '';
let recoveryCodes: string[] = [];

describe('two-factor sign-in', () => {
  test('enrolment: a secret sealed at rest, confirmed by a code; ten recovery codes shown once, stored hashed', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.editor);
    const status = await call(server.app, token, { method: 'GET', url: '/api/account/two-factor' });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const enrol = await post('/api/account/two-factor/enrol', {}, token);
    expect(enrol.statusCode).toBe(200);
    secret = enrol.json().secret;
    expect(enrol.json().uri).toMatch(/^otpauth:\/\/totp\/Questboard:/);
    expect(enrol.json().uri).toContain(`secret=${secret}`);
    const row = await server.db.selectFrom('account_two_factor').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.secret_sealed.startsWith('v1.')).toBe(true);

    const wrong = await post('/api/account/two-factor/confirm', { otp: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: WRONG_CODE, code: 'wrong_code' });
    const ok = await post('/api/account/two-factor/confirm', { otp: codeAt(secret, clock) }, token);
    expect(ok.statusCode).toBe(200);
    recoveryCodes = ok.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await server.db.selectFrom('account_recovery_codes').selectAll().execute();
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]!);
    expect(hashes.map((h) => h.code_hash)).toContain(hashToken(recoveryCodes[0]!.replace('-', '')));
    const after = await call(server.app, token, { method: 'GET', url: '/api/account/two-factor' });
    expect(after.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const events = await server.db
      .selectFrom('domain_events')
      .select('name')
      .where('name', '=', 'account.two_factor_enabled')
      .execute();
    expect(events.length).toBeGreaterThan(0);
    expect((await post('/api/account/two-factor/enrol', {}, token)).statusCode).toBe(409);
  });

  test('sign-in asks for the code after the password; a right code signs in, and works once', async () => {
    later(60);
    const first = await passwordStep(DEMO_ACCOUNTS.editor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactor: true, challengeToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(first.json().token).toBeUndefined();
    const code = codeAt(secret, clock);
    const wrong = await codeStep(first.json().challengeToken, '123456');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: WRONG_CODE, code: 'invalid_code' });
    const signedIn = await codeStep(first.json().challengeToken, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().account.workEmail).toBe(DEMO_ACCOUNTS.editor);
    expect((await call(server.app, signedIn.json().token, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    // The same code again (another sign-in within its 30 seconds) is refused; the used challenge is gone.
    const second = await passwordStep(DEMO_ACCOUNTS.editor);
    expect((await codeStep(second.json().challengeToken, code)).statusCode).toBe(401);
    expect((await codeStep(first.json().challengeToken, code)).statusCode).toBe(410);
  });

  test('a code one step away is accepted, two steps away is not', async () => {
    later(120);
    const challenge = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
    expect((await codeStep(challenge, codeAt(secret, new Date(clock.getTime() - 60_000)))).statusCode).toBe(401);
    expect((await codeStep(challenge, codeAt(secret, new Date(clock.getTime() - 30_000)))).statusCode).toBe(200);
  });

  test('the code step expires after 10 minutes', async () => {
    later(60);
    const challenge = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
    later(10 * 60 + 1);
    const res = await codeStep(challenge, codeAt(secret, clock));
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      message: 'This sign-in took too long. Enter your email and password again.',
      code: 'challenge_expired',
    });
  });

  test('a recovery code works once (typed with or without its dash, any case)', async () => {
    const code = recoveryCodes[1]!;
    const challenge = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
    expect((await codeStep(challenge, code.replace('-', '').toUpperCase())).statusCode).toBe(200);
    const again = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
    expect((await codeStep(again, code)).statusCode).toBe(401);
    const token = await (async () => {
      later(60);
      const c = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
      return (await codeStep(c, codeAt(secret, clock))).json().token as string;
    })();
    const status = await call(server.app, token, { method: 'GET', url: '/api/account/two-factor' });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  test('the code step has its own rate limit, per account and client', async () => {
    later(60 * 60);
    const challenge = (await passwordStep(DEMO_ACCOUNTS.editor, '10.8.9.9')).json().challengeToken;
    for (let i = 0; i < 5; i++) expect((await codeStep(challenge, '000000', '10.8.9.9')).statusCode).toBe(401);
    const limited = await codeStep(challenge, codeAt(secret, clock), '10.8.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: 'Too many wrong codes. Please wait 15 minutes and try again.',
      code: 'too_many_codes',
    });
    // The password limit is separate: the password step still answers.
    expect((await passwordStep(DEMO_ACCOUNTS.editor, '10.8.9.9')).statusCode).toBe(200);
  });

  test('a password reset does not skip the code: it answers the code step', async () => {
    later(16 * 60);
    expect((await post('/api/auth/forgot-password', { email: DEMO_ACCOUNTS.editor })).statusCode).toBe(200);
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', DEMO_ACCOUNTS.editor)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const reset = await post(`/api/auth/reset-password/${link}`, { password: DEMO_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ twoFactor: true, challengeToken: expect.any(String) });
    later(30);
    const signedIn = await codeStep(reset.json().challengeToken, codeAt(secret, clock));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().account.workEmail).toBe(DEMO_ACCOUNTS.editor);
  });

  test('accepting an invitation with the password does not skip the code: it answers the code step', async () => {
    later(60);
    const account = await server.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.editor)
      .executeTakeFirstOrThrow();
    const link = newToken();
    await server.db
      .insertInto('invites')
      .values({
        id: newId(),
        workspace_id: DEMO_WORKSPACE_ID,
        email: DEMO_ACCOUNTS.editor,
        role: 'editor',
        token_hash: hashToken(link),
        invited_by: null,
        sent_at: clock,
        state: 'pending',
      })
      .execute();
    const sessions = async () =>
      (await server.db.selectFrom('sessions').select('id').where('account_id', '=', account.id).execute()).length;
    const before = await sessions();
    const joined = await post(`/api/invite/${link}/accept`, { password: DEMO_PASSWORD });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ twoFactor: true, challengeToken: expect.any(String) });
    expect(await sessions(), 'no session before the code').toBe(before);
    later(30);
    const signedIn = await codeStep(joined.json().challengeToken, codeAt(secret, clock));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().account.workEmail).toBe(DEMO_ACCOUNTS.editor);
  });

  test('turning it off needs the password and a code; then sign-in needs only the password', async () => {
    later(60);
    const challenge = (await passwordStep(DEMO_ACCOUNTS.editor)).json().challengeToken;
    const token = (await codeStep(challenge, codeAt(secret, clock))).json().token as string;
    later(30);
    const badPassword = await post(
      '/api/account/two-factor/disable',
      { password: 'not the password', otp: codeAt(secret, clock) },
      token,
    );
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toMatchObject({ message: 'Your password is not correct.', code: 'wrong_password' });
    const badCode = await post('/api/account/two-factor/disable', { password: DEMO_PASSWORD, otp: '000000' }, token);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ message: WRONG_CODE, code: 'wrong_code' });
    const off = await post(
      '/api/account/two-factor/disable',
      { password: DEMO_PASSWORD, otp: codeAt(secret, clock) },
      token,
    );
    expect(off.statusCode).toBe(200);
    const mail = await server.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_email', '=', DEMO_ACCOUNTS.editor)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Two-factor sign-in was turned off');
    const plain = await passwordStep(DEMO_ACCOUNTS.editor);
    expect(plain.json().token).toEqual(expect.any(String));
    expect(await server.db.selectFrom('account_recovery_codes').selectAll().execute()).toEqual([]);
  });
});
