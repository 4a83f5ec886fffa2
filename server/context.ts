/** What every route and domain function can reach: the database, configuration, providers and the route table. */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { ServerConfig } from './config';
import type { RegisteredRoute } from './http/define-route';
import type { Mailer } from './providers/mailer';

export interface ServerContext {
  db: Kysely<Database>;
  config: ServerConfig;
  mailer: Mailer;
  routeTable: RegisteredRoute[];
  /** Extra services later areas attach (the analytics engine, for example). */
  services: Record<string, unknown>;
  now(): Date;
}
