/**
 * defineRoute: the one way a route is declared (docs/architecture.md §House rules 1 and 5), and the single place that decodes,
 * authorizes and encodes. A route is a contract endpoint (src/contracts/<area>.ts: method, path, codecs) plus an
 * access rule and a handler:
 *
 *   defineRoute(teamEndpoints.invite, {
 *     access: access.workspace('editor'),
 *     handler: ({ ctx, params, body, caller, membership }) => ...,   // caller and membership non-null by type
 *   })
 *
 * Order of checks for every request (the authorization-matrix test relies on it):
 *   1. session → 401 when the route is not public and there is no valid token
 *   2. path params, then query, decoded with the endpoint's codecs → 400 naming the field
 *   3. workspace/app/plugin membership → 404 when not a member (another workspace's resources do not exist for the
 *      caller), 403 with code access_missing_role_for_action when the role is too low
 *   4. body: JSON decoded with the endpoint's codec, or the declared multipart parts read and decoded → 400
 *   5. the handler (domain errors become HTTP answers in server/app.ts), its answer encoded with the response codec
 *      (binary answers sent as bytes with their content type); a list item the codec cannot encode is left out and
 *      logged, never failing the whole answer (./encode-answer.ts). An answer the handler marked with `reusedAnswer` (an
 *      immutable object it hands out again, such as the cached account of `/api/me`) is encoded and serialized once
 *      per route and its JSON text sent again while the handler keeps returning the same object.
 * Every answer to a request with a valid session, and every answer of a route that is not public, carries
 * `Cache-Control: no-store`, whatever the handler set.
 */
import type * as t from 'io-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_RANK } from '../../src/contracts/codecs';
import { TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_CODE } from '../../src/contracts/workspace';
import {
  isBinary,
  isMultipart,
  paramNames,
  type AnyCodec,
  type Endpoint,
  type JsonBodyOf,
  type Multipart,
  type MultipartFieldsOf,
  type MultipartFilesOf,
  type MultipartFileListsOf,
  type ParamsOf,
  type QueryOf,
} from '../../src/contracts/endpoint';
import { forbidden, notFound, unauthenticated } from '../errors';
import { hashToken } from '../auth/crypto';
import type { ServerContext } from '../context';
import type { Access, Caller, CallerOf, Membership, MembershipOf, RouteEntry } from './access';
import { decodeInput } from './decode';
import { encodeAnswer } from './encode-answer';
import { decodeMultipart, readMultipart, type UploadedFile } from './multipart';
import { reusableQuery } from '../db/reusable-query';

/** The body a handler gets: the decoded JSON, or the declared multipart parts (file parts as UploadedFile). */
export type BodyOf<E> = E extends { body: infer M extends Multipart }
  ? MultipartFieldsOf<M> & { [K in MultipartFilesOf<M>]?: UploadedFile } & {
      [K in MultipartFileListsOf<M>]?: UploadedFile[];
    }
  : JsonBodyOf<E>;

/** The answer of a `binary` endpoint: bytes, their content type, extra headers and (when not the route's) its status. */
export interface BinaryAnswer {
  contentType: string;
  bytes: Uint8Array;
  headers?: Record<string, string>;
  status?: number;
}
/** What a handler returns: the response codec's type, or a BinaryAnswer. */
export type AnswerOf<E> = E extends { response: infer C extends AnyCodec } ? t.TypeOf<C> : BinaryAnswer;

export interface RouteContext<E extends Endpoint, A extends Access> {
  req: FastifyRequest;
  /** For response headers; the answer itself is what the handler returns. */
  reply: FastifyReply;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: CallerOf<A>;
  membership: MembershipOf<A>;
  ctx: ServerContext;
}

export interface RouteOptions<E extends Endpoint, A extends Access> {
  access: A;
  /** Message of the 403 answer when the caller's role is too low (docs/<area>.md §Messages wording where it gives one). */
  deniedMessage?: string;
  /** HTTP status of a successful answer (default 200). */
  status?: number;
  handler(context: RouteContext<E, A>): Promise<AnswerOf<E>>;
}

