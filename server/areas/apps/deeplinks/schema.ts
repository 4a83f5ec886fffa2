/** Kysely table type of the app's acquisition links (server/areas/apps/deeplinks/migrations.ts, server/areas/apps/deeplinks/deeplinks.ts). */
import type { ColumnType } from 'kysely';

export interface AppDeeplinksTable {
  id: string;
  app_id: string;
  /** The partner's kind of link, e.g. AdjustLink, OneLink, UniversalLink. */
  type: string;
  url: string;
  /** ios, android or appsFlyer; any other value is kept and shown, but logged and never updated (docs/app-settings.md §Entities). */
  platform: string;
  position: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DeeplinkTables {
  app_deeplinks: AppDeeplinksTable;
}
