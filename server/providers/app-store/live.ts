/**
 * The live app store adapter (APP_STORE=live): the App Store through Apple's public iTunes Search and Lookup API
 * (https://itunes.apple.com/search?entity=software, /lookup?id=), Google Play through `google-play-scraper`
 * (search, app). Store icons are fetched by the server and handed to the SPA as data: URLs (the page's CSP allows no
 * outside images, and Create app uploads the icon bytes); an icon that cannot be fetched is left out.
 *
 * Lookup outcomes: a URL that is not a store listing → invalid_url; the store answering 404 / no result, or an answer
 * without the app's fields → cant_get_app_data; the store not reachable or answering another error → cant_load_data.
 * The clients are injected (tests/unit/app-store.test.ts drives them with recorded responses; nothing here
 * reaches the network in tests).
 */
import { APP_ICON_MAX_BYTES, parseStoreUrl, type AppSearchResult } from '../../../src/contracts/apps';
import type { IAppItem, IAppItemFullDetail } from 'google-play-scraper';
import type { ItunesSoftwareResult } from './itunes-types';
import { SEARCH_LIMIT, StoreUnavailableError, type AppStoreProvider, type LookupOutcome } from './provider';

/**
 * The parts of an iTunes Search/Lookup answer we read, from our type of Apple's answer (itunes-types.ts: Apple
 * publishes none); all optional here, since an answer without them is refused below, not trusted.
 */
export type ItunesSoftware = Partial<
  Pick<
    ItunesSoftwareResult,
    | 'trackId'
    | 'trackName'
    | 'bundleId'
    | 'sellerName'
    | 'artistName'
    | 'trackViewUrl'
    | 'artworkUrl100'
    | 'artworkUrl512'
    | 'description'
  >
>;
export interface ItunesAnswer {
  resultCount: number;
  results: ItunesSoftware[];
}
/** The fields we read of google-play-scraper's own types: a search item (IAppItem) or an app's details. */
export type PlayApp = Pick<IAppItem, 'appId' | 'title' | 'url'> &
  Partial<Pick<IAppItemFullDetail, 'icon' | 'developer' | 'summary' | 'description'>>;

export interface LiveClients {
  itunes: {
    search: (term: string, limit: number) => Promise<ItunesAnswer>;
    lookup: (id: string) => Promise<ItunesAnswer>;
  };
  play: { search: (term: string, num: number) => Promise<PlayApp[]>; app: (appId: string) => Promise<PlayApp> };
  /** An icon's bytes and type, or null. */
  icon: (url: string) => Promise<{ bytes: Uint8Array; type: string } | null>;
}

/** An HTTP failure of a store client, with the status when the store answered. */
export class StoreHttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StoreHttpError';
  }
}

const statusOf = (error: unknown) => (error as { status?: unknown })?.status;

async function withIcon(
  result: AppSearchResult,
  source: string | undefined,
  icon: LiveClients['icon'],
): Promise<AppSearchResult> {
  if (!source) return result;
  try {
    const fetched = await icon(source);
    if (!fetched || fetched.bytes.length > APP_ICON_MAX_BYTES || !/^image\/(png|jpeg|gif)$/.test(fetched.type))
      return result;
    const imageBase64 = Buffer.from(fetched.bytes).toString('base64');
    return { ...result, icon: `data:${fetched.type};base64,${imageBase64}`, imageBase64 };
  } catch {
    return result;
  }
}

export function fromItunes(item: ItunesSoftware): { result: AppSearchResult; iconUrl?: string } | null {
  if (!item.trackId || !item.trackName || !item.bundleId) return null;
  const id = String(item.trackId);
  const url = item.trackViewUrl ?? `https://apps.apple.com/app/id${id}`;
  return {
    result: {
      appId: id,
      title: item.trackName,
      name: item.trackName,
      platform: 'ios',
      developer: item.sellerName ?? item.artistName ?? '',
      description: item.description ?? '',
      url,
      appUrl: url,
      appleBundleId: item.bundleId,
      applePackageName: id,
    },
    iconUrl: item.artworkUrl100 ?? item.artworkUrl512,
  };
}

