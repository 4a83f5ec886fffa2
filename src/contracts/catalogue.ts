/**
 * The app's catalogue (docs/app-settings.md §Entities App.catalogue; docs/app-settings.md Settings → Catalogue): the in-game items and prices a publisher
 * maintains so quests can name them as rewards or purchase goals. the contract shows the field but not its shape; ours (docs/app-settings.md §Decisions):
 *
 *   CatalogueItem { id, name, sku, type, priceUsd, period }
 *     name      shown to players and publishers: 1–60 characters, one line
 *     sku       the store's product id (Google Play / App Store): lowercase letters, digits, dots and underscores,
 *               starting with a letter or digit, at most 100 characters, unique within the app
 *     type      consumable (gems, lives: bought again and again) | non_consumable (bought once: remove ads, a
 *               level pack) | subscription (renews each period)
 *     priceUsd  the list price in US dollars, 0.00 to 999.99 with at most two decimals (0 = a free item); stored
 *               as whole cents so no float ever reaches the database
 *     period    week | month | year for a subscription (required there); null for the other types
 *
 * At most 200 items per app. The rules are `validateCatalogueItem`, shared by the form (as the user types) and the
 * server (again on every save, with the uniqueness of the sku checked against the stored items and, for races, by a
 * unique index).
 *
 * Our paths (app routes):
 *   GET    /api/app/:appId/catalogue          → CatalogueResponse                          (viewer)
 *   POST   /api/app/:appId/catalogue          CatalogueItemInput → CatalogueItemResponse   (editor)
 *   PUT    /api/app/:appId/catalogue/:itemId  CatalogueItemInput → CatalogueItemResponse   (editor)
 *   DELETE /api/app/:appId/catalogue/:itemId  → SuccessMessage                             (editor)
 */
import * as t from 'io-ts';
import { struct, nullable, line, MAX, Id, AppParams, SuccessMessage } from './codecs';
import { endpoint } from './endpoint';
import type { FieldErrors } from './validation';
import { SafeNumber } from './numbers';

export const CATALOGUE_MAX_ITEMS = 200;
export const CATALOGUE_NAME_MAX = 60;
export const CATALOGUE_SKU_MAX = 100;
export const CATALOGUE_PRICE_MAX = 999.99;

export const CatalogueItemType = t.keyof(
  { consumable: null, non_consumable: null, subscription: null },
  'CatalogueItemType',
);
export type CatalogueItemType = t.TypeOf<typeof CatalogueItemType>;
export const SubscriptionPeriod = t.keyof({ week: null, month: null, year: null }, 'SubscriptionPeriod');
export type SubscriptionPeriod = t.TypeOf<typeof SubscriptionPeriod>;

export const ITEM_TYPE_LABELS: Record<CatalogueItemType, string> = {
  consumable: 'Consumable',
  non_consumable: 'Non-consumable',
  subscription: 'Subscription',
};
export const PERIOD_LABELS: Record<SubscriptionPeriod, string> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };

export const CatalogueItemInput = struct(
  { name: line(MAX.name), sku: line(MAX.label), type: CatalogueItemType, priceUsd: SafeNumber },
  { period: nullable(SubscriptionPeriod) },
  'CatalogueItemInput',
);
export type CatalogueItemInput = t.TypeOf<typeof CatalogueItemInput>;

export const CatalogueItem = struct(
  {
    id: t.string,
    name: t.string,
    sku: t.string,
    type: CatalogueItemType,
    priceUsd: t.number,
    period: nullable(SubscriptionPeriod),
  },
  {},
  'CatalogueItem',
);
export type CatalogueItem = t.TypeOf<typeof CatalogueItem>;

export const CatalogueResponse = struct(
  { success: t.boolean, data: t.array(CatalogueItem) },
  { message: t.string },
  'CatalogueResponse',
);
export const CatalogueItemResponse = struct(
  { success: t.boolean, data: CatalogueItem },
  { message: t.string },
  'CatalogueItemResponse',
);
export type CatalogueItemResponse = t.TypeOf<typeof CatalogueItemResponse>;
export const CatalogueItemParams = struct({ appId: Id, itemId: Id });

