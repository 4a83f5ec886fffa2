/**
 * The account's own routes (contracts: src/contracts/account.ts, email-change.ts): reset links, profile, e-mail change,
 * password and sessions.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { accountEndpoints } from '../../../src/contracts/account';
import { emailChangeEndpoints } from '../../../src/contracts/email-change';
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
import { cancelEmailChange, confirmEmailChange, emailChangeStatus, requestEmailChange } from './email-change';

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
  defineRoute(emailChangeEndpoints.status, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => emailChangeStatus(ctx, caller.accountId),
  }),
  defineRoute(emailChangeEndpoints.request, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx, req }) => requestEmailChange(ctx, caller, body.email, body.password, req.ip),
  }),
  defineRoute(emailChangeEndpoints.cancel, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => cancelEmailChange(ctx, caller.accountId),
  }),
  defineRoute(emailChangeEndpoints.confirm, {
    access: access.public,
    handler: async ({ params, ctx }) => confirmEmailChange(ctx, params.token),
  }),
];
