/** Kysely table types of the postbacks area (server/areas/postbacks/migrations.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { PostbackReasonCode } from '../../../src/contracts/postbacks';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** One secret per app and source: its SHA-256 (compared in constant time) and the secret sealed with the server key. */
export interface PostbackSecretsTable {
  app_id: string;
  source: string;
  secret_hash: string;
  secret_sealed: string;
  created_at: Defaulted<Date>;
}
/** A received postback, once per (app, source, idempotency key). */
export interface PostbacksTable {
  id: Generated<string>;
  app_id: string;
  source: string;
  idempotency_key: string;
  event_name: string;
  value: string | null;
  revenue: number | null;
  currency: string | null;
  advertising_id: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
  install_time: Timestamp | null;
  event_time: Timestamp | null;
  received_at: Timestamp;
}
/** Postbacks that were not stored (duplicate or refused, and why); stored ones are the postbacks rows themselves. */
export interface PostbackLogTable {
  id: Generated<string>;
  app_id: string;
  source: string;
  received_at: Timestamp;
  event_name: string | null;
  outcome: 'duplicate' | 'refused';
  reason_code: PostbackReasonCode | null;
  reason: string | null;
  /** The device id as received (rows written before 0930 hold it masked); readers mask it. */
  advertising_id: string | null;
}

/** Each distinct event name, device id and reason of an app's postbacks from a source, once (the log's search). */
export interface PostbackSearchValuesTable {
  app_id: string;
  source: string;
  kind: 'event' | 'device' | 'reason';
  value: string;
}

export interface PostbackTables {
  postback_secrets: PostbackSecretsTable;
  postbacks: PostbacksTable;
  postback_log: PostbackLogTable;
  postback_search_values: PostbackSearchValuesTable;
}
