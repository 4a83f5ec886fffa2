/**
 * docs/architecture.md §4 and §5: password guessing is limited the same way through sign-in and through accepting an invite as
 * an existing account (one counter, one 429 answer); the limit is per account AND client address, so an attacker's
 * address is locked while the real user still signs in from theirs, with a higher account-wide limit that still
 * slows a guess spread over many addresses; and the client address comes from X-Forwarded-For only when the request
 * arrives from a configured trusted proxy (TRUST_PROXY).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

const LOCKED = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
const PROXY = '10.0.0.1';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { trustProxy: [PROXY] } });
});
afterAll(() => server?.close());

/** A request from `peer` (the socket's address), optionally carrying X-Forwarded-For. */
const from = (peer: string, forwardedFor?: string) => ({
  remoteAddress: peer,
  headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
});
const signIn = (email: string, password: string, peer = '192.0.2.1', forwardedFor?: string) => {
  const { remoteAddress, headers } = from(peer, forwardedFor);
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
    headers,
  });
};

describe('accepting an invite as an existing account shares the sign-in limit', () => {
  let inviteToken: string;
  const accept = (password: string, peer: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/invite/${inviteToken}/accept`,
      payload: { firstName: 'Rex', lastName: 'Rival', password },
      remoteAddress: peer,
    });

  beforeAll(async () => {
    const admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/team/invite`,
      headers: bearer(admin),
      payload: { email: DEMO_ACCOUNTS.rival, role: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', DEMO_ACCOUNTS.rival)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    inviteToken = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
  });

  test('five wrong passwords answer 401, then 429 (even with the right password), and sign-in is locked too', async () => {
    const peer = '192.0.2.10';
    for (let i = 0; i < 5; i++) {
      const res = await accept(`wrong-password-${i}`, peer);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await accept(DEMO_PASSWORD, peer);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, message: LOCKED, code: 'too_many_attempts' });
    const signInBlocked = await signIn(DEMO_ACCOUNTS.rival, DEMO_PASSWORD, peer);
    expect(signInBlocked.statusCode).toBe(429);
    expect(signInBlocked.json()).toMatchObject({ message: LOCKED, code: 'too_many_attempts' });
  });

  test('failed sign-ins and failed accepts count together', async () => {
    const peer = '192.0.2.11';
    for (let i = 0; i < 4; i++) expect((await signIn(DEMO_ACCOUNTS.rival, `wrong-${i}`, peer)).statusCode).toBe(401);
    expect((await accept('wrong-again', peer)).statusCode).toBe(401);
    const blocked = await accept(DEMO_PASSWORD, peer);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(LOCKED);
  });

  test('from an address without failures the right password still joins', async () => {
    const res = await accept(DEMO_PASSWORD, '192.0.2.12');
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().token).toBe('string');
  });
});

describe('a lock-out is per account and client address', () => {
  test('behind the trusted proxy: the attacker is locked, the admin still signs in from their own address', async () => {
    const attacker = '203.0.113.5';
    for (let i = 0; i < 5; i++)
      expect((await signIn(DEMO_ACCOUNTS.admin, `guess-${i}`, PROXY, attacker)).statusCode).toBe(401);
    const locked = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD, PROXY, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(LOCKED);
    const recorded = await server.db
      .selectFrom('sign_in_attempts')
      .select('ip')
      .where('email', '=', DEMO_ACCOUNTS.admin)
      .where('succeeded', '=', false)
      .execute();
    expect(new Set(recorded.map((r) => r.ip))).toEqual(new Set([attacker]));

    const user = await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD, PROXY, '198.51.100.7');
    expect(user.statusCode).toBe(200);
    // The proxy's chain "client, proxy…": the address the trusted proxy saw connecting is the client.
    expect((await signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD, PROXY, `198.51.100.8, ${PROXY}`)).statusCode).toBe(200);
  });

  test('X-Forwarded-For from an untrusted peer is ignored: spoofing neither escapes nor frames anyone', async () => {
    const peer = '192.0.2.99';
    for (let i = 0; i < 5; i++) {
      // Each guess claims another address; all of them count against the peer's own.
      expect((await signIn(DEMO_ACCOUNTS.viewer, `guess-${i}`, peer, `198.51.100.${20 + i}`)).statusCode).toBe(401);
    }
    expect((await signIn(DEMO_ACCOUNTS.viewer, DEMO_PASSWORD, peer, '198.51.100.200')).statusCode).toBe(429);
    const recorded = await server.db
      .selectFrom('sign_in_attempts')
      .select('ip')
      .where('email', '=', DEMO_ACCOUNTS.viewer)
      .where('succeeded', '=', false)
      .execute();
    expect(new Set(recorded.map((r) => r.ip))).toEqual(new Set([peer]));
    // The addresses it claimed are not locked: the viewer signs in through the proxy from one of them.
    expect((await signIn(DEMO_ACCOUNTS.viewer, DEMO_PASSWORD, PROXY, '198.51.100.20')).statusCode).toBe(200);
  });

  test('a guess spread over many addresses is still slowed by the higher account-wide limit', async () => {
    const { attempts, accountAttempts } = server.app.questboard.config.signInLimit;
    expect(accountAttempts).toBeGreaterThan(attempts);
    const email = DEMO_ACCOUNTS.editor;
    const failures = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        email,
        ip: `198.18.${Math.floor((from + i) / 250)}.${(from + i) % 250}`,
        succeeded: false,
      }));
    // One short of the account-wide limit, each address under its own limit: the user still gets in.
    await server.db
      .insertInto('sign_in_attempts')
      .values(failures(0, accountAttempts - 1))
      .execute();
    expect((await signIn(email, DEMO_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    await server.db.insertInto('sign_in_attempts').values(failures(accountAttempts, 1)).execute();
    const slowed = await signIn(email, DEMO_PASSWORD, '192.0.2.51');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(LOCKED);
  });
});
