/**
 * Multipart bodies on the route side: reads a multipart/form-data request into text fields and file buffers, then
 * decodes the parts an endpoint declares (src/contracts/endpoint.ts `multipart`) into plain values for the handler:
 * JSON and text parts through their codecs (400 naming the part), files with their type detected from the bytes.
 * The per-file size limit is enforced by @fastify/multipart while streaming (413 'File is too large!').
 * Parts the endpoint does not declare are ignored. A body that is not valid multipart (no boundary, cut short) is a 400.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '../../src/contracts/endpoint';
import { invalid } from '../errors';
import { decodeInput } from './decode';

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** Detected from the bytes, never from the client's claim. */
  detectedType: string | null;
}

export interface RawMultipart {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
  /** Every file part in the order sent, by name (for repeated parts). */
  fileLists: Record<string, UploadedFile[]>;
}

export const NOT_MULTIPART = 'The request is not valid multipart/form-data.';

/** Errors of the multipart parser that are the client's doing but carry no status of their own (e.g. no boundary). */
const isParserError = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return error instanceof Error && (status === undefined || status === 500);
};

export async function readMultipart(req: FastifyRequest): Promise<RawMultipart> {
  if (!req.isMultipart()) throw invalid('Expected a multipart/form-data request.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const fileLists: Record<string, UploadedFile[]> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const file = { filename: part.filename, bytes, detectedType: sniffImageType(bytes) };
        files[part.fieldname] = file;
        (fileLists[part.fieldname] ??= []).push(file);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // Limits (413 file too large, 4xx too many parts) keep their own answer; a broken body is a 400.
    if (isParserError(error)) throw invalid(NOT_MULTIPART);
    throw error;
  }
  return { fields, files, fileLists };
}

/** Image type from magic bytes: PNG, JPEG, GIF or WebP; null for anything else. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'image/webp';
  return null;
}

function required(fields: Record<string, string>, name: string): string {
  const raw = fields[name];
  if (raw === undefined) throw invalid(`${name} is required`, [name]);
  return raw;
}

function parseJson(raw: string, name: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(`${name} must be valid JSON`, [name]);
  }
}

/** The declared parts of a multipart body: `{ [json or text part]: decoded value, [file part]?: UploadedFile }`. */
export function decodeMultipart(spec: Multipart, raw: RawMultipart): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, codec] of Object.entries(spec.json))
    body[name] = decodeInput(codec, parseJson(required(raw.fields, name), name), name);
  for (const [name, codec] of Object.entries(spec.text))
    body[name] = decodeInput(codec, required(raw.fields, name), name);
  for (const name of spec.files) if (raw.files[name]) body[name] = raw.files[name];
  for (const name of spec.fileLists ?? []) if (raw.fileLists[name]) body[name] = raw.fileLists[name];
  return body;
}
