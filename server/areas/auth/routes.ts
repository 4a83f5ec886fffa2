/** Auth area routes: the health check, sign-in, sign-out and the current account (contract: src/contracts/auth.ts). */
import { defineRoute, reusedAnswer } from '../../http/define-route';
import { access } from '../../http/access';
import { authEndpoints } from '../../../src/contracts/auth';
import { currentAccount, loadAccount } from '../workspace/index';
import { revokeSession, signIn } from './auth';

export const authRoutes = [
  defineRoute(authEndpoints.health, {
    access: access.public,
    handler: async ({ ctx }) => ({ status: 'ok' as const, store: ctx.config.analyticsStore }),
  }),
  defineRoute(authEndpoints.signIn, {
    access: access.public,
    handler: async ({ body, ctx, req }) => {
      const signedIn = await signIn(ctx, body.email, body.password, req.ip, req.headers['user-agent'] ?? '');
      if (signedIn.challengeToken !== undefined)
        return { twoFactor: true as const, challengeToken: signedIn.challengeToken };
      return { token: signedIn.token, account: await loadAccount(ctx, signedIn.accountId) };
    },
  }),
  defineRoute(authEndpoints.signOut, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => {
      await revokeSession(ctx, caller.tokenHash);
      return { success: true };
    },
  }),
  defineRoute(authEndpoints.me, {
    access: access.signedIn,
    // currentAccount hands out the same (never mutated) object while the account's view is unchanged.
    handler: async ({ caller, ctx }) => reusedAnswer(await currentAccount(ctx, caller.accountId)),
  }),
];
