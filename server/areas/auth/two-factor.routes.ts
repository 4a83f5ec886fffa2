/** Two-factor sign-in's routes (contract: src/contracts/two-factor.ts): the code step and the account page's part. */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { twoFactorEndpoints } from '../../../src/contracts/two-factor';
import { loadAccount } from '../workspace/index';
import { confirmEnrolment, disableTwoFactor, signInWithCode, startEnrolment, twoFactorStatus } from './two-factor';

export const twoFactorRoutes = [
  defineRoute(twoFactorEndpoints.signInWithCode, {
    access: access.public,
    handler: async ({ body, ctx, req }) => {
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
      const { accountId, token } = await signInWithCode(ctx, body.challengeToken, body.otp, client);
      return { token, account: await loadAccount(ctx, accountId) };
    },
  }),
  defineRoute(twoFactorEndpoints.status, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => twoFactorStatus(ctx, caller.accountId),
  }),
  defineRoute(twoFactorEndpoints.enrol, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => startEnrolment(ctx, caller),
  }),
  defineRoute(twoFactorEndpoints.confirm, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx, req }) => confirmEnrolment(ctx, caller, body.otp, req.ip),
  }),
  defineRoute(twoFactorEndpoints.disable, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx, req }) => disableTwoFactor(ctx, caller, body.password, body.otp, req.ip),
  }),
];
