/** The account's own routes (contract: src/contracts/account.ts): reset links, profile, password and sessions. */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { accountEndpoints } from '../../../src/contracts/account';
import { loadAccount } from '../workspace/index';
import {
  changePassword,
  listSessions,
  previewResetLink,
  requestPasswordReset,
  resetPassword,
  saveProfile,
  signOutOtherSessions,
  signOutSession,
} from './account';

export const accountRoutes = [
  defineRoute(accountEndpoints.forgotPassword, {
    access: access.public,
    handler: async ({ body, ctx, req }) => requestPasswordReset(ctx, body.email, req.ip),
  }),
  defineRoute(accountEndpoints.resetPreview, {
    access: access.public,
    handler: async ({ params, ctx }) => previewResetLink(ctx, params.token),
  }),
  defineRoute(accountEndpoints.resetPassword, {
    access: access.public,
    handler: async ({ params, body, ctx, req }) => {
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
      const reset = await resetPassword(ctx, params.token, body.password, client);
      if (reset.challengeToken !== undefined) return { twoFactor: true as const, challengeToken: reset.challengeToken };
      return { token: reset.token, account: await loadAccount(ctx, reset.accountId) };
    },
  }),
  defineRoute(accountEndpoints.saveProfile, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx }) => saveProfile(ctx, caller.accountId, body.firstName, body.lastName),
  }),
  defineRoute(accountEndpoints.changePassword, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx, req }) =>
      changePassword(ctx, caller, body.currentPassword, body.newPassword, req.ip),
  }),
  defineRoute(accountEndpoints.sessions, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => ({ sessions: await listSessions(ctx, caller.accountId, caller.tokenHash) }),
  }),
  defineRoute(accountEndpoints.signOutSession, {
    access: access.signedIn,
    handler: async ({ params, caller, ctx }) => signOutSession(ctx, caller.accountId, params.sessionId),
  }),
  defineRoute(accountEndpoints.signOutOthers, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => signOutOtherSessions(ctx, caller.accountId, caller.tokenHash),
  }),
];
