/**
 * App-database changes of the app content areas (docs/app-settings.md: Settings → Catalogue and Messages): an app's catalogue
 * items (a sku unique per app, so two saves racing for one sku end with one refused) and its saved player
 * notifications (one row per app).
 */
import { sqlMigrations } from '../../db/migrations';

export const appContentMigrations = sqlMigrations({
  '0430_app_catalogue_items': `
        CREATE TABLE app_catalogue_items (
          id text PRIMARY KEY,
          app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
          name text NOT NULL,
          sku text NOT NULL,
          type text NOT NULL CHECK (type IN ('consumable', 'non_consumable', 'subscription')),
          price_cents integer NOT NULL CHECK (price_cents >= 0 AND price_cents <= 99999),
          period text CHECK (period IN ('week', 'month', 'year')),
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE UNIQUE INDEX app_catalogue_items_sku ON app_catalogue_items (app_id, sku);
        CREATE INDEX app_catalogue_items_app ON app_catalogue_items (app_id, created_at, id);
      `,
  '0431_app_notification_settings': `
        CREATE TABLE app_notification_settings (
          app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
          settings jsonb NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
      `,
});
