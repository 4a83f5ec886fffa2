/**
 * Sign in with Google for people (docs/accounts.md §Sign in with Google): who a Google account is, by OpenID Connect.
 * Two implementations, chosen by configuration like the Google Cloud adapter: the embedded **sandbox** (the default:
 * offline; the auth area serves a consent page labelled "Sandbox" where the tester picks or types an identity, and
 * its code carries that identity) and the real adapter (`GOOGLE_SIGN_IN=live`): Google's consent page (scopes openid
 * email profile, the sealed state, a nonce and a PKCE challenge), then the code exchanged with google-auth-library's
 * OAuth2Client (the same client as the integrations' sign-in, google-sign-in.ts) and the id token verified by
 * `verifyIdToken` (Google's signature, our client as audience, Google's issuer, not expired). The nonce is compared by
 * the caller, which holds the state.
 */
import { createHash } from 'node:crypto';
import { CodeChallengeMethod, type GenerateAuthUrlOpts, type gaxios } from 'google-auth-library';
import { GoogleCloudError } from './provider';
import { googleMessage } from './google-errors';
import { oauthClient } from './google-sign-in';

/** A Google account as its verified id token names it. */
export interface GoogleIdentity {
  /** Google's stable id of the account (`sub`): what a link is keyed by (an e-mail can change hands). */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** The nonce the id token carries (compared with the one sealed in the state). */
  nonce: string | undefined;
}

export interface ConsentRequest {
  state: string;
  nonce: string;
  /** PKCE (S256) challenge of the verifier sealed in the state. */
  codeChallenge: string;
}

export interface PeopleSignInProvider {
  readonly kind: 'sandbox' | 'google';
  consentUrl(request: ConsentRequest): string;
  /** The consent page's code → the verified identity. Throws GoogleCloudError in words when Google refuses. */
  exchange(code: string, codeVerifier: string): Promise<GoogleIdentity>;
}

export const SANDBOX_SIGN_IN_PATH = '/api/auth/google/sandbox';
const SANDBOX_CODE = 'sandbox:';

/** The sandbox's stable `sub` of an address (digits, like Google's). */
export const sandboxSub = (email: string) =>
  BigInt(`0x${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 15)}`).toString();

/** The code the sandbox consent page hands the callback: the identity the tester chose, with the state's nonce. */
export const sandboxCode = (identity: GoogleIdentity) =>
  SANDBOX_CODE + Buffer.from(JSON.stringify(identity)).toString('base64url');

/** The embedded sandbox: no Google account is contacted. */
export const sandboxPeopleSignIn: PeopleSignInProvider = {
  kind: 'sandbox',
  consentUrl: ({ state }) => `${SANDBOX_SIGN_IN_PATH}?state=${encodeURIComponent(state)}`,
  async exchange(code) {
    const refused = new GoogleCloudError('This sign-in answer is not valid.', 'credential');
    if (!code.startsWith(SANDBOX_CODE)) throw refused;
    let claims: Partial<GoogleIdentity>;
    try {
      claims = JSON.parse(Buffer.from(code.slice(SANDBOX_CODE.length), 'base64url').toString('utf8')) as typeof claims;
    } catch {
      throw refused;
    }
    if (typeof claims.email !== 'string' || typeof claims.sub !== 'string') throw refused;
    return {
      sub: claims.sub,
      email: claims.email,
      emailVerified: claims.emailVerified === true,
      name: typeof claims.name === 'string' ? claims.name : '',
      nonce: typeof claims.nonce === 'string' ? claims.nonce : undefined,
    };
  },
};

export interface PeopleSignInSettings {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL/api/auth/google/callback */
  redirectUri: string;
  /** Tests: google-auth-library's transporter over recorded responses. */
  transporter?: gaxios.Gaxios;
}

export const PEOPLE_SCOPES = ['openid', 'email', 'profile'];

/** The real adapter (GOOGLE_SIGN_IN=live). */
export function googlePeopleSignIn(settings: PeopleSignInSettings): PeopleSignInProvider {
  const { clientId, redirectUri } = settings;
  return {
    kind: 'google',
    consentUrl: ({ state, nonce, codeChallenge }) => {
      const options: GenerateAuthUrlOpts = {
        scope: PEOPLE_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: CodeChallengeMethod.S256,
        prompt: 'select_account',
        redirect_uri: redirectUri,
      };
      // OpenID Connect's nonce: the library passes every option into the query, but does not declare this one.
      return oauthClient(settings).generateAuthUrl({ ...options, nonce } as GenerateAuthUrlOpts);
    },
    async exchange(code, codeVerifier) {
      const client = oauthClient(settings);
      try {
        const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
        if (!tokens.id_token)
          throw new GoogleCloudError('Google did not say which account signed in (no id token).', 'unavailable');
        // Checks the signature against Google's certificates, the audience, the issuer and the expiry.
        const payload = (await client.verifyIdToken({ idToken: tokens.id_token, audience: clientId })).getPayload();
        if (!payload?.sub || !payload.email)
          throw new GoogleCloudError('Google did not say which account signed in.', 'credential');
        return {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true,
          name: payload.name ?? [payload.given_name, payload.family_name].filter(Boolean).join(' '),
          nonce: payload.nonce,
        };
      } catch (error) {
        if (error instanceof GoogleCloudError) throw error;
        const { grant, message, status } = googleMessage(error);
        if (grant)
          throw new GoogleCloudError(
            'Google did not accept this sign-in (the code is invalid, expired or already used). Sign in again.',
            'credential',
          );
        throw new GoogleCloudError(`Google sign-in failed${status ? ` (${status})` : ''}: ${message}`, 'unavailable');
      }
    },
  };
}