export const catalogueEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/app/:appId/catalogue', params: AppParams, response: CatalogueResponse }),
  create: endpoint({
    method: 'POST',
    path: '/api/app/:appId/catalogue',
    params: AppParams,
    body: CatalogueItemInput,
    response: CatalogueItemResponse,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/app/:appId/catalogue/:itemId',
    params: CatalogueItemParams,
    body: CatalogueItemInput,
    response: CatalogueItemResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app/:appId/catalogue/:itemId',
    params: CatalogueItemParams,
    response: SuccessMessage,
  }),
};

// ---------------------------------------------------------------- messages (ours: docs/app-settings.md §Messages)

export const ITEM_ADDED = 'Item added to the catalogue.';
export const ITEM_UPDATED = 'Item updated.';
export const ITEM_REMOVED = 'Item removed from the catalogue.';
export const ITEM_SAVE_FAILED = 'Something went wrong when saving the item. Try again later!';
export const ITEM_REMOVE_FAILED = 'Something went wrong when removing the item. Try again later!';
export const CATALOGUE_FULL = `A catalogue holds at most ${CATALOGUE_MAX_ITEMS} items.`;

export const NAME_REQUIRED = 'Name is required.';
export const NAME_TOO_LONG = `Name must be at most ${CATALOGUE_NAME_MAX} characters.`;
export const SKU_REQUIRED = 'SKU is required.';
export const SKU_FORMAT =
  'Use lowercase letters, digits, dots and underscores, starting with a letter or digit (at most 100).';
export const SKU_TAKEN = 'Another item of this app already uses this SKU.';
export const PRICE_INVALID = 'Enter a price from 0.00 to 999.99 USD, with at most two decimals.';
export const PERIOD_REQUIRED = 'Choose how often the subscription renews.';

// ---------------------------------------------------------------- rules

export const SKU_PATTERN = /^[a-z0-9][a-z0-9._]*$/;

/** Whole cents of a price in dollars, or null when it is not a valid price (negative, too high, a third decimal). */
export function priceCents(price: number | string): number | null {
  const value = typeof price === 'number' ? price : price.trim() === '' ? Number.NaN : Number(price.trim());
  if (!Number.isFinite(value) || value < 0 || value > CATALOGUE_PRICE_MAX) return null;
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents : null;
}

/** A price for people: '$4.99', 'Free'. */
export const formatPrice = (priceUsd: number) => (priceUsd === 0 ? 'Free' : `$${priceUsd.toFixed(2)}`);

/** The item as the form edits it: the price as typed. */
export interface CatalogueDraft {
  name: string;
  sku: string;
  type: CatalogueItemType;
  price: string;
  period: SubscriptionPeriod | null;
}
export const emptyDraft = (): CatalogueDraft => ({ name: '', sku: '', type: 'consumable', price: '', period: null });
export const draftOf = (item: CatalogueItem): CatalogueDraft => ({
  name: item.name,
  sku: item.sku,
  type: item.type,
  price: item.priceUsd.toFixed(2),
  period: item.period,
});

/**
 * Field errors of an item (empty when valid). `otherSkus` are the skus of the app's other items (the uniqueness
 * rule); the server passes the stored ones, the form the ones it lists.
 */
export function validateCatalogueItem(
  item: {
    name: string;
    sku: string;
    type: CatalogueItemType;
    price: number | string;
    period?: SubscriptionPeriod | null;
  },
  otherSkus: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  const name = item.name.trim();
  if (!name) errors.name = NAME_REQUIRED;
  else if (name.length > CATALOGUE_NAME_MAX) errors.name = NAME_TOO_LONG;
  const sku = item.sku.trim();
  if (!sku) errors.sku = SKU_REQUIRED;
  else if (sku.length > CATALOGUE_SKU_MAX || !SKU_PATTERN.test(sku)) errors.sku = SKU_FORMAT;
  else if (otherSkus.includes(sku)) errors.sku = SKU_TAKEN;
  if (priceCents(item.price) === null) errors.price = PRICE_INVALID;
  if (item.type === 'subscription' && !item.period) errors.period = PERIOD_REQUIRED;
  return errors;
}

/** What is sent and stored: trimmed texts, the price in dollars, a period only for a subscription. */
export function catalogueInputOf(draft: CatalogueDraft): CatalogueItemInput {
  return {
    name: draft.name.trim(),
    sku: draft.sku.trim(),
    type: draft.type,
    priceUsd: (priceCents(draft.price) ?? 0) / 100,
    period: draft.type === 'subscription' ? draft.period : null,
  };
}
