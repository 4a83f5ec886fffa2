/**
 * Sign in with Google for people (docs/accounts.md §Sign in with Google): OpenID Connect through Google's consent page
 * (the embedded sandbox's own, labelled, by default). The callback ends on /google-sign-in with a single-use ticket in
 * the fragment; the page continues with it: signed in, the two-factor code step, a first workspace for a new account,
 * or the account's password once to link Google to an existing account.
 */
import * as t from 'io-ts';
import { struct, line, boundedString, MAX, Name, Id } from './codecs';
import { endpoint, binary } from './endpoint';
import { Account } from './auth';

/** How long a started Google sign-in, and the ticket its callback hands the page, stay usable. */
export const GOOGLE_STATE_MINUTES = 10;

/** Where the callback sends the browser: `#ticket=…` or `#error=<code>` (a fragment never reaches a server). */
export const GOOGLE_RETURN_PATH = '/google-sign-in';

// Refusals: the server's words, also shown by the page for the callback's `#error=<code>`.
export const GOOGLE_EMAIL_UNVERIFIED =
  'Google has not verified the email address of this Google account, so it cannot be used to sign in to Questboard. Sign in with your password instead.';
export const GOOGLE_EMAIL_UNVERIFIED_CODE = 'google_email_unverified';
export const GOOGLE_SIGN_UP_CLOSED =
  'There is no Questboard account for this Google account, and sign-up is turned off on this server. Ask a workspace admin to invite you.';
export const GOOGLE_TICKET_ENDED = 'This Google sign-in has ended. Start again from the sign-in page.';
export const GOOGLE_TICKET_ENDED_CODE = 'google_sign_in_ended';
export const GOOGLE_OTHER_BROWSER =
  'This Google sign-in was started in another browser, or too long ago. Start it again from the sign-in page.';
export const GOOGLE_STATE_USED = 'This Google sign-in link was already used. Start again from the sign-in page.';
export const GOOGLE_CANCELLED = 'Google sign-in was cancelled.';
export const GOOGLE_FAILED = 'Google did not accept this sign-in. Please try again.';
export const GOOGLE_ALREADY_LINKED =
  'This Google account is already linked to another Questboard account. Sign in with that account, or unlink it there first.';
export const GOOGLE_ALREADY_LINKED_CODE = 'google_already_linked';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not configured on this server.';

/** The callback's `#error=<code>` → the words the page shows. */
export const GOOGLE_CALLBACK_ERRORS: Record<string, string> = {
  cancelled: GOOGLE_CANCELLED,
  failed: GOOGLE_FAILED,
  state_other_browser: GOOGLE_OTHER_BROWSER,
  state_used: GOOGLE_STATE_USED,
  state_expired: GOOGLE_OTHER_BROWSER,
  invalid_state: GOOGLE_OTHER_BROWSER,
};

export const GoogleStartResponse = struct({ url: t.string }, {}, 'GoogleStartResponse');
export type GoogleStartResponse = t.TypeOf<typeof GoogleStartResponse>;

export const GoogleStateQuery = struct({ state: line(MAX.url) }, {}, 'GoogleStateQuery');
export const GoogleCallbackQuery = struct(
  { state: line(MAX.url) },
  { code: line(MAX.url), error: line(MAX.label) },
  'GoogleCallbackQuery',
);
/** The sandbox consent page's form: the identity the tester picked or typed. */
export const GoogleSandboxApproval = struct(
  { state: line(MAX.url), email: line(MAX.email), name: line(MAX.name) },
  { email_verified: line(8) },
  'GoogleSandboxApproval',
);

export const GoogleContinueRequest = struct(
  { ticket: line(MAX.token) },
  { workspaceName: Name },
  'GoogleContinueRequest',
);
export type GoogleContinueRequest = t.TypeOf<typeof GoogleContinueRequest>;
export const GoogleLinkRequest = struct(
  { ticket: line(MAX.token), password: boundedString(MAX.password) },
  {},
  'GoogleLinkRequest',
);
export type GoogleLinkRequest = t.TypeOf<typeof GoogleLinkRequest>;

/** What the page does next with a ticket. */
export const GoogleContinueAnswer = t.union(
  [
    struct({ step: t.literal('signedIn'), token: t.string, account: Account }, { workspaceId: Id }),
    struct({ step: t.literal('twoFactor'), challengeToken: t.string }),
    /** No account uses the address: a new one needs its first workspace's name. */
    struct({ step: t.literal('workspace'), email: t.string, name: t.string }),
    /** An account uses the address but is not linked: its password, once. */
    struct({ step: t.literal('link'), email: t.string }),
  ],
  'GoogleContinueAnswer',
);
export type GoogleContinueAnswer = t.TypeOf<typeof GoogleContinueAnswer>;

export const GoogleLinkStatus = struct(
  { linked: t.union([struct({ email: t.string, linkedAt: t.string }), t.null]) },
  {},
  'GoogleLinkStatus',
);
export type GoogleLinkStatus = t.TypeOf<typeof GoogleLinkStatus>;

export const googleSignInEndpoints = {
  /** Starts a sign-in: Google's consent page (or the sandbox's) and a cookie binding it to this browser. */
  start: endpoint({ method: 'POST', path: '/api/auth/google/start', response: GoogleStartResponse }),
  /** The sandbox's consent page (HTML, labelled Sandbox); the real adapter sends the browser to Google instead. */
  sandboxConsent: endpoint({
    method: 'GET',
    path: '/api/auth/google/sandbox',
    query: GoogleStateQuery,
    response: binary,
  }),
  /** The sandbox consent form's answer: back to the callback with a sandbox code, as Google would. */
  sandboxApprove: endpoint({
    method: 'GET',
    path: '/api/auth/google/sandbox/approve',
    query: GoogleSandboxApproval,
    response: binary,
  }),
  /** Where the consent page sends the browser back: a ticket for the page, never a session in a URL. */
  callback: endpoint({
    method: 'GET',
    path: '/api/auth/google/callback',
    query: GoogleCallbackQuery,
    response: binary,
  }),
  continue: endpoint({
    method: 'POST',
    path: '/api/auth/google/continue',
    body: GoogleContinueRequest,
    response: GoogleContinueAnswer,
  }),
  link: endpoint({
    method: 'POST',
    path: '/api/auth/google/link',
    body: GoogleLinkRequest,
    response: GoogleContinueAnswer,
  }),
  status: endpoint({ method: 'GET', path: '/api/account/google', response: GoogleLinkStatus }),
  unlink: endpoint({ method: 'POST', path: '/api/account/google/unlink', response: GoogleLinkStatus }),
};
