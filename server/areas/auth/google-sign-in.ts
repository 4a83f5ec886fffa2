/**
 * Sign in with Google for people (docs/accounts.md §Sign in with Google). The start seals a state (AES-GCM, the server
 * key) naming a single-use row, the browser's cookie value, an OpenID nonce and a PKCE verifier, and answers Google's
 * consent page (the sandbox's own by default) and the cookie that binds the sign-in to this browser. The callback
 * refuses another browser, a used, expired or tampered state and an id token without the state's nonce; it keeps the
 * identity Google verified under a single-use ticket (stored hashed, GOOGLE_STATE_MINUTES) and sends the browser to
 * /google-sign-in#ticket=…, never with a session in a URL. The page continues with the ticket:
 *   - a linked Google account signs in (the two-factor code step when the account has it);
 *   - an address with no account creates one, with its first workspace, only when sign-up is open and Google verified
 *     the address;
 *   - an address whose account is not linked is linked only when Google verified it and the person types the
 *     account's password once (counted against the sign-in limit).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context';
import { inTransaction } from '../../context';
import { conflict, forbidden, gone, invalid, isUniqueViolation, notFound, unavailable } from '../../errors';
import { hashPassword, hashToken, newId, newToken, verifyPassword } from '../../auth/crypto';
import { bindingCookie, cookieValue, escapeHtml, htmlPage, redirectPage, sameSecret } from '../../auth/browser-pages';
import { GoogleCloudError } from '../../providers/google-cloud/provider';
import { sandboxCode, sandboxSub } from '../../providers/google-cloud/people-sign-in';
import { isEmail } from '../../../src/contracts/codecs';
import { SIGN_UP_CLOSED_CODE } from '../../../src/contracts/sign-up';
import {
  GOOGLE_ALREADY_LINKED,
  GOOGLE_ALREADY_LINKED_CODE,
  GOOGLE_EMAIL_UNVERIFIED,
  GOOGLE_EMAIL_UNVERIFIED_CODE,
  GOOGLE_RETURN_PATH,
  GOOGLE_SIGN_UP_CLOSED,
  GOOGLE_STATE_MINUTES,
  GOOGLE_TICKET_ENDED,
  GOOGLE_TICKET_ENDED_CODE,
  GOOGLE_UNAVAILABLE,
  type GoogleLinkStatus,
} from '../../../src/contracts/google-sign-in';
import { insertWorkspace, isInternalEmail } from '../workspace/index';
import {
  assertPasswordAttemptAllowed,
  createSession,
  hasTwoFactor,
  openChallenge,
  recordPasswordAttempt,
  type Client,
} from './auth';
import { emitForAccount } from './account';
import { WRONG_PASSWORD } from './two-factor';

export const CALLBACK_PATH = '/api/auth/google/callback';
const COOKIE_PREFIX = 'qb_google_';
export const ACCOUNT_HAS_OTHER_GOOGLE =
  'Your Questboard account is already linked to another Google account. Unlink it on your account page first.';

interface GoogleState {
  /** The `google_sign_in_states` row (single use) and the cookie's name. */
  id: string;
  /** The cookie's value: only the browser that started the sign-in holds it. */
  browser: string;
  nonce: string;
  /** PKCE: Google is sent its SHA-256; the exchange sends the verifier. */
  verifier: string;
  expiresAt: number;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const minutesFrom = (ctx: ServerContext, minutes: number) => new Date(ctx.now().getTime() + minutes * 60_000);

/** Google's consent page (or the sandbox's) and the cookie that binds the sign-in to this browser. */
export async function startGoogleSignIn(ctx: ServerContext): Promise<{ url: string; setCookie: string }> {
  const state: GoogleState = {
    id: random(12),
    browser: random(32),
    nonce: random(24),
    verifier: random(48),
    expiresAt: minutesFrom(ctx, GOOGLE_STATE_MINUTES).getTime(),
  };
  await ctx.db.deleteFrom('google_sign_in_states').where('expires_at', '<', ctx.now()).execute();
  await ctx.db
    .insertInto('google_sign_in_states')
    .values({ id: state.id, expires_at: new Date(state.expiresAt) })
    .execute();
  const sealed = ctx.providers.secrets.seal(JSON.stringify(state));
  return {
    url: ctx.providers.peopleSignIn.consentUrl({
      state: sealed,
      nonce: state.nonce,
      codeChallenge: challengeOf(state.verifier),
    }),
    setCookie: bindingCookie(
      ctx.config.publicUrl,
      COOKIE_PREFIX + state.id,
      state.browser,
      CALLBACK_PATH,
      GOOGLE_STATE_MINUTES,
    ),
  };
}

/** A refusal of the callback, named by the code the page turns into words (GOOGLE_CALLBACK_ERRORS). */
class CallbackRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

