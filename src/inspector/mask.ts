/**
 * Masking for the flow inspector: turns any inspected value (machine context, event payloads, actor input, output
 * and errors) into a plain, structured-cloneable copy in which secrets and file contents are replaced by a marker,
 * so nothing sensitive leaves the page (Stately window) or reaches the built-in panel's DOM.
 *
 * - By key name (case-insensitive): password, token, secret, credential, authorization, cookie, api key, private
 *   (key), auth, key, signature, file/blob/attachment… The whole value under such a key is masked, except
 *   booleans, null and undefined, which carry no secret (`hasToken: true` stays readable).
 * - By value, under any key: File/Blob, ArrayBuffer and typed arrays, data: URLs, PEM private keys, bearer/basic
 *   credentials, JWTs, Google OAuth tokens and API keys, JSON text holding credentials (a service-account key
 *   file), long base64 and long random token-like strings.
 *
 * The input is never mutated; cycles become "[Circular]", very deep or very large values are cut short.
 */

import { isSecretValue, isSensitiveKey, MASKED } from '../contracts/secrets';

export { isSensitiveKey, MASKED };
const CIRCULAR = '[Circular]';
const TOO_DEEP = '[…]';

const MAX_DEPTH = 12;
const MAX_ITEMS = 50;
const MAX_KEYS = 100;
const MAX_STRING = 2000;

/** Long runs of base64 (file contents pasted or read as text). */
const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$|^[A-Za-z0-9_-]+={0,2}$/;
/** Random-looking opaque tokens: no spaces, token alphabet, digits and both letter cases. */
const TOKEN_LIKE = /^[A-Za-z0-9._~+/-]+=*$/;

function maskString(value: string): string {
  if (/^data:/i.test(value)) {
    const type = /^data:([^;,]*)/i.exec(value)?.[1] || 'unknown type';
    return `[masked data URL (${type}), ${value.length} chars]`;
  }
  if (isSecretValue(value)) return MASKED;
  if (value.length >= 100 && BASE64.test(value)) return `[masked base64, ${value.length} chars]`;
  if (value.length >= 32 && TOKEN_LIKE.test(value) && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value)) {
    return MASKED;
  }
  return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} chars)` : value;
}

const size = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${bytes} B`);

/** Binary values (file contents) under any key; undefined when the value is not binary. */
function maskBinary(value: object): string | undefined {
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const kind = typeof File !== 'undefined' && value instanceof File ? 'File' : 'Blob';
    return `[masked ${kind}${value.type ? ` ${value.type}` : ''}, ${size(value.size)}]`;
  }
  if (
    value instanceof ArrayBuffer ||
    (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer)
  ) {
    return `[masked ArrayBuffer, ${size(value.byteLength)}]`;
  }
  if (ArrayBuffer.isView(value)) return `[masked ${value.constructor?.name ?? 'binary'}, ${size(value.byteLength)}]`;
  return undefined;
}

/** Actor references (children in a snapshot, sourceRef…) are shown by id only. */
const isActorRef = (value: object): value is { id: string; sessionId: string } =>
  typeof (value as { sessionId?: unknown }).sessionId === 'string' &&
  typeof (value as { send?: unknown }).send === 'function';

export interface MaskOptions {
  /** Mask by key name (default). Off for values whose keys are not data, such as a state value's state names. */
  keys?: boolean;
}

/** A masked, plain (JSON- and structured-clone-safe) copy of any value. */
export function mask(value: unknown, options: MaskOptions = {}): unknown {
  const byKey = options.keys !== false;
  const ancestors = new WeakSet<object>();

  const visit = (current: unknown, depth: number): unknown => {
    switch (typeof current) {
      case 'string':
        return maskString(current);
      case 'number':
        return Number.isFinite(current) ? current : String(current);
      case 'boolean':
        return current;
      case 'bigint':
        return `${current}n`;
      case 'undefined':
        return undefined;
      case 'symbol':
        return current.toString();
      case 'function':
        return `[function ${current.name || 'anonymous'}]`;
    }
    if (current === null) return null;
    const object = current as object;
    const binary = maskBinary(object);
    if (binary) return binary;
    if (ancestors.has(object)) return CIRCULAR;
    if (isActorRef(object)) return `[actor ${object.id}]`;
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (object instanceof RegExp) return object.toString();
    if (depth >= MAX_DEPTH) return TOO_DEEP;

    ancestors.add(object);
    try {
      if (object instanceof Error) {
        return withEntries(
          { name: object.name, message: object.message, ...(object as unknown as Record<string, unknown>) },
          depth,
        );
      }
      if (Array.isArray(object)) {
        const items = object.slice(0, MAX_ITEMS).map((item) => visit(item, depth + 1) ?? null);
        if (object.length > MAX_ITEMS) items.push(`[… ${object.length - MAX_ITEMS} more items]`);
        return items;
      }
      if (object instanceof Map)
        return withEntries(Object.fromEntries([...object].map(([k, v]) => [String(k), v])), depth);
      if (object instanceof Set) return visit([...object], depth);
      return withEntries(object as Record<string, unknown>, depth);
    } finally {
      ancestors.delete(object);
    }
  };

  const withEntries = (object: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    const keys = Object.keys(object);
    for (const key of keys.slice(0, MAX_KEYS)) {
      let child: unknown;
      try {
        child = object[key];
      } catch {
        child = '[unreadable]';
      }
      const keepAsIs = child === null || child === undefined || typeof child === 'boolean';
      result[key] = byKey && !keepAsIs && isSensitiveKey(key) ? MASKED : visit(child, depth + 1);
    }
    if (keys.length > MAX_KEYS) result['…'] = `${keys.length - MAX_KEYS} more keys`;
    return result;
  };

  return visit(value, 0);
}
