/**
 * Sign in with Google for people (docs/accounts.md §Sign in with Google). Through HTTP with the sandbox: the labelled
 * consent page, the state bound to the browser and single use (another browser, a reused, tampered or expired state,
 * a code without the state's nonce are refused), the ticket single use; a linked Google account signs in (the code
 * step for an account with two-factor sign-in); a new address creates an account only when sign-up is open and Google
 * verified it; an existing account is linked only with its password (a wrong one counted like a sign-in) and a verified
 * address; the Google `sub` unique (the index catches a race); unlink; activity and mail; junk never a 5xx. Then the
 * real adapter against recorded Google answers: the token endpoint's response and an id token signed with a test RSA
 * key whose public half the recorded certificates serve, verified by google-auth-library (audience, issuer, expiry).
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gaxios, type Certificates, type CredentialRequest, type TokenPayload } from 'google-auth-library';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed';
import { googleSignInFromEnv } from '../../server/config';
import {
  googlePeopleSignIn,
  sandboxCode,
  sandboxSub,
  type PeopleSignInProvider,
} from '../../server/providers/google-cloud/people-sign-in';
import { GOOGLE_ALREADY_LINKED, GOOGLE_SIGN_UP_CLOSED } from '../../src/contracts/google-sign-in';
import type { AIPErrorInterface, OAuthErrorResponse } from '../fixtures/vendor-typed/google-cloud';
import { call, createTestServer, type TestServer } from './helpers';

const EMAIL_UNVERIFIED =
  'Google has not verified the email address of this Google account, so it cannot be used to sign in to Questboard. Sign in with your password instead.';
const TICKET_ENDED = 'This Google sign-in has ended. Start again from the sign-in page.';

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  clock = new Date();
}, 600_000);
afterAll(() => server?.close());

const post = (url: string, payload: unknown = {}, token: string | null = null, ip = '10.7.0.1') =>
  call(server.app, token, { method: 'POST', url, payload: payload as object, remoteAddress: ip });
const get = (url: string, cookie?: string) =>
  call(server.app, null, { method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

/** Where a page of ours sends the browser (its meta refresh). */
const refreshTarget = (html: string) => {
  const match = /content="0;url=([^"]+)"/.exec(html);
  if (!match) throw new Error(`no redirect in ${html}`);
  return match[1]!.replace(/&#38;/g, '&');
};

interface Started {
  url: string;
  cookie: string;
  state: string;
}
async function start(app = server.app): Promise<Started> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/google/start', payload: {} });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
  expect(setCookie).toContain('Path=/api/auth/google/callback');
  const url = (res.json() as { url: string }).url;
  const state = new URL(url, 'http://x').searchParams.get('state')!;
  return { url, cookie: setCookie.split(';')[0]!, state };
}

interface Identity {
  email: string;
  name?: string;
  verified?: boolean;
}
/** The sandbox consent page's form submitted: the callback address it sends the browser to. */
async function approve(started: Started, who: Identity) {
  const query = new URLSearchParams({ state: started.state, email: who.email, name: who.name ?? 'Gina Google' });
  if (who.verified !== false) query.set('email_verified', 'true');
  const res = await get(`/api/auth/google/sandbox/approve?${query}`);
  expect(res.statusCode).toBe(200);
  return refreshTarget(res.body);
}
/** The fragment the callback sends the browser to /google-sign-in with. */
async function callback(url: string, cookie: string | undefined) {
  const res = await get(url, cookie);
  expect(res.statusCode).toBe(200);
  const target = refreshTarget(res.body);
  expect(target.startsWith('/google-sign-in#')).toBe(true);
  return new URLSearchParams(target.slice('/google-sign-in#'.length));
}
/** A whole sandbox round: the ticket for that Google identity. */
async function ticketFor(who: Identity) {
  const started = await start();
  const fragment = await callback(await approve(started, who), started.cookie);
  const ticket = fragment.get('ticket');
  if (!ticket) throw new Error(`no ticket: ${fragment}`);
  return ticket;
}
const events = (name: string) =>
  server.db.selectFrom('domain_events').select(['name', 'payload']).where('name', '=', name).execute();
