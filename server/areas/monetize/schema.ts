/** Tables of the Monetize area (migrations: server/areas/monetize/migrations.ts, 0480–0489). */
import type { ColumnType, JSONColumnType } from 'kysely';
import type { TargetCondition } from '../../../src/contracts/monetize';

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
