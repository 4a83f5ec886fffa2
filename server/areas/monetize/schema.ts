/** Tables of the Monetize area (migrations: server/areas/monetize/migrations.ts, 0480–0489). */
import * as t from 'io-ts';
import type { ColumnType, JSONColumnType } from 'kysely';
import { TargetCondition } from '../../../src/contracts/monetize';

/** The codec of `target_conditions` (server/db/json-column.ts). */
export const TargetConditions = t.array(TargetCondition);

export interface MonetizeCampaignsTable {
  id: string;
  /** One campaign per app (unique). */
  app_id: string;
  ref_public_price: number;
  min_accepted_price: number | null;
  send_traffic_to_app_ids: JSONColumnType<string[]>;
  countries: JSONColumnType<string[]>;
  target_conditions: JSONColumnType<TargetCondition[]>;
  status: 'LIVE' | 'STOPPED';
  updated_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MonetizeTables {
  monetize_campaigns: MonetizeCampaignsTable;
}
