/**
 * Google's failures in words for the real Google Cloud adapter (google.ts, google-sign-in.ts): the message of an API
 * error (`{error: {code, message, status}}`) or of the OAuth token endpoint (`{error, error_description}`), and which
 * of them are the credential's fault (a revoked refresh token or a deleted key: `invalid_grant`; 401 / 403).
 */
import { GoogleCloudError, type CredentialSubject } from './provider';

/** Google's error in words: the API's own message (`error.message`) or the token endpoint's (`error_description`). */
export function googleMessage(error: unknown): { status: number | undefined; message: string; grant: boolean } {
  const e = error as { status?: number; response?: { status?: number; data?: unknown }; message?: string };
  const status = e.response?.status ?? e.status;
  const data = e.response?.data as
    { error?: string | { message?: string; status?: string }; error_description?: string } | undefined;
  if (data && typeof data.error === 'string') {
    return {
      status,
      message: data.error_description || data.error,
      grant: data.error === 'invalid_grant' || data.error === 'unauthorized_client',
    };
  }
  return {
    status,
    message: (data?.error && typeof data.error === 'object' && data.error.message) || e.message || 'no answer',
    grant: false,
  };
}

/** Any failure of a call as a GoogleCloudError naming the credential and what to do. */
export function asGoogleError(error: unknown, credential: Pick<CredentialSubject, 'type' | 'email'>): GoogleCloudError {
  if (error instanceof GoogleCloudError) return error;
  const { status, message, grant } = googleMessage(error);
  if (grant) {
    return new GoogleCloudError(
      credential.type === 'USER_OAUTH'
        ? `The Google sign-in of ${credential.email} has expired or was revoked: sign in with Google again.`
        : `Google refused the key of ${credential.email} (${message}): it may have been deleted or disabled; upload a new key.`,
      'credential',
    );
  }
  if (status === 401 || status === 403)
    return new GoogleCloudError(`Google Cloud refused ${credential.email}: ${message}`, 'credential');
  return new GoogleCloudError(
    `Google Cloud could not answer${status ? ` (${status})` : ''}: ${message}`,
    'unavailable',
  );
}
