import { describe, expect, it } from 'vitest';
import { decodeOrThrow } from '../../../src/contracts/codecs';
import {
  CmsAppDetails,
  CmsDetailsResponse,
  CmsDetailsUpdate,
  Genres,
  CMS_COMPRESSED_MAX_BYTES,
  CMS_COMPRESSED_MAX_MB,
  CMS_COMPRESSION_QUALITY,
  CMS_COMPRESSION_TARGETS,
  CMS_IMAGE_LIMITS,
  CMS_IMAGE_MAX_BYTES,
  CMS_FILE_TOO_LARGE,
  CMS_FILE_TYPE_NOT_SUPPORTED,
  GENRES_MAX,
  CMS_INVALID_IMAGE_FILE,
  NO_DETAILS_FOUND,
  SCREENSHOT_SLOTS,
  UPDATE_DETAILS_FAILED,
  cmsCompressionQualities,
  cmsImageFileError,
  fitWithin,
  imageDimensionsError,
  imageTooLargeMessage,
  keepGenres,
  roundRating,
} from '../../../src/contracts/cms';
import * as fx from '../../fixtures/cms';
import { codecSuite, decodeMessages } from './codec-harness';

const MB = 1024 * 1024;

codecSuite([
  {
    name: 'CmsAppDetails',
    codec: CmsAppDetails,
    fixture: fx.cmsDetails,
    required: ['id', 'title', 'genres', 'shortDescription', 'fullDescription', 'screenshots'],
  },
  { name: 'CmsAppDetails (sparse)', codec: CmsAppDetails, fixture: fx.sparseCmsDetails, required: ['id'] },
  {
    name: 'CmsDetailsResponse',
    codec: CmsDetailsResponse,
    fixture: { success: true, data: fx.cmsDetails },
    required: ['success', 'data', 'data.title'],
    nested: ['data'],
  },
  {
    name: 'CmsDetailsResponse (no details)',
    codec: CmsDetailsResponse,
    fixture: { success: true, data: null },
    required: ['data'],
  },
  {
    name: 'CmsDetailsUpdate',
    codec: CmsDetailsUpdate,
    fixture: fx.cmsUpdate,
    required: ['shortDescription', 'fullDescription'],
  },
]);

describe('CMS app details codec (docs/app-settings.md §Entities)', () => {
  it('keeps only the first 4 genres', () => {
    const details = decodeOrThrow(CmsAppDetails, {
      ...CmsAppDetails.encode(fx.cmsDetails),
      genres: ['A', 'B', 'C', 'D', 'E', 'F'],
    });
    expect(details.genres).toEqual(['A', 'B', 'C', 'D']);
    expect(GENRES_MAX).toBe(4);
    expect(keepGenres(['Puzzle'])).toEqual(['Puzzle']);
    expect(Genres.is(['A', 'B', 'C', 'D', 'E'])).toBe(false);
    expect(Genres.encode(['A', 'B', 'C', 'D', 'E'])).toEqual(['A', 'B', 'C', 'D']);
  });
  it('accepts at most 4 screenshots', () => {
    expect(SCREENSHOT_SLOTS).toBe(4);
    const five = Array.from({ length: 5 }, (_, i) => `https://cdn.example.test/${i}.jpg`);
    expect(decodeMessages(CmsAppDetails, { ...CmsAppDetails.encode(fx.cmsDetails), screenshots: five })).toEqual([
      'screenshots must have at most 4 items',
    ]);
    expect(decodeMessages(CmsDetailsUpdate, { ...fx.cmsUpdate, screenshots: [...five] })).toEqual([
      'screenshots must have at most 4 items',
    ]);
  });
  it('rejects non-string genres, naming the field', () => {
    expect(decodeMessages(CmsAppDetails, { ...CmsAppDetails.encode(fx.cmsDetails), genres: ['Puzzle', 3] })).toEqual([
      'genres must be text',
    ]);
  });
});

describe('rating (docs/app-settings.md §Screens and routes)', () => {
  it('rounds to 1 decimal', () => {
    expect(roundRating(fx.cmsDetails.rating as number)).toBe(4.4);
    expect(roundRating(4.35)).toBe(4.4);
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(4.04)).toBe(4);
    expect(roundRating(5)).toBe(5);
    expect(roundRating(0)).toBe(0);
    expect(roundRating(1.05)).toBe(1.1);
  });
});

