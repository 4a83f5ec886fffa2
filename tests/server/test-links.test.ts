/**
 * The AppsFlyer test link behind a short link (server/areas/integrations/appsflyer/test-links.ts): the QR code holds PUBLIC_URL/t/{code},
 * rendered exactly as the browser renders it (the qrcode library, 150 px, level H, qrCodeOptions), and a real decoder
 * reads it; opening the short link answers a 302 to the full test link with every docs/architecture.md §Layers parameter, for 7 days; an
 * unknown code answers a 404 page and an expired one a 410 page.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import QRCode from 'qrcode';
import jsQR from 'jsqr';
import { QR_CODE_SIZE, qrCodeOptions, QR_DOWNLOAD_SIZE } from '../../src/contracts/integrations';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import type { TestLinkTables } from '../../server/areas/integrations/appsflyer/test-links.migrations';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

// pngjs is the PNG codec the qrcode library itself renders with in Node.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const PUBLIC_URL = 'https://dashboard.questboard.example.com';
const IOS: string = DEMO_APP_IDS.wordGarden;
const IDFA = 'AEBE52E7-03EE-455A-B3C4-E57283966239';
const DAY = 24 * 60 * 60 * 1000;
const ZBARIMG = '/usr/bin/zbarimg';

let server: TestServer;
let viewer: string;
let editor: string;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: PUBLIC_URL }, now: () => clock });
  viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
  editor = await signInAs(server.app, DEMO_ACCOUNTS.editor);
});
afterAll(() => server?.close());

const generate = (token: string, advertisingId: string, appId = IOS) =>
  call(server.app, token, {
    method: 'POST',
    url: `/api/app/${appId}/appsflyer/test-links`,
    payload: { advertisingId },
  });

/** The QR code's PNG as the browser draws it (the same library and options), decoded from its pixels by jsQR. */
async function renderAndDecode(text: string, width = QR_CODE_SIZE): Promise<{ png: Buffer; jsqr: string | null }> {
  const png = await QRCode.toBuffer(text, { ...qrCodeOptions(width), type: 'png' });
  const image = PNG.sync.read(png);
  expect([image.width, image.height]).toEqual([width, width]);
  return { png, jsqr: jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null };
}

/** zbar (the decoder of many phone scanners), when the machine has it: what it reads from the PNG, or null. */
function zbar(png: Buffer): string | null {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-')), 'qr.png');
  fs.writeFileSync(file, png);
  try {
    return execFileSync(ZBARIMG, ['--quiet', '--raw', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

describe('the test link behind a short link', () => {
  test('the 150 px QR code of the short link decodes, and the short link answers a 302 to the full link with every docs/architecture.md §Layers parameter', async () => {
    const res = await generate(viewer, IDFA);
    expect(res.statusCode).toBe(200);
    const { link, shortUrl, expiresAt } = res.json() as { link: string; shortUrl: string; expiresAt: number };
    expect(shortUrl).toMatch(new RegExp(`^${PUBLIC_URL}/t/[A-Za-z0-9_-]{12}$`));
    expect(expiresAt).toBe(clock.getTime() + 7 * DAY);

    const { png, jsqr } = await renderAndDecode(shortUrl);
    expect(jsqr).toBe(shortUrl);
    if (fs.existsSync(ZBARIMG)) {
      expect(zbar(png)).toBe(shortUrl);
      // Why the short link: the full link at the same size is too dense for zbar.
      expect(zbar((await renderAndDecode(link)).png)).toBeNull();
    }
    // The download is the same code, larger.
    expect((await renderAndDecode(shortUrl, QR_DOWNLOAD_SIZE)).jsqr).toBe(shortUrl);

    const opened = await server.app.inject({ method: 'GET', url: new URL(shortUrl).pathname });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers.location).toBe(link);
    const target = new URL(opened.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://app.appsflyer.com/id1600000002');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      af_siteid: 'questboard',
      c: 'questboard_test',
      pid: 'questboard_int',
      af_click_lookback: '7d',
      af_dp: 'questboard://quests',
      af_sub1: 'USER_ID',
      af_sub2: IOS,
      af_sub3: 'QUEST_ID',
      af_reengagement_window: '30d',
      is_retargeting: 'false',
      idfa: IDFA,
    });
  });

  test('the same device again: the same short link, its 7 days counted anew; another device: another code', async () => {
    const first = (await generate(viewer, IDFA)).json();
    clock = new Date(clock.getTime() + 3 * DAY);
    const again = (await generate(editor, IDFA)).json();
    expect(again.shortUrl).toBe(first.shortUrl);
    expect(again.expiresAt).toBe(clock.getTime() + 7 * DAY);
    const other = (await generate(viewer, 'AEBE52E7-03EE-455A-B3C4-000000000000')).json();
    expect(other.shortUrl).not.toBe(first.shortUrl);
    const rows = await server.db
      .withTables<TestLinkTables>()
      .selectFrom('test_links')
      .selectAll()
      .where('app_id', '=', IOS)
      .execute();
    expect(rows).toHaveLength(2);
  });

  test('after 7 days the short link answers a 410 page; an unknown code a 404 page; neither redirects', async () => {
    const { shortUrl } = (await generate(viewer, 'expiring-device-0001')).json();
    const pathname = new URL(shortUrl).pathname;
    clock = new Date(clock.getTime() + 7 * DAY - 1);
    expect((await server.app.inject({ method: 'GET', url: pathname })).statusCode).toBe(302);
    clock = new Date(clock.getTime() + 1);
    const expired = await server.app.inject({ method: 'GET', url: pathname });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^text\/html/);
    expect(expired.headers.location).toBeUndefined();
    expect(expired.body).toContain('This test link has expired');
    const unknown = await server.app.inject({ method: 'GET', url: '/t/AAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('This test link does not exist');
  });

  test('the advertising id follows docs/architecture.md §Endpoints and errors; an app without a store id has no link; nothing is stored then', async () => {
    for (const id of ['', '  ', 'has space']) expect((await generate(viewer, id)).statusCode).toBe(400);
    await server.db
      .updateTable('apps')
      .set({ details: JSON.stringify({ appleStatus: 'NotReady' }) as never })
      .where('id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    const res = await generate(viewer, IDFA, DEMO_APP_IDS.dragonMergeIos);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Add the app's store id in App Settings to generate its link.");
    const rows = await server.db
      .withTables<TestLinkTables>()
      .selectFrom('test_links')
      .selectAll()
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