const accountId = async (email: string) =>
  (await server.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('Google sign-in for people (sandbox, through HTTP)', () => {
  test('the consent page is labelled Sandbox and asks for the identity (e-mail, name, email_verified)', async () => {
    const started = await start();
    expect(started.url.startsWith('/api/auth/google/sandbox?state=')).toBe(true);
    const page = await get(started.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>Sign in with Google (Sandbox)</h1>');
    expect(page.body).toContain('name="email"');
    expect(page.body).toContain('name="name"');
    expect(page.body).toContain('name="email_verified"');
  });

  test('a new verified address: the workspace step, then an account, its workspace, the link, activity; signs in again by Google', async () => {
    const email = 'gina@newstudio.dev';
    const ticket = await ticketFor({ email, name: 'Gina de Google' });
    const step = await post('/api/auth/google/continue', { ticket });
    expect(step.statusCode).toBe(200);
    expect(step.json()).toEqual({ step: 'workspace', email, name: 'Gina de Google' });
    const created = await post('/api/auth/google/continue', { ticket, workspaceName: 'Gina Games' });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.step).toBe('signedIn');
    expect(body.account.workEmail).toBe(email);
    expect(body.account.firstName).toBe('Gina');
    expect(body.account.lastName).toBe('de Google');
    expect(body.workspaceId).toBeTruthy();
    const me = await call(server.app, body.token, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    const link = await server.db.selectFrom('account_google_links').selectAll().where('email', '=', email).execute();
    expect(link).toEqual([expect.objectContaining({ sub: sandboxSub(email), account_id: await accountId(email) })]);
    expect(JSON.stringify(await events('account.signed_up'))).toContain('Gina Games');
    expect(JSON.stringify(await events('account.google_linked'))).toContain(email);
    // The ticket worked once.
    const again = await post('/api/auth/google/continue', { ticket, workspaceName: 'Gina Games' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ message: TICKET_ENDED, code: 'google_sign_in_ended' });
    // The linked Google account signs in; the session's device is recorded.
    const next = await post('/api/auth/google/continue', { ticket: await ticketFor({ email }) }, null, '10.7.9.9');
    expect(next.json()).toMatchObject({ step: 'signedIn', account: { workEmail: email } });
    const sessions = await server.db
      .selectFrom('sessions')
      .select('ip')
      .where('account_id', '=', await accountId(email))
      .execute();
    expect(sessions.map((s) => s.ip)).toContain('10.7.9.9');
  });

  test('the state is bound to the browser and single use; tampered, expired and nonce-less answers are refused', async () => {
    const email = 'state@newstudio.dev';
    const started = await start();
    const target = await approve(started, { email });
    expect((await callback(target, undefined)).get('error')).toBe('state_other_browser');
    expect((await callback(target, `${started.cookie.split('=')[0]}=someone-else`)).get('error')).toBe(
      'state_other_browser',
    );
    expect((await callback(target, started.cookie)).get('ticket')).toBeTruthy();
    expect((await callback(target, started.cookie)).get('error')).toBe('state_used');

    const tampered = await start();
    const flipped = tampered.state.slice(0, -3) + (tampered.state.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await callback(`/api/auth/google/callback?state=${flipped}&code=x`, tampered.cookie)).get('error')).toBe(
      'invalid_state',
    );

    const late = await start();
    const lateTarget = await approve(late, { email });
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect((await callback(lateTarget, late.cookie)).get('error')).toBe('state_expired');
    } finally {
      clock = new Date();
    }

    // A code minted for another sign-in (another nonce) is refused.
    const replay = await start();
    const code = sandboxCode({ sub: sandboxSub(email), email, emailVerified: true, name: '', nonce: 'another-nonce' });
    const url = `/api/auth/google/callback?state=${encodeURIComponent(replay.state)}&code=${encodeURIComponent(code)}`;
    expect((await callback(url, replay.cookie)).get('error')).toBe('failed');

    const denied = await start();
    const cancel = `/api/auth/google/callback?state=${encodeURIComponent(denied.state)}&error=access_denied`;
    expect((await callback(cancel, denied.cookie)).get('error')).toBe('cancelled');
  });

  test('an expired ticket has ended', async () => {
    const ticket = await ticketFor({ email: 'slow@newstudio.dev' });
    clock = new Date(clock.getTime() + 11 * 60_000);
    try {
      expect((await post('/api/auth/google/continue', { ticket })).statusCode).toBe(410);
    } finally {
      clock = new Date();
    }
  });

  test('an existing account is linked only with its password (a wrong one counted) and a verified address', async () => {
    const email = DEMO_ACCOUNTS.editor;
    const unverified = await post('/api/auth/google/continue', {
      ticket: await ticketFor({ email, verified: false }),
    });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ message: EMAIL_UNVERIFIED, code: 'google_email_unverified' });

    const ticket = await ticketFor({ email });
    expect((await post('/api/auth/google/continue', { ticket })).json()).toEqual({ step: 'link', email });
    const wrong = await post('/api/auth/google/link', { ticket, password: 'not-the-password' }, null, '10.7.3.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Your password is not correct.', code: 'wrong_password' });
    const attempts = await server.db
      .selectFrom('sign_in_attempts')
      .selectAll()
      .where('email', '=', email)
      .where('ip', '=', '10.7.3.1')
      .execute();
    expect(attempts).toEqual([expect.objectContaining({ kind: 'password', succeeded: false })]);
    expect(await server.db.selectFrom('account_google_links').selectAll().where('email', '=', email).execute()).toEqual(
      [],
    );

    const linked = await post('/api/auth/google/link', { ticket, password: DEMO_PASSWORD }, null, '10.7.3.1');
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ step: 'signedIn', account: { workEmail: email } });
    const mail = await server.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('to_email', '=', email)
      .execute();
    expect(mail.map((m) => m.subject)).toContain('A Google account was linked to your Questboard account');
    expect(JSON.stringify(await events('account.google_linked'))).toContain(email);
    // Linked: the next Google sign-in needs no password.
    expect((await post('/api/auth/google/continue', { ticket: await ticketFor({ email }) })).json()).toMatchObject({
      step: 'signedIn',
    });
    // The account page shows the link and unlinks it (activity written).
    const token = linked.json().token as string;
    const status = await call(server.app, token, { method: 'GET', url: '/api/account/google' });
    expect(status.json()).toMatchObject({ linked: { email } });
    const unlink = await post('/api/account/google/unlink', {}, token);
    expect(unlink.json()).toEqual({ linked: null });
    expect(JSON.stringify(await events('account.google_unlinked'))).toContain(email);
    expect((await post('/api/account/google/unlink', {}, token)).statusCode).toBe(404);
  });

  test('a new address that Google did not verify is refused', async () => {
    const res = await post('/api/auth/google/continue', {
      ticket: await ticketFor({ email: 'unverified@newstudio.dev', verified: false }),
      workspaceName: 'Nope',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: EMAIL_UNVERIFIED });
    expect(
      await server.db.selectFrom('accounts').select('id').where('email', '=', 'unverified@newstudio.dev').execute(),
    ).toEqual([]);
  });

  test('SIGN_UP=off: no account is created for a new address, in clear words', async () => {
    const ticket = await ticketFor({ email: 'closed-google@newstudio.dev' });
    const config = server.app.questboard.config as { signUp: boolean };
    config.signUp = false;
    try {
      const res = await post('/api/auth/google/continue', { ticket, workspaceName: 'Closed' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: GOOGLE_SIGN_UP_CLOSED, code: 'sign_up_closed' });
      expect(GOOGLE_SIGN_UP_CLOSED).toBe(
        'There is no Questboard account for this Google account, and sign-up is turned off on this server. Ask a workspace admin to invite you.',
      );
    } finally {
      config.signUp = true;
    }
  });

  test('an account with two-factor sign-in is still asked for the code', async () => {
    const email = DEMO_ACCOUNTS.admin;
    const id = await accountId(email);
    await server.db
      .insertInto('account_two_factor')
      .values({ account_id: id, secret_sealed: 'v1.x', enabled_at: clock })
      .execute();
    try {
      const ticket = await ticketFor({ email });
      expect((await post('/api/auth/google/continue', { ticket })).json()).toEqual({ step: 'link', email });
      const answer = await post('/api/auth/google/link', { ticket, password: DEMO_PASSWORD }, null, '10.7.4.1');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ step: 'twoFactor', challengeToken: expect.any(String) });
      const again = await post('/api/auth/google/continue', { ticket: await ticketFor({ email }) });
      expect(again.json()).toEqual({ step: 'twoFactor', challengeToken: expect.any(String) });
      const challenge = await server.db
        .selectFrom('sign_in_challenges')
        .select('account_id')
        .where('account_id', '=', id)
        .execute();
      expect(challenge.length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.db.deleteFrom('account_two_factor').where('account_id', '=', id).execute();
    }
  });

  test('a Google account links to one account only: the unique index catches a link made meanwhile', async () => {
    const email = DEMO_ACCOUNTS.viewer;
    const ticket = await ticketFor({ email });
    expect((await post('/api/auth/google/continue', { ticket })).json()).toEqual({ step: 'link', email });
    // Another request linked the same Google account to another account after this one's checks.
    await server.db
      .insertInto('account_google_links')
      .values({ sub: sandboxSub(email), account_id: await accountId(DEMO_ACCOUNTS.rival), email })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const res = await post('/api/auth/google/link', { ticket, password: DEMO_PASSWORD });
    // The same sub now signs in as the account it is linked to; this link is refused.
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: GOOGLE_ALREADY_LINKED, code: 'google_already_linked' });
    await server.db.deleteFrom('account_google_links').where('sub', '=', sandboxSub(email)).execute();
  });

  test('junk is refused without a 5xx', async () => {
    const junk: [string, string, unknown][] = [
      ['POST', '/api/auth/google/continue', { ticket: 'x'.repeat(43) }],
      ['POST', '/api/auth/google/continue', { ticket: '' }],
      ['POST', '/api/auth/google/continue', { ticket: 'x'.repeat(5000) }],
      ['POST', '/api/auth/google/continue', { ticket: 'x', workspaceName: '   ' }],
      ['POST', '/api/auth/google/link', { ticket: 'x'.repeat(43), password: 'p' }],
      ['POST', '/api/auth/google/link', { ticket: 1 }],
      ['GET', '/api/auth/google/callback?state=%00%01', undefined],
      ['GET', '/api/auth/google/callback?state=v1.a.b.c&code=sandbox:%7B', undefined],
      ['GET', '/api/auth/google/sandbox?state=junk', undefined],
      ['GET', '/api/auth/google/sandbox/approve?state=junk&email=a@b.dev&name=x', undefined],
      ['GET', '/api/auth/google/sandbox/approve?state=junk', undefined],
      ['POST', '/api/account/google/unlink', {}],
    ];
    for (const [method, url, payload] of junk) {
      const res = await call(server.app, null, {
        method: method as 'GET' | 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    // A real state whose code is junk ends on the page with an error, not a 5xx.
    const started = await start();
    const fragment = await callback(
      `/api/auth/google/callback?state=${encodeURIComponent(started.state)}&code=sandbox:not-json`,
      started.cookie,
    );
    expect(fragment.get('error')).toBe('failed');
  });
});

// ------------------------------------------------------------------------------------------- the real adapter

const CLIENT_ID = '415104041262-people0signin1test.apps.googleusercontent.com';
const REDIRECT = 'http://127.0.0.1:8080/api/auth/google/callback';
const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = '2af90e87be140c20038898a6efa11283dab6031d';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An id token as Google's token endpoint returns it (RS256 with the test key). */
function idToken(claims: Partial<TokenPayload>) {
  const now = Math.floor(Date.now() / 1000);
  const payload: TokenPayload = {
    iss: 'https://accounts.google.com',
    azp: CLIENT_ID,
    aud: CLIENT_ID,
    sub: '108837392017265410928',
    email: 'Gina.Google@gmail.com',
    email_verified: true,
    name: 'Gina Google',
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  const body = `${b64({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64(payload)}`;
  return `${body}.${sign('RSA-SHA256', Buffer.from(body), signer.privateKey).toString('base64url')}`;
}

let claims: Partial<TokenPayload> = {};
const tokenForms: URLSearchParams[] = [];
/** Google's token endpoint and certificates as recorded (the shapes of Google's documented answers). */
const recordedFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });
  if (url.href === 'https://oauth2.googleapis.com/token') {
    const raw = init?.body;
    const form = new URLSearchParams(
      typeof raw === 'string' ? raw : raw instanceof URLSearchParams ? raw.toString() : '',
    );
    tokenForms.push(form);
    if (form.get('code') !== '4/0AeanS0b-people-code')
      return json(
        { error: 'invalid_grant', error_description: 'Malformed auth code.' } satisfies OAuthErrorResponse,
        400,
      );
    const answer: CredentialRequest = {
      access_token: 'ya29.a0AcM612x_people_access_token',
      expires_in: 3599,
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      token_type: 'Bearer',
      id_token: idToken(claims),
    };
    return json(answer);
  }
  if (url.href === 'https://www.googleapis.com/oauth2/v1/certs')
    return json({ [KID]: signer.publicKey.export({ type: 'spki', format: 'pem' }).toString() } satisfies Certificates);
  return json(
    { error: { code: 404, message: `Unrecorded ${url.href}`, status: 'NOT_FOUND' } } satisfies AIPErrorInterface,
    404,
  );
};

