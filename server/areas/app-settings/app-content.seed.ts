/**
 * Demo rows of the app content areas for the two Dragon Merge apps: their catalogue (server/areas/app-settings/catalogue/catalogue.ts) and
 * an api and an s2s API key each (server/areas/apps/api-keys.ts). Keys are made the way the domain makes them —
 * `qb_<type>_` and 32 random bytes in base64url — and, like every key, stored only as their shown prefix and SHA-256
 * hash, so no demo key is known to anyone (create one in Settings → API Keys to use it).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../auth/crypto';
import { seedApiKeys } from '../apps/index';

interface DragonMergeIds {
  dragonMergeAndroid: string;
  dragonMergeIos: string;
}

const CATALOGUE = [
  { name: 'Handful of Gems', sku: 'gems_handful', type: 'consumable', price_cents: 99, period: null },
  { name: 'Chest of Gems', sku: 'gems_chest', type: 'consumable', price_cents: 999, period: null },
  { name: 'Dragon Egg Bundle', sku: 'egg_bundle_5', type: 'consumable', price_cents: 499, period: null },
  { name: 'Remove Ads', sku: 'remove_ads', type: 'non_consumable', price_cents: 399, period: null },
  { name: 'Dragon Pass', sku: 'dragon_pass.monthly', type: 'subscription', price_cents: 799, period: 'month' },
] as const;

export async function seedAppContent(trx: Transaction<Database>, ids: DragonMergeIds): Promise<void> {
  const apps = [ids.dragonMergeAndroid, ids.dragonMergeIos];
  const base = Date.now() - 60_000;
  await trx
    .insertInto('app_catalogue_items')
    .values(
      apps.flatMap((appId) =>
        CATALOGUE.map((item, i) => ({ id: newId(), app_id: appId, ...item, created_at: new Date(base + i * 1000) })),
      ),
    )
    .execute();
  await seedApiKeys(trx, apps, base);
}
