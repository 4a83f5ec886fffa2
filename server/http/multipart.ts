/**
 * Reads a multipart request into text fields and file buffers. The per-file size limit is enforced by
 * @fastify/multipart while streaming (413 'File is too large!'); the content type is then checked by content.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

export interface UploadedFile {
  filename: string;
  buffer: Buffer;
  /** Detected from the bytes, never from the client's claim. */
  detectedType: string | null;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export async function readMultipart(req: FastifyRequest): Promise<MultipartBody> {
  if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data request.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      files[part.fieldname] = { filename: part.filename, buffer, detectedType: sniffImageType(buffer) };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}

/** Image type from magic bytes: PNG, JPEG, GIF or WebP; null for anything else. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

export function parseJsonField(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined) throw badRequest(`${name} is required`, [name]);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${name} must be valid JSON`, [name]);
  }
}
