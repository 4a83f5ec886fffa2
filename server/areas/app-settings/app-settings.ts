/**
 * App Settings (docs/app-settings.md §Screens and routes Settings tabs, §App settings states store status per platform, §API endpoints update app general): the General tab's save.
 * The rules are the contract's (`validateGeneral`, the same the form shows), applied again here; the icon is judged
 * by its bytes (PNG, JPEG or GIF, at most 1,000,000 bytes); fields a status hides are cleared. Name, store fields and
 * icon change in one transaction, and the unique store-app index (apps_store_app) refuses a package or bundle id
 * another app of the workspace already has.
 */
import type { App } from '../../../src/contracts/apps';
import { normalizeGeneral, validateGeneral, type AppGeneralData } from '../../../src/contracts/app-settings';
import { inTransaction, type ServerContext } from '../../context';
import { storeFile, type UploadedImage } from '../files/index';
import { APP_ALREADY_ADDED, checkAppIcon, loadApp } from '../apps/index';
import { conflict, invalid, notFound } from '../../errors';
import { JsonObject, writeJson } from '../../db/json-column';
import { changesOf } from '../../../src/contracts/domain-events';
import { emitAppSettingsChanged } from './activity';

export async function updateAppGeneral(
  ctx: ServerContext,
  appId: string,
  input: { data: AppGeneralData; image?: UploadedImage },
): Promise<App> {
  const errors = validateGeneral(input.data);
  const fields = Object.keys(errors) as (keyof typeof errors)[];
  if (fields.length > 0) throw invalid(fields.map((f) => `${f}: ${errors[f]}`).join(' '), fields);
  checkAppIcon(input.image);
  const data = normalizeGeneral(input.data);
  const { appName, ...store } = data;
  try {
    await inTransaction(ctx, async (tx) => {
      const row = await tx.db
        .selectFrom('apps')
        .select(['details', 'app_name', 'image_file_id'])
        .where('id', '=', appId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('App');
      const imageId = input.image ? await storeFile(tx, input.image.detectedType!, input.image.bytes) : undefined;
      const details = { ...(row.details as Record<string, unknown>), ...store };
      await tx.db
        .updateTable('apps')
        .set({
          app_name: appName,
          details: writeJson(JsonObject, details),
          ...(imageId ? { image_file_id: imageId } : {}),
        })
        .where('id', '=', appId)
        .execute();
      // A store never set reads as NotReady, as the tab shows it.
      const was = {
        appName: row.app_name,
        googleStatus: 'NotReady',
        appleStatus: 'NotReady',
        ...(row.details as Record<string, unknown>),
      };
      await emitAppSettingsChanged(tx, appId, 'general', [
        ...changesOf(was, data, Object.keys(data)),
        ...(imageId ? [{ field: 'icon', before: row.image_file_id ? 'an icon' : null, after: 'a new icon' }] : []),
      ]);
    });
  } catch (error) {
    if ((error as { code?: unknown })?.code === '23505') throw conflict(APP_ALREADY_ADDED, 'app_exists');
    throw error;
  }
  return loadApp(ctx, appId);
}
