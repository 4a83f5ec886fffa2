/**
 * buildApp(options) → a Fastify instance with every API area registered; tests drive it with app.inject.
 * migrate(db) → the database migrated with the foundation's and every area's migrations.
 * Owns the cross-cutting rules: security headers (http/security-headers.ts), JSON/multipart limits, error shape ({success:false, message, code}) with no stack
 * traces (domain errors mapped to HTTP by server/http/errors.ts), the typed providers of the context, and (when a
 * static folder is given) serving the built SPA with a fallback that never answers a missing asset with index.html.
 */
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { ServerConfig } from './config';
import type { Providers, Reaction, ServerContext } from './context';
import { registerRoutes } from './http/define-route';
import { httpAnswerOf } from './http/errors';
import { DomainError } from './errors';
import { migrateToLatest } from './db/migrations';
import { outboxMailer } from './providers/mailer';
import { sandboxAppStore } from './providers/app-store/sandbox';
import { sandboxPayments } from './providers/payments/sandbox';
import { bodyParsers } from './http/raw-body';
import { STRIPE_WEBHOOK_PATH } from './areas/billing/index';
import { sandboxGoogleCloud } from './providers/google-cloud/sandbox';
import { sandboxPeopleSignIn } from './providers/google-cloud/people-sign-in';
import { loadServerKey, secretBox } from './providers/google-cloud/secret-box';
import { areaMigrations, areas, infrastructureMigrations, reactions, routeTable } from './areas';
import { eventBus } from './events/outbox';
import { spaIndexReader } from './http/spa-index';
import { helmetOptions } from './http/security-headers';
import { ICON_MAX_BYTES } from '../src/contracts/workspace';

export interface BuildOptions {
  config: ServerConfig;
  db: Kysely<Database>;
  /** Outside services; the outbox mailer and no analytics engine unless given. */
  providers?: Partial<Providers>;
  /**
   * Fastify's log: true logs every request (info); an object sets the level and where lines go (tests read them);
   * false or left out logs nothing. npm start logs at least every answer >= 500 (server/main.ts).
   */
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
  now?: () => Date;
  /** Reactions beside the areas' (tests), and whether events are delivered right after their commit (default yes). */
  events?: { reactions?: readonly Reaction[]; deliverAfterCommit?: boolean };
}

/** The error and the chain of its causes, in words, for the log of an answer >= 500. */
export function causeOf(error: unknown): string {
  const parts: string[] = [];
  for (
    let e: unknown = error, depth = 0;
    e !== undefined && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    // oxlint-disable-next-line typescript/no-base-to-string -- a thrown non-Error can be anything: its default text is all there is
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join(' <- caused by ');
}

export async function buildApp(options: BuildOptions) {
  const app = Fastify({
    logger:
      options.logger === true
        ? { level: 'info' }
        : options.logger
          ? {
              level: options.logger.level ?? 'error',
              ...(options.logger.stream ? { stream: options.logger.stream } : {}),
            }
          : false,
    bodyLimit: 1024 * 1024,
    // req.ip is the client's address: X-Forwarded-For counts only when it comes from a configured proxy.
    trustProxy: options.config.trustProxy.length ? options.config.trustProxy : false,
  });
  const ctx: ServerContext = {
    db: options.db,
    config: options.config,
    providers: {
      mailer: options.providers?.mailer ?? outboxMailer(options.logger ? (line) => app.log.info(line) : () => {}),
      analytics: options.providers?.analytics ?? null,
      appStore: options.providers?.appStore ?? sandboxAppStore(),
      payments: options.providers?.payments ?? sandboxPayments(),
      googleCloud: options.providers?.googleCloud ?? sandboxGoogleCloud,
      peopleSignIn: options.providers?.peopleSignIn ?? sandboxPeopleSignIn,
      secrets: options.providers?.secrets ?? secretBox(loadServerKey(options.config)),
    },
    routeTable,
    now: options.now ?? (() => new Date()),
    events: eventBus([...reactions, ...(options.events?.reactions ?? [])], {
      log: (line) => app.log.error(line),
      deliverAfterCommit: options.events?.deliverAfterCommit,
    }),
  };

  await app.register(helmet, helmetOptions);
  await app.register(compress, { global: true, threshold: 1024 });
  bodyParsers(app, [STRIPE_WEBHOOK_PATH]);
  await app.register(multipart, { limits: { fileSize: ICON_MAX_BYTES, files: 8, fields: 20 } });

  // Every answer >= 500 is logged with its request id (the child logger's reqId, also sent as x-request-id so a
  // report can name it) and its cause; an answer >= 500 sent without an error still gets a line (onResponse).
  const failuresLogged = new WeakSet<object>();
  const logFailure = (req: FastifyRequest, reply: FastifyReply, status: number, error: unknown) => {
    failuresLogged.add(req);
    reply.header('x-request-id', req.id);
    req.log.error(
      { status, method: req.method, url: req.url.split('?')[0], err: error, cause: causeOf(error) },
      `answered ${status}: ${causeOf(error)}`,
    );
  };
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 500 && !failuresLogged.has(req)) {
      req.log.error(
        { status: reply.statusCode, method: req.method, url: req.url.split('?')[0], cause: 'no error was raised' },
        `answered ${reply.statusCode} without an error`,
      );
    }
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof DomainError) {
      const answer = httpAnswerOf(error);
      if (answer.status >= 500) logFailure(req, reply, answer.status, error);
      return reply.status(answer.status).send(answer.body);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ success: false, message: 'The request is too large (1 MB at most).', code: 'body_too_large' });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send({ success: false, message: 'File is too large!', code: 'file_too_large' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON in request body.'
          : error.message;
      return reply.status(error.statusCode).send({ success: false, message, code: error.code ?? 'bad_request' });
    }
    logFailure(req, reply, 500, error);
    return reply
      .status(500)
      .send({ success: false, message: 'Something went wrong. Please try again later.', code: 'internal' });
  });

  for (const area of areas) registerRoutes(app, ctx, area.routes);

  const staticDir = options.config.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    const indexHtml = spaIndexReader(path.join(staticDir, 'index.html'), options.config);
    const sendIndex = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    // Files are looked up per request (a rebuild of dist/ is served without a restart); index.html is always the
    // configured copy, never the raw file.
    await app.register(fastifyStatic, {
      root: staticDir,
      maxAge: '1h',
      index: false,
      allowedPath: (p) => p !== '/index.html',
    });
    app.get('/', (_req, reply) => sendIndex(reply));
    app.setNotFoundHandler((req, reply) => {
      const pathname = req.url.split('?')[0] ?? '/';
      const isApi = pathname.startsWith('/api/') || pathname.startsWith('/analytics/');
      if (req.method === 'GET' && !isApi && !path.extname(pathname)) return sendIndex(reply);
      return reply.status(404).send({ success: false, message: 'Not found.', code: 'not_found' });
    });
  } else {
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).send({ success: false, message: 'Not found.', code: 'not_found' }),
    );
  }

  return Object.assign(app, { questboard: ctx });
}

export type QuestboardServer = Awaited<ReturnType<typeof buildApp>>;

/** Migrates the database to the latest version: the foundation's migrations, then every area's. */
export const migrate = (db: Kysely<Database>) => migrateToLatest(db, [...areaMigrations, ...infrastructureMigrations]);
