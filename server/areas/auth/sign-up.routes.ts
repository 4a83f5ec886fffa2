/** Sign-up's routes (contract: src/contracts/sign-up.ts): whether it is open, asking, and the confirmation link. */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { signUpEndpoints } from '../../../src/contracts/sign-up';
import { loadAccount } from '../workspace/index';
import { confirmSignUp, requestSignUp } from './sign-up';

export const signUpRoutes = [
  defineRoute(signUpEndpoints.signUpStatus, {
    access: access.public,
    handler: async ({ ctx }) => ({ open: ctx.config.signUp }),
  }),
  defineRoute(signUpEndpoints.signUp, {
    access: access.public,
    handler: async ({ body, ctx, req }) => requestSignUp(ctx, body, req.ip),
  }),
  defineRoute(signUpEndpoints.confirmSignUp, {
    access: access.public,
    handler: async ({ params, ctx, req }) => {
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
      const { accountId, workspaceId, token } = await confirmSignUp(ctx, params.token, client);
      return { token, workspaceId, account: await loadAccount(ctx, accountId) };
    },
  }),
];
