/**
 * defineRoute: the one way a route is declared (ARCHITECTURE rule 1 and 4).
 * It names the access rule, decodes params/query/body with io-ts (400 naming the field), resolves the caller's
 * session and workspace membership (another workspace's resources answer 404; too low a role 403 with
 * code access_missing_role_for_action), runs the handler and encodes the answer with the response codec.
 * Every registered route is recorded so the authorization-matrix test can insist that it covers them all.
 */
import type * as t from 'io-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { decodeOrThrow, DecodeError, ROLE_RANK, type Role } from '../../src/contracts/codecs';
import type { Database } from '../db/schema';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { hashToken } from '../auth/crypto';
import type { ServerContext } from '../context';

export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Route with a :workspaceId param; the caller must be a member with at least this role. */
  | { kind: 'workspace'; role: Role }
  /** Route with an :appId param; the caller must be a member of the app's workspace with at least this role. */
  | { kind: 'app'; role: Role };

export const access = {
  public: { kind: 'public' } as Access,
  signedIn: { kind: 'signedIn' } as Access,
  workspace: (role: Role): Access => ({ kind: 'workspace', role }),
  app: (role: Role): Access => ({ kind: 'app', role }),
};

export interface Caller {
  accountId: string;
  email: string;
  isTpUser: boolean;
  tokenHash: string;
}
export interface Membership {
  workspaceId: string;
  role: Role;
}

export interface RouteContext<P, Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: P;
  query: Q;
  body: B;
  /** Present for every access rule but public (and on public routes when a valid token was sent). */
  caller: Caller | null;
  /** Present for workspace and app access rules. */
  membership: Membership | null;
  ctx: ServerContext;
  db: Kysely<Database>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Codec<A> = t.Type<A, any, unknown>;

export interface RouteSpec<P, Q, B, R> {
  method: Method;
  url: string;
  access: Access;
  params?: Codec<P>;
  query?: Codec<Q>;
  /** A codec for JSON bodies, or 'multipart' when the handler reads the parts itself. */
  body?: Codec<B> | 'multipart';
  response: Codec<R>;
  /** Message of the 403 answer when the caller's role is too low (SPEC wording where it gives one). */
  deniedMessage?: string;
  /** HTTP status of a successful answer (default 200). */
  status?: number;
  handler(context: RouteContext<P, Q, B>): Promise<R>;
}

export interface RegisteredRoute {
  method: Method;
  url: string;
  access: Access;
}

export function defineRoute<P = {}, Q = {}, B = undefined, R = unknown>(spec: RouteSpec<P, Q, B, R>) {
  return spec;
}

function decodePart<A>(codec: Codec<A> | undefined, value: unknown, where: string): A {
  if (!codec) return undefined as A;
  try {
    return decodeOrThrow(codec, value ?? {});
  } catch (error) {
    if (error instanceof DecodeError) throw badRequest(`Invalid ${where}: ${error.message}`, error.messages);
    throw error;
  }
}

export async function resolveCaller(db: Kysely<Database>, header: string | undefined, now: Date): Promise<Caller | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const tokenHash = hashToken(match[1]!);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select(['accounts.id', 'accounts.email', 'accounts.is_tp_user'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  return row ? { accountId: row.id, email: row.email, isTpUser: row.is_tp_user, tokenHash } : null;
}

async function resolveMembership(
  db: Kysely<Database>,
  rule: Access,
  params: Record<string, unknown>,
  caller: Caller,
  deniedMessage?: string,
): Promise<Membership | null> {
  if (rule.kind !== 'workspace' && rule.kind !== 'app') return null;
  let workspaceId: string | undefined;
  if (rule.kind === 'workspace') {
    workspaceId = String(params.workspaceId ?? '');
  } else {
    const app = await db.selectFrom('apps').select('workspace_id').where('id', '=', String(params.appId ?? '')).executeTakeFirst();
    if (!app) throw notFound('App');
    workspaceId = app.workspace_id;
  }
  const member = await db
    .selectFrom('memberships')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('account_id', '=', caller.accountId)
    .executeTakeFirst();
  // Not a member: answer as if it did not exist, so ids of other workspaces reveal nothing.
  if (!member) throw notFound(rule.kind === 'app' ? 'App' : 'Workspace');
  if (ROLE_RANK[member.role] < ROLE_RANK[rule.role]) throw forbidden(deniedMessage);
  return { workspaceId, role: member.role };
}

export function registerRoutes(app: FastifyInstance, ctx: ServerContext, specs: RouteSpec<any, any, any, any>[]) {
  for (const spec of specs) {
    ctx.routeTable.push({ method: spec.method, url: spec.url, access: spec.access });
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (req, reply) => {
        const caller = await resolveCaller(ctx.db, req.headers.authorization, ctx.now());
        if (spec.access.kind !== 'public' && !caller) throw unauthorized();
        const params = decodePart(spec.params, req.params, 'path');
        const query = decodePart(spec.query, req.query, 'query');
        const membership = caller ? await resolveMembership(ctx.db, spec.access, req.params as Record<string, unknown>, caller, spec.deniedMessage) : null;
        const body = spec.body === 'multipart' ? undefined : decodePart(spec.body, req.body, 'body');
        const result = await spec.handler({ req, reply, params, query, body, caller, membership, ctx, db: ctx.db });
        if (reply.sent) return reply;
        reply.status(spec.status ?? 200);
        return spec.response.encode(result);
      },
    });
  }
}

export { HttpError };
