/**
 * CMS app details: the store-facing details of an app edited in Settings → Details (docs/app-settings.md §Screens and routes App Details tab, §Entities CMS app
 * details, §Rules and limits CMS images and image dimension check, §API endpoints update CMS details, §Messages app details, §Rules and limits CMS images and genres).
 *
 * Image pipeline (pure parts here; the browser work lives in services): a dropped file must be a JPEG of at most 3 MB
 * (`cmsImageFileError`); once loaded, its dimensions must not exceed the slot's limit (`imageDimensionsError`:
 * screenshots 480×640, background 640×360, w×h); then it is recompressed to JPEG within the recompression box
 * (screenshots 460x640, background 640x360), at most 1 MB, trying quality 0.8 down to 0.3 in steps of 0.1.
 * docs/app-settings.md §Rules and limits also says "wider than 640 or taller than 480 is invalid" regardless of slot; we apply each slot's own limit,
 * which is what the message 'Image must not exceed {w} × {h} pixels.' names. Whether the check blocks is the caller's call.
 *
 * docs/app-settings.md §API endpoints shows no path; ours (app routes):
 *   GET  /api/app/:appId/details  → CmsDetailsResponse (data null: 'No details found for this app.')   (viewer)
 *   POST /api/app/:appId/details  multipart: `data` (CmsDetailsUpdate JSON), `screenshots` (JPEG files, repeated),
 *                                 `backgroundImage` (JPEG file, optional) → SuccessMessage                (editor)
 *   Uploaded `screenshots` files fill the null slots of data.screenshots in order (or make the whole list when
 *   data.screenshots is absent); an uploaded backgroundImage replaces data.backgroundImage.
 */
import * as t from 'io-ts';
import { map } from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { struct, nullable, boundedString, line, MAX, AppParams, SuccessMessage } from './codecs';
import { endpoint, multipart } from './endpoint';
import { maxItems } from './validation';
import { dimensionsError, type Dimensions } from './images';

export { type Dimensions, INVALID_IMAGE_FILE as CMS_INVALID_IMAGE_FILE } from './images';

// ---------------------------------------------------------------- constants (docs/app-settings.md §Screens and routes, §Rules and limits, §Messages, §Rules and limits)

export const GENRES_MAX = 4;
export const SCREENSHOT_SLOTS = 4;

export const CMS_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const CMS_IMAGE_TYPES = ['image/jpeg', 'image/jpg'] as const;
export const CMS_IMAGE_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'] } as const;

export type CmsImageKind = 'screenshot' | 'background';
/** Largest image accepted per slot (docs/app-settings.md §Rules and limits), width × height. */
export const CMS_IMAGE_LIMITS: Record<CmsImageKind, Dimensions> = {
  screenshot: { width: 480, height: 640 },
  background: { width: 640, height: 360 },
};
/** Recompression box per slot (docs/app-settings.md §Rules and limits), width x height. */
export const CMS_COMPRESSION_TARGETS: Record<CmsImageKind, Dimensions> = {
  screenshot: { width: 460, height: 640 },
  background: { width: 640, height: 360 },
};
export const CMS_COMPRESSED_MAX_MB = 1;
export const CMS_COMPRESSED_MAX_BYTES = CMS_COMPRESSED_MAX_MB * 1024 * 1024;
export const CMS_COMPRESSED_TYPE = 'image/jpeg';
export const CMS_COMPRESSION_QUALITY = { initial: 0.8, min: 0.3, step: 0.1 } as const;

/** Qualities to try in order: 0.8, 0.7, 0.6, 0.5, 0.4, 0.3 (rounded, no float drift). */
export function cmsCompressionQualities(): number[] {
  const { initial, min, step } = CMS_COMPRESSION_QUALITY;
  const qualities: number[] = [];
  for (let i = 0; ; i++) {
    const quality = Math.round((initial - i * step) * 10) / 10;
    if (quality < min) return qualities;
    qualities.push(quality);
  }
}

export const CMS_FILE_TOO_LARGE = 'File is too large! Maximum size is 3MB.';
export const CMS_FILE_TYPE_NOT_SUPPORTED = 'File type not supported! Please upload a JPEG image.';
export const imageTooLargeMessage = (limit: Dimensions) =>
  `Image must not exceed ${limit.width} × ${limit.height} pixels.`;
export const NO_DETAILS_FOUND = 'No details found for this app.';
export const UPDATE_DETAILS_FAILED = 'Something went wrong when updating the app details. Try again later!';

// ---------------------------------------------------------------- entity (docs/app-settings.md §Entities)

/** Genres as received: only the first 4 are kept (decode truncates; encode passes through). */
export const keepGenres = (genres: readonly string[]): string[] => genres.slice(0, GENRES_MAX);
const StringList = t.array(t.string);
export const Genres = new t.Type<string[], string[], unknown>(
  'Genres',
  (u): u is string[] => StringList.is(u) && u.length <= GENRES_MAX,
  (u, c) => pipe(StringList.validate(u, c), map(keepGenres)),
  (a) => keepGenres(a),
);