describe('CMS image file check (docs/app-settings.md §Rules and limits)', () => {
  it('uses the exact SPEC messages', () => {
    expect(CMS_FILE_TOO_LARGE).toBe('File is too large! Maximum size is 3MB.');
    expect(CMS_FILE_TYPE_NOT_SUPPORTED).toBe('File type not supported! Please upload a JPEG image.');
    expect(CMS_INVALID_IMAGE_FILE).toBe('Invalid image file.');
    expect(NO_DETAILS_FOUND).toBe('No details found for this app.');
    expect(UPDATE_DETAILS_FAILED).toBe('Something went wrong when updating the app details. Try again later!');
  });
  it('accepts a JPEG up to 3 MB', () => {
    expect(CMS_IMAGE_MAX_BYTES).toBe(3 * MB);
    expect(cmsImageFileError({ type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(cmsImageFileError({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(cmsImageFileError({ type: 'IMAGE/JPEG', size: 1000 })).toBeNull();
  });
  it('rejects a JPEG over 3 MB', () => {
    expect(cmsImageFileError({ type: 'image/jpeg', size: 3 * MB + 1 })).toBe('File is too large! Maximum size is 3MB.');
  });
  it('rejects anything but JPEG, before the size', () => {
    expect(cmsImageFileError({ type: 'image/png', size: 1000 })).toBe(
      'File type not supported! Please upload a JPEG image.',
    );
    expect(cmsImageFileError({ type: 'image/webp', size: 5 * MB })).toBe(
      'File type not supported! Please upload a JPEG image.',
    );
    expect(cmsImageFileError({ type: '', size: 10 })).toBe('File type not supported! Please upload a JPEG image.');
  });
});

describe('image dimension check (docs/app-settings.md §Rules and limits)', () => {
  it('limits screenshots to 480 × 640 and the background to 640 × 360', () => {
    expect(CMS_IMAGE_LIMITS).toEqual({
      screenshot: { width: 480, height: 640 },
      background: { width: 640, height: 360 },
    });
    expect(imageDimensionsError('screenshot', { width: 480, height: 640 })).toBeNull();
    expect(imageDimensionsError('screenshot', { width: 300, height: 400 })).toBeNull();
    expect(imageDimensionsError('background', { width: 640, height: 360 })).toBeNull();
  });
  it("answers 'Image must not exceed {w} × {h} pixels.' with the slot's limit", () => {
    expect(imageDimensionsError('screenshot', { width: 481, height: 640 })).toBe(
      'Image must not exceed 480 × 640 pixels.',
    );
    expect(imageDimensionsError('screenshot', { width: 480, height: 641 })).toBe(
      'Image must not exceed 480 × 640 pixels.',
    );
    expect(imageDimensionsError('background', { width: 641, height: 360 })).toBe(
      'Image must not exceed 640 × 360 pixels.',
    );
    expect(imageDimensionsError('background', { width: 640, height: 480 })).toBe(
      'Image must not exceed 640 × 360 pixels.',
    );
    expect(imageTooLargeMessage({ width: 12, height: 34 })).toBe('Image must not exceed 12 × 34 pixels.');
  });
  it("answers 'Invalid image file.' for an unreadable image", () => {
    expect(imageDimensionsError('screenshot', null)).toBe('Invalid image file.');
    expect(imageDimensionsError('background', undefined)).toBe('Invalid image file.');
    expect(imageDimensionsError('background', { width: 0, height: 0 })).toBe('Invalid image file.');
    expect(imageDimensionsError('background', { width: Number.NaN, height: 10 })).toBe('Invalid image file.');
  });
});

describe('recompression (docs/app-settings.md §Rules and limits)', () => {
  it('targets screenshots 460x640 and background 640x360 at most 1 MB', () => {
    expect(CMS_COMPRESSION_TARGETS).toEqual({
      screenshot: { width: 460, height: 640 },
      background: { width: 640, height: 360 },
    });
    expect(CMS_COMPRESSED_MAX_MB).toBe(1);
    expect(CMS_COMPRESSED_MAX_BYTES).toBe(MB);
  });
  it('tries quality 0.8 down to 0.3 in steps of 0.1', () => {
    expect(CMS_COMPRESSION_QUALITY).toEqual({ initial: 0.8, min: 0.3, step: 0.1 });
    expect(cmsCompressionQualities()).toEqual([0.8, 0.7, 0.6, 0.5, 0.4, 0.3]);
  });
  it('fits an image in the box keeping its aspect ratio, never enlarging it', () => {
    expect(fitWithin({ width: 480, height: 640 }, CMS_COMPRESSION_TARGETS.screenshot)).toEqual({
      width: 460,
      height: 613,
    });
    expect(fitWithin({ width: 1280, height: 720 }, CMS_COMPRESSION_TARGETS.background)).toEqual({
      width: 640,
      height: 360,
    });
    expect(fitWithin({ width: 300, height: 200 }, CMS_COMPRESSION_TARGETS.background)).toEqual({
      width: 300,
      height: 200,
    });
    expect(fitWithin({ width: 460, height: 1280 }, CMS_COMPRESSION_TARGETS.screenshot)).toEqual({
      width: 230,
      height: 640,
    });
  });
});
