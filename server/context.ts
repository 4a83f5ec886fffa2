/**
 * What every route and domain function can reach: the database, configuration, the clock, the route table, and the
 * outside services as typed providers. Domain functions take it as their first argument; inside a transaction they
 * get the same context with `db` bound to the transaction (inTransaction).
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { ServerConfig } from './config';
import type { RouteEntry } from './http/access';
import type { Mailer } from './providers/mailer';
import type { AnalyticsEngine } from './analytics/index';
import type { AppStoreProvider } from './providers/app-store/provider';
import type { PaymentsProvider } from './providers/payments/provider';
import type { GoogleCloudProvider } from './providers/google-cloud/provider';
import type { SecretBox } from './providers/google-cloud/secret-box';

/** Outside services behind interfaces. Later areas add theirs here (payments, app stores, attribution partners). */
export interface Providers {
  mailer: Mailer;
  /** The analytics engine (DuckDB store, BigQuery engines); null on a server opened without it. */
  analytics: AnalyticsEngine | null;
  /** Store search and lookup for adding apps (sandbox catalogue unless APP_STORE=live). */
  appStore: AppStoreProvider;
  /** Billing's payments provider: the embedded sandbox unless Stripe is configured (server/providers/payments). */
  payments: PaymentsProvider;
  /** Google Cloud (integrations): the sandbox by default. */
  googleCloud: GoogleCloudProvider;
  /** Encrypts credentials' secrets at rest under the server key. */
  secrets: SecretBox;
}

export interface ServerContext {
  db: Kysely<Database>;
  config: ServerConfig;
  providers: Providers;
  /** Every route registered on this server, with its contract endpoint and access rule. */
  routeTable: readonly RouteEntry[];
  now(): Date;
}

/** Runs `work` in one transaction, with a context whose `db` is that transaction. */
export function inTransaction<T>(ctx: ServerContext, work: (tx: ServerContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
