/** Sign-in, sign-out, the current account and the health check. */
import { defineRoute, access } from '../http/define-route';
import { SignInRequest, SignInResponse, Account, Health } from '../../src/contracts/auth';
import { SuccessMessage } from '../../src/contracts/codecs';
import { loadAccount } from '../domain/accounts';
import { revokeSession, signIn } from '../domain/auth';

export const authRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/health',
    access: access.public,
    response: Health,
    handler: async () => ({ status: 'ok' as const }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/sign-in',
    access: access.public,
    body: SignInRequest,
    response: SignInResponse,
    handler: async ({ body, ctx, req }) => {
      const { accountId, token } = await signIn(ctx.db, ctx.config, body.email, body.password, req.ip, ctx.now());
      return { token, account: await loadAccount(ctx, accountId) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/auth/sign-out',
    access: access.signedIn,
    response: SuccessMessage,
    handler: async ({ caller, ctx }) => {
      await revokeSession(ctx.db, caller!.tokenHash, ctx.now());
      return { success: true };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/me',
    access: access.signedIn,
    response: Account,
    handler: async ({ caller, ctx }) => loadAccount(ctx, caller!.accountId),
  }),
];
