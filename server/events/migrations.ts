/**
 * The event outbox's tables (numbers 0700–0709): every domain event as a row written in the emitter's transaction,
 * and one delivery row per after-commit subscriber, marked delivered in the subscriber's own transaction (so each
 * subscriber gets each event exactly once) or retried later with its last error. docs/architecture.md §Domain events.
 */
import type { Kysely, Migration } from 'kysely';
import { runStatements } from '../db/migrations';

export const eventsMigrations: Record<string, Migration> = {
  '0700_domain_events': {
    async up(db: Kysely<any>) {
      await runStatements(
        db,
        `
        CREATE TABLE domain_events (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          name text NOT NULL,
          area text NOT NULL,
          payload jsonb NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX domain_events_name ON domain_events (name, id);
        CREATE TABLE domain_event_deliveries (
          event_id bigint NOT NULL REFERENCES domain_events(id) ON DELETE CASCADE,
          subscriber text NOT NULL,
          attempts integer NOT NULL DEFAULT 0,
          next_attempt_at timestamptz NOT NULL DEFAULT now(),
          last_error text,
          delivered_at timestamptz,
          failed_at timestamptz,
          PRIMARY KEY (event_id, subscriber)
        );
        CREATE INDEX domain_event_deliveries_due ON domain_event_deliveries (next_attempt_at, event_id)
          WHERE delivered_at IS NULL AND failed_at IS NULL
      `,
      );
    },
  },
  // Who made the change an event announces: the account of the request, null for Questboard itself (docs/activity.md).
  '0701_domain_events_actor': {
    async up(db: Kysely<any>) {
      await runStatements(db, `ALTER TABLE domain_events ADD COLUMN actor_id text`);
    },
  },
};