export interface RouteSpec<E extends Endpoint = Endpoint, A extends Access = Access> extends RouteOptions<E, A> {
  endpoint: E;
}
/** A route of any endpoint and rule, as areas list them. */
export type AnyRoute = RouteSpec<any, any>;

export function defineRoute<E extends Endpoint, A extends Access>(
  endpoint: E,
  options: RouteOptions<E, A>,
): RouteSpec<E, A> {
  const names = paramNames(endpoint.path);
  const needs = { workspace: 'workspaceId', app: 'appId', plugin: 'pluginId' }[options.access.kind as string] ?? null;
  if (needs && !names.includes(needs))
    throw new Error(`${endpoint.method} ${endpoint.path}: ${options.access.kind} access needs a :${needs} param`);
  return { endpoint, ...options };
}

export const routeEntry = (area: string, route: AnyRoute): RouteEntry => ({
  area,
  method: route.endpoint.method,
  url: route.endpoint.path,
  access: route.access,
  endpoint: route.endpoint,
});

const LAST_USED_EVERY_MS = 60_000;
const lastUsed = new WeakMap<Caller, Date | null>();

/**
 * "Last used" of the sessions list (docs/accounts.md §Account page): written after an answered request, at most once
 * a minute per session (a refused request writes nothing).
 */
async function touchSession(ctx: ServerContext, caller: Caller) {
  const now = ctx.now();
  const before = lastUsed.get(caller);
  if (before && now.getTime() - before.getTime() <= LAST_USED_EVERY_MS) return;
  await ctx.db.updateTable('sessions').set({ last_used_at: now }).where('token_hash', '=', caller.tokenHash).execute();
}