function openState(ctx: ServerContext, sealed: string): GoogleState {
  let state: GoogleState;
  try {
    state = JSON.parse(ctx.providers.secrets.open(sealed)) as GoogleState;
  } catch {
    throw new CallbackRefused('invalid_state');
  }
  if (
    typeof state?.id !== 'string' ||
    typeof state.browser !== 'string' ||
    typeof state.nonce !== 'string' ||
    typeof state.verifier !== 'string' ||
    typeof state.expiresAt !== 'number'
  )
    throw new CallbackRefused('invalid_state');
  if (state.expiresAt < ctx.now().getTime()) throw new CallbackRefused('state_expired');
  return state;
}

function assertSandbox(ctx: ServerContext) {
  if (ctx.providers.peopleSignIn.kind !== 'sandbox') throw unavailable(GOOGLE_UNAVAILABLE, 'google_sign_in_live');
}

/** The sandbox's consent page: labelled Sandbox; the tester types (or picks) the Google identity to sign in as. */
export function sandboxConsentPage(ctx: ServerContext, sealed: string) {
  assertSandbox(ctx);
  try {
    openState(ctx, sealed);
  } catch {
    return redirectPage(`${GOOGLE_RETURN_PATH}#error=invalid_state`);
  }
  const state = escapeHtml(sealed);
  const cancel = escapeHtml(`${CALLBACK_PATH}?state=${encodeURIComponent(sealed)}&error=access_denied`);
  const field = (id: string, label: string, type: string, extra = '') =>
    `<p><label for="${id}">${label}</label><br><input id="${id}" name="${id}" type="${type}" required ${extra}></p>`;
  return htmlPage(
    'Sign in with Google (Sandbox)',
    [
      '<h1>Sign in with Google (Sandbox)</h1>',
      '<p><strong>Sandbox</strong>: this Questboard server uses the Google sign-in sandbox, so no Google account is contacted. Enter the Google account to sign in as.</p>',
      `<form method="get" action="${CALLBACK_PATH.replace('callback', 'sandbox/approve')}">`,
      `<input type="hidden" name="state" value="${state}">`,
      field('email', 'Google email', 'email', 'autocomplete="off" maxlength="254"'),
      field('name', 'Name on the Google account', 'text', 'maxlength="100"'),
      '<p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked> <label for="email_verified">Google has verified this email address (email_verified)</label></p>',
      '<p><button type="submit">Continue</button></p>',
      '</form>',
      `<p><a href="${cancel}">Cancel</a></p>`,
    ].join(''),
  );
}

/** The sandbox consent form's answer: back to the callback with a code naming that identity and the state's nonce. */
export function sandboxApprove(
  ctx: ServerContext,
  sealed: string,
  input: { email: string; name: string; email_verified?: string },
) {
  assertSandbox(ctx);
  let state: GoogleState;
  try {
    state = openState(ctx, sealed);
  } catch {
    return redirectPage(`${GOOGLE_RETURN_PATH}#error=invalid_state`);
  }
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email)) throw invalid('Enter a valid email address.', ['email']);
  const code = sandboxCode({
    sub: sandboxSub(email),
    email,
    emailVerified: input.email_verified === 'true' || input.email_verified === 'on',
    name: input.name.trim(),
    nonce: state.nonce,
  });
  return redirectPage(`${CALLBACK_PATH}?state=${encodeURIComponent(sealed)}&code=${encodeURIComponent(code)}`);
}

/**
 * The consent page's answer. Every refusal, and a cancelled consent, ends on the page with `#error=<code>` (never an
 * error status: the browser is on a page of ours); a verified identity with `#ticket=…`. The state row is deleted here
 * (single use); the cookie is left to expire.
 */
export async function googleCallback(
  ctx: ServerContext,
  sealed: string,
  code: string | undefined,
  error: string | undefined,
  cookieHeader: string | undefined,
): Promise<Uint8Array> {
  const back = (fragment: string) => redirectPage(`${GOOGLE_RETURN_PATH}#${fragment}`);
  try {
    const state = openState(ctx, sealed);
    const cookie = cookieValue(cookieHeader, COOKIE_PREFIX + state.id);
    if (!cookie || !sameSecret(cookie, state.browser)) throw new CallbackRefused('state_other_browser');
    const consumed = await ctx.db
      .deleteFrom('google_sign_in_states')
      .where('id', '=', state.id)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw new CallbackRefused('state_used');
    if (error || !code) return back('error=cancelled');
    let identity;
    try {
      identity = await ctx.providers.peopleSignIn.exchange(code, state.verifier);
    } catch (failure) {
      if (failure instanceof GoogleCloudError) throw new CallbackRefused('failed');
      throw failure;
    }
    // An id token minted for another sign-in (replayed) does not carry this state's nonce.
    if (!identity.nonce || !sameSecret(identity.nonce, state.nonce)) throw new CallbackRefused('failed');
    const ticket = newToken();
    await ctx.db
      .insertInto('google_sign_in_tickets')
      .values({
        token_hash: hashToken(ticket),
        sub: identity.sub.slice(0, 255),
        email: identity.email.trim().toLowerCase().slice(0, 254),
        email_verified: identity.emailVerified,
        name: identity.name.trim().slice(0, 200),
        expires_at: minutesFrom(ctx, GOOGLE_STATE_MINUTES),
      })
      .execute();
    return back(`ticket=${ticket}`);
  } catch (failure) {
    if (failure instanceof CallbackRefused) return back(`error=${failure.code}`);
    throw failure;
  }
}

