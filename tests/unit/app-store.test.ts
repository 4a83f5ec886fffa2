/**
 * The app store providers (server/providers/app-store): the sandbox catalogue is deterministic, holds a few hundred
 * apps on both platforms with unique store ids, real PNG icons and store URLs that resolve by lookup; the live
 * adapter maps recorded iTunes Search/Lookup and google-play-scraper answers (tests/fixtures/app-store) to docs/apps.md §Entities
 * App search results, fetches icons into data: URLs, and turns store failures into the docs/apps.md §Messages lookup keys.
 */
import { describe, expect, test, vi } from 'vitest';
import { buildCatalogue } from '../../server/providers/app-store/sandbox-catalogue';
import { sandboxAppStore } from '../../server/providers/app-store/sandbox';
import { liveAppStore, playIconUrl, StoreHttpError, type LiveClients } from '../../server/providers/app-store/live';
import { StoreUnavailableError } from '../../server/providers/app-store/provider';
import { appStoreFromEnv } from '../../server/providers/app-store/select';
import { parseStoreUrl } from '../../src/contracts/apps';
import { appStoreFixtures } from '../fixtures/vendor-typed/app-store';

/** The recorded answers, typed by google-play-scraper's types and ours of iTunes (a fresh copy per call). */
const fixture = <K extends keyof typeof appStoreFixtures>(name: K) => structuredClone(appStoreFixtures[name]);
const ICON = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), type: 'image/jpeg' };

