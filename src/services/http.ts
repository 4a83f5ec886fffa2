/**
 * The one door to the API. `call(endpoint, { params, query, body | form, signal, auth })` sends a request to a
 * contract endpoint (src/contracts/<area>.ts): the path filled from `params`, the query, a JSON body or the multipart
 * form its parts declare, and decodes the answer with the endpoint's response codec. Underneath, `request()` adds
 * the session token (docs/architecture.md §Endpoints and errors: Authorization header), passes the AbortSignal through and decodes. Failures become:
 *  - ApiError: the server answered 4xx/5xx ({message, code} from its error body) or could not be reached;
 *  - ContractError: the answer did not match the contract (a bug, reported in words to the user).
 */
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/Either';
import { describeErrors } from '../contracts/codecs';
import {
  isBinary,
  isMultipart,
  urlOf,
  type AnyCodec,
  type Endpoint,
  type JsonBodyInput,
  type Multipart,
  type MultipartInput,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
} from '../contracts/endpoint';
import { getToken } from './token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The request fields the server's refusal names (a 400's `fields`), e.g. ['website']. */
    readonly fields?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ContractError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
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

/**
 * Listeners told when a signed-in call about a workspace (its own routes, or an app, plugin, report or campaign in
 * it) answers 403 or 404: the account's role or membership may have changed since /api/me was read, so the session
 * reads it again.
 */
const accessRefusedListeners = new Set<() => void>();
export const onAccessRefused = (listener: () => void) => {
  accessRefusedListeners.add(listener);
  return () => accessRefusedListeners.delete(listener);
};
/** Paths answered for a member of a workspace only (src/contracts: workspace, app, plugin, monetize, analytics). */
const WORKSPACE_SCOPED = /^\/(api\/(workspace\/[^/?]+|app\/|plugins\/|monetize)|analytics\/)/;
export const isWorkspaceScoped = (path: string) => WORKSPACE_SCOPED.test(path);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** false for calls that must not carry the token (the signed report-result URL of docs/architecture.md §Endpoints and errors). */
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
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, 'network');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (payload as { message?: unknown } | null)?.message;
    const code = (payload as { code?: unknown } | null)?.code;
    const fields = (payload as { fields?: unknown } | null)?.fields;
    // Only the current session's refusal ends the session (not a refusal of a replaced token).
    if (response.status === 401 && token && token === getToken())
      unauthorizedListeners.forEach((listener) => listener());
    if (
      (response.status === 403 || response.status === 404) &&
      token &&
      token === getToken() &&
      isWorkspaceScoped(path)
    ) {
      accessRefusedListeners.forEach((listener) => listener());
    }
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `Request failed (${response.status}).`,
      typeof code === 'string' ? code : undefined,
      Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : undefined,
    );
  }
  const decoded = codec.decode(payload);
  if (isLeft(decoded)) throw new ContractError(path, describeErrors(decoded.left));
  return decoded.right;
}

/** What call() takes for an endpoint: its params and query (when it has them), its JSON body or multipart form. */
export type CallOptions<E extends Endpoint> = Pick<RequestOptions, 'signal' | 'auth' | 'token'> &
  (E extends { params: AnyCodec } ? { params: ParamsInput<E> } : { params?: undefined }) &
  (E extends { query: AnyCodec } ? { query: QueryInput<E> } : { query?: undefined }) &
  (E extends { body: infer M extends Multipart }
    ? { form: MultipartInput<M, Blob> }
    : E extends { body: AnyCodec }
      ? { body: JsonBodyInput<E> }
      : {});

/** The FormData of a multipart body: JSON parts as JSON text, text parts as is, file parts when given. */
function formDataOf(spec: Multipart, values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const name of Object.keys(spec.json)) data.append(name, JSON.stringify(values[name]));
  for (const name of Object.keys(spec.text)) data.append(name, String(values[name]));
  for (const name of spec.files) {
    const file = values[name];
    if (file instanceof Blob) data.append(name, file);
  }
  for (const name of spec.fileLists ?? []) {
    const files = values[name];
    if (Array.isArray(files)) for (const file of files) if (file instanceof Blob) data.append(name, file);
  }
  return data;
}

/** Calls a contract endpoint and decodes its answer (see the header). */
export function call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
  const response = endpoint.response;
  if (isBinary(response))
    throw new Error(`${endpoint.method} ${endpoint.path} answers bytes, not JSON: link to it instead`);
  const given = options as CallOptions<Endpoint> & {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    form?: Record<string, unknown>;
  };
  const path = urlOf(endpoint, given.params as ParamsInput<E>, given.query as QueryInput<E>);
  const form = isMultipart(endpoint.body) && given.form ? formDataOf(endpoint.body, given.form) : undefined;
  return request(response as t.Decoder<unknown, ResponseOf<E>>, path, {
    method: endpoint.method,
    body: given.body,
    form,
    signal: given.signal,
    auth: given.auth,
    token: given.token,
  });
}

/** A message fit to show a person, whatever was thrown. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
