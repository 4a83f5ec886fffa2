/** Row types of the event outbox's tables (server/events/migrations.ts). */
import type { ColumnType, Generated } from 'kysely';

export interface DomainEventsTable {
  id: Generated<string>;
  name: string;
  area: string;
  payload: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Who made the change (the signed-in account of the request), null for Questboard itself (0701). */
  actor_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface DomainEventDeliveriesTable {
  event_id: string;
  subscriber: string;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  delivered_at: Date | null;
  failed_at: Date | null;
}

export interface EventTables {
  domain_events: DomainEventsTable;
  domain_event_deliveries: DomainEventDeliveriesTable;
}