const live: PeopleSignInProvider = googlePeopleSignIn({
  clientId: CLIENT_ID,
  clientSecret: 'GOCSPX-people-test-secret',
  redirectUri: REDIRECT,
  transporter: new gaxios.Gaxios({ fetchImplementation: recordedFetch }),
});

describe('the real adapter against recorded Google answers', () => {
  test('the consent URL asks openid email profile with the state, the nonce and a PKCE S256 challenge', () => {
    const url = new URL(live.consentUrl({ state: 'v1.sealed', nonce: 'n-123', codeChallenge: 'c-456' }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toBe('v1.sealed');
    expect(q.get('nonce')).toBe('n-123');
    expect(q.get('code_challenge')).toBe('c-456');
    expect(q.get('code_challenge_method')).toBe('S256');
  });

  test('the code is exchanged with the PKCE verifier; the id token verified gives the identity and its nonce', async () => {
    claims = { nonce: 'n-123' };
    const identity = await live.exchange('4/0AeanS0b-people-code', 'the-verifier');
    expect(identity).toEqual({
      sub: '108837392017265410928',
      email: 'gina.google@gmail.com',
      emailVerified: true,
      name: 'Gina Google',
      nonce: 'n-123',
    });
    const form = tokenForms.at(-1)!;
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code_verifier')).toBe('the-verifier');
    expect(form.get('redirect_uri')).toBe(REDIRECT);
  });

  test('an id token for another audience, from another issuer, or expired is refused; a bad code in words', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const bad of [
      { aud: 'someone-else.apps.googleusercontent.com' },
      { iss: 'https://evil.example.com' },
      { iat: now - 7200, exp: now - 3600 },
    ]) {
      claims = bad;
      await expect(live.exchange('4/0AeanS0b-people-code', 'v')).rejects.toThrow(/^Google sign-in failed/);
    }
    claims = {};
    await expect(live.exchange('4/0-wrong', 'v')).rejects.toThrow(
      'Google did not accept this sign-in (the code is invalid, expired or already used). Sign in again.',
    );
  });

  test('through the server: the callback checks the nonce sealed in the state, then hands a ticket', async () => {
    const liveServer = await createTestServer({ providers: { peopleSignIn: live } });
    try {
      const started = await start(liveServer.app);
      const consent = new URL(started.url);
      expect(consent.origin).toBe('https://accounts.google.com');
      const state = consent.searchParams.get('state')!;
      // The verifier sent at the exchange is the one whose SHA-256 the consent URL carried.
      claims = { nonce: consent.searchParams.get('nonce')!, email: 'new.person@gmail.com' };
      const res = await liveServer.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?state=${encodeURIComponent(state)}&code=4/0AeanS0b-people-code`,
        headers: { cookie: started.cookie },
      });
      const target = refreshTarget(res.body);
      expect(target).toMatch(/^\/google-sign-in#ticket=/);
      const verifier = tokenForms.at(-1)!.get('code_verifier')!;
      expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
        consent.searchParams.get('code_challenge'),
      );
      // A nonce that is not the state's: refused.
      const other = await start(liveServer.app);
      claims = { nonce: 'not-this-one' };
      const refused = await liveServer.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?state=${encodeURIComponent(new URL(other.url).searchParams.get('state')!)}&code=4/0AeanS0b-people-code`,
        headers: { cookie: other.cookie },
      });
      expect(refreshTarget(refused.body)).toBe('/google-sign-in#error=failed');
      // The sandbox pages are not served with the real adapter.
      expect((await liveServer.app.inject({ method: 'GET', url: `/api/auth/google/sandbox?state=x` })).statusCode).toBe(
        503,
      );
    } finally {
      await liveServer.close();
    }
  });

  test('configuration: GOOGLE_SIGN_IN=live needs a client (its own, else the integrations’)', () => {
    expect(googleSignInFromEnv({})).toBeUndefined();
    expect(() => googleSignInFromEnv({ GOOGLE_SIGN_IN: 'live' })).toThrow(/GOOGLE_SIGN_IN_CLIENT_ID/);
    expect(
      googleSignInFromEnv({
        GOOGLE_SIGN_IN: 'live',
        GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID,
        GOOGLE_OAUTH_CLIENT_SECRET: 's',
      }),
    ).toEqual({ clientId: CLIENT_ID, clientSecret: 's' });
    expect(() => googleSignInFromEnv({ GOOGLE_SIGN_IN: 'maybe' })).toThrow(/live/);
  });
});
