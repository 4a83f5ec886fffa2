/**
 * Google sign-in for a USER_OAUTH credential (SPEC §4 Configure Connection, §6 "any user with a token can use OAuth
 * connection"; issue 11). The state that travels through the consent page is sealed with the server key (AES-GCM:
 * nobody can forge or read it) and names who asked, for which app, where to come back and until when. In the
 * Google Cloud sandbox the consent page is ours (two demo accounts: one with every role, one lacking roles); with the
 * real adapter (GOOGLE_CLOUD=live) it is Google's (offline access, consent prompt, the sealed state as `state`, redirect
 * URI PUBLIC_URL/api/oauth/callback) and the callback exchanges the code for the account's e-mail and refresh token.
 * Either way the callback creates the credential (its refresh token sealed) and sends the browser back to the
 * integrations tab with ?oAuthRedirect=true; a denied consent comes back with ?oAuthRedirect=cancelled, and a code
 * Google refuses shows the reason on a page with a link back (?oAuthRedirect=failed), never an error status.
 */
import { randomUUID } from 'node:crypto';
import { OAUTH_REDIRECT_PARAM } from '../../src/contracts/integrations';
import type { ServerContext } from '../context';
import { GoogleCloudError } from '../providers/google-cloud/provider';
import { invalid, unavailable } from './errors';
import { saveCredential } from './integrations';

const STATE_MINUTES = 10;
const SANDBOX_CODE = 'sandbox:';

interface OAuthState {
  accountId: string;
  workspaceId: string;
  appId: string;
  returnTo: string;
  expiresAt: number;
}

/** A page of ours to come back to: a path under /workspace/, nothing else (no open redirect). */
const isOwnPath = (path: string) => /^\/workspace\/[^/?#\\]+\/app\/[^?#\\]+$/.test(path) && !path.includes('//') && !path.includes('..');

export async function startOAuth(ctx: ServerContext, appId: string, accountId: string, returnTo: string) {
  if (!isOwnPath(returnTo)) throw invalid('returnTo must be a page of this app.', ['returnTo']);
  const app = await ctx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  const { kind, signIn } = ctx.providers.googleCloud;
  if (kind !== 'sandbox' && !signIn) throw unavailable('Google sign-in is not configured on this server.', 'oauth_unavailable');
  const state: OAuthState = { accountId, workspaceId: app.workspace_id, appId, returnTo, expiresAt: ctx.now().getTime() + STATE_MINUTES * 60_000 };
  const sealed = ctx.providers.secrets.seal(JSON.stringify(state));
  return signIn ? signIn.consentUrl(sealed) : `/api/oauth/sandbox/consent?state=${encodeURIComponent(sealed)}`;
}

function openState(ctx: ServerContext, sealed: string): OAuthState {
  let state: OAuthState;
  try {
    state = JSON.parse(ctx.providers.secrets.open(sealed)) as OAuthState;
  } catch {
    throw invalid('This sign-in link is not valid.', ['state'], 'invalid_state');
  }
  if (state.expiresAt < ctx.now().getTime()) throw invalid('This sign-in link has expired. Start again.', ['state'], 'state_expired');
  return state;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  new TextEncoder().encode(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );

/** The sandbox's consent page: choose one of two demo Google accounts, or cancel. */
export async function sandboxConsentPage(ctx: ServerContext, sealed: string) {
  if (ctx.providers.googleCloud.kind !== 'sandbox') throw unavailable('Google sign-in goes through Google on this server.', 'oauth_unavailable');
  const state = openState(ctx, sealed);
  const workspace = state.workspaceId;
  const accounts = [
    { email: `publisher@${workspace}.dev`, note: 'holds every required role' },
    { email: `limited.analyst@${workspace}.dev`, note: 'lacks BigQuery Job User' },
  ];
  const link = (email: string) => `/api/oauth/callback?state=${encodeURIComponent(sealed)}&code=${encodeURIComponent(SANDBOX_CODE + email)}`;
  return page('Sign in with Google (Sandbox)', [
    '<h1>Sign in with Google</h1>',
    '<p><strong>Sandbox</strong>: this Questboard server uses the Google Cloud sandbox, so no Google account is contacted. Choose a demo account:</p>',
    '<ul>',
    ...accounts.map((a) => `<li><a href="${escapeHtml(link(a.email))}">Continue as ${escapeHtml(a.email)}</a> (${escapeHtml(a.note)})</li>`),
    '</ul>',
    // As Google does when consent is denied: the callback with error=access_denied (back with ?oAuthRedirect=cancelled).
    `<p><a href="${escapeHtml(`/api/oauth/callback?state=${encodeURIComponent(sealed)}&error=access_denied`)}">Cancel</a></p>`,
  ].join(''));
}

/** The account that signed in: the sandbox's code names it; Google's is exchanged for the e-mail and a refresh token. */
async function signedIn(ctx: ServerContext, code: string): Promise<{ email: string; refreshToken: string }> {
  const { signIn } = ctx.providers.googleCloud;
  if (signIn) return signIn.exchange(code);
  if (!code.startsWith(SANDBOX_CODE)) throw invalid('This sign-in answer is not valid.', ['code'], 'invalid_code');
  const email = code.slice(SANDBOX_CODE.length).trim().toLowerCase();
  if (!/^[^@\s]{1,64}@[^@\s]{1,190}$/.test(email)) throw invalid('This sign-in answer is not valid.', ['code'], 'invalid_code');
  return { email, refreshToken: `sandbox-${randomUUID()}` };
}

/** The consent page's answer: the credential is created, then the browser goes back with ?oAuthRedirect. */
export async function oauthCallback(ctx: ServerContext, sealed: string, code: string | undefined, error: string | undefined) {
  const state = openState(ctx, sealed);
  const back = (query: string) => {
    const url = `${state.returnTo}?${query}`;
    return page('Signing in', `<p>Returning to Questboard… <a href="${escapeHtml(url)}">Continue</a></p><meta http-equiv="refresh" content="0;url=${escapeHtml(url)}">`);
  };
  if (error || !code) return back(`${OAUTH_REDIRECT_PARAM}=cancelled`);
  let account: { email: string; refreshToken: string };
  try {
    account = await signedIn(ctx, code);
  } catch (failure) {
    if (!(failure instanceof GoogleCloudError)) throw failure;
    const url = `${state.returnTo}?${OAUTH_REDIRECT_PARAM}=failed`;
    return page('Google sign-in failed', `<h1>Google sign-in failed</h1><p role="alert">${escapeHtml(failure.message)}</p><p><a href="${escapeHtml(url)}">Back to Questboard</a></p>`);
  }
  const member = await ctx.db.selectFrom('memberships').select('role').where('workspace_id', '=', state.workspaceId).where('account_id', '=', state.accountId).executeTakeFirst();
  if (!member || member.role === 'viewer') throw invalid('You can no longer connect this workspace.', ['state'], 'not_a_member');
  // The same Google account again: its credential is refreshed in place, not listed twice.
  await saveCredential(ctx, {
    workspaceId: state.workspaceId, type: 'USER_OAUTH', email: account.email, projectId: null,
    secret: ctx.providers.secrets.seal(JSON.stringify({ refresh_token: account.refreshToken })), createdBy: state.accountId,
  });
  return back(`${OAUTH_REDIRECT_PARAM}=true`);
}
