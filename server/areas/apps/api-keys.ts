/**
 * API keys of an app (docs/app-settings.md §Entities API key: key, type api|s2s, status active|terminated; §API endpoints update API keys: the whole app
 * object sent). A key is 32 bytes from the operating system's cryptographic random source (node:crypto randomBytes),
 * written `qb_<type>_<base64url>`; only its first characters (the prefix shown in lists) and its SHA-256 hash are
 * stored, so the full key is in the answer that created it and nowhere else. Terminating is one way and immediate:
 * `verifyApiKey` (used by the s2s endpoint of Acquire) only accepts an active key of the right app and type.
 */
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../../src/contracts/apps';
import {
  API_KEYS_MAX,
  maskedKey,
  withLocalIds,
  type ApiKeysUpdate,
  type ApiKeyType,
} from '../../../src/contracts/app-settings';
import { hashToken, newId } from '../../auth/crypto';
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import { conflict, invalid, notFound } from '../../errors';

/** Characters of a key kept (and shown) to recognise it: `qb_api_` or `qb_s2s_` and 6 random characters. */
export const API_KEY_PREFIX_LENGTH = 13;

export function generateApiKey(type: ApiKeyType): string {
  return `qb_${type}_${randomBytes(32).toString('base64url')}`;
}

type KeyRow = { prefix: string; type: ApiKeyType; status: 'active' | 'terminated' };
/** Stored keys (oldest first) as the App entity carries them: the prefix only, the index as local id. */
export const toApiKeys = (rows: readonly KeyRow[]): NonNullable<App['apiKeys']> =>
  withLocalIds(rows.map((row) => ({ key: maskedKey(row.prefix), type: row.type, status: row.status })));

/** The app's keys as the App entity carries them (prefix only), oldest first: index = local id. */
export async function apiKeysOf(
  ctx: Pick<ServerContext, 'db'>,
  appIds: readonly string[],
): Promise<Map<string, App['apiKeys']>> {
  const byApp = new Map<string, KeyRow[]>();
  const result = new Map<string, App['apiKeys']>();
  if (appIds.length === 0) return result;
  const rows = await ctx.db
    .selectFrom('app_api_keys')
    .select(['app_id', 'prefix', 'type', 'status'])
    .where('app_id', 'in', appIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byApp.get(row.app_id) ?? [];
    list.push(row);
    byApp.set(row.app_id, list);
  }
  for (const [appId, list] of byApp) result.set(appId, toApiKeys(list));
  return result;
}

/**
 * Applies the app object's API key list (compared by index with the stored keys). Returns the new key in full when
 * one was created. Refused (400): a changed or reordered key, a terminated key made active again, more than one new
 * key at a time, more than API_KEYS_MAX keys. A list made from an outdated copy (fewer items than stored) is a 409.
 */
export async function updateApiKeys(
  ctx: ServerContext,
  appId: string,
  update: ApiKeysUpdate,
): Promise<{ createdKey?: string }> {
  if (update.id !== appId) throw invalid('id must be the app of the path', ['id']);
  return inTransaction(ctx, async (tx) => {
    const app = await tx.db
      .selectFrom('apps')
      .select(['id', 'workspace_id'])
      .where('id', '=', appId)
      .forUpdate()
      .executeTakeFirst();
    if (!app) throw notFound('App');
    const stored = await tx.db
      .selectFrom('app_api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (update.apiKeys.length < stored.length)
      throw conflict('The API keys changed meanwhile. Reload the page and try again.', 'api_keys_changed');
    const toTerminate: string[] = [];
    stored.forEach((row, index) => {
      const item = update.apiKeys[index]!;
      if (item.key !== maskedKey(row.prefix) || item.type !== row.type)
        throw conflict('The API keys changed meanwhile. Reload the page and try again.', 'api_keys_changed');
      if (item.status === row.status) return;
      if (row.status === 'terminated') throw invalid('A terminated API key cannot be made active again.', ['apiKeys']);
      toTerminate.push(row.id);
    });
    const added = update.apiKeys.slice(stored.length);
    if (added.length > 1) throw invalid('Create one API key at a time.', ['apiKeys']);
    let createdKey: string | undefined;
    if (added.length === 1) {
      const item = added[0]!;
      if (item.key !== '' || item.status !== 'active')
        throw invalid('A new API key is made by the server: send it with an empty key and status active.', ['apiKeys']);
      if (stored.length >= API_KEYS_MAX) throw invalid(`An app has at most ${API_KEYS_MAX} API keys.`, ['apiKeys']);
      createdKey = generateApiKey(item.type);
      const keyId = newId();
      const prefix = createdKey.slice(0, API_KEY_PREFIX_LENGTH);
      await tx.db
        .insertInto('app_api_keys')
        .values({
          id: keyId,
          app_id: appId,
          type: item.type,
          prefix,
          key_hash: hashToken(createdKey),
          status: 'active',
        })
        .execute();
      // The activity log names the key as the list shows it (masked): the key itself is never recorded.
      await emit(tx, 'api_key.created', {
        workspaceId: app.workspace_id,
        appId,
        keyId,
        label: maskedKey(prefix),
        changes: changesOf(null, { type: item.type, status: 'active' }),
      });
    }
    if (toTerminate.length > 0) {
      await tx.db
        .updateTable('app_api_keys')
        .set({ status: 'terminated', terminated_at: new Date() })
        .where('id', 'in', toTerminate)
        .execute();
      for (const row of stored.filter((r) => toTerminate.includes(r.id))) {
        await emit(tx, 'api_key.revoked', {
          workspaceId: app.workspace_id,
          appId,
          keyId: row.id,
          label: maskedKey(row.prefix),
          changes: changesOf({ status: row.status }, { status: 'terminated' }),
        });
      }
    }
    return createdKey ? { createdKey } : {};
  });
}

/** True when `key` is an active key of `type` of the app (for the s2s endpoint of Acquire). */
export async function verifyApiKey(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  key: string,
  type: ApiKeyType,
): Promise<boolean> {
  if (!key.startsWith(`qb_${type}_`) || key.length > 128) return false;
  const row = await ctx.db
    .selectFrom('app_api_keys')
    .select('id')
    .where('key_hash', '=', hashToken(key))
    .where('app_id', '=', appId)
    .where('type', '=', type)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row !== undefined;
}

/** Demo seeds: an active api key and s2s key for each app, made `base` ms since the epoch (nobody holds the keys). */
export async function seedApiKeys(trx: Transaction<Database>, appIds: readonly string[], base: number): Promise<void> {
  await trx
    .insertInto('app_api_keys')
    .values(
      appIds.flatMap((appId) =>
        (['api', 's2s'] as const).map((type, i) => {
          const key = generateApiKey(type);
          return {
            id: newId(),
            app_id: appId,
            type,
            prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
            key_hash: hashToken(key),
            status: 'active' as const,
            created_at: new Date(base + i * 1000),
          };
        }),
      ),
    )
    .execute();
}
