/**
 * Google sign-in for a USER_OAUTH credential (docs/integrations.md §Plugin states Configure Connection, §Roles "any user with a token can use OAuth
 * connection"). The state that travels through the consent page is sealed with the server key (AES-GCM:
 * nobody can forge or read it) and names who asked, for which app, where to come back and until when. In the
 * Google Cloud sandbox the consent page is ours (two demo accounts: one with every role, one lacking roles); with the
 * real adapter (GOOGLE_CLOUD=live) it is Google's (offline access, consent prompt, the sealed state as `state`, redirect
 * URI PUBLIC_URL/api/oauth/callback) and the callback exchanges the code for the account's e-mail and refresh token.
 * Either way the callback creates the credential (its refresh token sealed) and sends the browser back to the
 * integrations tab with ?oAuthRedirect=true; a denied consent comes back with ?oAuthRedirect=cancelled, and a code
 * Google refuses shows the reason on a page with a link back (?oAuthRedirect=failed), never an error status.
 *
 * A state link is bound to the browser that started it and works once (no login CSRF, no replay): the start answers
 * an HttpOnly, SameSite=Lax cookie (`qb_oauth_<id>`, path of the callback, as long as the state lives) whose random
 * value is also sealed in the state, and the callback refuses a browser without it; the start also writes an
 * `oauth_states` row that the callback deletes in the transaction that adds the credential, so a second use is refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { OAUTH_REDIRECT_PARAM } from '../../../src/contracts/integrations';
import { inTransaction, type ServerContext } from '../../context';
import type { OAuthStateTables } from './migrations';
import { GoogleCloudError } from '../../providers/google-cloud/provider';
import { invalid, unavailable } from '../../errors';
import { saveCredential } from './integrations';
import {
  bindingCookie,
  cookieValue,
  escapeHtml,
  htmlPage as page,
  redirectPage,
  sameSecret,
} from '../../auth/browser-pages';

const STATE_MINUTES = 10;
const SANDBOX_CODE = 'sandbox:';

interface OAuthState {
  /** The `oauth_states` row (single use) and the name of the browser's cookie. */
  id: string;
  /** The cookie's value: only the browser that started the sign-in holds it. */
  browser: string;
  accountId: string;
  workspaceId: string;
  appId: string;
  returnTo: string;
  expiresAt: number;
}