/** The session lookup every signed-in request makes: one indexed query, compiled once. */
const sessionLookup = reusableQuery((db, _settings: null, tokenHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select(['accounts.id', 'accounts.email', 'accounts.is_tp_user', 'sessions.last_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

export async function resolveCaller(ctx: ServerContext, header: string | undefined): Promise<Caller | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const tokenHash = hashToken(match[1]!);
  const [row] = await sessionLookup(ctx.db, null, tokenHash, ctx.now());
  if (!row) return null;
  const caller = { accountId: row.id, email: row.email, isTpUser: row.is_tp_user, tokenHash };
  lastUsed.set(caller, row.last_used_at ? new Date(row.last_used_at) : null);
  return caller;
}

async function resolveMembership(
  ctx: ServerContext,
  route: AnyRoute,
  params: Record<string, string | undefined>,
  caller: Caller,
): Promise<Membership | null> {
  const rule: Access = route.access;
  if (rule.kind !== 'workspace' && rule.kind !== 'app' && rule.kind !== 'plugin') return null;
  let workspaceId: string;
  if (rule.kind === 'workspace') {
    workspaceId = String(params.workspaceId ?? '');
  } else if (rule.kind === 'plugin') {
    const app = await ctx.db
      .selectFrom('plugins')
      .innerJoin('apps', 'apps.id', 'plugins.app_id')
      .select('apps.workspace_id')
      .where('plugins.id', '=', String(params.pluginId ?? ''))
      .executeTakeFirst();
    if (!app) throw notFound('Plugin');
    workspaceId = app.workspace_id;
  } else {
    const app = await ctx.db
      .selectFrom('apps')
      .select('workspace_id')
      .where('id', '=', String(params.appId ?? ''))
      .executeTakeFirst();
    if (!app) throw notFound('App');
    workspaceId = app.workspace_id;
  }
  const member = await ctx.db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .leftJoin('account_two_factor', 'account_two_factor.account_id', 'memberships.account_id')
    .select(['memberships.role', 'workspaces.require_two_factor', 'account_two_factor.enabled_at'])
    .where('memberships.workspace_id', '=', workspaceId)
    .where('memberships.account_id', '=', caller.accountId)
    .executeTakeFirst();
  // Not a member: answer as if it did not exist, so ids of other workspaces reveal nothing.
  if (!member) throw notFound(rule.kind === 'app' ? 'App' : rule.kind === 'plugin' ? 'Plugin' : 'Workspace');
  // A workspace that requires two-factor sign-in is closed to members without it (docs/accounts.md §Two-factor sign-in).
  if (member.require_two_factor && !member.enabled_at) throw forbidden(TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_CODE);
  if (ROLE_RANK[member.role] < ROLE_RANK[rule.role]) throw forbidden(route.deniedMessage);
  return { workspaceId, role: member.role };
}

async function readBody(req: FastifyRequest, endpoint: Endpoint): Promise<unknown> {
  const spec = endpoint.body;
  if (!spec) return undefined;
  if (isMultipart(spec)) return decodeMultipart(spec, await readMultipart(req));
  return decodeInput(spec, req.body ?? {}, 'body');
}

const reusedAnswers = new WeakSet<object>();

/** Marks an answer the handler will return again unchanged (never mutated afterwards): its JSON is built only once. */
export function reusedAnswer<T extends object>(answer: T): T {
  reusedAnswers.add(answer);
  return answer;
}

/** Requests that carried a valid session: their answers, whatever the route, are never stored by a cache. */
const signedInRequests = new WeakSet<FastifyRequest>();

/** The answer's JSON value; list items the response codec cannot encode are left out and logged with their cause. */
function encodeLogged(req: FastifyRequest, endpoint: Endpoint, answer: unknown): unknown {
  const { encoded, dropped } = encodeAnswer(endpoint.response as AnyCodec, answer);
  for (const item of dropped) {
    req.log.error(
      { route: `${endpoint.method} ${endpoint.path}`, item: item.path, itemId: item.id, cause: item.cause },
      'answer: an item that does not match the contract was left out',
    );
  }
  return encoded;
}

export function registerRoutes(app: FastifyInstance, ctx: ServerContext, routes: readonly AnyRoute[]) {
  for (const route of routes) {
    const { endpoint } = route;
    const serialized = new WeakMap<object, string>();
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      // Every answer of a signed-in request (errors included) is private to its caller: no cache may keep it.
      onSend: async (req, reply, payload) => {
        if (route.access.kind !== 'public' || signedInRequests.has(req)) reply.header('cache-control', 'no-store');
        return payload;
      },
      handler: async (req, reply) => {
        const caller = await resolveCaller(ctx, req.headers.authorization);
        if (caller) signedInRequests.add(req);
        if (route.access.kind !== 'public' && !caller) throw unauthenticated();
        const params = endpoint.params ? decodeInput(endpoint.params, req.params ?? {}, 'path') : {};
        const query = endpoint.query ? decodeInput(endpoint.query, req.query ?? {}, 'query') : {};
        const membership = caller
          ? await resolveMembership(ctx, route, req.params as Record<string, string | undefined>, caller)
          : null;
        const body = await readBody(req, endpoint);
        // The caller is the actor of whatever the handler changes (recorded with its domain events: docs/activity.md).
        const answer = await route.handler({
          req,
          reply,
          params,
          query,
          body,
          caller,
          membership,
          ctx: caller ? { ...ctx, actor: caller.accountId } : ctx,
        });
        if (caller) await touchSession(ctx, caller);
        reply.status(route.status ?? 200);
        if (isBinary(endpoint.response)) {
          const { contentType, bytes, headers, status } = answer as BinaryAnswer;
          if (status) reply.status(status);
          return reply
            .headers(headers ?? {})
            .header('content-type', contentType)
            .send(Buffer.from(bytes));
        }
        if (typeof answer !== 'object' || answer === null || !reusedAnswers.has(answer))
          return encodeLogged(req, endpoint, answer);
        let json = serialized.get(answer);
        if (json === undefined) serialized.set(answer, (json = JSON.stringify(encodeLogged(req, endpoint, answer))));
        return reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }
}
