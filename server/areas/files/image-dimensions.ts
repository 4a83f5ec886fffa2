/**
 * Pixel dimensions read from an image's own header bytes (never from its name or claimed type), for every type an
 * upload may be: PNG (IHDR), JPEG (the first frame header, jpeg.ts), GIF (the logical screen) and WebP (VP8, VP8L,
 * VP8X). A browser allocates width × height × 4 bytes to show an image, so a small file can claim a huge canvas.
 */
import type { Dimensions } from '../../../src/contracts/images';
import { iconDimensionsError } from '../../../src/contracts/workspace';
import { invalid } from '../../errors';
import type { UploadedImage } from './files';
import { jpegDimensions } from './jpeg';

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  text.split('').every((c, i) => bytes[at + i] === c.charCodeAt(0));
const positive = (width: number, height: number): Dimensions | null =>
  width > 0 && height > 0 ? { width, height } : null;

function pngDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 24 || bytes[0] !== 0x89 || !ascii(bytes, 1, 'PNG') || !ascii(bytes, 12, 'IHDR')) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return positive(view.getUint32(16), view.getUint32(20));
}

function gifDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 10 || !(ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))) return null;
  return positive(bytes[6]! | (bytes[7]! << 8), bytes[8]! | (bytes[9]! << 8));
}

function webpDimensions(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 30 || !ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WEBP')) return null;
  const b = (i: number) => bytes[i]!;
  if (ascii(bytes, 12, 'VP8 ')) return positive((b(26) | (b(27) << 8)) & 0x3fff, (b(28) | (b(29) << 8)) & 0x3fff);
  if (ascii(bytes, 12, 'VP8L')) {
    const bits = b(21) | (b(22) << 8) | (b(23) << 16) | (b(24) << 24);
    return positive((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(bytes, 12, 'VP8X'))
    return positive((b(24) | (b(25) << 8) | (b(26) << 16)) + 1, (b(27) | (b(28) << 8) | (b(29) << 16)) + 1);
  return null;
}

/** Width and height from the bytes of a PNG, JPEG, GIF or WebP; null when they cannot be read. */
export function imageDimensions(bytes: Uint8Array): Dimensions | null {
  return pngDimensions(bytes) ?? jpegDimensions(bytes) ?? gifDimensions(bytes) ?? webpDimensions(bytes);
}

/** Workspace and app icons: refused (400 naming the field) when unreadable or larger than ICON_MAX_DIMENSIONS. */
export function checkIconDimensions(image: UploadedImage, field = 'image'): void {
  const problem = iconDimensionsError(imageDimensions(image.bytes));
  if (problem) throw invalid(problem, [field]);
}
