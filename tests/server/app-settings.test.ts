/**
 * App Settings General tab (docs/app-settings.md §Screens and routes, §App settings states store status per platform, §API endpoints update app general multipart data + image, §Rules and limits app
 * icon 1,000,000 bytes): a save by role, the store-status field rules and formats checked on the server, hidden fields
 * cleared, the icon judged by its bytes, and nothing half-written after a refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';
import { multipartForm, PNG_1PX, pngOfSize, type FormPart } from './multipart-form';
import { jpegOf } from './jpeg-bytes';

let server: TestServer;
const tokens: Record<'admin' | 'editor' | 'viewer', string> = { admin: '', editor: '', viewer: '' };

beforeAll(async () => {
  server = await createTestServer();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const APP = DEMO_APP_IDS.pixelRacer;
const GOOD = {
  appName: 'Pixel Racer Turbo',
  googleStatus: 'InStore',
  googlePackageName: 'dev.demostudio.pixelracer',
  googleStoreUrl: 'https://play.google.com/store/apps/details?id=dev.demostudio.pixelracer',
  appleStatus: 'InDev',
  appleBundleId: 'dev.demostudio.PixelRacer',
  applePackageName: null,
  appleStoreUrl: 'https://apps.apple.com/app/id1',
};
function save(
  token: string,
  data: unknown,
  image?: { filename: string; contentType: string; data: Uint8Array },
  appId = APP,
) {
  const parts: FormPart[] = [{ name: 'data', value: JSON.stringify(data) }];
  if (image) parts.push({ name: 'image', ...image });
  const form = multipartForm(parts);
  return server.app.inject({
    method: 'POST',
    url: `/api/app/${appId}/general`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}
const row = () => server.db.selectFrom('apps').selectAll().where('id', '=', APP).executeTakeFirstOrThrow();

describe('POST /api/app/:appId/general (docs/app-settings.md §API endpoints update app general)', () => {
  test('an editor saves name, store statuses and icon; a field the status hides is cleared', async () => {
    const res = await save(tokens.editor, GOOD, { filename: 'icon.png', contentType: 'image/png', data: PNG_1PX });
    expect(res.statusCode).toBe(200);
    const app = res.json().data;
    expect(app.appName).toBe('Pixel Racer Turbo');
    expect(app.googleStatus).toBe('InStore');
    expect(app.appleStatus).toBe('InDev');
    expect(app.appleBundleId).toBe('dev.demostudio.PixelRacer');
    // InDev shows no store URL (docs/app-settings.md §App settings states), so none is kept.
    expect(app.appleStoreUrl).toBeNull();
    expect(app.image).toMatch(/^\/api\/files\//);
    const stored = await row();
    expect(stored.app_name).toBe('Pixel Racer Turbo');
  });

  test('a viewer is refused with 403 and nothing changes', async () => {
    const before = await row();
    const res = await save(tokens.viewer, { ...GOOD, appName: 'Viewer was here' });
    expect(res.statusCode).toBe(403);
    expect((await row()).app_name).toBe(before.app_name);
  });

  test.each([
    ['a package name that is not one', { googlePackageName: 'pixel racer' }, 'googlePackageName'],
    ['a package segment starting with a digit', { googlePackageName: 'dev.1racer' }, 'googlePackageName'],
    ['a missing package name while InStore', { googlePackageName: null }, 'googlePackageName'],
    [
      'a Google Play URL on another domain',
      { googleStoreUrl: 'https://example.com/store/apps/details?id=dev.demostudio.pixelracer' },
      'googleStoreUrl',
    ],
    [
      'an App Store URL in the Google Play field',
      { googleStoreUrl: 'https://apps.apple.com/app/id12345' },
      'googleStoreUrl',
    ],
    [
      'a Google Play URL of another package',
      { googleStoreUrl: 'https://play.google.com/store/apps/details?id=dev.other.game' },
      'googleStoreUrl',
    ],
    ['a bundle id with spaces', { appleBundleId: 'dev demostudio' }, 'appleBundleId'],
    ['a missing App Store URL while InStore', { appleStatus: 'InStore', appleStoreUrl: null }, 'appleStoreUrl'],
    ['a non-numeric App Store id', { applePackageName: 'abc' }, 'applePackageName'],
    ['an empty app name', { appName: '  ' }, 'appName'],
  ])('refuses %s (400 naming the field) and keeps the saved values', async (_label, change, field) => {
    const before = await row();
    const res = await save(tokens.admin, { ...GOOD, appName: 'Should not be saved', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContain(field);
    expect((await row()).app_name).toBe(before.app_name);
  });

  test('NotReady needs no package name and clears the stored one', async () => {
    const res = await save(tokens.admin, { ...GOOD, appleStatus: 'NotReady', appleBundleId: 'not valid but hidden' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.appleBundleId).toBeNull();
  });

  test('the icon is judged by its bytes: a PNG named .gif passes, text named .png, a PNG over 1,000,000 bytes and a JPEG claiming 20000 × 20000 pixels do not', async () => {
    expect(
      (await save(tokens.admin, GOOD, { filename: 'icon.gif', contentType: 'image/gif', data: PNG_1PX })).statusCode,
    ).toBe(200);
    const before = await row();
    const text = await save(
      tokens.admin,
      { ...GOOD, appName: 'Not saved' },
      { filename: 'icon.png', contentType: 'image/png', data: Buffer.from('hello, not an image') },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Icon must be a PNG, JPG or GIF image.');
    const big = await save(
      tokens.admin,
      { ...GOOD, appName: 'Not saved' },
      { filename: 'icon.png', contentType: 'image/png', data: pngOfSize(1_000_001) },
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('File is too large!');
    const huge = await save(
      tokens.admin,
      { ...GOOD, appName: 'Not saved' },
      { filename: 'icon.jpg', contentType: 'image/jpeg', data: jpegOf(20_000, 20_000) },
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('Icon must not exceed 1024 × 1024 pixels.');
    const after = await row();
    expect(after.app_name).toBe(before.app_name);
    expect(after.image_file_id).toBe(before.image_file_id);
  });

  test("another app's package name in the same workspace is refused (409) by the unique index", async () => {
    const res = await save(tokens.admin, {
      ...GOOD,
      googlePackageName: 'dev.demostudio.dragonmerge',
      googleStoreUrl: 'https://play.google.com/store/apps/details?id=dev.demostudio.dragonmerge',
    });
    expect(res.statusCode).toBe(409);
  });
});
