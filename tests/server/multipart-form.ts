/**
 * Builds multipart/form-data bodies for app.inject (the workspace create/update calls of docs/architecture.md §Endpoints and errors: a `data` JSON field
 * plus an optional `image` file), and small image payloads identified by their magic bytes.
 */
import { randomBytes } from 'node:crypto';
import { jpegOf } from './jpeg-bytes';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Uint8Array };

export function multipartForm(parts: FormPart[]) {
  const boundary = `----questboard-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `data` JSON plus an optional `image` part, as the SPA sends them. */
export function workspaceForm(data: unknown, image?: { filename: string; contentType: string; data: Uint8Array }) {
  const parts: FormPart[] = [{ name: 'data', value: JSON.stringify(data) }];
  if (image) parts.push({ name: 'image', ...image });
  return multipartForm(parts);
}

/** A PNG's signature and IHDR claiming width × height (no pixel data: the server reads only the header). */
export function pngHeaderOf(width: number, height: number): Buffer {
  const ihdr = Buffer.from(PNG_1PX.subarray(0, 33));
  ihdr.writeUInt32BE(width, 16);
  ihdr.writeUInt32BE(height, 20);
  return ihdr;
}
/** A GIF's header claiming a logical screen of width × height. */
export function gifHeaderOf(width: number, height: number): Buffer {
  const gif = Buffer.from(GIF_1PX);
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  return gif;
}

/** A real 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1×1 GIF. */
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A 1×1 JPEG's header (SOI, APP0/JFIF, a SOF0 frame header) and end: the server reads type and size from these bytes. */
export const JPEG_HEAD = jpegOf(1, 1);
/** A WebP header (RIFF….WEBP): an image, but not one of the icon types docs/architecture.md §Endpoints and errors allows. */
export const WEBP_HEAD = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(14),
]);

/** A PNG-signed buffer of exactly `size` bytes (for the 3145728-byte limit). */
export function pngOfSize(size: number) {
  const buffer = Buffer.alloc(size, 0x41);
  PNG_1PX.copy(buffer, 0, 0, Math.min(PNG_1PX.length, size));
  return buffer;
}
