/**
 * What a partner's postback format turns a request into, and the small parsers formats share. A format
 * (in its partner's folder, server/areas/integrations/<source>/postback-format.ts, listed in
 * server/areas/integrations/postback-formats.ts and handed to this area through its ports) reads the request's flat fields (query and body
 * merged, as text) and answers a normalized postback, or why it refused it (the endpoint answers 400 and stores nothing).
 */
import { createHash } from 'node:crypto';
import type { PluginType } from '../../../src/contracts/plugin';
import type { ServerContext } from '../../context';

export interface NormalizedPostback {
  /** Same for a retried delivery of the same event: the row is stored once per app, source and key. */
  idempotencyKey: string;
  eventName: string;
  value: string | null;
  revenue: number | null;
  currency: string | null;
  advertisingId: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  installTime: Date | null;
  eventTime: Date | null;
  /** The player's device address as the partner saw it, and the media source (network) that brought the player (docs/acquire.md §Fraud holds). */
  clientAddress?: string | null;
  mediaSource?: string | null;
}

/** The request's parameters, query and body merged (the body wins), every value as text. */
export type PostbackFields = Readonly<Record<string, string>>;

export type ParseResult =
  | { ok: true; postback: NormalizedPostback }
  | { ok: false; reason: string; eventName: string | null; advertisingId: string | null };

export interface PostbackFormat {
  /** The plugin whose postbacks these are; a postback for an app without it (or disconnected) is refused. */
  pluginType: PluginType;
  parse(fields: PostbackFields): ParseResult;
  /**
   * Optional second step that needs the database (Adjust: the event token → the name in the app's events file).
   * Answers the postback to store, or the reason it is refused (logged; the endpoint answers 400, nothing stored).
   */
  resolve?(ctx: ServerContext, appId: string, postback: NormalizedPostback): Promise<NormalizedPostback | string>;
  /** What the partner is given when its URL carries the partner's placeholders (Adjust's callback template). */
  urlTemplate?(url: string): string;
}

/** Thrown by the helpers below; the format's parse catches it as a refusal with this reason. */
export class PostbackRefusal extends Error {}
const refuse = (reason: string): never => {
  throw new PostbackRefusal(reason);
};

/** An optional single-line value (trimmed; empty → null), at most `max` characters. */
export function text(fields: PostbackFields, name: string, max = 100): string | null {
  const raw = fields[name];
  if (raw === undefined) return null;
  const value = raw.trim();
  if (value === '') return null;
  if (value.length > max) refuse(`${name} is longer than ${max} characters`);
  // oxlint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(value)) refuse(`${name} must be a single line`);
  return value;
}
export function required(fields: PostbackFields, name: string, max = 100): string {
  return text(fields, name, max) ?? refuse(`${name} is missing`);
}

/** A device id: no whitespace, at most 64 characters. */
export function deviceId(fields: PostbackFields, name: string): string | null {
  const value = text(fields, name, 64);
  if (value !== null && /\s/.test(value)) refuse(`${name} must not contain whitespace`);
  return value;
}

const EARLIEST = Date.UTC(2000, 0, 1);
/** A time: 'YYYY-MM-DD HH:mm:ss[.SSS]' (UTC, or ISO 8601 with a zone), or Unix seconds / milliseconds. */
export function time(fields: PostbackFields, name: string): Date | null {
  const value = text(fields, name, 40);
  if (value === null) return null;
  let ms: number;
  if (/^\d{9,13}$/.test(value)) ms = value.length > 10 ? Number(value) : Number(value) * 1000;
  else {
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
    if (!match) return refuse(`${name} is not a time`);
    ms = Date.parse(`${match[1]}T${match[2]!.slice(0, 12)}${match[3] ?? 'Z'}`);
  }
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > Date.UTC(2100, 0, 1)) return refuse(`${name} is not a time`);
  return new Date(ms);
}

/** A signed decimal amount (a refund is negative). */
export function amount(fields: PostbackFields, name: string): number | null {
  const value = text(fields, name, 32);
  if (value === null) return null;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return refuse(`${name} is not a number`);
  const n = Number(value);
  return Number.isFinite(n) ? n : refuse(`${name} is not a number`);
}

/** An ISO 4217 code (three letters, upper-cased). */
export function currency(fields: PostbackFields, name: string): string | null {
  const value = text(fields, name, 8);
  if (value === null) return null;
  if (!/^[A-Za-z]{3}$/.test(value)) refuse(`${name} is not a currency code`);
  return value.toUpperCase();
}

/** The idempotency key of a delivery: a hash of the parts that identify the event. */
export const keyOf = (parts: readonly (string | number | null | undefined)[]) =>
  createHash('sha256')
    .update(parts.map((part) => (part === null || part === undefined ? '' : String(part))).join('\u0000'))
    .digest('base64url');

/** What could be read for the log of a refused postback, or null. */
const safe = <T>(get: () => T): T | null => {
  try {
    return get();
  } catch {
    return null;
  }
};

/** The event name of an install: partners report installs apart from in-app events; they count like one. */
export const INSTALL_EVENT = 'install';

/** A macro the partner left as it was: `{event}`, or URL-encoded once more on the way (`%7Bevent%7D`). */
const PLACEHOLDER = /^(?:\{|%7B)([A-Za-z0-9_]{1,64})(?:\}|%7D)$/i;
const placeholderOf = (value: string) => PLACEHOLDER.exec(value.trim())?.[1] ?? null;

/**
 * A partner's fields read by a format: a placeholder left unreplaced counts as absent (Adjust leaves `{idfa}` as it is
 * on Android), unless it stands in a field the format cannot do without (`essential`): then the request is the
 * template itself, opened by hand or sent before the partner filled it in, and is refused saying so.
 */
export function parsePartnerFields(
  raw: PostbackFields,
  essential: (raw: PostbackFields) => readonly string[],
  read: (fields: PostbackFields) => NormalizedPostback,
  device: (fields: PostbackFields) => string | null,
): ParseResult {
  const fields: Record<string, string> = {};
  const left: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const placeholder = placeholderOf(value);
    if (placeholder === null) fields[name] = value;
    else left.push(`{${placeholder}}`);
  }
  const needed = essential(raw).filter((name) => Object.hasOwn(raw, name) && placeholderOf(raw[name]!) !== null);
  if (needed.length > 0) {
    const shown = left.length > 5 ? `${left.slice(0, 5).join(', ')} and ${left.length - 5} more` : left.join(', ');
    return {
      ok: false,
      reason: `placeholders were not replaced: ${shown}`,
      eventName: null,
      advertisingId: safe(() => device(fields)),
    };
  }
  return parseWith(
    fields,
    () => read(fields),
    () => device(fields),
  );
}

/** Runs a format's reading, turning a PostbackRefusal into a refused result (with what could be read for the log). */
function parseWith(fields: PostbackFields, read: () => NormalizedPostback, device: () => string | null): ParseResult {
  try {
    return { ok: true, postback: read() };
  } catch (error) {
    if (!(error instanceof PostbackRefusal)) throw error;
    return {
      ok: false,
      reason: error.message,
      eventName: safe(() => text(fields, 'event_name')),
      advertisingId: safe(device),
    };
  }
}
