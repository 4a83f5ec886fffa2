/**
 * App Settings' domain events (docs/activity.md): a tab saved with a change (`app.settings_changed`, its section and
 * fields before → after) and a catalogue item added, changed or removed. Written in the save's transaction.
 */
import type { FieldChange } from '../../../src/contracts/domain-events';
import type { ServerContext } from '../../context';
import { emit } from '../../events/outbox';

const appOf = (tx: ServerContext, appId: string) =>
  tx.db.selectFrom('apps').select(['workspace_id', 'app_name']).where('id', '=', appId).executeTakeFirstOrThrow();

/** A section of the app's settings saved: no event when nothing changed. */
export async function emitAppSettingsChanged(
  tx: ServerContext,
  appId: string,
  section: 'general' | 'details' | 'messages',
  changes: FieldChange[],
) {
  if (changes.length === 0) return;
  const app = await appOf(tx, appId);
  await emit(tx, 'app.settings_changed', {
    workspaceId: app.workspace_id,
    appId,
    appName: app.app_name,
    section,
    changes,
  });
}

export async function emitCatalogueItem(
  tx: ServerContext,
  name: 'catalogue_item.added' | 'catalogue_item.updated' | 'catalogue_item.removed',
  appId: string,
  item: { id: string; name: string },
  changes: FieldChange[],
) {
  if (changes.length === 0) return;
  const app = await appOf(tx, appId);
  await emit(tx, name, { workspaceId: app.workspace_id, appId, itemId: item.id, itemName: item.name, changes });
}
