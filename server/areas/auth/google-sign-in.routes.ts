/** People's Google sign-in routes (contract: src/contracts/google-sign-in.ts, docs/accounts.md §Sign in with Google). */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { html } from '../../http/html-answer';
import type { ServerContext } from '../../context';
import { googleSignInEndpoints as api, type GoogleContinueAnswer } from '../../../src/contracts/google-sign-in';
import { loadAccount } from '../workspace/index';
import {
  continueWithGoogle,
  googleCallback,
  googleLinkStatus,
  linkGoogle,
  sandboxApprove,
  sandboxConsentPage,
  startGoogleSignIn,
  unlinkGoogle,
  type GoogleOutcome,
} from './google-sign-in';

const clientOf = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

async function answer(ctx: ServerContext, outcome: GoogleOutcome): Promise<GoogleContinueAnswer> {
  if (outcome.step !== 'signedIn') return outcome;
  const { accountId, token, workspaceId } = outcome;
  return {
    step: 'signedIn',
    token,
    account: await loadAccount(ctx, accountId),
    ...(workspaceId ? { workspaceId } : {}),
  };
}

export const googleSignInRoutes = [
  defineRoute(api.start, {
    access: access.public,
    handler: async ({ ctx, reply }) => {
      const { url, setCookie } = await startGoogleSignIn(ctx);
      reply.header('set-cookie', setCookie); // binds the sign-in to this browser (the callback checks it)
      return { url };
    },
  }),
  // The sealed state in the query, and for the callback the cookie of the browser that started it, are the
  // authorization (the browser arrives here without our token).
  defineRoute(api.sandboxConsent, {
    access: access.public,
    handler: async ({ ctx, query }) => html(sandboxConsentPage(ctx, query.state)),
  }),
  defineRoute(api.sandboxApprove, {
    access: access.public,
    handler: async ({ ctx, query }) => html(sandboxApprove(ctx, query.state, query)),
  }),
  defineRoute(api.callback, {
    access: access.public,
    handler: async ({ ctx, query, req }) =>
      html(await googleCallback(ctx, query.state, query.code, query.error, req.headers.cookie)),
  }),
  // The single-use ticket of a verified Google identity is the authorization.
  defineRoute(api.continue, {
    access: access.public,
    handler: async ({ body, ctx, req }) =>
      answer(ctx, await continueWithGoogle(ctx, body.ticket, body.workspaceName, clientOf(req))),
  }),
  defineRoute(api.link, {
    access: access.public,
    handler: async ({ body, ctx, req }) =>
      answer(ctx, await linkGoogle(ctx, body.ticket, body.password, clientOf(req))),
  }),
  defineRoute(api.status, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => googleLinkStatus(ctx, caller.accountId),
  }),
  defineRoute(api.unlink, {
    access: access.signedIn,
    handler: async ({ caller, ctx }) => unlinkGoogle(ctx, caller.accountId),
  }),
];
