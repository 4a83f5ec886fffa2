/**
 * Throwaway data for the attribution tables (AppsFlyer, Check Status, the test link): an app of a throwaway workspace,
 * its AppsFlyer plugin enabled through the API, and real AppsFlyer postbacks (scripts/postback-send.ts's format) sent to
 * its postback URL, which connect the waiting plugin on the server as AppsFlyer's first postback would.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { appsflyerPostback } from '../../../scripts/postback-send';
import { appByApi, throwawayWorkspace } from '../pages/apps.page';
import { letters } from '../pages/apps.page';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new Android app in a new workspace of the signed-in admin. */
export async function throwawayApp(request: APIRequestContext, token: string) {
  const workspace = await throwawayWorkspace(request, token);
  const appId = await appByApi(request, token, workspace.id, letters('Paths Game'));
  return { workspaceId: workspace.id, appId };
}

/** Enable Plugin through the API: the app's AppsFlyer plugin, waiting for events. */
export async function enableAppsFlyer(request: APIRequestContext, token: string, appId: string) {
  const res = await request.post(`/api/app/${appId}/appsflyer/enable`, { headers: auth(token) });
  expect(res.status(), 'AppsFlyer enabled through the API').toBe(200);
  return ((await res.json()) as { plugin: { id: string } }).plugin.id;
}

/** One real AppsFlyer postback to the app's postback URL (the first stored one connects the plugin). */
export async function sendAppsFlyerPostback(request: APIRequestContext, token: string, appId: string) {
  const url = (
    (await (await request.get(`/api/app/${appId}/postbacks/appsflyer/url`, { headers: auth(token) })).json()) as {
      url: string;
    }
  ).url;
  const fields = appsflyerPostback(
    0,
    {
      appId,
      platform: 'android',
      device: crypto.randomUUID(),
      appsflyerId: `${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
      player: 'player-paths',
      quest: 'quest-paths',
      installedAt: new Date(Date.now() - 10 * 60_000),
    },
    new Date(),
  );
  const res = await request.get(`${url}?${new URLSearchParams(fields).toString()}`);
  expect(res.status(), `a postback stored: ${await res.text()}`).toBe(200);
}

/** An Adjust events file (scripts and tables send it as a multipart part). */
export const adjustCsv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** Connects Adjust through the API with a partner link and an events file: the plugin waits for its first callback. */
export async function connectAdjust(
  request: APIRequestContext,
  token: string,
  appId: string,
  partnerLink: string,
  file: ReturnType<typeof adjustCsv>,
) {
  const res = await request.post(`/api/app/${appId}/adjust/connect`, {
    headers: auth(token),
    multipart: { partnerLink, file },
  });
  expect(res.status(), `Adjust connected through the API: ${await res.text()}`).toBe(200);
  const plugins = (await (await request.get(`/api/app/${appId}/plugins`, { headers: auth(token) })).json()) as {
    plugins: { id: string; source: string }[];
  };
  return plugins.plugins.find((p) => p.source === 'Adjust')!.id;
}