describe('sandbox catalogue', () => {
  const catalogue = buildCatalogue();
  test('a few hundred listings on both platforms, the same on every build, with unique store ids', () => {
    expect(catalogue.length).toBeGreaterThan(250);
    expect(catalogue.filter((a) => a.platform === 'android').length).toBeGreaterThan(120);
    expect(catalogue.filter((a) => a.platform === 'ios').length).toBeGreaterThan(120);
    expect(buildCatalogue()).toEqual(catalogue);
    const keys = catalogue.map((a) => `${a.platform}:${a.storeId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(catalogue.map((a) => a.developer)).size).toBeGreaterThan(20);
  });

  test('every store URL parses back to its listing and resolves by lookup', async () => {
    const store = sandboxAppStore(catalogue);
    for (const app of catalogue.filter((_, i) => i % 7 === 0)) {
      expect(parseStoreUrl(app.url)).toEqual({ platform: app.platform, storeId: app.storeId });
      const outcome = await store.lookup(app.url);
      expect(outcome).toMatchObject({
        ok: true,
        app: { title: app.title, platform: app.platform, appId: app.storeId },
      });
    }
  });

  test('icons are real PNGs drawn in code', async () => {
    const [result] = await sandboxAppStore(catalogue).search('android', 'dragon merge');
    const bytes = Buffer.from(result!.imageBase64!, 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.readUInt32BE(16)).toBe(64); // IHDR width
    expect(result!.icon).toBe(`data:image/png;base64,${result!.imageBase64}`);
  });

  test('the provider is chosen by APP_STORE', () => {
    expect(appStoreFromEnv({}).catalogue).toBe('sandbox');
    expect(appStoreFromEnv({ APP_STORE: 'live' }).catalogue).toBe('store');
  });
});

function clients(
  overrides: Partial<{
    itunes: Partial<LiveClients['itunes']>;
    play: Partial<LiveClients['play']>;
    icon: LiveClients['icon'];
  }> = {},
): LiveClients {
  return {
    itunes: {
      search: vi.fn(async () => fixture('itunesSearchCandyCrush')),
      lookup: vi.fn(async () => {
        const answer = fixture('itunesSearchCandyCrush');
        return { resultCount: 1, results: [answer.results[0]!] };
      }),
      ...overrides.itunes,
    },
    play: {
      search: vi.fn(async () => fixture('playSearchCandyCrush')),
      app: vi.fn(async () => fixture('playAppCandyCrush')),
      ...overrides.play,
    },
    icon: overrides.icon ?? vi.fn(async () => ICON),
  };
}

describe('live adapter on recorded answers', () => {
  test('App Store search: iTunes results become App search results with the icon as a data: URL', async () => {
    const c = clients();
    const results = await liveAppStore(c).search('ios', 'candy crush');
    expect(c.itunes.search).toHaveBeenCalledWith('candy crush', 20);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      appId: '553834731',
      title: 'Candy Crush Saga',
      developer: 'King.com Limited',
      platform: 'ios',
      appleBundleId: 'com.midasplayer.apps.candycrushsaga',
      applePackageName: '553834731',
      url: 'https://apps.apple.com/us/app/candy-crush-saga/id553834731?uo=4',
      icon: `data:image/jpeg;base64,${Buffer.from(ICON.bytes).toString('base64')}`,
    });
    expect(c.icon).toHaveBeenCalledWith(expect.stringMatching(/100x100bb\.jpg$/));
  });

  test('Google Play search and details by URL through google-play-scraper answers; icons asked at 96 px', async () => {
    const c = clients();
    const store = liveAppStore(c);
    const [first] = await store.search('android', 'candy crush');
    expect(first).toMatchObject({
      appId: 'com.king.candycrushsaga',
      title: 'Candy Crush Saga',
      developer: 'King',
      androidPackageName: 'com.king.candycrushsaga',
    });
    expect(c.icon).toHaveBeenCalledWith(
      'https://play-lh.googleusercontent.com/TLUeelx8wcpEzf3hoqeLxPs3ai1tdGtAZTIFkNqy3gbDp1NPpNZzyjVKpl0m2t6EuXHj=s96',
    );
    const outcome = await store.lookup('https://play.google.com/store/apps/details?id=com.king.candycrushsaga&hl=en');
    expect(c.play.app).toHaveBeenCalledWith('com.king.candycrushsaga');
    expect(outcome).toMatchObject({
      ok: true,
      app: { title: 'Candy Crush Saga', description: expect.stringContaining('legendary puzzle game') },
    });
    expect(playIconUrl('https://play-lh.googleusercontent.com/abc=w240-h480')).toBe(
      'https://play-lh.googleusercontent.com/abc=s96',
    );
  });

  test('lookup outcomes: not a store URL, no such app (empty iTunes answer, Play 404), store unreachable', async () => {
    const empty = liveAppStore(clients({ itunes: { lookup: async () => fixture('itunesLookupEmpty') } }));
    expect(await empty.lookup('https://apps.apple.com/us/app/nothing/id1')).toEqual({
      ok: false,
      reason: 'cant_get_app_data',
    });
    expect(await empty.lookup('https://example.com/app')).toEqual({ ok: false, reason: 'invalid_url' });
    const notFound = Object.assign(new Error('App not found (404)'), { status: 404 });
    const play404 = liveAppStore(
      clients({
        play: {
          app: async () => {
            throw notFound;
          },
        },
      }),
    );
    expect(await play404.lookup('https://play.google.com/store/apps/details?id=com.nobody.nothing')).toEqual({
      ok: false,
      reason: 'cant_get_app_data',
    });
    const down = liveAppStore(
      clients({
        itunes: {
          lookup: async () => {
            throw new StoreHttpError('answered 503', 503);
          },
        },
      }),
    );
    expect(await down.lookup('https://apps.apple.com/app/id553834731')).toEqual({
      ok: false,
      reason: 'cant_load_data',
    });
  });

  test('a failing search throws StoreUnavailableError; an icon that cannot be fetched is left out', async () => {
    const failing = liveAppStore(
      clients({
        play: {
          search: async () => {
            throw new Error('socket hang up');
          },
        },
      }),
    );
    await expect(failing.search('android', 'candy')).rejects.toBeInstanceOf(StoreUnavailableError);
    const noIcons = liveAppStore(
      clients({
        icon: async () => {
          throw new Error('timeout');
        },
      }),
    );
    const [result] = await noIcons.search('ios', 'candy');
    expect(result!.title).toBe('Candy Crush Saga');
    expect(result!.icon).toBeUndefined();
  });
});
