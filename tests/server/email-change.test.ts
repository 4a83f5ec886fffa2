/**
 * The e-mail change of the account page (docs/accounts.md §E-mail change): the current password asked (400, counted),
 * the same answer whether or not another account uses the new address, a link to the new address (stored hashed, 60
 * minutes, single use, voided by a newer request, a cancel or a password change), the switch in one transaction with
 * its activity row, the old address told, sessions kept; limited like the reset links. Each test has its own accounts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword, hashToken, newId } from '../../server/auth/crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed';
import { DEMO_WORKSPACE_ID } from '../../server/demo/ids';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const PASSWORD = 'email-change-password-1';
const SENT = { success: true, delivery: 'sandbox' };
const USED = 'This link has already been used. Ask for a new one if you still need it.';

let server: TestServer;
let clock = new Date();
let passwordHash = '';
beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { linkLimit: { perAddress: 3, perClient: 8, windowMinutes: 60 } },
  });
  clock = new Date();
  passwordHash = await hashPassword(PASSWORD);
}, 600_000);
afterAll(() => server?.close());

let ip = 0;
/** A client address of its own per request, so the link limit per client only counts where a test means it to. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const accountRow = (id: string, email: string) => ({
  id,
  email,
  first_name: 'Eve',
  last_name: 'Mover',
  password_hash: passwordHash,
  is_tp_user: false,
});
/** A Demo Studio viewer of the test's own, signed in: its id, address and token. */
async function ownAccount(name: string) {
  const id = newId();
  const email = `${name}-${id.slice(0, 8)}@demostudio.dev`;
  await server.db.insertInto('accounts').values(accountRow(id, email)).execute();
  await server.db
    .insertInto('memberships')
    .values({ workspace_id: DEMO_WORKSPACE_ID, account_id: id, role: 'viewer' })
    .execute();
  return { id, email, token: await signInAs(server.app, email, PASSWORD) };
}
const ask = (token: string, email: string, password = PASSWORD, from = nextIp()) =>
  call(server.app, token, {
    method: 'POST',
    url: '/api/account/email',
    payload: { email, password },
    remoteAddress: from,
  });
const confirm = (token: string, session: string | null = null) =>
  call(server.app, session, { method: 'POST', url: `/api/auth/confirm-email/${token}` });
const status = (token: string) => call(server.app, token, { method: 'GET', url: '/api/account/email' });
const mails = (to: string) =>
  server.db.selectFrom('outbox').select(['subject', 'body']).where('to_email', '=', to).orderBy('id').execute();
const linkTo = async (to: string) =>
  /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await mails(to)).at(-1)?.body ?? '')?.[1];