/** A page of ours to come back to: a path under /workspace/, nothing else (no open redirect). */
const isOwnPath = (path: string) =>
  /^\/workspace\/[^/?#\\]+\/app\/[^?#\\]+$/.test(path) && !path.includes('//') && !path.includes('..');

export const OAUTH_OTHER_BROWSER =
  'This Google sign-in was started in another browser, or too long ago. Start it again from Questboard in this browser.';
export const OAUTH_STATE_USED = 'This Google sign-in link was already used. Start it again from Questboard.';

const CALLBACK_PATH = '/api/oauth/callback';
const cookieName = (id: string) => `qb_oauth_${id}`;
/** The Set-Cookie of a started sign-in. */
const stateCookie = (ctx: ServerContext, state: OAuthState) =>
  bindingCookie(ctx.config.publicUrl, cookieName(state.id), state.browser, CALLBACK_PATH, STATE_MINUTES);

const states = (ctx: Pick<ServerContext, 'db'>) => ctx.db.withTables<OAuthStateTables>();

/** The consent page's address, and the cookie that binds the sign-in to this browser (the route sets it). */
export async function startOAuth(
  ctx: ServerContext,
  appId: string,
  accountId: string,
  returnTo: string,
): Promise<{ url: string; setCookie: string }> {
  if (!isOwnPath(returnTo)) throw invalid('returnTo must be a page of this app.', ['returnTo']);
  const app = await ctx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  const { kind, signIn } = ctx.providers.googleCloud;
  if (kind !== 'sandbox' && !signIn)
    throw unavailable('Google sign-in is not configured on this server.', 'oauth_unavailable');
  const now = ctx.now();
  const state: OAuthState = {
    id: randomBytes(12).toString('hex'),
    browser: randomBytes(32).toString('base64url'),
    accountId,
    workspaceId: app.workspace_id,
    appId,
    returnTo,
    expiresAt: now.getTime() + STATE_MINUTES * 60_000,
  };
  await states(ctx).deleteFrom('oauth_states').where('expires_at', '<', now).execute();
  await states(ctx)
    .insertInto('oauth_states')
    .values({ id: state.id, account_id: accountId, expires_at: new Date(state.expiresAt) })
    .execute();
  const sealed = ctx.providers.secrets.seal(JSON.stringify(state));
  return {
    url: signIn ? signIn.consentUrl(sealed) : `/api/oauth/sandbox/consent?state=${encodeURIComponent(sealed)}`,
    setCookie: stateCookie(ctx, state),
  };
}

function openState(ctx: ServerContext, sealed: string): OAuthState {
  let state: OAuthState;
  try {
    state = JSON.parse(ctx.providers.secrets.open(sealed)) as OAuthState;
  } catch {
    throw invalid('This sign-in link is not valid.', ['state'], 'invalid_state');
  }
  if (state.expiresAt < ctx.now().getTime())
    throw invalid('This sign-in link has expired. Start again.', ['state'], 'state_expired');
  return state;
}

/** The sandbox's consent page: choose one of two demo Google accounts, or cancel. */
export async function sandboxConsentPage(ctx: ServerContext, sealed: string) {
  if (ctx.providers.googleCloud.kind !== 'sandbox')
    throw unavailable('Google sign-in goes through Google on this server.', 'oauth_unavailable');
  const state = openState(ctx, sealed);
  const workspace = state.workspaceId;
  const accounts = [
    { email: `publisher@${workspace}.dev`, note: 'holds every required role' },
    { email: `limited.analyst@${workspace}.dev`, note: 'lacks BigQuery Job User' },
  ];
  const link = (email: string) =>
    `/api/oauth/callback?state=${encodeURIComponent(sealed)}&code=${encodeURIComponent(SANDBOX_CODE + email)}`;
  return page(
    'Sign in with Google (Sandbox)',
    [
      '<h1>Sign in with Google</h1>',
      '<p><strong>Sandbox</strong>: this Questboard server uses the Google Cloud sandbox, so no Google account is contacted. Choose a demo account:</p>',
      '<ul>',
      ...accounts.map(
        (a) =>
          `<li><a href="${escapeHtml(link(a.email))}">Continue as ${escapeHtml(a.email)}</a> (${escapeHtml(a.note)})</li>`,
      ),
      '</ul>',
      // As Google does when consent is denied: the callback with error=access_denied (back with ?oAuthRedirect=cancelled).
      `<p><a href="${escapeHtml(`/api/oauth/callback?state=${encodeURIComponent(sealed)}&error=access_denied`)}">Cancel</a></p>`,
    ].join(''),
  );
}

/** The account that signed in: the sandbox's code names it; Google's is exchanged for the e-mail and a refresh token. */
async function signedIn(ctx: ServerContext, code: string): Promise<{ email: string; refreshToken: string }> {
  const { signIn } = ctx.providers.googleCloud;
  if (signIn) return signIn.exchange(code);
  if (!code.startsWith(SANDBOX_CODE)) throw invalid('This sign-in answer is not valid.', ['code'], 'invalid_code');
  const email = code.slice(SANDBOX_CODE.length).trim().toLowerCase();
  if (!/^[^@\s]{1,64}@[^@\s]{1,190}$/.test(email))
    throw invalid('This sign-in answer is not valid.', ['code'], 'invalid_code');
  return { email, refreshToken: `sandbox-${randomUUID()}` };
}

/**
 * The consent page's answer: refused unless this browser started the sign-in; the credential is created (the state
 * consumed in the same transaction), then the browser goes back with ?oAuthRedirect. The cookie is left to expire,
 * so that the same browser opening the link again is told it was already used.
 */
export async function oauthCallback(
  ctx: ServerContext,
  sealed: string,
  code: string | undefined,
  error: string | undefined,
  cookieHeader: string | undefined,
): Promise<Uint8Array> {
  const state = openState(ctx, sealed);
  const cookie =
    typeof state.id === 'string' && typeof state.browser === 'string'
      ? cookieValue(cookieHeader, cookieName(state.id))
      : null;
  if (!cookie || !sameSecret(cookie, state.browser))
    throw invalid(OAUTH_OTHER_BROWSER, ['state'], 'state_other_browser');
  const back = (query: string) => redirectPage(`${state.returnTo}?${query}`);
  if (error || !code) return back(`${OAUTH_REDIRECT_PARAM}=cancelled`);
  let account: { email: string; refreshToken: string };
  try {
    account = await signedIn(ctx, code);
  } catch (failure) {
    if (!(failure instanceof GoogleCloudError)) throw failure;
    const url = `${state.returnTo}?${OAUTH_REDIRECT_PARAM}=failed`;
    return page(
      'Google sign-in failed',
      `<h1>Google sign-in failed</h1><p role="alert">${escapeHtml(failure.message)}</p><p><a href="${escapeHtml(url)}">Back to Questboard</a></p>`,
    );
  }
  await inTransaction(ctx, async (tx) => {
    const consumed = await states(tx)
      .deleteFrom('oauth_states')
      .where('id', '=', state.id)
      .where('account_id', '=', state.accountId)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw invalid(OAUTH_STATE_USED, ['state'], 'state_used');
    const member = await tx.db
      .selectFrom('memberships')
      .select('role')
      .where('workspace_id', '=', state.workspaceId)
      .where('account_id', '=', state.accountId)
      .executeTakeFirst();
    if (!member || member.role === 'viewer')
      throw invalid('You can no longer connect this workspace.', ['state'], 'not_a_member');
    // The same Google account again: its credential is refreshed in place, not listed twice.
    await saveCredential(tx, {
      workspaceId: state.workspaceId,
      type: 'USER_OAUTH',
      email: account.email,
      projectId: null,
      secret: ctx.providers.secrets.seal(JSON.stringify({ refresh_token: account.refreshToken })),
      createdBy: state.accountId,
    });
  });
  return back(`${OAUTH_REDIRECT_PARAM}=true`);
}