type Ticket = { token_hash: string; sub: string; email: string; email_verified: boolean; name: string };

/** The ticket, if it is unused and not expired (410 otherwise, and for an unknown one). */
async function usableTicket(ctx: ServerContext, ticket: string): Promise<Ticket> {
  const row = await ctx.db
    .selectFrom('google_sign_in_tickets')
    .select(['token_hash', 'sub', 'email', 'email_verified', 'name', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(ticket))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at.getTime() < ctx.now().getTime())
    throw gone(GOOGLE_TICKET_ENDED, GOOGLE_TICKET_ENDED_CODE);
  return row;
}

/** Uses the ticket once, in the caller's transaction (a second use at the same time is refused). */
async function claimTicket(tx: ServerContext, tokenHash: string) {
  const claimed = await tx.db
    .updateTable('google_sign_in_tickets')
    .set({ used_at: tx.now() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  if (!claimed) throw gone(GOOGLE_TICKET_ENDED, GOOGLE_TICKET_ENDED_CODE);
}

const unverified = () => forbidden(GOOGLE_EMAIL_UNVERIFIED, GOOGLE_EMAIL_UNVERIFIED_CODE);

export type GoogleOutcome =
  | { step: 'signedIn'; accountId: string; token: string; workspaceId?: string }
  | { step: 'twoFactor'; challengeToken: string }
  | { step: 'workspace'; email: string; name: string }
  | { step: 'link'; email: string };

/** The session an account gets, or the code step when it has two-factor sign-in. */
async function signInAccount(ctx: ServerContext, accountId: string, client: Client): Promise<GoogleOutcome> {
  if (await hasTwoFactor(ctx, accountId)) {
    const account = await ctx.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return { step: 'twoFactor', challengeToken: await openChallenge(ctx, accountId, account.email) };
  }
  return { step: 'signedIn', accountId, token: await createSession(ctx, accountId, client) };
}

/** A Google name as first and last name (Google's `name`: the first word, then the rest). */
function namesOf(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length
    ? { firstName: words[0]!.slice(0, 100), lastName: words.slice(1).join(' ').slice(0, 100) }
    : { firstName: email.split('@')[0]!.slice(0, 100), lastName: '' };
}

/** Continues a verified Google identity: signed in, the code step, a new account's workspace, or the link step. */
export async function continueWithGoogle(
  ctx: ServerContext,
  token: string,
  workspaceName: string | undefined,
  client: Client,
): Promise<GoogleOutcome> {
  const ticket = await usableTicket(ctx, token);
  const linked = await ctx.db
    .selectFrom('account_google_links')
    .select('account_id')
    .where('sub', '=', ticket.sub)
    .executeTakeFirst();
  if (linked) {
    await inTransaction(ctx, (tx) => claimTicket(tx, ticket.token_hash));
    return signInAccount(ctx, linked.account_id, client);
  }
  const account = await ctx.db.selectFrom('accounts').select('id').where('email', '=', ticket.email).executeTakeFirst();
  if (account) {
    if (!ticket.email_verified) throw unverified();
    return { step: 'link', email: ticket.email };
  }
  if (!ctx.config.signUp) throw forbidden(GOOGLE_SIGN_UP_CLOSED, SIGN_UP_CLOSED_CODE);
  if (!ticket.email_verified) throw unverified();
  const name = workspaceName?.trim();
  if (!name) return { step: 'workspace', email: ticket.email, name: ticket.name };
  return createAccountWithGoogle(ctx, ticket, name, client);
}

/** A new account (its first workspace, as admin) linked to the Google account, signed in; all in one transaction. */
async function createAccountWithGoogle(
  ctx: ServerContext,
  ticket: Ticket,
  workspaceName: string,
  client: Client,
): Promise<GoogleOutcome> {
  const accountId = newId();
  // No password was chosen: an unguessable one, which "Forgot password" replaces (docs/accounts.md).
  const passwordHash = await hashPassword(newToken());
  const { firstName, lastName } = namesOf(ticket.name, ticket.email);
  try {
    return await inTransaction({ ...ctx, actor: accountId }, async (tx) => {
      await claimTicket(tx, ticket.token_hash);
      await tx.db
        .insertInto('accounts')
        .values({
          id: accountId,
          email: ticket.email,
          first_name: firstName,
          last_name: lastName,
          password_hash: passwordHash,
          is_tp_user: isInternalEmail(ticket.email, tx.config.internalDomains),
        })
        .execute();
      const workspaceId = await insertWorkspace(tx, accountId, { name: workspaceName, website: '', iconId: null });
      await tx.db
        .insertInto('account_google_links')
        .values({ sub: ticket.sub, account_id: accountId, email: ticket.email })
        .execute();
      await emitForAccount(tx, 'account.signed_up', accountId, [
        { field: 'workspace', before: null, after: workspaceName },
        { field: 'sign-in', before: null, after: 'Google' },
      ]);
      await emitForAccount(tx, 'account.google_linked', accountId, [
        { field: 'Google', before: null, after: ticket.email },
      ]);
      return { step: 'signedIn', accountId, workspaceId, token: await createSession(tx, accountId, client) };
    });
  } catch (error) {
    // The address or the Google account was taken meanwhile (another tab, a race): the unique indexes say so.
    if (isUniqueViolation(error)) throw conflict(GOOGLE_ALREADY_LINKED, GOOGLE_ALREADY_LINKED_CODE);
    throw error;
  }
}

/**
 * Links the Google account to the existing account of its (verified) address once the account's password is typed:
 * limited and counted like a sign-in; a wrong one is 400 `wrong_password` and the ticket stays usable until it expires.
 */
export async function linkGoogle(
  ctx: ServerContext,
  token: string,
  password: string,
  client: Client,
): Promise<GoogleOutcome> {
  const ticket = await usableTicket(ctx, token);
  if (!ticket.email_verified) throw unverified();
  await assertPasswordAttemptAllowed(ctx, ticket.email, client.ip);
  const account = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'email', 'password_hash'])
    .where('email', '=', ticket.email)
    .executeTakeFirst();
  if (!account) throw gone(GOOGLE_TICKET_ENDED, GOOGLE_TICKET_ENDED_CODE);
  const ok = await verifyPassword(password, account.password_hash);
  await recordPasswordAttempt(ctx, ticket.email, client.ip, ok);
  if (!ok) throw invalid(WRONG_PASSWORD, ['password'], 'wrong_password');
  try {
    await inTransaction({ ...ctx, actor: account.id }, async (tx) => {
      await claimTicket(tx, ticket.token_hash);
      const existing = await tx.db
        .selectFrom('account_google_links')
        .select('sub')
        .where('account_id', '=', account.id)
        .executeTakeFirst();
      if (existing && existing.sub !== ticket.sub) throw conflict(ACCOUNT_HAS_OTHER_GOOGLE, 'account_has_google');
      await tx.db
        .insertInto('account_google_links')
        .values({ sub: ticket.sub, account_id: account.id, email: ticket.email })
        .execute();
      await emitForAccount(tx, 'account.google_linked', account.id, [
        { field: 'Google', before: null, after: ticket.email },
      ]);
      await tx.providers.mailer.send(tx.db, {
        to: account.email,
        subject: 'A Google account was linked to your Questboard account',
        body:
          `The Google account ${ticket.email} was linked to your Questboard account: it can now sign you in.\n\n` +
          `If it was not you, change your password at ${tx.config.publicUrl}/account and unlink Google there.`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GOOGLE_ALREADY_LINKED, GOOGLE_ALREADY_LINKED_CODE);
    throw error;
  }
  return signInAccount(ctx, account.id, client);
}

export async function googleLinkStatus(ctx: ServerContext, accountId: string): Promise<GoogleLinkStatus> {
  const row = await ctx.db
    .selectFrom('account_google_links')
    .select(['email', 'linked_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return { linked: row ? { email: row.email, linkedAt: row.linked_at.toISOString() } : null };
}

/** Unlinks the account's Google account (the password, which every account has, still signs in). */
export async function unlinkGoogle(ctx: ServerContext, accountId: string): Promise<GoogleLinkStatus> {
  await inTransaction(ctx, async (tx) => {
    const removed = await tx.db
      .deleteFrom('account_google_links')
      .where('account_id', '=', accountId)
      .returning('email')
      .executeTakeFirst();
    if (!removed) throw notFound('Google link');
    await emitForAccount(tx, 'account.google_unlinked', accountId, [
      { field: 'Google', before: removed.email, after: null },
    ]);
  });
  return { linked: null };
}
