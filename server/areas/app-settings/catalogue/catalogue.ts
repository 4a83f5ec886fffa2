/**
 * An app's catalogue (contract and item rules: src/contracts/catalogue.ts): the in-game items and prices a publisher
 * maintains for quests. Every save is checked again with the contract's `validateCatalogueItem` against the app's
 * stored skus; the unique (app_id, sku) index settles two saves racing for one sku. Items of another app are not
 * found (the route's access rule has already checked the caller may see this app).
 */
import {
  CATALOGUE_FULL,
  CATALOGUE_MAX_ITEMS,
  SKU_TAKEN,
  catalogueInputOf,
  priceCents,
  validateCatalogueItem,
  type CatalogueItem,
  type CatalogueItemInput,
} from '../../../../src/contracts/catalogue';
import type { AppCatalogueItemsTable } from '../app-content.schema';
import { newId } from '../../../auth/crypto';
import { inTransaction, type ServerContext } from '../../../context';
import { conflict, invalid, notFound } from '../../../errors';
import { changesOf } from '../../../../src/contracts/domain-events';
import { emitCatalogueItem } from '../activity';

type ItemRow = Pick<AppCatalogueItemsTable, 'id' | 'name' | 'sku' | 'type' | 'price_cents' | 'period'>;
const COLUMNS = ['id', 'name', 'sku', 'type', 'price_cents', 'period'] as const;

/** An item as the activity log shows it (price in dollars). */
const shown = (item: CatalogueItem) => ({
  name: item.name,
  sku: item.sku,
  type: item.type,
  price: `$${item.priceUsd.toFixed(2)}`,
  period: item.period,
});

const toItem = (row: ItemRow): CatalogueItem => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  type: row.type,
  priceUsd: row.price_cents / 100,
  period: row.period,
});

export async function listCatalogue(ctx: ServerContext, appId: string): Promise<CatalogueItem[]> {
  const rows = await ctx.db
    .selectFrom('app_catalogue_items')
    .select(COLUMNS)
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toItem);
}

/** The item as stored (trimmed, cents, period only for subscriptions), or a DomainError naming the first bad field. */
function checked(input: CatalogueItemInput, otherSkus: string[]) {
  const errors = validateCatalogueItem({ ...input, price: input.priceUsd }, otherSkus);
  const [field] = Object.keys(errors);
  if (field) throw invalid(errors[field]!, [field], errors[field] === SKU_TAKEN ? 'sku_taken' : 'bad_request');
  const clean = catalogueInputOf({ ...input, price: String(input.priceUsd), period: input.period ?? null });
  return {
    name: clean.name,
    sku: clean.sku,
    type: clean.type,
    price_cents: priceCents(input.priceUsd)!,
    period: clean.period ?? null,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

async function otherSkus(ctx: ServerContext, appId: string, exceptId: string | null) {
  let query = ctx.db.selectFrom('app_catalogue_items').select('sku').where('app_id', '=', appId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.execute()).map((row) => row.sku);
}

export async function createCatalogueItem(
  ctx: ServerContext,
  appId: string,
  input: CatalogueItemInput,
): Promise<CatalogueItem> {
  try {
    return await inTransaction(ctx, async (tx) => {
      await tx.db.selectFrom('apps').select('id').where('id', '=', appId).forUpdate().executeTakeFirstOrThrow();
      const skus = await otherSkus(tx, appId, null);
      const values = checked(input, skus);
      if (skus.length >= CATALOGUE_MAX_ITEMS) throw conflict(CATALOGUE_FULL, 'catalogue_full');
      const row = await tx.db
        .insertInto('app_catalogue_items')
        .values({ id: newId(), app_id: appId, ...values })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const item = toItem(row);
      await emitCatalogueItem(tx, 'catalogue_item.added', appId, item, changesOf(null, shown(item)));
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(SKU_TAKEN, ['sku'], 'sku_taken');
    throw error;
  }
}

export async function updateCatalogueItem(
  ctx: ServerContext,
  appId: string,
  itemId: string,
  input: CatalogueItemInput,
): Promise<CatalogueItem> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const current = await tx.db
        .selectFrom('app_catalogue_items')
        .select(COLUMNS)
        .where('id', '=', itemId)
        .where('app_id', '=', appId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound('Item');
      const values = checked(input, await otherSkus(tx, appId, itemId));
      const row = await tx.db
        .updateTable('app_catalogue_items')
        .set(values)
        .where('id', '=', itemId)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const item = toItem(row);
      await emitCatalogueItem(
        tx,
        'catalogue_item.updated',
        appId,
        item,
        changesOf(shown(toItem(current)), shown(item)),
      );
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(SKU_TAKEN, ['sku'], 'sku_taken');
    throw error;
  }
}

export async function removeCatalogueItem(ctx: ServerContext, appId: string, itemId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .deleteFrom('app_catalogue_items')
      .where('id', '=', itemId)
      .where('app_id', '=', appId)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound('Item');
    const item = toItem(row);
    await emitCatalogueItem(tx, 'catalogue_item.removed', appId, item, changesOf(shown(item), null));
  });
}
