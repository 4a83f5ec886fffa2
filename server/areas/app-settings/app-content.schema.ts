/** Tables of the app content areas (server/areas/app-settings/catalogue/catalogue.ts, server/areas/app-settings/messages/messages.ts). */
import type { Generated, JSONColumnType } from 'kysely';
import type { NotificationSettings } from '../../../src/contracts/messages';

/** An item of an app's catalogue; the price in whole US cents. */
export interface AppCatalogueItemsTable {
  id: string;
  app_id: string;
  name: string;
  sku: string;
  type: 'consumable' | 'non_consumable' | 'subscription';
  price_cents: number;
  period: 'week' | 'month' | 'year' | null;
  created_at: Generated<Date>;
}
/** The saved player notifications of an app (absent: the defaults). */
export interface AppNotificationSettingsTable {
  app_id: string;
  settings: JSONColumnType<NotificationSettings>;
  updated_at: Generated<Date>;
}
export interface AppContentTables {
  app_catalogue_items: AppCatalogueItemsTable;
  app_notification_settings: AppNotificationSettingsTable;
}
