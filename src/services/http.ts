/**
 * The one door to the API: adds the session token (SPEC §7: Authorization header), sends JSON or FormData,
 * passes the AbortSignal through, and decodes every answer with its io-ts codec. Failures become:
 *  - ApiError: the server answered 4xx/5xx ({message, code} from its error body) or could not be reached;
 *  - ContractError: the answer did not match the contract (a bug, reported in words to the user).
 */
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { describeErrors } from '../contracts/codecs';
import { getToken } from './token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ContractError extends Error {
  constructor(readonly path: string, readonly problems: string[]) {
    super(`Unexpected answer from ${path}: ${problems.slice(0, 3).join('; ')}`);
    this.name = 'ContractError';
  }
}

export const NETWORK_ERROR = 'Cannot reach Questboard. Check your connection and try again.';

/** Listeners told when the server answers 401 to a signed-in call (the session machine signs out). */
const unauthorizedListeners = new Set<() => void>();
export const onUnauthorized = (listener: () => void) => {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** false for calls that must not carry the token (the signed report-result URL of SPEC §7). */
  auth?: boolean;
  /** A token other than the stored one (revoking a session that was just replaced). */
  token?: string;
}

export async function request<A>(codec: t.Decoder<unknown, A>, path: string, options: RequestOptions = {}): Promise<A> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.auth === false ? null : (options.token ?? getToken());
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (payload as { message?: unknown } | null)?.message;
    const code = (payload as { code?: unknown } | null)?.code;
    // Only the current session's refusal ends the session (not a refusal of a replaced token).
    if (response.status === 401 && token && token === getToken()) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(response.status, typeof message === 'string' ? message : `Request failed (${response.status}).`, typeof code === 'string' ? code : undefined);
  }
  const decoded = codec.decode(payload);
  if (isLeft(decoded)) throw new ContractError(path, describeErrors(decoded.left));
  return decoded.right;
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
