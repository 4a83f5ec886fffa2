/**
 * AppsFlyer area routes (contract: src/contracts/postbacks.ts appsflyerEndpoints; rules: server/areas/integrations/appsflyer/appsflyer.ts
 * and server/areas/integrations/appsflyer/test-links.ts). The short test link is public: the test device that scans it is signed in nowhere.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { appsflyerEndpoints } from '../../../../src/contracts/postbacks';
import { enableAppsFlyer } from './appsflyer';
import { createTestLink, openTestLink, testLinkPage } from './test-links';

export const appsflyerRoutes = [
  defineRoute(appsflyerEndpoints.enable, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => ({ success: true, plugin: await enableAppsFlyer(ctx, params.appId) }),
  }),
  // A test tool that changes nothing anyone else sees: every member may generate a link for their device.
  defineRoute(appsflyerEndpoints.testLink, {
    access: access.app('viewer'),
    handler: ({ ctx, params, body, caller }) => createTestLink(ctx, params.appId, caller.accountId, body.advertisingId),
  }),
  defineRoute(appsflyerEndpoints.openTestLink, {
    access: access.public,
    status: 302,
    handler: async ({ ctx, params }) => {
      const opened = await openTestLink(ctx, params.code);
      // The short link expires: never cached; the partner is not told where the device came from.
      const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
      if (opened.kind === 'redirect')
        return {
          contentType: 'text/plain; charset=utf-8',
          bytes: new Uint8Array(),
          headers: { ...headers, location: opened.link },
        };
      const page = testLinkPage(opened);
      return {
        contentType: 'text/html; charset=utf-8',
        bytes: new TextEncoder().encode(page.html),
        headers,
        status: page.status,
      };
    },
  }),
];
