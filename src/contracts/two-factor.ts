/**
 * Two-factor sign-in (docs/accounts.md §Two-factor sign-in): TOTP (RFC 6238: 30 s, 6 digits, one step either side)
 * enrolled on the account page with ten single-use recovery codes, asked for after the password at sign-in.
 */
import * as t from 'io-ts';
import { struct, line, boundedString, MAX } from './codecs';
import { endpoint } from './endpoint';
import { SignInResponse } from './auth';

export const TOTP = { period: 30, digits: 6, window: 1, algorithm: 'SHA1', issuer: 'Questboard' } as const;
export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of one sign-in stays open after the password was right. */
export const CHALLENGE_MINUTES = 10;

/** A typed code: 6 digits, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
export const Otp = line(32, { name: 'Otp' });

export const WRONG_CODE = 'That code is not correct. Check your authenticator app and try again.';
export const WRONG_CODE_CODE = 'invalid_code';
export const CHALLENGE_EXPIRED = 'This sign-in took too long. Enter your email and password again.';
export const CHALLENGE_EXPIRED_CODE = 'challenge_expired';
export const tooManyCodes = (minutes: number) => `Too many wrong codes. Please wait ${minutes} minutes and try again.`;
export const TOO_MANY_CODES_CODE = 'too_many_codes';
export const ALREADY_ON = 'Two-factor sign-in is already on.';
export const SET_UP_ENDED = 'This set-up has ended. Start again.';

export const CodeSignInRequest = struct({ challengeToken: line(MAX.token), otp: Otp }, {}, 'CodeSignInRequest');
export type CodeSignInRequest = t.TypeOf<typeof CodeSignInRequest>;

export const TwoFactorStatus = struct({ enabled: t.boolean, recoveryCodesLeft: t.number }, {}, 'TwoFactorStatus');
export type TwoFactorStatus = t.TypeOf<typeof TwoFactorStatus>;
/** A new secret to enrol, as text (base32) and as the `otpauth://` URI the QR code shows. Shown once. */
export const TwoFactorEnrolment = struct({ secret: t.string, uri: t.string }, {}, 'TwoFactorEnrolment');
export type TwoFactorEnrolment = t.TypeOf<typeof TwoFactorEnrolment>;
export const ConfirmTwoFactorRequest = struct({ otp: Otp }, {}, 'ConfirmTwoFactorRequest');
/** The recovery codes, shown once: only their hashes are kept. */
export const TwoFactorEnabled = struct(
  { success: t.literal(true), recoveryCodes: t.array(t.string) },
  {},
  'TwoFactorEnabled',
);
export type TwoFactorEnabled = t.TypeOf<typeof TwoFactorEnabled>;
export const DisableTwoFactorRequest = struct(
  { password: boundedString(MAX.password), otp: Otp },
  {},
  'DisableTwoFactorRequest',
);
export type DisableTwoFactorRequest = t.TypeOf<typeof DisableTwoFactorRequest>;
export const TwoFactorDisabled = struct({ success: t.literal(true) }, {}, 'TwoFactorDisabled');

export const twoFactorEndpoints = {
  /** The code step (its own rate limit); a recovery code works once. */
  signInWithCode: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in/two-factor',
    body: CodeSignInRequest,
    response: SignInResponse,
  }),
  status: endpoint({ method: 'GET', path: '/api/account/two-factor', response: TwoFactorStatus }),
  enrol: endpoint({ method: 'POST', path: '/api/account/two-factor/enrol', response: TwoFactorEnrolment }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/confirm',
    body: ConfirmTwoFactorRequest,
    response: TwoFactorEnabled,
  }),
  /** Needs the password and a code (or a recovery code). */
  disable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: DisableTwoFactorRequest,
    response: TwoFactorDisabled,
  }),
};