const emailOf = async (id: string) =>
  (await server.db.selectFrom('accounts').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

describe('asking for an e-mail change', () => {
  test('mails a link to the new address, stored only as its SHA-256; the change is pending', async () => {
    const me = await ownAccount('ask');
    const next = `new-${me.id.slice(0, 8)}@elsewhere.dev`;
    const res = await ask(me.token, ` ${next.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SENT, pending: { email: next } });
    const token = (await linkTo(next))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await server.db.selectFrom('account_links').selectAll().where('account_id', '=', me.id).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect((await status(me.token)).json()).toEqual({ pending: { email: next, expiresAt: expect.any(String) } });
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('a wrong password is 400 wrong_password (never 401), counted like a sign-in; nothing is mailed', async () => {
    const me = await ownAccount('wrong');
    const next = `wrong-${me.id.slice(0, 8)}@elsewhere.dev`;
    const from = nextIp();
    const wrong = await ask(me.token, next, 'not-my-password', from);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_password', message: 'Your current password is not correct.' });
    expect(await mails(next)).toHaveLength(0);
    for (let i = 0; i < 4; i++) await ask(me.token, next, 'not-my-password', from);
    const limited = await ask(me.token, next, PASSWORD, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    // The session still works.
    expect((await status(me.token)).statusCode).toBe(200);
  });

  test('a malformed address, the current one or a missing password is 400', async () => {
    const me = await ownAccount('bad');
    expect((await ask(me.token, 'not-an-address')).statusCode).toBe(400);
    const same = await ask(me.token, me.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('This is already your email address.');
    const missing = await call(server.app, me.token, {
      method: 'POST',
      url: '/api/account/email',
      payload: { email: 'x@elsewhere.dev' },
    });
    expect(missing.statusCode).toBe(400);
  });

  test("another account's address gets the same answer and pending state; its mail says so and has no link", async () => {
    const me = await ownAccount('taken');
    const res = await ask(me.token, DEMO_ACCOUNTS.editor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SENT, pending: { email: DEMO_ACCOUNTS.editor } });
    expect((await status(me.token)).json().pending.email).toBe(DEMO_ACCOUNTS.editor);
    const mail = (await mails(DEMO_ACCOUNTS.editor)).at(-1)!;
    expect(mail.subject).toBe('Confirm your new Questboard email');
    expect(mail.body).toContain('already has a Questboard account');
    expect(mail.body).not.toContain('/confirm-email/');
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('limited per new address and per client (429 in words), as the reset links are', async () => {
    const me = await ownAccount('limit');
    const next = `limit-${me.id.slice(0, 8)}@elsewhere.dev`;
    for (let i = 0; i < 3; i++) expect((await ask(me.token, next)).statusCode).toBe(200);
    const refused = await ask(me.token, next);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many requests for this address. Please wait 60 minutes and try again.',
    });
    const from = nextIp();
    for (let i = 0; i < 8; i++)
      expect((await ask(me.token, `c${i}-${me.id.slice(0, 8)}@elsewhere.dev`, PASSWORD, from)).statusCode).toBe(200);
    expect((await ask(me.token, `c9-${me.id.slice(0, 8)}@elsewhere.dev`, PASSWORD, from)).statusCode).toBe(429);
  });
});

describe('the link', () => {
  test('switches the e-mail, tells the old address, records before → after, keeps the sessions; once only', async () => {
    const me = await ownAccount('switch');
    const other = await signInAs(server.app, me.email, PASSWORD);
    const next = `switch-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, next);
    const token = (await linkTo(next))!;
    // Signed out: the link is the credential.
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, email: next });
    expect(await emailOf(me.id)).toBe(next);
    const told = (await mails(me.email)).at(-1)!;
    expect(told.subject).toBe('Your Questboard email was changed');
    expect(told.body).toContain(`changed from ${me.email} to ${next}`);
    const row = await server.db
      .selectFrom('activity')
      .select(['changes', 'actor_id'])
      .where('verb', '=', 'account.email_changed')
      .where('object_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.changes).toEqual([{ field: 'email', before: me.email, after: next }]);
    for (const session of [me.token, other]) {
      const who = await call(server.app, session, { method: 'GET', url: '/api/me' });
      expect(who.json().workEmail).toBe(next);
    }
    expect((await status(me.token)).json()).toEqual({ pending: null });
    await signInAs(server.app, next, PASSWORD);
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'link_used', message: USED });
  });

  test('expires after 60 minutes (410 link_expired); an unknown link is 404', async () => {
    const me = await ownAccount('expiry');
    const next = `expiry-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, next);
    const token = (await linkTo(next))!;
    const saved = clock;
    clock = new Date(clock.getTime() + 60 * 60_000 + 1000);
    try {
      const res = await confirm(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'link_expired', message: 'This link has expired. Ask for a new one.' });
      expect((await status(me.token)).json()).toEqual({ pending: null });
    } finally {
      clock = saved;
    }
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('a newer request voids the older link; a cancel voids the newer', async () => {
    const me = await ownAccount('newer');
    const first = `first-${me.id.slice(0, 8)}@elsewhere.dev`;
    const second = `second-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, first);
    const older = (await linkTo(first))!;
    await ask(me.token, second);
    const newer = (await linkTo(second))!;
    expect((await confirm(older)).json()).toMatchObject({ code: 'link_used' });
    expect((await status(me.token)).json().pending.email).toBe(second);
    const cancelled = await call(server.app, me.token, { method: 'POST', url: '/api/account/email/cancel' });
    expect(cancelled.json()).toEqual({ success: true });
    expect((await status(me.token)).json()).toEqual({ pending: null });
    expect((await confirm(newer)).statusCode).toBe(410);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('a password change voids the link', async () => {
    const me = await ownAccount('password');
    const next = `pw-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, next);
    const token = (await linkTo(next))!;
    const changed = await call(server.app, me.token, {
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: PASSWORD, newPassword: 'violet-harbour-42' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token)).json()).toMatchObject({ code: 'link_used' });
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('an address another account took after the link was mailed is 409; nothing changes', async () => {
    const me = await ownAccount('race');
    const next = `race-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, next);
    const token = (await linkTo(next))!;
    await server.db.insertInto('accounts').values(accountRow(newId(), next)).execute();
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'email_taken',
      message: 'This email already has a Questboard account. Ask for the change again with another address.',
    });
    expect(await emailOf(me.id)).toBe(me.email);
  });

  test('signed in as someone else, the link still changes its own account only', async () => {
    const me = await ownAccount('other');
    const next = `other-${me.id.slice(0, 8)}@elsewhere.dev`;
    await ask(me.token, next);
    const admin = await signInAs(server.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await confirm((await linkTo(next))!, admin)).statusCode).toBe(200);
    expect(await emailOf(me.id)).toBe(next);
    const who = await call(server.app, admin, { method: 'GET', url: '/api/me' });
    expect(who.json().workEmail).toBe(DEMO_ACCOUNTS.admin);
  });
});
