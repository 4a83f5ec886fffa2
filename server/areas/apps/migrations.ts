/**
 * App-database changes of the apps area: one store app at most once per workspace (docs/apps.md: "the same store
 * app twice in one workspace is refused"). The key is the app's store id on its platform (Android package name, iOS
 * bundle id) from the app's details, so apps created before this index (and the demo seed) are covered with no new
 * column; a concurrent second add fails on the index, not on a read-then-write race.
 */
import { sqlMigrations } from '../../db/migrations';

export const appsMigrations = sqlMigrations({
  '0300_apps_store_unique': `
        CREATE UNIQUE INDEX apps_store_app ON apps (
          workspace_id, platform,
          (lower(CASE WHEN platform = 'android' THEN details->>'googlePackageName' ELSE details->>'appleBundleId' END))
        );
      `,
});
