/**
 * An app's player notifications (contract and rules: src/contracts/messages.ts): questStart and questComplete, each
 * on or off with its title and message. Read: the saved settings, or the defaults when none were saved. Save: checked
 * again with the contract's `validateNotificationSettings` (required while on, lengths, allow-listed placeholders),
 * stored trimmed in one upsert.
 */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NotificationSettings,
  normalizeNotificationSettings,
  validateNotificationSettings,
} from '../../../../src/contracts/messages';
import { readJson, writeJson } from '../../../db/json-column';
import { inTransaction, type ServerContext } from '../../../context';
import { changesOf } from '../../../../src/contracts/domain-events';
import { emitAppSettingsChanged } from '../activity';
import { invalid } from '../../../errors';

export async function getNotificationSettings(ctx: ServerContext, appId: string): Promise<NotificationSettings> {
  const row = await ctx.db
    .selectFrom('app_notification_settings')
    .select('settings')
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return row
    ? readJson(NotificationSettings, 'app_notification_settings.settings', row.settings)
    : DEFAULT_NOTIFICATION_SETTINGS;
}

/** Each notification's fields, named `questStart.title` and so on, before → after. */
function flatChanges(before: NotificationSettings, after: NotificationSettings) {
  const flat = (settings: NotificationSettings) =>
    Object.fromEntries(
      Object.entries(settings).flatMap(([kind, fields]) =>
        Object.entries(fields as Record<string, unknown>).map(([field, value]) => [`${kind}.${field}`, value]),
      ),
    );
  return changesOf(flat(before), flat(after));
}

export async function saveNotificationSettings(
  ctx: ServerContext,
  appId: string,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  const settings = normalizeNotificationSettings(input);
  const errors = validateNotificationSettings(settings);
  const [field] = Object.keys(errors);
  if (field) throw invalid(errors[field]!, [field]);
  const json = writeJson(NotificationSettings, settings);
  await inTransaction(ctx, async (tx) => {
    const before = await getNotificationSettings(tx, appId);
    await tx.db
      .insertInto('app_notification_settings')
      .values({ app_id: appId, settings: json })
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ settings: json, updated_at: tx.now() }))
      .execute();
    await emitAppSettingsChanged(tx, appId, 'messages', flatChanges(before, settings));
  });
  return settings;
}
