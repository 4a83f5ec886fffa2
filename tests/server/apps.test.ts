/**
 * Apps area (docs/apps.md §Screens and routes add app, §Entities App search result, §App states enabled switch, §API endpoints GET /app/search, details by store URL,
 * create app multipart, POST /app/enable/{appId}, §Messages search error keys, §Rules and limits app icon validator 1,000,000 bytes) on the
 * sandbox app store: search from 3 characters by title and developer per platform, lookups by store URL with every
 * outcome, create by role with the icon checked by its bytes, the same store app refused twice in one workspace, and
 * nothing half-written after a refusal.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/seed';
import type { Account } from '../../src/contracts/auth';
import { bearer, createTestServer, signInDemo, type TestServer } from './helpers';
import { multipartForm, PNG_1PX, GIF_1PX, pngOfSize, type FormPart } from './multipart-form';
import { jpegOf } from './jpeg-bytes';
import { StoreUnavailableError } from '../../server/providers/app-store/provider';

let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer' | 'rival', string>;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer', 'rival']);
});
afterAll(() => server?.close());

const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) });
const search = (token: string, platform: string, query: string) =>
  get(token, `/api/app/search?platform=${platform}&query=${encodeURIComponent(query)}`);
const lookup = (token: string, url: string) => get(token, `/api/app/store-lookup?url=${encodeURIComponent(url)}`);

function appForm(
  data: unknown,
  organisationId: string,
  image?: { filename: string; contentType: string; data: Uint8Array },
) {
  const parts: FormPart[] = [
    { name: 'data', value: JSON.stringify(data) },
    { name: 'organisationId', value: organisationId },
  ];
  if (image) parts.push({ name: 'image', ...image });
  return multipartForm(parts);
}
const create = (token: string, workspaceId: string, form: ReturnType<typeof appForm>) =>
  server.app.inject({
    method: 'POST',
    url: `/api/workspace/${workspaceId}/apps`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
const me = async (token: string) => (await get(token, '/api/me')).json() as Account;
const appCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('apps')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fileCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const WORD_GARDEN_ANDROID = {
  appName: 'Word Garden',
  platform: 'android',
  googlePackageName: 'dev.demostudio.wordgarden',
  googleStoreUrl: 'https://play.google.com/store/apps/details?id=dev.demostudio.wordgarden',
  developer: 'Demo Studio',
  description: 'A calm word game.',
};

describe('GET /api/app/search (docs/apps.md §API endpoints)', () => {
  test('finds apps by title on the chosen platform, with every field of an App search result, from the sandbox catalogue', async () => {
    const res = await search(tokens.viewer, 'android', 'dragon');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.catalogue).toBe('sandbox');
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.length).toBeLessThanOrEqual(20);
    for (const result of body.data) {
      expect(result.platform).toBe('android');
      expect(`${result.title} ${result.developer}`.toLowerCase()).toContain('dragon');
      expect(result.icon).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(result.imageBase64, 'base64').subarray(0, 4).toString('latin1')).toBe('\x89PNG');
      expect(result.url).toBe(`https://play.google.com/store/apps/details?id=${result.androidPackageName}`);
    }
    const dragonMerge = body.data.find((r: { title: string }) => r.title === 'Dragon Merge');
    expect(dragonMerge).toMatchObject({
      appId: 'dev.demostudio.dragonmerge',
      developer: 'Demo Studio',
      name: 'Dragon Merge',
    });
  });

  test('iOS results carry bundle id and App Store id; a developer name matches too', async () => {
    const body = (await search(tokens.editor, 'ios', 'demo studio')).json();
    expect(body.data.map((r: { title: string }) => r.title).sort()).toEqual(['Dragon Merge', 'Word Garden']);
    expect(body.data.find((r: { title: string }) => r.title === 'Word Garden')).toMatchObject({
      platform: 'ios',
      appleBundleId: 'dev.demostudio.wordgarden',
      applePackageName: '1600000002',
      appId: '1600000002',
    });
  });

  test('fewer than 3 characters find nothing; the same query always answers the same', async () => {
    expect((await search(tokens.admin, 'android', 'dr')).json()).toMatchObject({ success: true, data: [] });
    const a = (await search(tokens.admin, 'ios', 'garden')).json();
    const b = (await search(tokens.admin, 'ios', 'garden')).json();
    expect(a).toEqual(b);
  });

  test('bad queries are refused with 400, signed-out callers with 401', async () => {
    expect((await search(tokens.admin, 'windows', 'dragon')).statusCode).toBe(400);
    expect((await get(tokens.admin, '/api/app/search?platform=android')).statusCode).toBe(400);
    expect((await search(tokens.admin, 'android', 'x'.repeat(101))).statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/app/search?platform=android&query=dragon' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/app/store-lookup (app details by store URL)', () => {
  test('resolves a Google Play and an App Store URL of the catalogue', async () => {
    const android = (await lookup(tokens.viewer, WORD_GARDEN_ANDROID.googleStoreUrl)).json();
    expect(android).toMatchObject({
      success: true,
      catalogue: 'sandbox',
      data: { title: 'Word Garden', platform: 'android', androidPackageName: 'dev.demostudio.wordgarden' },
    });
    const ios = (await lookup(tokens.viewer, 'https://apps.apple.com/us/app/dragon-merge/id1600000001')).json();
    expect(ios).toMatchObject({
      success: true,
      data: { title: 'Dragon Merge', platform: 'ios', appleBundleId: 'dev.demostudio.dragonmerge' },
    });
  });

  test('answers the docs/apps.md §Messages keys: invalid_url, cant_get_app_data, cant_load_data', async () => {
    expect((await lookup(tokens.admin, 'not a url')).json()).toEqual({
      success: false,
      message: 'invalid_url',
      catalogue: 'sandbox',
    });
    expect((await lookup(tokens.admin, 'https://example.com/app/id1')).json()).toMatchObject({
      success: false,
      message: 'invalid_url',
    });
    expect(
      (await lookup(tokens.admin, 'https://play.google.com/store/apps/details?id=com.nobody.nothing')).json(),
    ).toMatchObject({ success: false, message: 'cant_get_app_data' });
    expect(
      (await lookup(tokens.admin, 'https://play.google.com/store/apps/details?id=com.unreachable.store')).json(),
    ).toMatchObject({ success: false, message: 'cant_load_data' });
  });
});

describe('POST /api/workspace/:workspaceId/apps (create app)', () => {
  test('an editor adds an app with its icon: it is in the workspace, InStore, enabled, with the icon served back', async () => {
    const before = await appCount();
    const res = await create(
      tokens.editor,
      DEMO_WORKSPACE_ID,
      appForm(WORD_GARDEN_ANDROID, DEMO_WORKSPACE_ID, {
        filename: 'icon.png',
        contentType: 'image/png',
        data: PNG_1PX,
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'App created successfully.' });
    expect(await appCount()).toBe(before + 1);
    const app = (await me(tokens.viewer)).organisations
      ?.find((o) => o.id === DEMO_WORKSPACE_ID)
      ?.apps?.find((a) => a.id === body.data.id);
    expect(app).toMatchObject({
      appName: 'Word Garden',
      platform: 'android',
      enabled: true,
      plugins: [],
      googleStatus: 'InStore',
      googlePackageName: 'dev.demostudio.wordgarden',
      googleStoreUrl: WORD_GARDEN_ANDROID.googleStoreUrl,
    });
    const icon = await server.app.inject({ method: 'GET', url: app!.image! });
    expect(icon.headers['content-type']).toContain('image/png');
    expect(Buffer.compare(icon.rawPayload, PNG_1PX)).toBe(0);
  });

  test('the same store app twice in one workspace is refused with a clear message (and nothing is written)', async () => {
    const [apps, files] = [await appCount(), await fileCount()];
    const res = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm(
        { ...WORD_GARDEN_ANDROID, googlePackageName: 'DEV.demostudio.WordGarden', googleStoreUrl: undefined },
        DEMO_WORKSPACE_ID,
        { filename: 'i.gif', contentType: 'image/gif', data: GIF_1PX },
      ),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'app_exists',
      message: 'This app is already in this workspace.',
    });
    // The seeded Dragon Merge iOS (bundle id) too.
    const ios = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm(
        {
          appName: 'Dragon Merge',
          platform: 'ios',
          appleBundleId: 'dev.demostudio.dragonmerge',
          applePackageName: '1600000001',
        },
        DEMO_WORKSPACE_ID,
      ),
    );
    expect(ios.statusCode).toBe(409);
    expect([await appCount(), await fileCount()]).toEqual([apps, files]);
    // Another workspace may hold the same store app.
    const rival = await create(tokens.rival, RIVAL_WORKSPACE_ID, appForm(WORD_GARDEN_ANDROID, RIVAL_WORKSPACE_ID));
    expect(rival.statusCode).toBe(201);
  });

  test('the icon is checked by its bytes: over 1,000,000 bytes → File is too large!, not an image → refused', async () => {
    const before = await appCount();
    const other = {
      ...WORD_GARDEN_ANDROID,
      appName: 'Big Icon',
      googlePackageName: 'com.example.bigicon',
      googleStoreUrl: undefined,
    };
    const tooLarge = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm(other, DEMO_WORKSPACE_ID, { filename: 'big.png', contentType: 'image/png', data: pngOfSize(1_000_001) }),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ message: 'File is too large!', fields: ['image'] });
    const atLimit = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm({ ...other, googlePackageName: 'com.example.limiticon' }, DEMO_WORKSPACE_ID, {
        filename: 'ok.png',
        contentType: 'image/png',
        data: pngOfSize(1_000_000),
      }),
    );
    expect(atLimit.statusCode).toBe(201);
    const text = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm({ ...other, googlePackageName: 'com.example.texticon' }, DEMO_WORKSPACE_ID, {
        filename: 'looks.png',
        contentType: 'image/png',
        data: Buffer.from('not an image at all'),
      }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toEqual(['image']);
    expect(await appCount()).toBe(before + 1);
  });

  test('an icon whose header claims more than 1024 × 1024 pixels is refused and adds no app', async () => {
    const before = await appCount();
    const other = {
      ...WORD_GARDEN_ANDROID,
      appName: 'Huge Icon',
      googlePackageName: 'com.example.hugeicon',
      googleStoreUrl: undefined,
    };
    const res = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      appForm(other, DEMO_WORKSPACE_ID, {
        filename: 'huge.jpg',
        contentType: 'image/jpeg',
        data: jpegOf(20_000, 20_000),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Icon must not exceed 1024 × 1024 pixels.', fields: ['image'] });
    expect(await appCount()).toBe(before);
  });

  test('bad bodies answer 400 naming the field; roles and other workspaces are refused', async () => {
    const before = await appCount();
    const cases: Array<[unknown, string, string]> = [
      [{ ...WORD_GARDEN_ANDROID, appName: '' }, DEMO_WORKSPACE_ID, 'appName'],
      [{ ...WORD_GARDEN_ANDROID, platform: 'windows' }, DEMO_WORKSPACE_ID, 'platform'],
      [{ appName: 'No id', platform: 'android' }, DEMO_WORKSPACE_ID, 'googlePackageName'],
      [{ appName: 'No id', platform: 'ios' }, DEMO_WORKSPACE_ID, 'appleBundleId'],
      [{ ...WORD_GARDEN_ANDROID, googlePackageName: 'com.other.app' }, DEMO_WORKSPACE_ID, 'googleStoreUrl'],
      [WORD_GARDEN_ANDROID, RIVAL_WORKSPACE_ID, 'organisationId'],
    ];
    for (const [data, organisationId, field] of cases) {
      const res = await create(tokens.admin, DEMO_WORKSPACE_ID, appForm(data, organisationId));
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().fields).toContain(field);
    }
    const noData = await create(
      tokens.admin,
      DEMO_WORKSPACE_ID,
      multipartForm([{ name: 'organisationId', value: DEMO_WORKSPACE_ID }]),
    );
    expect(noData.statusCode).toBe(400);
    const viewer = await create(
      tokens.viewer,
      DEMO_WORKSPACE_ID,
      appForm(
        { ...WORD_GARDEN_ANDROID, googlePackageName: 'com.viewer.app', googleStoreUrl: undefined },
        DEMO_WORKSPACE_ID,
      ),
    );
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('access_missing_role_for_action');
    const rival = await create(
      tokens.rival,
      DEMO_WORKSPACE_ID,
      appForm(
        { ...WORD_GARDEN_ANDROID, googlePackageName: 'com.rival.app', googleStoreUrl: undefined },
        DEMO_WORKSPACE_ID,
      ),
    );
    expect(rival.statusCode).toBe(404);
    expect(await appCount()).toBe(before);
  });
});

describe('POST /api/app/enable/:appId (Show on Questboard App)', () => {
  test('an editor hides and shows an app; the workspace reads it back; a viewer is refused', async () => {
    const enable = (token: string, enabled: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/app/enable/${DEMO_APP_IDS.pixelRacer}`,
        headers: bearer(token),
        payload: { enabled },
      });
    const off = await enable(tokens.editor, false);
    expect(off.json()).toEqual({ success: true, data: { enabled: false } });
    const read = async () =>
      (await me(tokens.admin)).organisations
        ?.find((o) => o.id === DEMO_WORKSPACE_ID)
        ?.apps?.find((a) => a.id === DEMO_APP_IDS.pixelRacer)?.enabled;
    expect(await read()).toBe(false);
    expect((await enable(tokens.admin, true)).json()).toEqual({ success: true, data: { enabled: true } });
    expect(await read()).toBe(true);
    expect((await enable(tokens.viewer, false)).statusCode).toBe(403);
    expect((await enable(tokens.admin, 'yes')).statusCode).toBe(400);
    expect(await read()).toBe(true);
  });
});

describe('a store that cannot answer', () => {
  test('search answers 503 (the SPA says search_failed); a lookup answers cant_load_data; nothing crashes', async () => {
    const providers = server.app.questboard.providers;
    const original = providers.appStore;
    providers.appStore = {
      catalogue: 'store',
      search: async () => {
        throw new StoreUnavailableError('Google Play search failed: socket hang up');
      },
      lookup: async () => ({ ok: false, reason: 'cant_load_data' }),
    };
    try {
      const res = await search(tokens.editor, 'android', 'candy');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'store_unavailable' });
      expect(
        (await lookup(tokens.editor, 'https://play.google.com/store/apps/details?id=com.king.candycrushsaga')).json(),
      ).toEqual({ success: false, message: 'cant_load_data', catalogue: 'store' });
    } finally {
      providers.appStore = original;
    }
  });
});
