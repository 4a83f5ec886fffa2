/**
 * Sign-in and the session (docs/accounts.md §Entities Account, §API endpoints): tokens, their storage as hashes, wrong credentials, the
 * sign-in rate limit, /api/me, sign-out and expiry, and the health check. One seeded server for the whole file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { hashToken } from '../../server/auth/crypto';
import {
  DEMO_ACCOUNTS,
  DEMO_APP_IDS,
  DEMO_PASSWORD,
  DEMO_WORKSPACE_ID,
  RIVAL_APP_ID,
  RIVAL_WORKSPACE_ID,
} from '../../server/demo/seed';
import { SignInResponse, type Account } from '../../src/contracts/auth';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const signIn = (email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const me = (token?: string) =>
  server.app.inject({ method: 'GET', url: '/api/me', headers: token ? bearer(token) : {} });
const UNAUTHORIZED = 'Please sign in to continue.';
const SIGN_IN_FAILED = 'Incorrect email or password.';

describe('GET /api/health', () => {
  test('answers {status: "ok", store} without a token: the analytics store of this server (ANALYTICS_STORE, default duckdb)', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', store: 'duckdb' });
  });
});

describe('POST /api/auth/sign-in', () => {
  test('answers a random token and the Account of docs/accounts.md §Entities', async () => {
    const res = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; account: Account };
    expect(isRight(SignInResponse.decode(body))).toBe(true);

    // ≥128 bits: at least 22 base64url characters, and never the same twice.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const again = (await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD)).json() as { token: string };
    expect(again.token).not.toBe(body.token);

    const account = body.account;
    expect(account.workEmail).toBe(DEMO_ACCOUNTS.admin);
    expect(account.isTpUser).toBe(false);
    expect(account.workspaceRole).toBe('admin');
    expect(account.organisations?.map((o) => [o.id, o.role])).toEqual([[DEMO_WORKSPACE_ID, 'admin']]);
    const demo = account.organisations![0]!;
    expect(demo.name).toBe('Demo Studio');
    expect(demo.allowMonetize).toBe(1);
    expect(demo.apps?.map((a) => a.id).sort()).toEqual(Object.values(DEMO_APP_IDS).sort());
    expect(account.allApps?.map((a) => a.id).sort()).toEqual(Object.values(DEMO_APP_IDS).sort());
    expect(account.allApps?.map((a) => a.id)).not.toContain(RIVAL_APP_ID);
  });

  test('each demo role sees its own role; staff are isTpUser', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const account = (await signIn(DEMO_ACCOUNTS[role], DEMO_PASSWORD)).json().account as Account;
      expect(account.organisations?.map((o) => [o.id, o.role])).toEqual([[DEMO_WORKSPACE_ID, role]]);
      expect(account.isTpUser).toBe(false);
    }
    const staff = (await signIn(DEMO_ACCOUNTS.staff, DEMO_PASSWORD)).json().account as Account;
    expect(staff.isTpUser).toBe(true);
    const rival = (await signIn(DEMO_ACCOUNTS.rival, DEMO_PASSWORD)).json().account as Account;
    expect(rival.organisations?.map((o) => o.id)).toEqual([RIVAL_WORKSPACE_ID]);
    expect(rival.allApps?.map((a) => a.id)).toEqual([RIVAL_APP_ID]);
  });

  test('the email is matched case-insensitively and trimmed', async () => {
    const res = await signIn(`  ${DEMO_ACCOUNTS.editor.toUpperCase()} `, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().account.workEmail).toBe(DEMO_ACCOUNTS.editor);
  });

  test('the token is stored only as a hash, with an expiry of sessionDays', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
    const rows = await server.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = JSON.stringify(Object.values(row).map((v) => (v instanceof Date ? v.toISOString() : v)));
      expect(stored).not.toContain(token);
    }
    const mine = rows.find((r) => r.token_hash === hashToken(token));
    expect(mine).toBeDefined();
    const days = server.app.questboard.config.sessionDays;
    const expected = Date.now() + days * 24 * 60 * 60 * 1000;
    expect(Math.abs(new Date(mine!.expires_at).getTime() - expected)).toBeLessThan(60_000);
    expect(mine!.revoked_at).toBeNull();
  });

  test('a wrong password answers 401 with the SPEC message and no token', async () => {
    const res = await signIn(DEMO_ACCOUNTS.editor, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'invalid_credentials', message: SIGN_IN_FAILED });
    expect(res.json()).not.toHaveProperty('token');
  });

  test('an unknown email answers exactly the same', async () => {
    const res = await signIn('nobody@nowhere.dev', DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'invalid_credentials', message: SIGN_IN_FAILED });
  });

  test('after 5 failures within the window: 429, even with the right password, for that email only', async () => {
    const { attempts, windowMinutes } = server.app.questboard.config.signInLimit;
    expect(attempts).toBe(5);
    expect(windowMinutes).toBe(15);
    for (let i = 0; i < attempts; i++) {
      const res = await signIn(DEMO_ACCOUNTS.rival, `wrong-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await signIn(DEMO_ACCOUNTS.rival, DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'too_many_attempts',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(blocked.json()).not.toHaveProperty('token');
    // The same email in another case is the same email.
    expect((await signIn(DEMO_ACCOUNTS.rival.toUpperCase(), DEMO_PASSWORD)).statusCode).toBe(429);
    // Other accounts are not locked out.
    expect((await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  test('failures older than the window no longer count', async () => {
    const { attempts, windowMinutes } = server.app.questboard.config.signInLimit;
    const old = new Date(Date.now() - (windowMinutes + 1) * 60 * 1000);
    const email = DEMO_ACCOUNTS.staff;
    await server.db
      .insertInto('sign_in_attempts')
      .values(Array.from({ length: attempts }, () => ({ email, ip: '127.0.0.1', succeeded: false, at: old })))
      .execute();
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // …while the same rows inside the window do.
    await server.db
      .updateTable('sign_in_attempts')
      .set({ at: new Date() })
      .where('email', '=', email)
      .where('succeeded', '=', false)
      .execute();
    expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);
  });

  test('missing or mistyped fields answer 400 naming the field', async () => {
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: DEMO_ACCOUNTS.admin },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password');
    const wrongType = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 42, password: DEMO_PASSWORD },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('email');
  });
});

describe('GET /api/me', () => {
  test('401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: UNAUTHORIZED });
  });

  test('401 with an unknown token, a malformed header, or the token hash itself', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
    expect((await me(hashToken(token))).statusCode).toBe(401);
    const noScheme = await server.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: token } });
    expect(noScheme.statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  test('200 with the Account of the token’s owner', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workEmail: DEMO_ACCOUNTS.viewer, workspaceRole: 'viewer', isTpUser: false });
  });
});

describe('sign-out and expiry', () => {
  test('sign-out revokes that token only', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.editor);
    const other = await signInAs(server.app, DEMO_ACCOUNTS.editor);
    expect((await me(token)).statusCode).toBe(200);

    const out = await server.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true });

    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UNAUTHORIZED);
    const row = await server.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    // Signing out again with the revoked token is refused; the account's other session is untouched.
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  test('an expired session answers 401', async () => {
    const token = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    expect((await me(token)).statusCode).toBe(200);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UNAUTHORIZED);
  });

  test('a session ends sessionDays after sign-in by the server clock', async () => {
    let clock = Date.now();
    const timed = await createTestServer({ now: () => new Date(clock), config: { sessionDays: 2 } });
    try {
      const token = await signInAs(timed.app, DEMO_ACCOUNTS.viewer);
      const meAt = () => timed.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      clock += 2 * 86_400_000 - 60_000;
      expect((await meAt()).statusCode).toBe(200);
      clock += 120_000;
      expect((await meAt()).statusCode).toBe(401);
    } finally {
      await timed.close();
    }
  });
});
