/**
 * OUR type of Apple's iTunes Search / Lookup answers for apps (https://itunes.apple.com/search?entity=software and
 * /lookup?id=), not Apple's: Apple publishes no TypeScript types for this API, and its documentation
 * (https://performance-partners.apple.com/search-api, "Understanding search results") lists the fields every result
 * shares (wrapperType, kind, trackId, trackName, trackCensoredName, artistId, artistName, artistViewUrl, trackViewUrl,
 * artworkUrl60 / artworkUrl100, currency, primaryGenreName, releaseDate, ...) with a music example only. The
 * software-only fields below (bundleId, sellerName, screenshotUrls, ...) are the names Apple's answers carry, written
 * from those answers, not from a published schema. Fields marked optional are left out of some listings (no seller
 * site, no release notes, no ratings yet). The live adapter (live.ts) reads a few of them; the recorded answers in
 * tests/fixtures/app-store are checked against this type (docs/engineering/testing.md).
 */

/** One app in an iTunes Search / Lookup answer (`wrapperType: "software"`). */
export interface ItunesSoftwareResult {
  wrapperType: 'software';
  kind: 'software' | 'mac-software';
  trackId: number;
  trackName: string;
  trackCensoredName?: string;
  bundleId: string;
  artistId?: number;
  artistName: string;
  artistViewUrl?: string;
  sellerName: string;
  sellerUrl?: string;
  trackViewUrl: string;
  artworkUrl60?: string;
  artworkUrl100: string;
  artworkUrl512?: string;
  screenshotUrls?: string[];
  ipadScreenshotUrls?: string[];
  appletvScreenshotUrls?: string[];
  description?: string;
  releaseNotes?: string;
  version?: string;
  releaseDate?: string;
  currentVersionReleaseDate?: string;
  price?: number;
  formattedPrice?: string;
  currency?: string;
  primaryGenreName?: string;
  primaryGenreId?: number;
  genres?: string[];
  genreIds?: string[];
  contentAdvisoryRating?: string;
  trackContentRating?: string;
  advisories?: string[];
  averageUserRating?: number;
  userRatingCount?: number;
  averageUserRatingForCurrentVersion?: number;
  userRatingCountForCurrentVersion?: number;
  minimumOsVersion?: string;
  fileSizeBytes?: string;
  languageCodesISO2A?: string[];
  supportedDevices?: string[];
  features?: string[];
  isGameCenterEnabled?: boolean;
  isVppDeviceBasedLicensingEnabled?: boolean;
}

/** The whole answer of a search or a lookup (an id that names no app: `resultCount: 0`, `results: []`). */
export interface ItunesSearchAnswer {
  resultCount: number;
  results: ItunesSoftwareResult[];
}
