/**
 * What counts as a secret, wherever values are shown or recorded: the flow inspector (src/inspector/mask.ts) and the
 * activity log's before → after fields (docs/activity.md §Secrets). Keys, tokens, passwords, credentials and card
 * numbers are replaced by MASKED. Pure: no imports, shared by the SPA and the server.
 */

export const MASKED = '[masked]';

/** Key names that hold secrets wherever they appear inside the name (`newPassword`, `client_secret`, `x-api-key`). */
const SECRET_IN_NAME =
  /pass(word|wd|phrase)|pwd|secret|token|credential|authori[sz]ation|cookie|api[-_ ]?key|private|bearer/i;
/** Key names whose words (camelCase, snake_case, kebab-case) include one of these. */
const SECRET_WORDS = new Set([
  'key',
  'keys',
  'auth',
  'jwt',
  'otp',
  'totp',
  'mfa',
  'recovery',
  'ticket',
  'signature',
  'file',
  'files',
  'blob',
  'attachment',
  'upload',
]);

/** Splits `privateKeyId`, `private_key_id`, `X-Api-Key` into lower-case words. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** True when a property of this name must not be shown. */
export function isSensitiveKey(key: string): boolean {
  return SECRET_IN_NAME.test(key) || words(key).some((word) => SECRET_WORDS.has(word));
}

const SECRET_VALUE_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/, // PEM keys, alone or inside JSON text
  /^\s*(bearer|basic)\s+\S+/i, // authorization header values
  /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/, // JWT
  /^ya29\.[\w.-]+$/, // Google OAuth access token
  /^1\/\/[\w-]{20,}$/, // Google OAuth refresh token
  /^AIza[\w-]{30,}$/, // Google API key
  /^GOCSPX-[\w-]+$/, // Google OAuth client secret
  /^otpauth:\/\//i, // a two-factor enrolment URI (it carries the TOTP secret)
  /"(private_key|private_key_id|access_token|refresh_token|id_token|client_secret|password|api_?key|secret|token)"\s*:/i, // JSON text with credentials
];

/** True when this text is itself a credential (a PEM key, a bearer header, a JWT, a Google token or key, JSON credentials). */
export const isSecretValue = (value: string): boolean => SECRET_VALUE_PATTERNS.some((pattern) => pattern.test(value));

/** A card number (13–19 digits, spaces or dashes allowed, passing the Luhn check). */
export function isCardNumber(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !/^[\d -]+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
