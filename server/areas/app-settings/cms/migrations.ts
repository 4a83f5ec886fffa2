/**
 * App-database changes of the CMS area (docs/app-settings.md §Entities CMS app details): one row of store-listing details per app. Title and
 * icon are the app's own; images are stored files (files table) referenced by id, screenshots in slot order.
 */
import { sqlMigrations } from '../../../db/migrations';

export const cmsMigrations = sqlMigrations({
  '0390_cms_app_details': `
        CREATE TABLE cms_app_details (
          app_id text PRIMARY KEY REFERENCES apps(id) ON DELETE CASCADE,
          short_description text NOT NULL DEFAULT '',
          full_description text NOT NULL DEFAULT '',
          rating double precision,
          genres jsonb NOT NULL DEFAULT '[]',
          screenshot_file_ids jsonb NOT NULL DEFAULT '[]',
          background_file_id text REFERENCES files(id),
          updated_at timestamptz NOT NULL DEFAULT now()
        );
      `,
});
