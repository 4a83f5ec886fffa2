/**
 * One way to declare an API endpoint, once, for both sides: method, path (with `:name` segments), and the io-ts
 * codecs of its path params, query, body and response. The server's defineRoute (server/http/define-route.ts)
 * derives its route from it; the SPA's call() (src/services/http.ts) derives its request from it.
 *
 *   export const teamEndpoints = {
 *     invite: endpoint({ method: 'POST', path: '/api/workspace/:workspaceId/team/invite',
 *                        params: WorkspaceParams, body: InviteRequest, response: SuccessMessage }),
 *   };
 *
 * Bodies are JSON (a codec) or multipart/form-data (`multipart({ json, text, files })`: the names of its parts, the
 * codec of each JSON or text part, and the file parts). A response is JSON (a codec) or `binary` (bytes served with
 * their own content type, such as a stored image).
 *
 * Pure: imports only io-ts, so the SPA, the server and the tests share it.
 */
import type * as t from 'io-ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AnyCodec = t.Type<any, any, unknown>;

/** A multipart/form-data body: JSON parts and text parts (each decoded with its codec) and optional file parts. */
export interface Multipart<
  J extends Record<string, AnyCodec> = Record<string, AnyCodec>,
  T extends Record<string, AnyCodec> = Record<string, AnyCodec>,
  F extends string = string,
  L extends string = string,
> {
  readonly kind: 'multipart';
  /** Parts holding JSON text (e.g. the `data` (docs/architecture.md §Endpoints and errors)): parsed, then decoded with the codec. Required. */
  readonly json: J;
  /** Parts holding plain text, decoded with the codec (a string codec). Required. */
  readonly text: T;
  /** File parts, each optional. */
  readonly files: readonly F[];
  /** Repeated file parts (the same name sent several times), each received as a list in the order sent. */
  readonly fileLists: readonly L[];
}

export function multipart<
  J extends Record<string, AnyCodec> = {},
  T extends Record<string, AnyCodec> = {},
  const F extends string = never,
  const L extends string = never,
>(parts: { json?: J; text?: T; files?: readonly F[]; fileLists?: readonly L[] }): Multipart<J, T, F, L> {
  return {
    kind: 'multipart',
    json: parts.json ?? ({} as J),
    text: parts.text ?? ({} as T),
    files: parts.files ?? [],
    fileLists: parts.fileLists ?? [],
  };
}

/** A response that is not JSON: bytes with their own content type. */
export interface Binary {
  readonly kind: 'binary';
}
export const binary: Binary = { kind: 'binary' };

export interface EndpointSpec {
  readonly method: Method;
  /** Starts with `/`; `:name` segments are path params, each a key of `params`. */
  readonly path: string;
  readonly params?: AnyCodec;
  readonly query?: AnyCodec;
  readonly body?: AnyCodec | Multipart;
  readonly response: AnyCodec | Binary;
}

declare const ENDPOINT: unique symbol;
/** A declared endpoint (made only by endpoint()). */
export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & { readonly [ENDPOINT]: true };

/** The `:name` segments of a path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with params needs a params codec whose value has exactly those string keys; a path without none. */
type ParamsRule<S extends EndpointSpec> = [PathParamNames<S['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: t.Type<{ [K in PathParamNames<S['path']>]: string }, unknown, unknown> };

const PARAM = /:([A-Za-z0-9_]+)/g;

/** The names of a path's `:name` segments, in order. */
export const paramNames = (path: string): string[] => Array.from(path.matchAll(PARAM), (m) => m[1]!);

const declared = new WeakSet<object>();

export function endpoint<const S extends EndpointSpec>(spec: S & ParamsRule<S>): Endpoint<S> {
  if (!spec.path.startsWith('/')) throw new Error(`endpoint path must start with '/': ${spec.path}`);
  if (paramNames(spec.path).length > 0 && !spec.params) throw new Error(`endpoint ${spec.path} needs a params codec`);
  const made = Object.freeze({ ...spec });
  declared.add(made);
  return made as Endpoint<S>;
}

/** True for the values endpoint() made. */
export const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && declared.has(value);

export const isMultipart = (body: EndpointSpec['body']): body is Multipart =>
  typeof body === 'object' && body !== null && (body as Multipart).kind === 'multipart';

export const isBinary = (response: EndpointSpec['response']): response is Binary =>
  typeof response === 'object' && response !== null && (response as Binary).kind === 'binary';

// ------------------------------------------------------------------------------------------------ derived types

type Props<R extends Record<string, AnyCodec>, Side extends 'in' | 'out'> = {
  [K in keyof R]: Side extends 'in' ? t.TypeOf<R[K]> : t.OutputOf<R[K]>;
};

/** The path params as the server decodes them. */
export type ParamsOf<E> = E extends { params: infer C extends AnyCodec } ? t.TypeOf<C> : {};
/** The query as the server decodes it. */
export type QueryOf<E> = E extends { query: infer C extends AnyCodec } ? t.TypeOf<C> : {};
/** The JSON body as the server decodes it (multipart bodies: see server/http/define-route.ts). */
export type JsonBodyOf<E> = E extends { body: infer C extends AnyCodec } ? t.TypeOf<C> : undefined;
/** The JSON answer as the client decodes it. */
export type ResponseOf<E> = E extends { response: infer C extends AnyCodec } ? t.TypeOf<C> : never;

/** What a caller sends: params and query as strings on the wire, the body as its codec's output (before decoding). */
export type ParamsInput<E> = E extends { params: infer C extends AnyCodec } ? t.OutputOf<C> : undefined;
export type QueryInput<E> = E extends { query: infer C extends AnyCodec } ? t.OutputOf<C> : undefined;
export type JsonBodyInput<E> = E extends { body: infer C extends AnyCodec } ? t.OutputOf<C> : undefined;

/** The decoded JSON and text parts of a multipart body. */
export type MultipartFieldsOf<M> =
  M extends Multipart<infer J, infer T, string> ? Props<J, 'in'> & Props<T, 'in'> : never;
/** The file part names of a multipart body. */
export type MultipartFilesOf<M> =
  M extends Multipart<Record<string, AnyCodec>, Record<string, AnyCodec>, infer F, string> ? F : never;
/** The repeated file part names of a multipart body. */
export type MultipartFileListsOf<M> =
  M extends Multipart<Record<string, AnyCodec>, Record<string, AnyCodec>, string, infer L>
    ? string extends L
      ? never
      : L
    : never;
/** A multipart body as a caller fills it: JSON/text parts as values, file parts as optional blobs of type `File`. */
export type MultipartInput<M, File> =
  M extends Multipart<infer J, infer T, infer F, infer L>
    ? Props<J, 'out'> &
        Props<T, 'out'> & { [K in F]?: File | null } & (string extends L ? {} : { [K in L]?: readonly File[] })
    : never;

// ------------------------------------------------------------------------------------------------ urls

/** The endpoint's path with every `:name` filled in (encodeURIComponent). */
export function pathOf<E extends Endpoint>(endpoint: E, params: ParamsInput<E>): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return endpoint.path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string') throw new Error(`no value for :${name} of ${endpoint.path}`);
    return encodeURIComponent(value);
  });
}

/** pathOf plus the query string (keys in the given order; undefined values left out). */
export function urlOf<E extends Endpoint>(endpoint: E, params: ParamsInput<E>, query?: QueryInput<E>): string {
  const path = pathOf(endpoint, params);
  const entries = Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/** The params of a concrete path if it matches the endpoint's pattern (decoded), else null. */
export function matchPath(endpoint: Endpoint, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = endpoint.path
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null;
  }
}
