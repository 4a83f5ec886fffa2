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
import type { Analytics } from './analytics/index';
import type { AppStoreProvider } from './providers/app-store/provider';
import type { PaymentsProvider } from './providers/payments/provider';
import type { GoogleCloudProvider } from './providers/google-cloud/provider';
import type { PeopleSignInProvider } from './providers/google-cloud/people-sign-in';
import type { SecretBox } from './providers/google-cloud/secret-box';
import type { DomainEvent, DomainEventName } from '../src/contracts/domain-events';

/** Outside services behind interfaces. Later areas add theirs here (payments, app stores, attribution partners). */
export interface Providers {
  mailer: Mailer;
  /** The analytics engine (DuckDB store, BigQuery engines); null on a server opened without it. */
  analytics: Analytics | null;
  /** Store search and lookup for adding apps (sandbox catalogue unless APP_STORE=live). */
  appStore: AppStoreProvider;
  /** Billing's payments provider: the embedded sandbox unless Stripe is configured (server/providers/payments). */
  payments: PaymentsProvider;
  /** Google Cloud (integrations): the sandbox by default. */
  googleCloud: GoogleCloudProvider;
  /** People's "Sign in with Google": the sandbox by default, Google's OpenID Connect when GOOGLE_SIGN_IN=live. */
  peopleSignIn: PeopleSignInProvider;
  /** Encrypts credentials' secrets at rest under the server key. */
  secrets: SecretBox;
}

/**
 * How an area reacts to a domain event (docs/architecture.md §Domain events): `transaction` runs in the emitter's
 * transaction (atomic with the change: throwing undoes it); `after-commit` runs after the change committed, from the
 * event outbox, exactly once (its effects and its delivered mark commit together), surviving a restart.
 */
export interface Reaction<N extends DomainEventName = DomainEventName> {
  event: N;
  /** The reacting area (the table in server/areas.ts names it). */
  area: string;
  /** The subscriber's name, unique across the table: its deliveries are marked under it. */
  name: string;
  mode: 'transaction' | 'after-commit';
  handle(ctx: ServerContext, event: DomainEvent<N>): Promise<void>;
  /**
   * Asked before the change by an emitter that skips the transaction when no reaction wants its subject (postbacks:
   * `{ appId, source, postback }`), so high-volume traffic that feeds nothing stays on its fast path.
   */
  wants?(ctx: ServerContext, subject: unknown): Promise<boolean> | boolean;
}

/** The reactions of this server and what runs after a transaction that emitted events committed. */
export interface EventBus {
  reactions: readonly Reaction[];
  /** Delivers these just-committed events to their after-commit subscribers (the dispatcher retries what fails). */
  afterCommit(ctx: ServerContext, eventIds: readonly string[]): Promise<void>;
}

export interface ServerContext {
  db: Kysely<Database>;
  config: ServerConfig;
  providers: Providers;
  /** Every route registered on this server, with its contract endpoint and access rule. */
  routeTable: readonly RouteEntry[];
  now: () => Date;
  /** The domain events' reactions (none on a context built without them: events then only reach the outbox). */
  events?: EventBus;
  /**
   * Who is making the change: the signed-in account of the request (defineRoute sets it for every handler), absent
   * for Questboard's own work (the scheduler, jobs, a partner's postbacks). emit() records it with each event.
   */
  actor?: string | null;
  /** Inside inTransaction: the ids of the events emitted so far, delivered once the transaction commits. */
  emitted?: string[];
}

/**
 * Runs `work` in one transaction, with a context whose `db` is that transaction; once it committed, the domain events
 * it emitted go to their after-commit subscribers.
 */
export async function inTransaction<T>(ctx: ServerContext, work: (tx: ServerContext) => Promise<T>): Promise<T> {
  const emitted: string[] = [];
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx, emitted }));
  if (emitted.length && ctx.events) await ctx.events.afterCommit({ ...ctx, emitted: undefined }, emitted);
  return result;
}
