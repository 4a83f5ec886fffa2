/**
 * A plugin waiting for its first postback (docs/postbacks.md, docs/integrations.md §States): the integrations area
 * reacts to `postback.stored` and moves the app's waiting plugin of that partner to connected, with its feed line.
 */
import type { ServerContext } from '../../context';
import { connectedByPostback } from '../../../src/contracts/postbacks';
import type { ConnectionStatus } from '../../../src/contracts/plugin';
import type { DomainEvent } from '../../../src/contracts/domain-events';
import { forgetPostbackTarget, postbackTargetOf, type PostbackSubject } from '../postbacks/index';
import { postbackFormat } from './postback-formats';
import { addFeed } from './integrations';

/** Statuses a stored postback moves to connected (not a disconnected plugin: it refuses postbacks). */
const WAITING: readonly ConnectionStatus[] = ['waiting_for_events', 'no_data', 'pending'];

/**
 * The integrations area's reaction to `postback.stored` (server/areas.ts), in the insert's transaction: a waiting
 * plugin becomes connected when its first valid postback is stored. The conditional UPDATE makes the change, and its
 * feed line, happen exactly once.
 */
export async function connectWaitingPlugin(tx: ServerContext, event: DomainEvent<'postback.stored'>): Promise<void> {
  const { appId, source } = event.payload;
  const format = postbackFormat(source);
  if (!format) return;
  const updated = await tx.db
    .updateTable('plugins')
    .set({ status: 'connected' })
    .where('app_id', '=', appId)
    .where('type', '=', format.pluginType)
    .where('status', 'in', [...WAITING])
    .returning('id')
    .executeTakeFirst();
  if (!updated) return;
  await addFeed(tx, updated.id, connectedByPostback(format.pluginType), 'success');
  forgetPostbackTarget(tx, appId);
}

/**
 * Only postbacks whose URL's plugin the target cache knows as waiting take the transaction for it (the rest keep the
 * single grouped INSERT).
 */
export async function reachesWaitingPlugin(ctx: ServerContext, subject: unknown): Promise<boolean> {
  const { appId, source } = subject as PostbackSubject;
  const format = postbackFormat(source);
  if (!format) return false;
  const target = await postbackTargetOf(ctx, appId, source, format.pluginType);
  return !!target?.status && WAITING.includes(target.status);
}
