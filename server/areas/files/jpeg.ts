/** JPEG facts read from the bytes (never from a file's name or claimed type): the magic bytes and the SOF dimensions. */
import type { Dimensions } from '../../../src/contracts/images';

export const isJpeg = (bytes: Uint8Array) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): C0–CF except DHT C4, JPG C8 and DAC CC. */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Width and height from the first SOF segment; null when the bytes are not a readable JPEG. */
export function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  if (!isJpeg(bytes)) return null;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    } // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame header
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    if (isSof(marker)) {
      if (at + 8 >= bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}
