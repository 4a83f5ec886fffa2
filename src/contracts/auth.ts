/** Account/user (docs/accounts.md §Entities), sign-in, the session and the health check: codecs and the auth area's endpoints. */
import * as t from 'io-ts';
import { struct, nullable, Role, Email, SuccessMessage, line, boundedString, MAX } from './codecs';
import { endpoint } from './endpoint';
import { Workspace } from './workspace';
import { App } from './apps';

export const Account = struct(
  {
    accountId: t.string,
    firstName: t.string,
    lastName: t.string,
    workEmail: t.string,
    isTpUser: t.boolean,
  },
  {
    role: Role,
    invitePending: t.boolean,
    inviteSentAt: nullable(t.number),
    inviteExpired: t.boolean,
    expiredOn: nullable(t.number),
    /** Team list: who invited this member or invite, and when (epoch seconds); absent when not known. */
    invitedBy: t.string,
    invitedAt: t.number,
    token: t.string,
    workspaceRole: Role,
    organisations: t.array(Workspace),
    /** The account has two-factor sign-in turned on (docs/accounts.md §Two-factor sign-in). */
    twoFactor: t.boolean,
    allApps: t.array(App),
    supportedCountries: t.array(t.string),
  },
  'Account',
);
export type Account = t.TypeOf<typeof Account>;

/** The e-mail is only bounded here (an unknown or malformed address is a failed sign-in, 401). */
export const SignInRequest = struct(
  { email: line(MAX.email), password: boundedString(MAX.password) },
  {},
  'SignInRequest',
);
export type SignInRequest = t.TypeOf<typeof SignInRequest>;
export const SignInResponse = struct({ token: t.string, account: Account }, {}, 'SignInResponse');
export type SignInResponse = t.TypeOf<typeof SignInResponse>;

/** The password was right and the account has two-factor sign-in: the code is asked for next, with this token. */
export const TwoFactorChallenge = struct(
  { twoFactor: t.literal(true), challengeToken: t.string },
  {},
  'TwoFactorChallenge',
);
export type TwoFactorChallenge = t.TypeOf<typeof TwoFactorChallenge>;
/** A sign-in's answer: signed in, or the code step (docs/accounts.md §Two-factor sign-in). */
export const SignInAnswer = t.union([SignInResponse, TwoFactorChallenge], 'SignInAnswer');
export type SignInAnswer = t.TypeOf<typeof SignInAnswer>;
export const isChallenge = (answer: SignInAnswer): answer is TwoFactorChallenge => 'twoFactor' in answer;

/** The health check; `store` is where this server keeps analytics (ANALYTICS_STORE). */
export const Health = struct({ status: t.literal('ok'), store: t.union([t.literal('duckdb'), t.literal('postgres')]) });

export const authEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', response: Health }),
  /** Signed in, or the code step when the account has two-factor sign-in. */
  signIn: endpoint({ method: 'POST', path: '/api/auth/sign-in', body: SignInRequest, response: SignInAnswer }),
  /** Revokes the token it is called with. */
  signOut: endpoint({ method: 'POST', path: '/api/auth/sign-out', response: SuccessMessage }),
  me: endpoint({ method: 'GET', path: '/api/me', response: Account }),
};

export { Email };