/** Screenshot URLs, at most 4 (one per slot). */
export const Screenshots = maxItems(t.string, SCREENSHOT_SLOTS, 'Screenshots');

export const CmsAppDetails = struct(
  {
    id: t.string,
    title: t.string,
    genres: Genres,
    shortDescription: t.string,
    fullDescription: t.string,
    screenshots: Screenshots,
  },
  { icon: nullable(t.string), rating: nullable(t.number), backgroundImage: nullable(t.string) },
  'CmsAppDetails',
);
export type CmsAppDetails = t.TypeOf<typeof CmsAppDetails>;

/** Rating shown rounded to 1 decimal (docs/app-settings.md §Screens and routes), half away from zero without float drift (4.35 → 4.4). */
export function roundRating(rating: number): number {
  if (!Number.isFinite(rating)) return rating;
  return Math.round(Number((rating * 10).toPrecision(12))) / 10;
}

// ---------------------------------------------------------------- calls (docs/app-settings.md §API endpoints, paths ours)

export const CmsDetailsResponse = struct(
  { success: t.boolean, data: nullable(CmsAppDetails) },
  { message: t.string },
  'CmsDetailsResponse',
);
export type CmsDetailsResponse = t.TypeOf<typeof CmsDetailsResponse>;

/** The `data` part of the update: text fields, kept screenshot URLs per slot (null: filled by an upload or emptied). */
export const CmsDetailsUpdate = struct(
  { shortDescription: boundedString(MAX.text), fullDescription: boundedString(MAX.text) },
  {
    screenshots: maxItems(nullable(line(MAX.url)), SCREENSHOT_SLOTS, 'ScreenshotSlots'),
    backgroundImage: nullable(line(MAX.url)),
  },
  'CmsDetailsUpdate',
);
export type CmsDetailsUpdate = t.TypeOf<typeof CmsDetailsUpdate>;
export const CmsDetailsParts = multipart({
  json: { data: CmsDetailsUpdate },
  files: ['backgroundImage'],
  fileLists: ['screenshots'],
});

export const DETAILS_UPDATED = 'App details saved.';

export const cmsEndpoints = {
  getDetails: endpoint({
    method: 'GET',
    path: '/api/app/:appId/details',
    params: AppParams,
    response: CmsDetailsResponse,
  }),
  updateDetails: endpoint({
    method: 'POST',
    path: '/api/app/:appId/details',
    params: AppParams,
    body: CmsDetailsParts,
    response: SuccessMessage,
  }),
};

// ---------------------------------------------------------------- image checks (docs/app-settings.md §Rules and limits)

export interface FileInfo {
  size: number;
  type: string;
}

/** Type first, then size (the order react-dropzone reports): null when the file may be used. */
export function cmsImageFileError(file: FileInfo): string | null {
  if (!(CMS_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return CMS_FILE_TYPE_NOT_SUPPORTED;
  if (file.size > CMS_IMAGE_MAX_BYTES) return CMS_FILE_TOO_LARGE;
  return null;
}

/** Dimension check on image load: null dimensions mean the file could not be read as an image. */
export function imageDimensionsError(kind: CmsImageKind, dimensions: Dimensions | null | undefined): string | null {
  const limit = CMS_IMAGE_LIMITS[kind];
  return dimensionsError(dimensions, limit, imageTooLargeMessage(limit));
}

/** Size of an image scaled down (never up) to fit a box, keeping its aspect ratio (for recompression). */
export function fitWithin(dimensions: Dimensions, box: Dimensions): Dimensions {
  const scale = Math.min(1, box.width / dimensions.width, box.height / dimensions.height);
  return {
    width: Math.max(1, Math.min(box.width, Math.round(dimensions.width * scale))),
    height: Math.max(1, Math.min(box.height, Math.round(dimensions.height * scale))),
  };
}

/**
 * The recompression loop (docs/app-settings.md §Rules and limits): encode at each quality of `cmsCompressionQualities()` (0.8 down to 0.3) until
 * the result is at most `maxBytes`; when none fits, the smallest-quality result is kept (the server's 3 MB check still
 * applies). `encode` does the browser work (services/cms-images.service.ts); this loop stays pure and unit-tested.
 */
export async function compressWithQualities<B extends { size: number }>(
  encode: (quality: number) => Promise<B>,
  maxBytes: number = CMS_COMPRESSED_MAX_BYTES,
): Promise<{ blob: B; quality: number }> {
  let last: { blob: B; quality: number } | null = null;
  for (const quality of cmsCompressionQualities()) {
    last = { blob: await encode(quality), quality };
    if (last.blob.size <= maxBytes) return last;
  }
  return last!;
}