/** A Play icon at 96 px (Google's image URLs take a size suffix), so search answers stay small. */
export const playIconUrl = (icon: string) =>
  /googleusercontent\.com\//.test(icon) ? `${icon.replace(/=[a-z0-9-]+$/i, '')}=s96` : icon;

export function fromPlay(app: PlayApp): { result: AppSearchResult; iconUrl?: string } | null {
  if (!app.appId || !app.title) return null;
  const url = app.url || `https://play.google.com/store/apps/details?id=${app.appId}`;
  return {
    result: {
      appId: app.appId,
      title: app.title,
      name: app.title,
      platform: 'android',
      developer: app.developer ?? '',
      description: app.description ?? app.summary ?? '',
      url,
      appUrl: url,
      androidPackageName: app.appId,
    },
    iconUrl: app.icon ? playIconUrl(app.icon) : undefined,
  };
}

export function liveAppStore(clients: LiveClients): AppStoreProvider {
  const finish = async (mapped: ReturnType<typeof fromPlay>[]) =>
    Promise.all(
      mapped
        .filter((m): m is NonNullable<typeof m> => m !== null)
        .slice(0, SEARCH_LIMIT)
        .map((m) => withIcon(m.result, m.iconUrl, clients.icon)),
    );
  return {
    catalogue: 'store',
    async search(platform, query) {
      try {
        if (platform === 'ios')
          return await finish((await clients.itunes.search(query, SEARCH_LIMIT)).results.map(fromItunes));
        return await finish((await clients.play.search(query, SEARCH_LIMIT)).map(fromPlay));
      } catch (error) {
        throw new StoreUnavailableError(
          `${platform === 'ios' ? 'App Store' : 'Google Play'} search failed: ${(error as Error).message}`,
        );
      }
    },
    async lookup(url): Promise<LookupOutcome> {
      const parsed = parseStoreUrl(url);
      if (!parsed) return { ok: false, reason: 'invalid_url' };
      let mapped: ReturnType<typeof fromPlay>;
      try {
        if (parsed.platform === 'ios') {
          const answer = await clients.itunes.lookup(parsed.storeId);
          if (!answer || !Array.isArray(answer.results)) return { ok: false, reason: 'cant_get_app_data' };
          mapped = answer.results.length ? fromItunes(answer.results[0]!) : null;
        } else {
          mapped = fromPlay(await clients.play.app(parsed.storeId));
        }
      } catch (error) {
        return { ok: false, reason: statusOf(error) === 404 ? 'cant_get_app_data' : 'cant_load_data' };
      }
      if (!mapped) return { ok: false, reason: 'cant_get_app_data' };
      return { ok: true, app: await withIcon(mapped.result, mapped.iconUrl, clients.icon) };
    },
  };
}

const TIMEOUT_MS = 8000;
async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!res.ok) throw new StoreHttpError(`${url} answered ${res.status}`, res.status);
  return res.json();
}

/** The real clients: fetch for iTunes and icons, google-play-scraper (loaded on first use) for Google Play. */
export function realClients(country = 'us'): LiveClients {
  const itunes = 'https://itunes.apple.com';
  const play = () => import('google-play-scraper').then((m) => m.default);
  return {
    itunes: {
      search: async (term, limit) =>
        (await getJson(
          `${itunes}/search?${new URLSearchParams({ term, entity: 'software', limit: String(limit), country }).toString()}`,
        )) as ItunesAnswer,
      lookup: async (id) =>
        (await getJson(`${itunes}/lookup?${new URLSearchParams({ id, country }).toString()}`)) as ItunesAnswer,
    },
    play: {
      search: async (term, num) => (await play()).search({ term, num, country }),
      app: async (appId) => (await play()).app({ appId, country }),
    },
    async icon(url) {
      if (!url.startsWith('https://')) return null;
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) return null;
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, type: (res.headers.get('content-type') ?? '').split(';')[0]!.trim() };
    },
  };
}
