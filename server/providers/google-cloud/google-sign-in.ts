/**
 * Google sign-in for a USER_OAUTH credential with the real Google Cloud adapter (server/areas/integrations/oauth.ts
 * calls it): Google's consent URL (offline access and the consent prompt, so a refresh token always comes back; the
 * scopes openid + email + cloud-platform; the sealed state; the redirect URI PUBLIC_URL/api/oauth/callback), then the
 * code exchanged for tokens with google-auth-library's OAuth2Client and the id token verified (audience, issuer,
 * Google's signature) for the account's e-mail. Failures are GoogleCloudErrors in words.
 */
import { OAuth2Client, type gaxios } from 'google-auth-library';
import { GoogleCloudError, type GoogleSignIn } from './provider';
import { googleMessage } from './google-errors';

export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** What the sign-in asks: who the account is (e-mail in the id token) and access to the user's Google Cloud. */
export const SIGN_IN_SCOPES = ['openid', 'email', CLOUD_PLATFORM_SCOPE];

export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The HTTP transporter of every call (tests: recorded responses). */
  transporter?: gaxios.Gaxios;
}

export const oauthClient = ({ clientId, clientSecret, redirectUri, transporter }: OAuthClientSettings) =>
  new OAuth2Client({ clientId, clientSecret, redirectUri, ...(transporter ? { transporter } : {}) });

export function googleSignIn(settings: OAuthClientSettings): GoogleSignIn {
  const { clientId, redirectUri } = settings;
  return {
    consentUrl: (state) =>
      oauthClient(settings).generateAuthUrl({
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: true,
        scope: SIGN_IN_SCOPES,
        state,
        redirect_uri: redirectUri,
      }),
    async exchange(code) {
      const client = oauthClient(settings);
      try {
        const { tokens } = await client.getToken({ code, redirect_uri: redirectUri });
        if (!tokens.id_token)
          throw new GoogleCloudError('Google did not say which account signed in (no id token).', 'unavailable');
        const payload = (await client.verifyIdToken({ idToken: tokens.id_token, audience: clientId })).getPayload();
        if (!payload?.email || payload.email_verified === false)
          throw new GoogleCloudError('Google did not confirm the e-mail address of the account.', 'credential');
        if (!tokens.refresh_token) {
          throw new GoogleCloudError(
            'Google gave no offline access: remove Questboard at myaccount.google.com/permissions and sign in again.',
            'credential',
          );
        }
        return { email: payload.email.toLowerCase(), refreshToken: tokens.refresh_token };
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
